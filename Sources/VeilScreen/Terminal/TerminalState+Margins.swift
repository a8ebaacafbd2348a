/// Left and right margins (DECLRMM, mode 69, and DECSLRM, `CSI Pl ; Pr s`), as xterm:
/// text wraps at the right margin to the left margin; IND, RI, LF, SU, SD, IL, DL, ICH, DCH,
/// DECIC, DECDC, SL and SR move only the cells inside the margins; erasing ignores them.
extension TerminalState {
    /// DECSLRM: sets the left and right margins (1-based, inclusive; 0 or a missing right
    /// margin is the last column) and homes the cursor. Ignored unless left < right.
    mutating func setLeftRightMargins(left: Int, right: Int) {
        let left = max(left, 1)
        let right = right == 0 ? cols : min(right, cols)
        guard left < right else { return }
        leftMargin = left - 1
        rightMargin = right - 1
        moveCursor(row: originTop, col: originLeft)
    }

    /// DECLRMM: switching it off (or a reset) removes the margins; switching it on makes
    /// every row single width (xterm: double-size rows and left/right margins exclude each
    /// other, see ``setLineSize(_:)``).
    mutating func setLeftRightMarginMode(_ on: Bool) {
        modes.leftRightMargins = on
        if !on { resetHorizontalMargins() }
        guard on, grid.doubleRows != 0 else { return }
        for r in 0..<rows where grid.lineSize(r).isDouble {
            reportModify(row: r)  // the cells past the half show again
            grid.setLineSize(r, .single)
        }
    }

    mutating func resetHorizontalMargins() {
        leftMargin = 0
        rightMargin = cols - 1
    }

    /// The last column text printed at the cursor may use before wrapping: the right margin
    /// from inside (or left of) it, the last column from right of it, and the last shown
    /// column on a double-size row.
    @inline(__always)
    func lastPrintColumn() -> Int {
        let edge = col <= rightMargin ? rightMargin : cols - 1
        guard grid.doubleRows != 0, grid.lineSize(row).isDouble else { return edge }
        return min(edge, cols / 2 - 1)
    }

    /// The column CUF and HT stop at: the right margin from inside it, else the last column
    /// (the last shown one on a double-size row).
    func forwardLimit() -> Int {
        let edge = col <= rightMargin ? rightMargin : cols - 1
        guard grid.doubleRows != 0, grid.lineSize(row).isDouble else { return edge }
        return min(edge, cols / 2 - 1)
    }

    /// The column CUB and BS stop at: the left margin from inside or right of it, else 0.
    var backwardLimit: Int { col >= leftMargin ? leftMargin : 0 }

    /// Whether the cursor is between the left and right margins (always, without margins).
    var cursorInsideHorizontalMargins: Bool { col >= leftMargin && col <= rightMargin }

    /// Scrolls the rectangle of rows `top...bottom` and the columns between the margins by
    /// `count` rows (up: the top rows' cells leave; down: the bottom ones'); blank cells
    /// (BCE) come in.
    mutating func scrollRectangle(top: Int, bottom: Int, count: Int, up: Bool) {
        let height = bottom - top + 1
        let n = min(count, height)
        guard n > 0, height > 0 else { return }
        let left = leftMargin
        let right = rightMargin + 1
        if observer != nil {
            report(.scroll(ScreenRect(rows: top..<(bottom + 1), cols: left..<right), down: up ? -n : n, right: 0))
        }
        grid.charge(height * (right - left))
        let blank = eraseCell
        if n < height {
            let moves = up ? Array(top...(bottom - n)) : Array((top + n...bottom).reversed())
            for target in moves { copyColumns(from: up ? target + n : target - n, to: target, left, right) }
        }
        let cleared = up ? (bottom - n + 1)...bottom : top...(top + n - 1)
        for r in cleared { grid.fill(row: r, from: left, to: right, with: blank) }
        for r in top...bottom { grid.repairWideCharacters(row: r) }
    }

    /// Copies columns `left..<right` of row `source` over the same columns of row `target`.
    private mutating func copyColumns(from source: Int, to target: Int, _ left: Int, _ right: Int) {
        if grid.isUniform(source) {
            grid.fill(row: target, from: left, to: right, with: grid[source, 0])
            return
        }
        let targetBase = grid.writableBase(target)
        let sourceBase = grid.base(source)
        grid.cells.withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress!
            (start + targetBase + left).update(from: start + sourceBase + left, count: right - left)
        }
    }
}

extension TerminalState {
    /// DECBI (`ESC 6`, VT420): at the left margin (the left edge without margins), with the
    /// cursor inside the margins, a blank column comes in there (the columns of the scroll
    /// region up to the right margin move right, DECIC); elsewhere the cursor moves back a
    /// column, as BS (xterm's `xtermColIndex`).
    mutating func backIndex() {
        if cursorInsideHorizontalMargins && col == leftMargin {
            shiftColumns(at: col, insert: true)
        } else {
            cursorBack(1)
        }
    }

    /// DECFI (`ESC 9`, VT420): at the right margin (the right edge without margins), with
    /// the cursor inside the margins, the column at the left margin leaves (the columns of
    /// the scroll region move left, a blank one comes in at the right margin: DECDC at the
    /// left margin); elsewhere the cursor moves forward a column, as CUF.
    mutating func forwardIndex() {
        if cursorInsideHorizontalMargins && col == rightMargin {
            shiftColumns(at: leftMargin, insert: false)
        } else {
            moveCursor(row: row, col: min(col + 1, forwardLimit()))
        }
    }

    /// DECIC (`insert`) or DECDC of one column at `column`, over the rows of the scroll
    /// region, when the cursor is inside it (xterm's `xtermColScroll`); the cursor stays.
    private mutating func shiftColumns(at column: Int, insert: Bool) {
        guard row >= scrollTop && row <= scrollBottom && cursorInsideHorizontalMargins else { return }
        for r in scrollTop...scrollBottom {
            if insert {
                insertBlanks(1, row: r, col: column, end: rightMargin + 1)
            } else {
                deleteCharacters(1, row: r, col: column, end: rightMargin + 1)
            }
        }
    }
}
