import VeilScreen

/// What an ``ExposureTracker`` keeps (internal): the rows of both buffers, the title's
/// state, where the last write ended, and the lines copied for judging. Its methods take the
/// terminal's screen as it is before each change (``ScreenView``) and return the work they
/// did, which the terminal charges to its budget: a unit per row of a line walked and per
/// cell copied.
struct ExposureTracking: Sendable {
    /// The characters of context copied on each side of a changed row (clipped to its
    /// soft-wrapped line): a value is found whole when it is at most this long. Longer runs
    /// of wrapped text are judged in overlapping windows, so copying never costs more than
    /// about `2 × windowCharacters` cells plus a row per exposure (DESIGN.md "Exposure over
    /// time").
    static let windowCharacters = 4096
    /// The copied cells that may wait for ``takeBatches()``; past it the terminal's work
    /// budget is spent (the input is refused, never held in memory).
    static let pendingCellLimit = 1 << 22
    /// Work units charged per cell copied for judging (the copy, and detection over it).
    static let copyCost = 1

    let mode: ExposureMode
    var shown: ExposureRows
    var hidden: ExposureRows
    var titleDirty = false
    var titleTag: Int32 = 0
    /// Where the last write ended: a write that continues there is one sequential write.
    var lastWriteRow = -1
    var lastWriteCol = -1
    /// The lines copied since they were last taken: batches finished (by a resize, a
    /// renumbering of the side tables, or a full batch), and the one being filled.
    var finished: [ExposureBatch] = []
    var builder: ExposureBatchBuilder
    /// The cells copied since they were last taken (bounded by ``pendingCellLimit``).
    var pendingCells = 0
    var departed: [Int32] = []
    /// The caller's frame number, stamped on each group copied (``ExposureTracker/frame``).
    var frame = 0
    /// The cells a new batch makes room for at once (``ExposureTracker/batchCells``).
    var batchCells = 0
    /// The next tag for a copied group (never 0).
    var nextTag: Int32 = 1
    /// The last group copied, when it and the line above it were rows of one repeated cell
    /// (see ``RepeatedRun``); nil otherwise.
    var lastRepeatedRun: RepeatedRun?

    /// A window of rows that are each one cell repeated (uniform rows: what REP and DECALN
    /// leave), all the same cell: its text is that character repeated, with these soft wraps.
    /// Two windows with the same run hold the same text.
    struct RepeatedRun: Equatable {
        var cell: Cell
        var cols: Int
        var contextWrapped: [Bool]
        var groupWrapped: [Bool]
    }

    init(mode: ExposureMode, cols: Int, rows: Int) {
        self.mode = mode
        shown = ExposureRows(cols: cols, rows: rows, dirty: true)
        hidden = ExposureRows(cols: cols, rows: rows, dirty: false)
        builder = ExposureBatchBuilder(cols: cols)
    }

    var cols: Int { shown.cols }
    var rows: Int { shown.dirty.count }
    var everyMoment: Bool { mode == .everyMoment }

    /// A fresh tag for a copied group.
    mutating func newTag() -> Int32 {
        let tag = nextTag
        nextTag = nextTag == Int32.max ? 1 : nextTag + 1
        return tag
    }

    /// Ends the batch being filled.
    mutating func finishBatch() {
        guard !builder.groups.isEmpty else { return }
        finished.append(builder.batch())
        let sweeping = builder.sweepRow >= -1
        builder = ExposureBatchBuilder(cols: builder.cols, reserving: batchCells)
        if sweeping { builder.sweepRow = -1 }
    }

    /// The batches copied since the last call (the one being filled is finished).
    mutating func takeBatches() -> [ExposureBatch] {
        finishBatch()
        let batches = finished
        finished = []
        pendingCells = 0
        return batches
    }

    mutating func depart(row: Int) {
        let tag = shown.tags[row]
        if tag != 0 {
            departed.append(tag)
            shown.setTag(row, 0)
        }
    }

    // MARK: - Copying lines

    /// The rows of the soft-wrapped line that holds `row`, at most `reach` rows on each side
    /// of it; the rows walked are added to `work`.
    func wrappedGroup(of row: Int, reach: Int = Int.max, on screen: ScreenView, work: inout Int) -> ClosedRange<Int> {
        let line = screen.wrappedLine(containing: row, reach: reach)
        work &+= line.count
        return line
    }

    /// The rows of context a copy takes on each side of a changed row:
    /// ``windowCharacters`` characters, rounded up to whole rows.
    var reach: Int { (Self.windowCharacters + cols - 1) / cols + 1 }

    /// Copies the window of the line holding `row` (``windowCharacters`` on each side,
    /// clipped to the soft-wrapped line) when any of its rows changed since it was last
    /// judged, and marks them judged. Returns the window's last row. O(1) when no row is
    /// dirty; the rows walked and the cells copied are added to `work`.
    @discardableResult
    mutating func exposeLine(containing row: Int, leaving: Bool, on screen: ScreenView, work: inout Int) -> Int {
        guard mode != .offsetsOnly, shown.dirtyCount > 0 else { return row }
        let group = wrappedGroup(of: row, reach: reach, on: screen, work: &work)
        guard group.contains(where: { shown.dirty[$0] }) else { return group.upperBound }
        // Blank lines (erased, scrolled in) hold nothing to find: marked judged, not copied.
        if isBlank(group, on: screen, work: &work) {
            for r in group { shown.setDirty(r, false) }
            return group.upperBound
        }
        // Appended to the batch being filled: cells copied a row at a time, no screen made
        // per group (see ``ExposureBatch``). Before the group, the logical line above it, which
        // detectors read for context ("SSN" on the row above a number) as on a whole screen:
        // nothing to copy when it is the group stacked just before in the same sweep of a
        // frame's end, a blank separator when it is blank or the group starts the screen.
        var context: ClosedRange<Int>? = nil
        if group.lowerBound > 0 {
            let above = wrappedGroup(of: group.lowerBound - 1, reach: reach, on: screen, work: &work)
            if !isBlank(above, on: screen, work: &work) { context = above }
        }
        if let above = context, above.count + group.count + 1 > ExposureBatchBuilder.maximumRows {
            // A batch holds a screen's 1,000 rows: the context keeps the rows nearest the group.
            let keep = ExposureBatchBuilder.maximumRows - group.count - 1
            context = keep > 0 ? (above.upperBound - keep + 1)...above.upperBound : nil
        }
        // A leaving window whose text is the text of the window copied just before (one
        // character repeated over the same rows and soft wraps, as a storm of REPs scrolls rows
        // of copies off the screen one by one) holds the same values: judging it again finds
        // nothing new (a value found in the first is a known value, hidden wherever it shows),
        // so its rows are marked judged without a copy. Only the places of a value made of
        // one repeated character are not listed again.
        let run = repeatedRun(context: context, group: group, on: screen, work: &work)
        if leaving, let run, run == lastRepeatedRun {
            for r in group { shown.setDirty(r, false) }
            return group.upperBound
        }
        lastRepeatedRun = run
        let follows = context != nil && builder.sweepRow == group.lowerBound - 1 && builder.cols == cols
        let added = group.count + (follows ? 0 : (context?.count ?? 0) + 1)
        if builder.cols != cols || !builder.fits(rows: added) { finishBatch() }
        if builder.cols != cols { builder = ExposureBatchBuilder(cols: cols, reserving: batchCells) }
        let sweeping = builder.sweepRow >= -1
        var contextRows = 0
        var copied = group.count
        if follows, let last = builder.groups.last {
            contextRows = builder.rowCount - last.start
        } else {
            if builder.rowCount > 0 {
                builder.cells.append(contentsOf: repeatElement(Cell.blank, count: cols))
                builder.wrapped.append(false)
                builder.offsets.append(contentsOf: repeatElement(-1, count: cols))
            }
            if let context {
                appendRows(context, of: screen, lastOfLine: context.upperBound)
                contextRows = context.count
                copied += context.count
            }
        }
        let start = builder.rowCount
        appendRows(group, of: screen, lastOfLine: group.upperBound)
        builder.noteTables(of: screen)
        for r in group { shown.setDirty(r, false) }
        if sweeping { builder.sweepRow = group.upperBound }
        // Lines still on screen carry a tag until they change, so a caller learns how long
        // what it finds on them stays visible.
        var tag: Int32 = 0
        if !leaving {
            tag = newTag()
            for r in group { shown.setTag(r, tag) }
        }
        builder.groups.append(
            ExposureBatch.Group(
                row: group.lowerBound, start: start, count: group.count, context: contextRows, isLeaving: leaving,
                title: "", frame: frame, tag: tag))
        let cells = cols * copied
        work &+= cells &* Self.copyCost
        pendingCells += cells
        if pendingCells > Self.pendingCellLimit {
            // Too much copied between two judgements: refused as over the budget.
            work = ExposureTracker.exhaustsBudget
        }
        return group.upperBound
    }

    /// The run of one repeated cell that `context` and `group` are, or nil when a row is not
    /// uniform or the rows differ (a unit per row tested).
    private func repeatedRun(
        context: ClosedRange<Int>?, group: ClosedRange<Int>, on screen: ScreenView, work: inout Int
    ) -> RepeatedRun? {
        guard let cell = screen.uniformCell(ofRow: group.lowerBound) else { return nil }
        var rows = Array(group)
        if let context { rows += Array(context) }
        work &+= rows.count
        for r in rows where screen.uniformCell(ofRow: r) != cell { return nil }
        return RepeatedRun(
            cell: cell, cols: cols, contextWrapped: context.map { $0.map { screen.isWrapped($0) } } ?? [],
            groupWrapped: group.map { screen.isWrapped($0) })
    }

    /// Whether rows `rows` are all blank (a row whose cells are kept one by one costs a unit
    /// per cell).
    private func isBlank(_ rows: ClosedRange<Int>, on screen: ScreenView, work: inout Int) -> Bool {
        let cols = self.cols
        return rows.allSatisfy { r in
            if screen.uniformCell(ofRow: r) == nil { work &+= cols }
            return screen.isBlank(row: r, cols: 0..<cols)
        }
    }

    /// Appends rows `rows` of `screen` (cells, wrap flags) with their offsets to the batch
    /// being filled; the row `lastOfLine` ends a line there.
    private mutating func appendRows(_ rows: ClosedRange<Int>, of screen: ScreenView, lastOfLine: Int) {
        Self.appendRows(rows, of: screen, offsets: shown, to: &builder, lastOfLine: lastOfLine)
    }

    /// The same with the rows' offsets and the builder apart (no access to the rest of the
    /// tracking while the builder grows).
    private static func appendRows(
        _ rows: ClosedRange<Int>, of screen: ScreenView, offsets: ExposureRows, to builder: inout ExposureBatchBuilder,
        lastOfLine: Int
    ) {
        let cols = builder.cols
        for r in rows {
            screen.appendCells(ofRow: r, to: &builder.cells)
            builder.wrapped.append(r < lastOfLine && screen.isWrapped(r))
            if offsets.hasOffsets[r] {
                offsets.offsets[r].withUnsafeBufferPointer { builder.offsets.append(contentsOf: $0) }
            } else {
                builder.offsets.append(contentsOf: repeatElement(-1, count: cols))
            }
        }
    }

    /// Copies the title when it changed since it was last judged.
    mutating func exposeTitle(leaving: Bool, on screen: ScreenView) {
        guard titleDirty, mode != .offsetsOnly else { return }
        titleDirty = false
        let title = screen.title
        guard !title.isEmpty else { return }
        var tag: Int32 = 0
        if !leaving {
            tag = newTag()
            titleTag = tag
        }
        builder.groups.append(
            ExposureBatch.Group(
                row: -1, start: -1, count: 0, context: 0, isLeaving: leaving, title: title, frame: frame, tag: tag))
    }

    /// Every row departs and (raw bytes) the changed ones are judged.
    mutating func exposeAllDeparting(on screen: ScreenView, work: inout Int) {
        if shown.tagCount > 0 {
            for row in 0..<rows { depart(row: row) }
        }
        guard everyMoment else { return }
        var row = 0
        while row < rows && shown.dirtyCount > 0 {
            row = max(row, exposeLine(containing: row, leaving: true, on: screen, work: &work)) + 1
        }
    }

    /// A frame ends: every line (and the title) that changed since it was last judged is
    /// copied into the batch being filled, its rows tagged. The copies wait for
    /// ``takeBatches()``, so a caller can take the lines of many frames at once.
    mutating func endFrame(on screen: ScreenView) -> Int {
        guard mode != .offsetsOnly else { return 0 }
        var work = 0
        // One sweep down the screen: a group can take the group stacked before it as the
        // line above (``ExposureBatchBuilder/sweepRow``).
        builder.sweepRow = -1
        defer { builder.sweepRow = -2 }
        var row = 0
        while row < rows && shown.dirtyCount > 0 {
            if shown.dirty[row] {
                row = max(row, exposeLine(containing: row, leaving: false, on: screen, work: &work))
            }
            row += 1
        }
        exposeTitle(leaving: false, on: screen)
        return work
    }
}
