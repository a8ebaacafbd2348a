import VeilScreen

/// What each change to the screen does to the exposure tracker's rows: judged first (raw
/// bytes) when the change destroys content written since they were last judged, then marked
/// changed, their tags departing, their offsets moved or forgotten with the cells.
extension ExposureTracking {
    /// Handles `change`, about to be made to `screen`; returns the work done.
    mutating func willChange(_ change: ScreenChange, on screen: ScreenView) -> Int {
        var work = 0
        switch change {
        case .write(let row, let range, let position, let run):
            willWrite(
                row: row, col: range.lowerBound, count: range.count, offset: position, run: run, on: screen, work: &work
            )
        case .fill(let rect, let position):
            willFill(rect, offset: position, on: screen, work: &work)
        case .erase(let rect, let keepingProtected):
            willErase(rows: rect.rows, cols: rect.cols, keepingProtected: keepingProtected, on: screen, work: &work)
        case .modify(let rect):
            for row in rect.rows {
                depart(row: row)
                shown.setDirty(row, true)
            }
        case .scroll(let rect, let down, let right):
            if right == 0 && rect.cols == 0..<cols {
                willScroll(
                    top: rect.rows.lowerBound, bottom: rect.rows.upperBound - 1, count: abs(down), up: down < 0,
                    on: screen, work: &work)
            } else if down == 0 && rect.cols.upperBound == cols {
                for row in rect.rows {
                    willShift(
                        row: row, col: rect.cols.lowerBound, count: abs(right), right: right > 0, on: screen,
                        work: &work)
                }
            } else {
                // Cells move inside the margins, between rows or columns the tracker keeps
                // whole: judged and forgotten as an erase of the rectangle.
                willErase(rows: rect.rows, cols: rect.cols, on: screen, work: &work)
            }
        case .copy(let rect, let toRow, let toCol):
            willCopy(rect, toRow: toRow, toCol: toCol, on: screen, work: &work)
        case .switchBuffer:
            exposeAllDeparting(on: screen, work: &work)
            swap(&shown, &hidden)
            shown.setAllDirty(true)
            lastWriteRow = -1
        case .title:
            if titleTag != 0 {
                departed.append(titleTag)
                titleTag = 0
            }
            if everyMoment { exposeTitle(leaving: true, on: screen) }
            titleDirty = true
        case .resize(let newCols, let newRows, let dropped):
            exposeAllDeparting(on: screen, work: &work)
            finishBatch()
            // The rows' offsets copied to the new size: only rows that hold some (a resize of
            // a blank screen costs its rows, as the screen's own resize does).
            let copiedRows =
                shown.hasOffsets.reduce(0) { $0 + ($1 ? 1 : 0) }
                + hidden.hasOffsets.reduce(0) { $0 + ($1 ? 1 : 0) }
            work &+= newRows &+ copiedRows &* newCols
            shown = shown.resized(cols: newCols, rows: newRows, dropping: dropped)
            hidden = hidden.resized(cols: newCols, rows: newRows, dropping: 0)
            // Every row is judged again.
            shown.setAllDirty(true)
            hidden.setAllDirty(true)
            builder = ExposureBatchBuilder(cols: newCols, reserving: batchCells)
            lastWriteRow = -1
        case .renumberTables:
            finishBatch()  // the lines copied so far keep the indices of now
            lastRepeatedRun = nil  // its cell's indices change meaning
        case .appearance:
            break
        }
        return work
    }

    /// Rows `rows` (columns `cols`) are about to be erased. The rows the erase changes are
    /// judged first (raw bytes), then marked changed; a row already blank and judged is left
    /// alone (erasing it changes nothing), so erase storms over blank rows cost O(1) a row.
    /// With `keepingProtected` (a selective erase), protected cells keep their offsets (they
    /// stay on screen), and a row whose cells in `cols` are all protected is left alone too
    /// (a storm of them judged the whole screen each time).
    mutating func willErase(
        rows: Range<Int>, cols range: Range<Int>, keepingProtected: Bool = false, on screen: ScreenView,
        work: inout Int
    ) {
        guard !rows.isEmpty else { return }
        // Rows a selective erase leaves as they are: all their cells in range are protected
        // (reading a row's cells costs them; a row kept as one cell costs one).
        var unchanged = Set<Int>()
        if keepingProtected {
            for row in rows {
                work &+= screen.uniformCell(ofRow: row) == nil ? range.count : 1
                if screen.isProtected(row: row, cols: range) { unchanged.insert(row) }
            }
        }
        if everyMoment {
            var judgedThrough = -1
            for row in rows where row > judgedThrough && !unchanged.contains(row) {
                if shown.dirtyCount == 0 { break }
                judgedThrough = exposeLine(containing: row, leaving: true, on: screen, work: &work)
            }
        }
        let whole = range.lowerBound <= 0 && range.upperBound >= cols
        for row in rows where !unchanged.contains(row) {
            if whole && !shown.dirty[row] && shown.tags[row] == 0 && !shown.hasOffsets[row] && !screen.isWrapped(row),
                let cell = screen.uniformCell(ofRow: row), cell.scalar == " " && cell.width == 1
            {
                continue
            }
            depart(row: row)
            shown.setDirty(row, true)
            guard shown.hasOffsets[row] else { continue }
            if keepingProtected {
                for col in range where col < cols && col >= 0 && !screen[row, col].attributes.contains(.protected) {
                    shown.setOffset(row, col, -1)
                }
            } else if whole {
                shown.clearOffsets(row)
            } else {
                for col in range where col < cols && col >= 0 { shown.setOffset(row, col, -1) }
            }
        }
    }

    /// `count` cells at (`row`, `col`) are about to be written by the input byte at `offset`
    /// (the first of them; a run's later cells by the bytes that follow).
    @inline(__always)
    mutating func willWrite(
        row: Int, col: Int, count: Int, offset: Int, run: Bool, on screen: ScreenView, work: inout Int
    ) {
        depart(row: row)
        let sequential = row == lastWriteRow && col == lastWriteCol
        if everyMoment && !sequential && shown.dirty[row]
            && !screen.isBlank(row: row, cols: max(0, col - 1)..<min(cols, col + count + 1))
        {
            // The write destroys text (a character in the range, or a space between characters
            // next to it): the row is judged first.
            exposeLine(containing: row, leaving: true, on: screen, work: &work)
        }
        shown.setDirty(row, true)
        shown.prepareOffsets(row)  // as the grid charges writing out the row
        shown.setOffsets(row, from: col, count: count, offset: offset, run: run)
        lastWriteRow = col + count >= cols ? row + 1 : row
        lastWriteCol = col + count >= cols ? 0 : col + count
    }

    /// Every cell of `rect` is about to be filled with one character, from the input byte
    /// at `offset`: the rows are judged first (raw bytes) and changed.
    mutating func willFill(_ rect: ScreenRect, offset: Int, on screen: ScreenView, work: inout Int) {
        guard !rect.isEmpty else { return }
        if everyMoment {
            var row = rect.rows.lowerBound
            while row < rect.rows.upperBound && shown.dirtyCount > 0 {
                row = max(row, exposeLine(containing: row, leaving: true, on: screen, work: &work)) + 1
            }
        }
        for row in rect.rows {
            depart(row: row)
            shown.setDirty(row, true)
            if offset < 0 && !shown.hasOffsets[row] { continue }
            shown.prepareOffsets(row)
            shown.setOffsets(row, from: rect.cols.lowerBound, count: rect.cols.count, offset: offset, run: false)
        }
    }

    /// Cells of `row` from `col` on are about to shift by `count` (right for ICH, left for DCH).
    mutating func willShift(row: Int, col: Int, count: Int, right: Bool, on screen: ScreenView, work: inout Int) {
        willErase(rows: row..<(row + 1), cols: cols..<cols, on: screen, work: &work)
        let n = min(count, cols - col)
        guard n > 0, shown.hasOffsets[row] else { return }
        var offsets = shown.offsets[row]
        if right {
            var target = cols - 1
            while target >= col + n {
                offsets[target] = offsets[target - n]
                target -= 1
            }
            for index in col..<(col + n) { offsets[index] = -1 }
        } else {
            var target = col
            while target + n < cols {
                offsets[target] = offsets[target + n]
                target += 1
            }
            for index in (cols - n)..<cols { offsets[index] = -1 }
        }
        shown.setRowOffsets(row, offsets)
    }

    /// Rows `top...bottom` are about to scroll by `count` (up: the top rows leave; down: the
    /// bottom ones). Rows leaving the top of the main screen's region that starts at the top
    /// scroll off into the scrollback: they are judged in both modes.
    mutating func willScroll(top: Int, bottom: Int, count: Int, up: Bool, on screen: ScreenView, work: inout Int) {
        let height = bottom - top + 1
        let n = min(count, height)
        guard n > 0, height > 0 else { return }
        let leaving = up ? top..<(top + n) : (bottom - n + 1)..<(bottom + 1)
        let scrollsOff = up && top == 0 && !screen.isAlternateScreen
        if shown.tagCount > 0 {
            for row in leaving { depart(row: row) }
        }
        if everyMoment || scrollsOff {
            var row = leaving.lowerBound
            while row < leaving.upperBound && shown.dirtyCount > 0 {
                row = max(row, exposeLine(containing: row, leaving: true, on: screen, work: &work)) + 1
            }
        }
        // Rotated in place (no copy of the arrays): the rows that leave come back as the rows
        // that enter, cleared.
        shown.rotate(top: top, bottom: bottom, by: n, up: up)
        if lastWriteRow >= top && lastWriteRow <= bottom {
            lastWriteRow += up ? -n : n
        }
    }

    /// The cells of `rect` are about to be copied to (`toRow`, `toCol`): what the destination
    /// showed is judged first (raw bytes) and lost; the copies carry the offsets of the bytes
    /// that wrote the originals, so a value copied is found, and hidden, where it is copied.
    mutating func willCopy(_ rect: ScreenRect, toRow: Int, toCol: Int, on screen: ScreenView, work: inout Int) {
        let height = min(rect.rows.count, rows - toRow)
        let width = min(rect.cols.count, cols - toCol)
        guard height > 0, width > 0, toRow >= 0, toCol >= 0 else { return }
        let target = toRow..<(toRow + height)
        willErase(rows: target, cols: cols..<cols, on: screen, work: &work)
        // The source rows' offsets, read before any is written (the rectangles may overlap).
        let sources = (0..<height).map {
            shown.hasOffsets[rect.rows.lowerBound + $0] ? shown.offsets[rect.rows.lowerBound + $0] : nil
        }
        for index in 0..<height {
            let row = toRow + index
            guard let source = sources[index] else {
                if shown.hasOffsets[row] {
                    for col in toCol..<(toCol + width) { shown.setOffset(row, col, -1) }
                }
                continue
            }
            shown.prepareOffsets(row)
            for k in 0..<width { shown.setOffset(row, toCol + k, source[rect.cols.lowerBound + k]) }
            work &+= width
        }
    }
}
