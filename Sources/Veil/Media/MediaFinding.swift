import VeilRedaction

/// Where in a medium a value sits that the screens of a capture do not show, or that a
/// medium other than terminal bytes holds: a recording's header field, input, marker, exit
/// or unknown event, comment or escape-sequence string; an SVG capture's text; an image's
/// frame; a tape's command.
public struct MediaPlace: Sendable, Hashable {
    /// The kind of place.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A field of a recording's header (`command`, `title`, `env.…`, `tags[…]`, any other).
        case header
        /// A comment line of an asciicast v3 recording.
        case comment
        /// Keys typed into the recorded program (`"i"` events), as lines.
        case input
        /// A marker's label (`"m"`).
        case marker
        /// The exit status (`"x"`).
        case exit
        /// An event of a code players ignore, or data past an event's first three fields.
        case event
        /// The string of an escape sequence no terminal draws (OSC, DCS, SOS, PM, APC).
        case escape
        /// A VHS tape's text: a line it types, an `Env` or `Set` value, any other string.
        case tape
        /// An SVG capture: a frame's screen, or its other text (title, description, comments).
        case svg
    }

    /// The kind of place.
    public var kind: Kind
    /// Readable, for the report: `header field "env.AWS_SECRET_ACCESS_KEY"`, `OSC 52
    /// (clipboard), base64-decoded`.
    public var name: String
    /// The 1-based line in the file.
    public var line: Int
    /// The 1-based column (Unicode scalars) in that line, where the text holding the value starts.
    public var column: Int
    /// Seconds from a recording's start (events and escape strings), if known.
    public var seconds: Double?
    /// The 0-based index of the recording's event, if any.
    public var event: Int?
    /// The 0-based index of the frame of an SVG capture or an image, if any.
    public var frame: Int?

    public init(
        kind: Kind, name: String, line: Int, column: Int, seconds: Double? = nil, event: Int? = nil,
        frame: Int? = nil
    ) {
        self.kind = kind
        self.name = name
        self.line = max(1, line)
        self.column = max(1, column)
        self.seconds = seconds
        self.event = event
        self.frame = frame
    }

    /// `header field "command"`, `input typed at 3.20 s`, `OSC 52 (clipboard) at 1.50 s`.
    public var description: String {
        guard let seconds else { return name }
        return "\(name) at \(AuditExposure.seconds(seconds))" + (event.map { " (event \($0))" } ?? "")
    }
}

/// A value the rules found in a medium's text, and where.
public struct MediaFinding: Sendable {
    /// The finding (rule, severity, masked value, fingerprint); its spans count the judged
    /// text's lines and characters.
    public var finding: Finding
    /// Where it is.
    public var place: MediaPlace
    /// The characters of the value, for `--show-secrets` only.
    var revealed: String
    /// The bytes of the judged text the value covers (one range per line of it).
    var textRanges: [Range<Int>] = []
}
