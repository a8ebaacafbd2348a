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
    /// Whether a program may move and resize the window, as xterm allows by default (its
    /// `allowWindowOps` is false, but the default `disallowedWindowOps` names only the title
    /// reports and properties): XTWINOPS 2 and 1 iconify it and back (11 reports which), 3
    /// moves it (13 reports where), XTWINOPS 4 and 8 and
    /// DECSLPP (`CSI Ps t`, Ps ≥ 24) resize it, DECSNLS sets its lines, within the display
    /// (the size the terminal was made or resized to by its owner, which a size of 0 asks
    /// for: xterm's `limitResize` on a screen as large as its window). False: these are
    /// ignored, as in an xterm whose `disallowedWindowOps` names them.
    public var allowsWindowOperations = true
    /// The name and version XTVERSION (`CSI > q`) answers with, in xterm's `Name(version)` form.
    public var versionName = "Veil(0.1.0)"

    /// The defaults.
    public init() {}
}
