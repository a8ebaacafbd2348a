extension TerminalState {
    /// Erases columns `from..<to` of `row` (BCE); a wide character cut by the range is
    /// erased whole. Erased cells lose their marks, links and attributes.
    mutating func erase(row: Int, from: Int, to: Int) {
        guard from < to else { return }
        var start = from
        var end = to
        if grid[row, start].width == 0 && start > 0 { start -= 1 }
        if grid[row, end - 1].width == 2 && end < cols { end += 1 }
        grid.fill(row: row, from: start, to: end, with: eraseCell)
    }

    /// ED: erase in display (0 below, 1 above, 2 all; 3 the scrollback, which Veil has not).
    mutating func eraseInDisplay(_ mode: Int) {
        switch mode {
        case 0:
            erase(row: row, from: col, to: cols)
            grid.setWrapped(row, false)
            grid.clearRows(from: row + 1, to: rows, with: eraseCell)
        case 1:
            grid.clearRows(from: 0, to: row, with: eraseCell)
            erase(row: row, from: 0, to: col + 1)
        case 2:
            grid.clearRows(from: 0, to: rows, with: eraseCell)
        default:
            break
        }
    }

    /// EL: erase in line (0 right, 1 left, 2 all).
    mutating func eraseInLine(_ mode: Int) {
        switch mode {
        case 0:
            erase(row: row, from: col, to: cols)
            grid.setWrapped(row, false)
        case 1:
            erase(row: row, from: 0, to: col + 1)
        case 2:
            erase(row: row, from: 0, to: cols)
            grid.setWrapped(row, false)
        default:
            break
        }
    }

    /// ICH (and insert mode): shifts the rest of the line right by `count` blanks.
    mutating func insertBlanks(_ count: Int) {
        let n = min(count, cols - col)
        guard n > 0 else { return }
        let base = grid.base(row)
        let col = self.col
        let cols = self.cols
        let blank = eraseCell
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

    /// DCH: deletes `count` characters at the cursor, pulling the rest of the line left.
    mutating func deleteCharacters(_ count: Int) {
        let n = min(count, cols - col)
        guard n > 0 else { return }
        let base = grid.base(row)
        let col = self.col
        let cols = self.cols
        let blank = eraseCell
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

    /// ECH: erases `count` characters from the cursor without moving it.
    mutating func eraseCharacters(_ count: Int) {
        erase(row: row, from: col, to: min(cols, col + count))
    }

    /// IL: inserts `count` blank lines at the cursor row inside the scroll region.
    mutating func insertLines(_ count: Int) {
        guard row >= scrollTop && row <= scrollBottom else { return }
        grid.scrollDown(top: row, bottom: scrollBottom, count: count, blank: eraseCell)
        col = 0
        wrapPending = false
    }

    /// DL: deletes `count` lines at the cursor row inside the scroll region.
    mutating func deleteLines(_ count: Int) {
        guard row >= scrollTop && row <= scrollBottom else { return }
        grid.scrollUp(top: row, bottom: scrollBottom, count: count, blank: eraseCell)
        col = 0
        wrapPending = false
    }

    /// DECALN: fills the screen with `E`, resets the margins and homes the cursor.
    mutating func screenAlignmentTest() {
        var cell = Cell.blank
        cell.scalar = "E"
        grid.clearRows(from: 0, to: rows, with: cell)
        scrollTop = 0
        scrollBottom = rows - 1
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
        moveCursor(row: originTop, col: 0)
    }

    // MARK: - Tabs

    /// Moves forward `count` tab stops (the last column when there are no more).
    mutating func tabForward(_ count: Int) {
        var n = count
        var c = col
        while n > 0 && c < cols - 1 {
            c += 1
            if tabStops[c] { n -= 1 }
        }
        col = c
    }

    /// Moves back `count` tab stops (column 0 when there are no more).
    mutating func tabBackward(_ count: Int) {
        var n = count
        var c = col
        while n > 0 && c > 0 {
            c -= 1
            if tabStops[c] { n -= 1 }
        }
        col = c
        wrapPending = false
    }
}
