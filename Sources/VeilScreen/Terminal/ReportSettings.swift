/// What a ``Terminal`` says about itself when a program asks (device attributes, version,
/// window size, checksums). The defaults match XTerm(379) as `Scripts/query-goldens` runs it
/// (see Docs/sequences.md, "Answers to queries"), except that Veil names itself in XTVERSION.
public struct ReportSettings: Hashable, Sendable {
    /// The pixel width of a character cell in window reports (`CSI 14 t`, `CSI 16 t`):
    /// 8, the cell of Veil's renderer font at scale 1.
    public var cellWidth = 8
    /// The pixel height of a character cell in window reports: 16, as ``cellWidth``.
    public var cellHeight = 16
    /// Whether XTWINOPS reports (`CSI 11/13/14/15/16/18/19 t`) are answered, as xterm does
    /// with its documented default `disallowedWindowOps` (`20,21,SetXprop,SetSelection`).
    /// The window is the text area at the top left of a screen of the same size. The title
    /// reports (`CSI 20 t`, `CSI 21 t`) are never answered (xterm's default too).
    public var answersWindowReports = true
    /// Whether DECRQCRA (`CSI Pi ; Pg ; Pt ; Pl ; Pb ; Pr * y`) is answered, as xterm does by
    /// default (the window operation `GetChecksum` is allowed, `checksumExtension` 0).
    public var answersChecksumRequests = true
    /// The name and version XTVERSION (`CSI > q`) answers with, in xterm's `Name(version)` form.
    public var versionName = "Veil(0.1.0)"

    /// The defaults.
    public init() {}
}
