/// The exposure hooks: one-line calls at the points where the grid's content changes or is
/// destroyed. They cost one test of `exposure` when tracking is off.
extension TerminalState {
    /// The next character printed starts at `pointer` (a UTF-8 lead byte).
    @inline(__always)
    mutating func willDecode(at pointer: UnsafePointer<UInt8>) {
        if tracksExposure { exposure.nextOffset = exposure.offset(of: pointer) }
    }

    /// The rows of the soft-wrapped line that holds `row`, at most `reach` rows on each side
    /// of it (the walk is charged to the work budget).
    mutating func wrappedGroup(of row: Int, reach: Int = Int.max) -> ClosedRange<Int> {
        var first = row
        while first > 0 && row - first < reach && grid.isWrapped(first - 1) { first -= 1 }
        var last = row
        while last < rows - 1 && last - row < reach && grid.isWrapped(last) { last += 1 }
        extraWork &+= last - first + 1
        return first...last
    }

    /// The rows of context a copy takes on each side of a changed row:
    /// ``ExposureTracker/windowCharacters`` characters, rounded up to whole rows.
    var exposureReach: Int { (ExposureTracker.windowCharacters + cols - 1) / cols + 1 }

    /// Copies the window of the line holding `row` (``ExposureTracker/windowCharacters`` on
    /// each side, clipped to the soft-wrapped line) when any of its rows changed since it was
    /// last judged, and marks them judged. Returns the window's last row. O(1) when no row is
    /// dirty; the rows walked and the cells copied are charged to the work budget.
    @discardableResult
    mutating func exposeLine(containing row: Int, leaving: Bool) -> Int {
        guard exposure.mode != .offsetsOnly, exposure.shown.dirtyCount > 0 else { return row }
        let group = wrappedGroup(of: row, reach: exposureReach)
        guard group.contains(where: { exposure.shown.dirty[$0] }) else { return group.upperBound }
        // Blank lines (erased, scrolled in) hold nothing to find: marked judged, not copied.
        if isBlank(group) {
            for r in group { exposure.shown.setDirty(r, false) }
            return group.upperBound
        }
        // Appended to the batch being filled: cells copied a row at a time, no screen made
        // per group (see ``ExposureBatch``). Before the group, the logical line above it, which
        // detectors read for context ("SSN" on the row above a number) as on a whole screen:
        // nothing to copy when it is the group stacked just before in the same sweep of a
        // frame's end, a blank separator when it is blank or the group starts the screen.
        var context: ClosedRange<Int>? = nil
        if group.lowerBound > 0 {
            let above = wrappedGroup(of: group.lowerBound - 1, reach: exposureReach)
            if !isBlank(above) { context = above }
        }
        if let above = context, above.count + group.count + 1 > ExposureBatchBuilder.maximumRows {
            // A batch holds a screen's 1,000 rows: the context keeps the rows nearest the group.
            let keep = ExposureBatchBuilder.maximumRows - group.count - 1
            context = keep > 0 ? (above.upperBound - keep + 1)...above.upperBound : nil
        }
        let follows =
            context != nil && exposure.builder.sweepRow == group.lowerBound - 1 && exposure.builder.cols == cols
        let added = group.count + (follows ? 0 : (context?.count ?? 0) + 1)
        if exposure.builder.cols != cols || !exposure.builder.fits(rows: added) { exposure.finishBatch(tables: tables) }
        if exposure.builder.cols != cols {
            exposure.builder = ExposureBatchBuilder(cols: cols, reserving: exposure.batchCells)
        }
        // Appended in place (the grid and the tracker's rows read beside the builder written).
        let sweeping = exposure.builder.sweepRow >= -1
        var contextRows = 0
        var copied = group.count
        if follows, let last = exposure.builder.groups.last {
            contextRows = exposure.builder.rowCount - last.start
        } else {
            if exposure.builder.rowCount > 0 {
                exposure.builder.cells.append(contentsOf: repeatElement(Cell.blank, count: cols))
                exposure.builder.wrapped.append(false)
                exposure.builder.offsets.append(contentsOf: repeatElement(-1, count: cols))
            }
            if let context {
                Self.appendRows(
                    context, of: grid, offsets: exposure.shown, to: &exposure.builder, lastOfLine: context.upperBound)
                contextRows = context.count
                copied += context.count
            }
        }
        let start = exposure.builder.rowCount
        Self.appendRows(group, of: grid, offsets: exposure.shown, to: &exposure.builder, lastOfLine: group.upperBound)
        for r in group { exposure.shown.setDirty(r, false) }
        if sweeping { exposure.builder.sweepRow = group.upperBound }
        // Lines still on screen carry a tag until they change, so a caller learns how long
        // what it finds on them stays visible.
        var tag: Int32 = 0
        if !leaving {
            tag = exposure.newTag()
            for r in group { exposure.shown.setTag(r, tag) }
        }
        exposure.builder.groups.append(
            ExposureBatch.Group(
                row: group.lowerBound, start: start, count: group.count, context: contextRows, isLeaving: leaving,
                title: "", frame: exposure.frame, tag: tag))
        let cells = cols * copied
        extraWork &+= cells &* ExposureTracker.copyCost
        exposure.pendingCells += cells
        if exposure.pendingCells > ExposureTracker.pendingCellLimit && extraWork <= workLimit {
            // Too much copied between two judgements: refused as over the budget.
            extraWork = workLimit &+ 1
        }
        return group.upperBound
    }

    /// Whether rows `rows` are all blank (the walk is charged to the work budget).
    private mutating func isBlank(_ rows: ClosedRange<Int>) -> Bool {
        rows.allSatisfy { r in
            if grid.isUniform(r) {
                let cell = grid[r, 0]
                return cell.scalar == " " && cell.width == 1
            }
            extraWork &+= cols
            return (0..<cols).allSatisfy { c in
                let cell = grid[r, c]
                return cell.scalar == " " && cell.width == 1
            }
        }
    }

    /// Appends rows `rows` of `grid` (cells, wrap flags) with their `offsets` to `builder`;
    /// the row `lastOfLine` ends a line there.
    private static func appendRows(
        _ rows: ClosedRange<Int>, of grid: Grid, offsets: ExposureTracker.Buffer,
        to builder: inout ExposureBatchBuilder, lastOfLine: Int
    ) {
        let cols = builder.cols
        for r in rows {
            if grid.isUniform(r) {
                builder.cells.append(contentsOf: repeatElement(grid[r, 0], count: cols))
            } else {
                // Through buffer pointers: a slice of the grid would be retained and released
                // per row.
                let base = grid.base(r)
                grid.cells.withUnsafeBufferPointer { cells in
                    builder.cells.append(contentsOf: UnsafeBufferPointer(rebasing: cells[base..<(base + cols)]))
                }
            }
            builder.wrapped.append(grid.isWrapped(r) && r < lastOfLine)
            if offsets.hasOffsets[r] {
                offsets.offsets[r].withUnsafeBufferPointer { builder.offsets.append(contentsOf: $0) }
            } else {
                builder.offsets.append(contentsOf: repeatElement(-1, count: cols))
            }
        }
    }

    /// Copies the title when it changed since it was last judged.
    mutating func exposeTitle(leaving: Bool) {
        guard exposure.titleDirty, exposure.mode != .offsetsOnly else { return }
        exposure.titleDirty = false
        guard !title.isEmpty else { return }
        var tag: Int32 = 0
        if !leaving {
            tag = exposure.newTag()
            exposure.titleTag = tag
        }
        exposure.builder.groups.append(
            ExposureBatch.Group(
                row: -1, start: -1, count: 0, context: 0, isLeaving: leaving, title: title, frame: exposure.frame,
                tag: tag))
    }

    /// Rows `from..<to` are about to be erased (whole or in part: `cols` narrows it). The rows
    /// are judged first, then marked changed; a row already blank and judged is left alone
    /// (erasing it changes nothing), so erase storms over blank rows cost O(1) a row.
    @inline(__always)
    mutating func exposureWillErase(rows from: Int, _ to: Int, cols range: Range<Int>? = nil) {
        guard tracksExposure, from < to else { return }
        if exposure.everyMoment {
            var row = from
            while row < to {
                if exposure.shown.dirtyCount == 0 { break }
                row = max(row, exposeLine(containing: row, leaving: true)) + 1
            }
        }
        let whole = range == nil || range!.lowerBound <= 0 && range!.upperBound >= cols
        for row in from..<to {
            if whole && !exposure.shown.dirty[row] && exposure.shown.tags[row] == 0
                && !exposure.shown.hasOffsets[row] && grid.isUniform(row) && !grid.isWrapped(row)
            {
                let cell = grid[row, 0]
                if cell.scalar == " " && cell.width == 1 { continue }
            }
            exposure.depart(row: row)
            exposure.shown.setDirty(row, true)
            guard exposure.shown.hasOffsets[row] else { continue }
            if whole {
                exposure.shown.clearOffsets(row)
            } else if let range {
                for col in range where col < cols && col >= 0 { exposure.shown.setOffset(row, col, -1) }
            }
        }
    }

    /// `count` cells at (`row`, `col`) are about to be written by the input byte at `offset`
    /// (the first of them; a run's later cells by the bytes that follow).
    @inline(__always)
    mutating func exposureWillWrite(row: Int, col: Int, count: Int, offset: Int, run: Bool) {
        guard tracksExposure else { return }
        exposure.depart(row: row)
        let sequential = row == exposure.lastWriteRow && col == exposure.lastWriteCol
        if exposure.everyMoment && !sequential && exposure.shown.dirty[row]
            && overwritesText(row: row, col: col, count: count)
        {
            exposeLine(containing: row, leaving: true)
        }
        exposure.shown.setDirty(row, true)
        _ = exposure.shown.prepareOffsets(row)  // as the grid charges writing out the row
        exposure.shown.setOffsets(row, from: col, count: count, offset: offset, run: run)
        exposure.lastWriteRow = col + count >= cols ? row + 1 : row
        exposure.lastWriteCol = col + count >= cols ? 0 : col + count
    }

    /// Whether writing `count` cells at (`row`, `col`) destroys text: a character in the
    /// range, or a space between characters next to it.
    private mutating func overwritesText(row: Int, col: Int, count: Int) -> Bool {
        for c in max(0, col - 1)..<min(cols, col + count + 1) {
            let cell = grid[row, c]
            if cell.scalar != " " || cell.width != 1 { return true }
        }
        return false
    }

    /// A cell of `row` changed in place (a combining mark was added).
    @inline(__always)
    mutating func exposureDidTouch(row: Int) {
        guard tracksExposure else { return }
        exposure.depart(row: row)
        exposure.shown.setDirty(row, true)
    }

    /// Cells of `row` from `col` on are about to shift by `count` (right for ICH, left for DCH).
    @inline(__always)
    mutating func exposureWillShift(row: Int, col: Int, count: Int, right: Bool) {
        guard tracksExposure else { return }
        exposureWillErase(rows: row, row + 1, cols: cols..<cols)
        let n = min(count, cols - col)
        guard n > 0, exposure.shown.hasOffsets[row] else { return }
        var offsets = exposure.shown.offsets[row]
        if right {
            var target = cols - 1
            while target >= col + n { offsets[target] = offsets[target - n]; target -= 1 }
            for index in col..<(col + n) { offsets[index] = -1 }
        } else {
            var target = col
            while target + n < cols { offsets[target] = offsets[target + n]; target += 1 }
            for index in (cols - n)..<cols { offsets[index] = -1 }
        }
        exposure.shown.setRowOffsets(row, offsets)
    }

    /// Rows `top...bottom` are about to scroll by `count` (up: the top rows leave; down: the
    /// bottom ones). Rows leaving the top of the main screen's full-height region scroll off
    /// into the scrollback: they are judged in both modes.
    @inline(__always)
    mutating func exposureWillScroll(top: Int, bottom: Int, count: Int, up: Bool) {
        guard tracksExposure else { return }
        let height = bottom - top + 1
        let n = min(count, height)
        guard n > 0, height > 0 else { return }
        let leaving = up ? top..<(top + n) : (bottom - n + 1)..<(bottom + 1)
        let scrollsOff = up && top == 0 && !isAlternateScreen
        if exposure.shown.tagCount > 0 {
            for row in leaving { exposure.depart(row: row) }
        }
        if exposure.everyMoment || scrollsOff {
            var row = leaving.lowerBound
            while row < leaving.upperBound && exposure.shown.dirtyCount > 0 {
                row = max(row, exposeLine(containing: row, leaving: true)) + 1
            }
        }
        // Rotated in place (no copy of the tracker's arrays): the rows that leave come back
        // as the rows that enter, cleared.
        exposure.shown.rotate(top: top, bottom: bottom, by: n, up: up)
        if exposure.lastWriteRow >= top && exposure.lastWriteRow <= bottom {
            exposure.lastWriteRow += up ? -n : n
        }
    }

    /// The shown buffer is about to be swapped with the other one.
    mutating func exposureWillSwitchScreen() {
        guard tracksExposure else { return }
        exposeAllDeparting()
        let shown = exposure.shown
        exposure.shown = exposure.hidden
        exposure.hidden = shown
        exposure.shown.setAllDirty(true)
        exposure.lastWriteRow = -1
    }

    /// The title is about to change.
    @inline(__always)
    mutating func exposureWillSetTitle() {
        guard tracksExposure else { return }
        if exposure.titleTag != 0 {
            exposure.departed.append(exposure.titleTag)
            exposure.titleTag = 0
        }
        if exposure.everyMoment { exposeTitle(leaving: true) }
        exposure.titleDirty = true
    }

    /// The terminal is about to be resized: every row is judged (raw bytes) and departs.
    mutating func exposureWillResize() {
        guard tracksExposure else { return }
        exposeAllDeparting()
    }

    /// Every row departs and (raw bytes) the changed ones are judged.
    private mutating func exposeAllDeparting() {
        if exposure.shown.tagCount > 0 {
            for row in 0..<rows { exposure.depart(row: row) }
        }
        guard exposure.everyMoment else { return }
        var row = 0
        while row < rows && exposure.shown.dirtyCount > 0 {
            row = max(row, exposeLine(containing: row, leaving: true)) + 1
        }
    }
}
