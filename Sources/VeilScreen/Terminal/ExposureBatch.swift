/// The lines a terminal copied for judging between two ``Terminal/takeExposureBatches(endingFrame:)``
/// calls, stacked into one screen so that one detection pass judges them all: groups of lines
/// (a changed row with its soft-wrapped neighbours) are separated by a blank, unwrapped row,
/// so no line of one group continues into another and the first line of each group has a
/// blank line before it, as when the group is judged alone.
public struct ExposureBatch: Sendable {
    /// One group of copied lines, or the window title.
    public struct Group: Sendable, Hashable {
        /// The screen row of the group's first line, or -1 for the window title.
        public var row: Int
        /// The group's first row in ``ExposureBatch/screen`` (-1 for the title).
        public var start: Int
        /// The group's rows in ``ExposureBatch/screen`` (0 for the title).
        public var count: Int
        /// The rows just before `start` that hold the line above the group on the screen (its
        /// context for detectors); they may be those of the group before. 0 when that line is
        /// blank or the group starts the screen (a blank separator row is before it then).
        public var context: Int
        /// Whether the lines were copied just before they were destroyed (erased,
        /// overwritten, scrolled away); false when they are still on screen at a frame's end.
        public var isLeaving: Bool
        /// The title (title groups only).
        public var title: String
        /// Whether this is the window title.
        public var isTitle: Bool { row < 0 }
    }

    /// The groups' lines, stacked with a separator row between two groups (title groups take
    /// no row); nil when every group is a title.
    public var screen: Screen?
    /// For each cell of ``screen`` (row-major): the input offset of the byte that wrote it,
    /// or -1 when unknown (blank, separator, or written before tracking started).
    public var offsets: [Int]
    /// The groups, in the order they were copied.
    public var groups: [Group]

    /// The lines of `group` alone, as ``Terminal/takeExposures(endingFrame:)`` gives them.
    public func lines(of group: Group) -> ExposedLines {
        if group.isTitle {
            var title = try! Screen(cols: 1, rows: 1)
            title.title = group.title
            return ExposedLines(row: -1, screen: title, offsets: [-1], isLeaving: group.isLeaving)
        }
        let batch = screen!
        let cols = batch.cols
        let range = (group.start * cols)..<((group.start + group.count) * cols)
        let lines = Screen(
            cols: cols, rows: group.count, cells: Array(batch.cells[range]),
            wrapped: Array(batch.wrapped[group.start..<(group.start + group.count)]), clusters: batch.clusters,
            reasons: batch.sensitiveReasons, links: batch.links)
        return ExposedLines(
            row: group.row, screen: lines, offsets: Array(offsets[range]), isLeaving: group.isLeaving)
    }
}

/// An ``ExposureBatch`` being filled by the tracker (internal): rows are appended to flat
/// arrays, and the screen is made once when the batch is taken.
struct ExposureBatchBuilder: Sendable {
    let cols: Int
    var cells: [Cell] = []
    var wrapped: [Bool] = []
    var offsets: [Int] = []
    var groups: [ExposureBatch.Group] = []
    var clusters: [String] = [""]
    var reasons: [String] = [""]
    var links: [String] = [""]
    /// During a frame's end sweep (``Terminal/takeExposureBatches(endingFrame:)``), the screen
    /// row of the last row stacked (-1 before the first); -2 outside a sweep.
    var sweepRow = -2
    /// Rows stacked so far (separators included).
    var rowCount: Int { wrapped.count }

    /// The most rows of one batch (those of a ``Screen``); a group that does not fit
    /// finishes the batch and starts another.
    static let maximumRows = Screen.maximumSize

    init(cols: Int) {
        self.cols = cols
    }

    /// Whether a group of `rows` rows (after a separator) still fits.
    func fits(rows: Int) -> Bool { rowCount == 0 || rowCount + 1 + rows <= Self.maximumRows }

    var batch: ExposureBatch {
        let screen =
            rowCount > 0
            ? Screen(
                cols: cols, rows: rowCount, cells: cells, wrapped: wrapped, clusters: clusters, reasons: reasons,
                links: links)
            : nil
        return ExposureBatch(screen: screen, offsets: offsets, groups: groups)
    }
}
