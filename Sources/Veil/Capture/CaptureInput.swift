import VeilScreen

/// A capture, once it is known what its bytes are: an asciicast recording (a frame after
/// each output or resize event), or raw terminal bytes laid out for a screen (how line feeds
/// read, the screen's size). ``read(source:raw:cols:rows:warn:)`` is the one place that
/// decides; ``CaptureReplay`` replays what it decided, for every command.
///
/// ```swift
/// let input = try CaptureInput.read(path: "session.cast")
/// var replay = try CaptureReplay(input, path: "session.cast")
/// let screen = try replay.screen(at: 12.5)
/// ```
public enum CaptureInput: Sendable {
    /// An asciicast recording in memory.
    case recording(Asciicast)
    /// An asciicast file, read a line at a time whenever it is replayed (bounded memory).
    case recordingFile(RecordingFile)
    /// Raw terminal bytes (`.ans`, standard input), judged at every moment, with how they are
    /// read (``TerminalCapture/Layout``: cooked or raw line feeds, the screen size).
    case raw([UInt8], layout: TerminalCapture.Layout)

    /// A recording file whose header was read: its events are read from where the header
    /// ends, from the same open file, at each replay.
    public struct RecordingFile: Sendable {
        /// The header (no events).
        public let header: Asciicast
        /// The lines after the header's, not read yet.
        let events: InputLines
        /// The name messages give the file.
        public var name: String { events.file.name }

        /// The file's lines from its start (the header's included), read anew from the same
        /// open file: for a pass of one's own over everything the recording holds.
        public func lines() -> InputLines {
            InputLines(events.file.reading(from: 0))
        }
    }

    /// Raw bytes fed exactly as given (``InputMode/raw``) on an 80×24 screen.
    public static func raw(_ bytes: [UInt8]) -> CaptureInput {
        .raw(bytes, layout: TerminalCapture.Layout(mode: .raw, cols: 80, rows: 24, warnings: []))
    }

    /// Reads the capture at `path` (`-` for standard input), named `name` in messages;
    /// see ``read(source:raw:cols:rows:warn:)``.
    public static func read(
        path: String, name: String? = nil, raw: Bool = false, cols: Int? = nil, rows: Int? = nil,
        warn: (String) -> Void = { _ in }
    ) throws -> CaptureInput {
        try read(source: .file(path, name: name), raw: raw, cols: cols, rows: rows, warn: warn)
    }

    /// How many leading bytes decide whether a `.cast` file is a recording (its first
    /// non-blank byte opens a JSON object) or terminal bytes saved under that name.
    static let recordingCheckBytes = 4096

    /// Reads the capture `source` holds, deciding what it is:
    /// - a `.cast` name whose first non-blank byte opens a JSON object is an asciicast
    ///   recording: its header is read now and its events at each replay, from the same open
    ///   file (a stream named `.cast` is read whole); so is standard input whose first line is
    ///   an asciicast header (``Asciicast/opensWithHeader(_:)``);
    /// - anything else is raw terminal bytes, refused when binary (``TerminalCapture/checkIsText(_:path:)``;
    ///   ANSI art's SAUCE record at the end is read and removed first, the art decoded from
    ///   the character set it declares and drawn at the width it gives: ``SAUCERecord``),
    ///   laid out as ``TerminalCapture/layout(of:path:mode:cols:rows:)`` lays them out: line
    ///   feeds as a cooked terminal shows them unless `raw` (a `.cast` name is always raw),
    ///   the size the bytes tell unless `cols`/`rows`.
    ///
    /// `warn` gets what was unusual but still read, each naming the source (`NAME: …` or
    /// `NAME:LINE: …`); the events' warnings come with the replay.
    /// - Throws: ``InputError`` naming the source.
    public static func read(
        source: CaptureSource, raw: Bool = false, cols: Int? = nil, rows: Int? = nil,
        warn: (String) -> Void = { _ in }
    ) throws -> CaptureInput {
        let name = source.name
        var file = try source.open()
        var bytes: [UInt8] = []
        // Standard input has no name to tell: a recording is known by its header line.
        let named = Asciicast.isCast(path: source.namingPath)
        if named || source.path == "-" {
            let start = try file.read(upTo: recordingCheckBytes)
            if named ? Asciicast.looksLikeRecording(start) : Asciicast.opensWithHeader(start) {
                guard file.isSeekable else {
                    let cast = try Asciicast(bytes: start + (try file.readAll()), path: name)
                    for warning in cast.warnings { warn(located(warning, in: name)) }
                    return .recording(cast)
                }
                var lines = InputLines(file, buffered: start, chunkSize: AsciicastReader.chunkSize)
                let header = try AsciicastReader.header(&lines)
                for warning in header.warnings { warn(located(warning, in: name)) }
                return .recordingFile(RecordingFile(header: header, events: lines))
            }
            if named { warn("\(name): not an asciicast (no JSON header): read as raw terminal bytes") }
            bytes = start
        }
        bytes += try file.readAll()
        var cols = cols
        if let record = SAUCERecord.read(bytes) {
            // ANSI art's SAUCE record: read, then removed before the binary check.
            guard record.isCharacterData else {
                throw InputError(
                    path: name,
                    message:
                        "is not terminal text (its SAUCE record says data type \(record.dataType): a binary screen image or a bitmap, not characters)"
                )
            }
            if let page = record.otherCodePage {
                warn("\(name): its SAUCE record names code page \(page): read as code page 437")
            } else if record.characterSet == .asIs {
                warn("\(name): its SAUCE record names a font Veil does not know: its bytes read as UTF-8")
            }
            bytes = record.art(of: bytes)
            cols = cols ?? record.width
        }
        let mode = InputMode.forCapture(path: source.namingPath, raw: raw)
        let layout = try TerminalCapture.layout(of: bytes, path: name, mode: mode, cols: cols, rows: rows)
        for warning in layout.warnings { warn("\(name): \(warning)") }
        return .raw(bytes, layout: layout)
    }

    /// `NAME:LINE: …` for a recording's `line LINE: …` warning.
    static func located(_ warning: String, in name: String) -> String {
        "\(name):" + (warning.hasPrefix("line ") ? String(warning.dropFirst(5)) : " " + warning)
    }

    /// The exposure mode of the input.
    public var mode: ExposureMode {
        if case .raw = self { return .everyMoment }
        return .frames
    }

    /// Whether the input holds fewer than `limit` bytes of terminal output (a recording file:
    /// fewer bytes in all).
    func holds(fewerThan limit: Int) -> Bool {
        switch self {
        case .raw(let bytes, _): return bytes.count < limit
        case .recording(let cast):
            var total = 0
            for event in cast.events {
                if case .output(let bytes) = event.kind { total += bytes.count }
                if total >= limit { return false }
            }
            return true
        case .recordingFile(let file): return (file.events.file.regularFileSize ?? limit) < limit
        }
    }

    /// The recording's header (nil for raw bytes).
    public var recordingHeader: Asciicast? {
        switch self {
        case .recording(let cast): cast
        case .recordingFile(let file): file.header
        case .raw: nil
        }
    }

    /// The size the capture starts with: `cols`/`rows` when given, else the recording's own,
    /// or the size raw bytes' layout found.
    public func size(cols: Int?, rows: Int?) -> (cols: Int, rows: Int) {
        if let header = recordingHeader { return (cols ?? header.cols, rows ?? header.rows) }
        if case .raw(_, let layout) = self { return (cols ?? layout.cols, rows ?? layout.rows) }
        return (cols ?? 80, rows ?? 24)
    }

    /// The file position of raw bytes' `offset`: its line and column (Unicode scalars).
    public func region(ofOffset offset: Int, length: Int = 0) -> AuditRegion? {
        guard case .raw(let bytes, _) = self else { return nil }
        var positions = RawPositions(bytes)
        return positions.region(ofOffset: offset, length: length)
    }
}
