import VeilScreen

/// The lines an ``ExposureTracker`` copied for judging between two ``ExposureTracker/takeBatches()``
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
        /// The caller's frame number when the group was copied (``ExposureTracker/frame``).
        public var frame: Int
        /// The tag the group's rows (or the title) carry until they next change, scroll away
        /// or are hidden (then ``ExposureTracker/takeDepartedTags()`` reports it); 0 for lines copied
        /// as they left, which carry none.
        public var tag: Int32
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

    /// For each row of ``screen``, whether it is only context: the line above a group (or a
    /// separator), in no group's own rows. Detectors read such a line for the line after it
    /// and need not scan it (it was judged when it changed).
    public var contextRows: [Bool]? {
        guard let screen else { return nil }
        var context = Array(repeating: true, count: screen.rows)
        for group in groups where !group.isTitle {
            for row in group.start..<(group.start + group.count) { context[row] = false }
        }
        return context
    }

    /// The groups of the frames `frames` (``Group/frame``) with their rows, or nil when it
    /// holds none. A frame's groups are stacked one after another, each after its line above,
    /// so the rows from the first group's line above to the last group's end are theirs.
    public func frames(_ frames: Range<Int>) -> ExposureBatch? {
        // Groups are in frame order: two binary searches.
        func firstIndex(from frame: Int) -> Int {
            var low = 0
            var high = groups.count
            while low < high {
                let middle = (low + high) / 2
                if groups[middle].frame < frame { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let first = firstIndex(from: frames.lowerBound)
        let end = firstIndex(from: frames.upperBound)
        guard first < end else { return nil }
        if first == 0 && end == groups.count { return self }
        var kept = Array(groups[first..<end])
        let lines = kept.filter { !$0.isTitle }
        guard let batch = screen, let top = lines.first.map({ $0.start - $0.context }),
            let bottom = lines.last.map({ $0.start + $0.count })
        else {
            return ExposureBatch(screen: nil, offsets: [], groups: kept)
        }
        let cols = batch.cols
        for index in kept.indices where !kept[index].isTitle { kept[index].start -= top }
        let cells = (top * cols)..<(bottom * cols)
        let rows = try! Screen(
            cols: cols, rows: bottom - top, cells: Array(batch.cells[cells]),
            wrapped: Array(batch.wrapped[top..<bottom]),
            clusters: batch.clusters, sensitiveReasons: batch.sensitiveReasons, links: batch.links)
        return ExposureBatch(screen: rows, offsets: Array(offsets[cells]), groups: kept)
    }

    /// The lines of `group` alone (a one-row screen with the title for a title group).
    public func lines(of group: Group) -> ExposedLines {
        if group.isTitle {
            var title = try! Screen(cols: 1, rows: 1)
            title.title = group.title
            return ExposedLines(row: -1, screen: title, offsets: [-1], isLeaving: group.isLeaving)
        }
        let batch = screen!
        let cols = batch.cols
        let range = (group.start * cols)..<((group.start + group.count) * cols)
        let lines = try! Screen(
            cols: cols, rows: group.count, cells: Array(batch.cells[range]),
            wrapped: Array(batch.wrapped[group.start..<(group.start + group.count)]), clusters: batch.clusters,
            sensitiveReasons: batch.sensitiveReasons, links: batch.links)
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
    /// The side tables the copied cells index (taken from the screen at each copy: tables
    /// only grow between two renumberings, which finish the batch first).
    var clusters: [String] = [""]
    var reasons: [String] = [""]
    var links: [String] = [""]
    /// During a frame's end sweep (``ExposureTracker/screenDidFlush(_:)``), the screen
    /// row of the last row stacked (-1 before the first); -2 outside a sweep.
    var sweepRow = -2
    /// Rows stacked so far (separators included).
    var rowCount: Int { wrapped.count }

    /// The most rows of one batch (those of a ``Screen``); a group that does not fit
    /// finishes the batch and starts another.
    static let maximumRows = Screen.maximumSize

    /// A builder for rows of `cols` cells, with room made at once for `cells` cells (a
    /// caller that takes many frames at once: growing by doubling would fault fresh pages in
    /// at each step, batch after batch).
    init(cols: Int, reserving cells: Int = 0) {
        self.cols = cols
        guard cells > 0 else { return }
        self.cells.reserveCapacity(cells)
        offsets.reserveCapacity(cells)
        wrapped.reserveCapacity(cells / max(1, cols) + 1)
    }

    /// Whether a group of `rows` rows (after a separator) still fits.
    func fits(rows: Int) -> Bool { rowCount == 0 || rowCount + 1 + rows <= Self.maximumRows }

    /// Keeps the side tables of `screen` for the cells copied so far.
    mutating func noteTables(of screen: ScreenView) {
        clusters = screen.clusters
        reasons = screen.sensitiveReasons
        links = screen.links
    }

    /// The batch.
    func batch() -> ExposureBatch {
        let screen =
            rowCount > 0
            ? try! Screen(
                cols: cols, rows: rowCount, cells: cells, wrapped: wrapped, clusters: clusters,
                sensitiveReasons: reasons, links: links)
            : nil
        return ExposureBatch(screen: screen, offsets: offsets, groups: groups)
    }
}
