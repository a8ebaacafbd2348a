/// Double-width and double-height rows (DECDWL `ESC # 6`, DECDHL `ESC # 3` / `ESC # 4`,
/// DECSWL `ESC # 5`), as xterm: the row shows its first `cols / 2` cells, text wraps there,
/// the cells past the half are kept but not shown.
extension TerminalState {
    /// Sets the size of the cursor row. The cells past the half leave the screen when a row
    /// becomes double-size (reported as erased) and come back when it
    /// is single again. A cursor past the half moves to column `cols / 2` (xterm), where
    /// nothing prints; a pending wrap stays pending.
    /// Ignored while DECLRMM (69) is set, as xterm.
    mutating func setLineSize(_ size: LineSize) {
        let old = grid.lineSize(row)
        guard size != old, !modes.leftRightMargins else { return }
        let half = cols / 2
        if size.isDouble && !old.isDouble {
            reportErase(rows: row, row + 1, cols: half..<cols)
        } else if !size.isDouble {
            reportModify(row: row)
        }
        grid.setLineSize(row, size)
        if size.isDouble && col > half { col = half }  // a pending wrap stays (xterm)
    }
}
