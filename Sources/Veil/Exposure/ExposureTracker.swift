import VeilScreen

/// How a capture's moments are judged (see DESIGN.md, "Exposure over time").
public enum ExposureMode: Sendable, Hashable {
    /// A recording: what a player shows is the screen after each output event, so rows are
    /// judged when a frame ends (``Terminal/flush()``); rows that scroll off the top of the
    /// main screen are judged as they leave (they live on in the scrollback), whether or not
    /// a frame showed them.
    case frames
    /// Raw bytes: a terminal may draw at any moment, so a row is also judged just before a
    /// change destroys content written since it was last judged (erase, scroll, a jump of
    /// the cursor onto text, the other screen buffer, a resize, a new title).
    case everyMoment
    /// Judges nothing: only which input byte wrote each cell (``ExposureTracker/cellOffsets``),
    /// for replaying a capture already judged.
    case offsetsOnly
}

/// Rows of the screen, copied when they were judged, with the input offset that wrote each
/// cell.
public struct ExposedLines: Sendable {
    /// The screen row of the first line, or -1 for the window title.
    public var row: Int
    /// The lines: a row with its soft-wrapped neighbours (so a value split by wrapping is
    /// whole), or a one-row screen carrying only the title.
    public var screen: Screen
    /// For each cell of `screen` (row-major): the offset in the input of the byte that wrote
    /// it, or -1 when unknown (blank, or written before tracking started).
    public var offsets: [Int]
    /// Whether the lines were copied just before they were destroyed (erased, overwritten,
    /// scrolled away); false when they are still on screen at the end of a frame.
    public var isLeaving: Bool
    /// Whether these are the window title.
    public var isTitle: Bool { row < 0 }
}

/// Exposure over time as a consumer of a terminal's changes (a ``ScreenObserver``): per
/// screen row whether it changed since it was last judged and a caller's tag, per cell the
/// input offset of the byte that wrote it, and copies of the lines to judge, made just before
/// changes destroy them (``ExposureMode/everyMoment``), as rows scroll off the top, and when
/// the screen is shown (``Terminal/flush()``).
///
/// ```swift
/// var terminal = try Terminal(cols: 80, rows: 24)
/// let tracker = ExposureTracker(mode: .frames, cols: 80, rows: 24)
/// terminal.observer = tracker
/// terminal.feed(Array("card 4111 1111 1111 1111".utf8), at: 0)
/// terminal.flush()                        // a frame ends: changed lines are copied
/// let batches = tracker.takeBatches()     // judged by one detection pass each
/// ```
///
/// Used on the thread that feeds its terminal; the copies it hands out are values.
public final class ExposureTracker: ScreenObserver {
    // One access per change (no exclusivity check at run time): the tracker is used on the
    // thread that feeds its terminal, and nothing it calls reaches back into it.
    @exclusivity(unchecked) var tracking: ExposureTracking

    /// A tracker for a terminal of `cols` × `rows` whose screen it has not seen: every row
    /// counts as changed.
    public init(mode: ExposureMode, cols: Int, rows: Int) {
        tracking = ExposureTracking(mode: mode, cols: cols, rows: rows)
    }

    /// What it judges.
    public var mode: ExposureMode { tracking.mode }

    /// The caller's number for the frame being drawn, stamped on every group copied from now
    /// on (``ExposureBatch/Group/frame``).
    public var frame: Int {
        get { tracking.frame }
        set { tracking.frame = newValue }
    }

    /// The cells a batch makes room for at once, for a caller that takes the lines of many
    /// frames together (about as many as it lets wait); 0 grows batches as rows come.
    public var batchCells: Int {
        get { tracking.batchCells }
        set { tracking.batchCells = max(0, newValue) }
    }

    /// The cells copied for judging and not yet taken (past ``ExposureTracking/pendingCellLimit``
    /// the terminal's work budget is spent: the input is refused).
    public var pendingCells: Int { tracking.pendingCells }

    /// The lines copied since the last call, stacked in batches so that one detection pass
    /// judges many groups: those copied before they were destroyed, and at each flush every
    /// line (and the title) that changed since it was last judged.
    public func takeBatches() -> [ExposureBatch] { tracking.takeBatches() }

    /// The lines copied since the last call, one group each (the lines of ``takeBatches()``).
    public func takeExposures() -> [ExposedLines] {
        takeBatches().flatMap { batch in batch.groups.map(batch.lines(of:)) }
    }

    /// The tags of rows (and titles) that changed or left since the last call.
    public func takeDepartedTags() -> [Int32] {
        guard !tracking.departed.isEmpty else { return [] }
        let tags = tracking.departed
        tracking.departed = []
        return tags
    }

    /// For each cell of the screen (row-major), the input offset of the byte that wrote it,
    /// or -1 when unknown.
    public var cellOffsets: [Int] {
        var all: [Int] = []
        all.reserveCapacity(tracking.shown.cols * tracking.shown.dirty.count)
        for row in 0..<tracking.shown.dirty.count { all.append(contentsOf: tracking.shown.rowOffsets(row)) }
        return all
    }

    public func screen(_ screen: ScreenView, willChange change: ScreenChange) -> Int {
        tracking.willChange(change, on: screen)
    }

    /// A frame ends: every line (and the title) that changed since it was last judged is
    /// copied (its rows tagged, ``ExposureBatch/Group/tag``) for ``takeBatches()``; nothing in
    /// ``ExposureMode/offsetsOnly``.
    public func screenDidFlush(_ screen: ScreenView) -> Int {
        tracking.endFrame(on: screen)
    }
}
