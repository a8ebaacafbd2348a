extension TerminalState {
    /// Whether an erase keeps protected cells, as xterm: the selective erases (DECSED,
    /// DECSEL) under either protection, the others (ED, EL, ECH) only under ISO protection.
    func keepsProtected(selective: Bool) -> Bool {
        selective ? protection != .off : protection == .iso
    }

    /// Erases columns `from..<to` of `row` (BCE); a wide character cut by the range is
    /// erased whole. Erased cells lose their marks, links and attributes; protected cells
    /// stay when `selective` (or under ISO protection, see ``keepsProtected(selective:)``).
    mutating func erase(row: Int, from: Int, to: Int, selective: Bool = false) {
        guard from < to else { return }
        var start = from
        var end = to
        if grid[row, start].width == 0 && start > 0 { start -= 1 }
        if grid[row, end - 1].width == 2 && end < cols { end += 1 }
        let keep = keepsProtected(selective: selective)
        reportErase(rows: row, row + 1, cols: start..<end, keepingProtected: keep)
        guard keep else {
            grid.fill(row: row, from: start, to: end, with: eraseCell)
            return
        }
        if grid.isUniform(row) {
            // One cell for the whole row: protected, nothing changes; else a plain fill.
            if !grid[row, 0].attributes.contains(.protected) {
                grid.fill(row: row, from: start, to: end, with: eraseCell)
            }
            return
        }
        // Charged per cell: a storm of selective erases over protected screens runs into
        // the work budget.
        grid.charge(end - start)
        let blank = eraseCell
        let base = grid.writableBase(row)
        grid.cells.withUnsafeMutableBufferPointer { buffer in
            for index in (base + start)..<(base + end) where !buffer[index].attributes.contains(.protected) {
                buffer[index] = blank
            }
        }
        grid.repairWideCharacters(row: row)
    }

    /// Erases whole rows `from..<to`.
    mutating func eraseRows(from: Int, to: Int, selective: Bool) {
        if keepsProtected(selective: selective) {
            for r in from..<max(from, to) { erase(row: r, from: 0, to: cols, selective: selective) }
        } else {
            reportErase(rows: from, to)
            grid.clearRows(from: from, to: to, with: eraseCell)
        }
    }

    /// ED: erase in display (0 below, 1 above, 2 all; 3 the scrollback, which Veil has not).
    mutating func eraseInDisplay(_ mode: Int, selective: Bool = false) {
        switch mode {
        case 0:
            erase(row: row, from: col, to: cols, selective: selective)
            grid.setWrapped(row, false)
            eraseRows(from: row + 1, to: rows, selective: selective)
        case 1:
            eraseRows(from: 0, to: row, selective: selective)
            erase(row: row, from: 0, to: col + 1, selective: selective)
        case 2:
            eraseRows(from: 0, to: rows, selective: selective)
            // xterm: an erase of the whole screen that found no protected cell switches
            // protection off (DECCIR reports it).
            if keepsProtected(selective: selective) && !anyProtectedCell() { protection = .off }
        default:
            break
        }
    }

    /// Whether a cell of the buffer shown is protected.
    func anyProtectedCell() -> Bool {
        for r in 0..<rows {
            if grid.isUniform(r) {
                if grid[r, 0].attributes.contains(.protected) { return true }
                continue
            }
            for c in 0..<cols where grid[r, c].attributes.contains(.protected) { return true }
        }
        return false
    }

    /// EL: erase in line (0 right, 1 left, 2 all).
    mutating func eraseInLine(_ mode: Int, selective: Bool = false) {
        switch mode {
        case 0:
            erase(row: row, from: col, to: cols, selective: selective)
            grid.setWrapped(row, false)
        case 1:
            erase(row: row, from: 0, to: col + 1, selective: selective)
        case 2:
            erase(row: row, from: 0, to: cols, selective: selective)
            grid.setWrapped(row, false)
        default:
            break
        }
    }

    /// ICH (and insert mode): shifts the rest of the line (up to the right margin) right by
    /// `count` blanks; nothing outside the left/right margins.
    mutating func insertBlanks(_ count: Int) {
        guard cursorInsideHorizontalMargins else { return }
        insertBlanks(count, row: row, col: col, end: rightMargin + 1)
    }

    /// Inserts `count` blanks at (`row`, `col`), shifting the cells up to column `end`
    /// (exclusive; the row's end by default) right.
    mutating func insertBlanks(_ count: Int, row: Int, col: Int, end: Int? = nil) {
        let cols = end ?? self.cols
        let n = min(count, cols - col)
        guard n > 0 else { return }
        let blank = eraseCell
        if grid.isUniform(row) && grid[row, 0] == blank { return }  // shifting changes nothing
        if observer != nil {
            report(.scroll(ScreenRect(rows: row..<(row + 1), cols: col..<cols), down: 0, right: n))
        }
        let base = grid.writableBase(row)
        grid.charge(cols - col)
        grid.cells.withUnsafeMutableBufferPointer { buffer in
            var target = cols - 1
            while target >= col + n {
                buffer[base + target] = buffer[base + target - n]
                target -= 1
            }
            for index in col..<(col + n) { buffer[base + index] = blank }
        }
        grid.repairWideCharacters(row: row)
    }

    /// DCH: deletes `count` characters at the cursor, pulling the rest of the line (up to
    /// the right margin) left; nothing outside the left/right margins.
    mutating func deleteCharacters(_ count: Int) {
        guard cursorInsideHorizontalMargins else { return }
        deleteCharacters(count, row: row, col: col, end: rightMargin + 1)
    }

    /// Deletes `count` characters at (`row`, `col`), pulling the cells up to column `end`
    /// (exclusive; the row's end by default) left.
    mutating func deleteCharacters(_ count: Int, row: Int, col: Int, end: Int? = nil) {
        let cols = end ?? self.cols
        let n = min(count, cols - col)
        guard n > 0 else { return }
        let blank = eraseCell
        if grid.isUniform(row) && grid[row, 0] == blank { return }  // shifting changes nothing
        if observer != nil {
            report(.scroll(ScreenRect(rows: row..<(row + 1), cols: col..<cols), down: 0, right: -n))
        }
        let base = grid.writableBase(row)
        grid.charge(cols - col)
        grid.cells.withUnsafeMutableBufferPointer { buffer in
            var target = col
            while target + n < cols {
                buffer[base + target] = buffer[base + target + n]
                target += 1
            }
            for index in (cols - n)..<cols { buffer[base + index] = blank }
        }
        grid.repairWideCharacters(row: row)
    }

    /// ECH: erases `count` characters from the cursor without moving it. As xterm's
    /// ClearRight, the row is no longer soft-wrapped afterwards.
    mutating func eraseCharacters(_ count: Int) {
        erase(row: row, from: col, to: min(cols, col + count))
        grid.setWrapped(row, false)
    }

    /// IL: inserts `count` blank lines at the cursor row inside the scroll region.
    mutating func insertLines(_ count: Int) {
        guard row >= scrollTop && row <= scrollBottom, cursorInsideHorizontalMargins else { return }
        if hasHorizontalMargins {
            scrollRectangle(top: row, bottom: scrollBottom, count: count, up: false)
        } else {
            reportScroll(top: row, bottom: scrollBottom, count: count, up: false)
            grid.scrollDown(top: row, bottom: scrollBottom, count: count, blank: eraseCell)
        }
        col = leftMargin
        wrapPending = false
    }

    /// DL: deletes `count` lines at the cursor row inside the scroll region.
    mutating func deleteLines(_ count: Int) {
        guard row >= scrollTop && row <= scrollBottom, cursorInsideHorizontalMargins else { return }
        if hasHorizontalMargins {
            scrollRectangle(top: row, bottom: scrollBottom, count: count, up: true)
        } else {
            reportScroll(top: row, bottom: scrollBottom, count: count, up: true)
            grid.scrollUp(top: row, bottom: scrollBottom, count: count, blank: eraseCell)
        }
        col = leftMargin
        wrapPending = false
    }

    /// SU / SD: scrolls the scroll region (the rectangle inside the margins when set).
    mutating func scrollRegion(_ count: Int, up: Bool) {
        if hasHorizontalMargins {
            scrollRectangle(top: scrollTop, bottom: scrollBottom, count: count, up: up)
        } else if up {
            reportScroll(top: scrollTop, bottom: scrollBottom, count: count, up: true)
            grid.scrollUp(top: scrollTop, bottom: scrollBottom, count: count, blank: eraseCell)
        } else {
            reportScroll(top: scrollTop, bottom: scrollBottom, count: count, up: false)
            grid.scrollDown(top: scrollTop, bottom: scrollBottom, count: count, blank: eraseCell)
        }
    }

    /// DECALN: fills the screen with `E`, resets the margins and homes the cursor.
    mutating func screenAlignmentTest() {
        var cell = Cell.blank
        cell.scalar = "E"
        if observer != nil { report(.fill(ScreenRect(rows: 0..<rows, cols: 0..<cols), position: -1)) }
        grid.clearRows(from: 0, to: rows, with: cell)
        scrollTop = 0
        scrollBottom = rows - 1
        resetHorizontalMargins()  // xterm: every margin (DEC STD 070), DECLRMM itself kept
        modes.origin = false
        moveCursor(row: 0, col: 0)
    }

    /// DECSTBM: sets the scroll region (1-based, inclusive) and homes the cursor.
    mutating func setScrollRegion(top: Int, bottom: Int) {
        let top = max(top, 1)
        let bottom = bottom == 0 ? rows : min(bottom, rows)
        guard top < bottom else { return }
        scrollTop = top - 1
        scrollBottom = bottom - 1
        moveCursor(row: originTop, col: originLeft)
    }

    // MARK: - Tabs

    /// Moves forward `count` tab stops (the last column when there are no more).
    mutating func tabForward(_ count: Int) {
        if wrapPending && modes.autowrap && modes.isRecorded(TerminalState.moreFixBit) {
            // xterm's curses fix (DECSET 41): a tab in pending wrap goes to the next line first.
            wrapPending = false
            index()
            col = 0
        }
        var n = count
        var c = col
        let last = forwardLimit()  // the right margin from inside it
        while n > 0 && c < last {
            c += 1
            if tabStops[c] { n -= 1 }
        }
        col = c
    }

    /// Moves back `count` tab stops (column 0 when there are no more). Like HT and CHT
    /// it keeps a pending wrap (xterm).
    mutating func tabBackward(_ count: Int) {
        var n = count
        var c = col
        while n > 0 && c > 0 {
            c -= 1
            if tabStops[c] { n -= 1 }
        }
        col = c
    }

    /// Backspace / CUB: left `count` columns, stopping at the left margin from inside or right
    /// of it (else at column 0). Under reverse wraparound (45, with autowrap 7) the cursor
    /// goes on through the rows above instead, as xterm 379's CursorBack: see
    /// ``reverseWrap(from:to:left:)``. A pending wrap is cancelled (and, in reverse
    /// wraparound, takes the first step).
    mutating func cursorBack(_ count: Int) {
        let reverse = modes.reverseWraparound && modes.autowrap
        let n = reverse && wrapPending ? count - 1 : count
        wrapPending = false
        let before = col
        let left = backwardLimit  // the left margin from inside or right of it
        let target = before - n
        if target >= left {
            col = target
        } else if reverse {
            reverseWrap(from: before, to: target, left: left)
        } else {
            col = left
        }
    }

    /// Reverse wraparound past the left edge, as xterm 379 (cursor.c, CursorBack): the rows
    /// are laid end to end, each as wide as the columns from `left` (the left margin, or 0
    /// when the cursor started left of it) to the right margin, and the cursor steps back
    /// along them from `row` to the column `target` (< `left`) would be, going round from
    /// the top row of the screen to the bottom one. One exception: from `left` itself on
    /// the top margin (inside the margins), it goes to the right margin of the bottom margin,
    /// however far it was asked to move. xterm 379 has no mode 1045 (its #383 split 45 into
    /// an in-line mode 45 and the whole-screen 1045), so this is all of mode 45.
    private mutating func reverseWrap(from before: Int, to target: Int, left: Int) {
        let right = modes.leftRightMargins ? rightMargin : cols - 1
        let rowLength = right - left + 1
        var offset = rowLength * row + target - left
        if before == left && before >= leftMargin && before <= rightMargin && row == scrollTop {
            offset = (scrollBottom + 1) * rowLength - 1
        } else if offset < 0 {
            // xterm adds one screen too many when -offset is a whole number of screens,
            // putting the cursor below the last row (and crashing on the next character);
            // Veil takes the true remainder, the first column of the top row.
            let length = rowLength * rows
            offset = (offset % length + length) % length
        }
        row = offset / rowLength
        col = offset % rowLength + left
    }
}
