/// A redacted picture that shows where a finding was: the PNG Veil's own renderer draws for
/// that moment, which the HTML report embeds.
///
/// The pixels are those of the redacted screen: every hidden cell is already the solid style,
/// so the picture holds nothing the redaction hid. Findings of one moment share one frame
/// (the same `png` storage), and the HTML report embeds each distinct frame once.
public struct AuditFrame: Sendable, Hashable {
    /// The PNG bytes (IHDR, PLTE, tRNS, IDAT and IEND only, as every snapshot).
    public var png: [UInt8]
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// What moment the frame shows, for people: `snapshot bank-0001`, `at 1.25 s, after
    /// event 3`, `the final screen`.
    public var moment: String
    /// The command that writes the same pixels (`veil snap demo.cast --at 1.25`), if one does.
    public var command: String?

    /// A frame; see the properties.
    public init(png: [UInt8], width: Int, height: Int, moment: String, command: String? = nil) {
        self.png = png
        self.width = width
        self.height = height
        self.moment = moment
        self.command = command
    }
}

/// Lines of a scenario's lifecycle log around a moment (a snapshot, a broken rule), as the
/// `veil run` text log writes them (values escaped, secrets masked).
public struct AuditLogExcerpt: Sendable, Hashable {
    /// The lines, in log order.
    public var lines: [String]
    /// The index in ``lines`` of the moment's own line.
    public var focus: Int
    /// Lines of the log before the first one shown.
    public var omittedBefore: Int
    /// Lines of the log after the last one shown.
    public var omittedAfter: Int

    public init(lines: [String], focus: Int, omittedBefore: Int = 0, omittedAfter: Int = 0) {
        self.lines = lines
        self.focus = focus
        self.omittedBefore = omittedBefore
        self.omittedAfter = omittedAfter
    }
}
