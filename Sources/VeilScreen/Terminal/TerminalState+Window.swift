/// XTWINOPS window operations a terminal without a window can honour (xterm's `window_ops`,
/// allowed as xterm's default `disallowedWindowOps` allows them; see
/// ``ReportSettings/allowsWindowOperations``): iconifying and moving the window (remembered for
/// the state and position reports, as a window manager that honours them would) and resizing it
/// within its display (the size the terminal's owner gave it), which
/// resizes the terminal as a user's resize does.
extension TerminalState {
    /// Performs the window operation `CSI p0 ; p1 ; p2 t`; false when it is not one Veil
    /// performs (raise, lower, refresh, maximize, full screen, the title stack…).
    mutating func windowOperation(_ p: Parameters) -> Bool {
        guard reportSettings.allowsWindowOperations else { return false }
        switch p[0] {
        case 1, 2:  // de-iconify, iconify (remembered for the state report, XTWINOPS 11)
            windowIconified = p[0] == 2
        case 3:  // move the window to x ; y (pixels; absent: 0)
            windowPosition = (p[1], p[2])
        case 4:  // resize the text area to height ; width pixels (absent: unchanged; 0: the display's)
            let height = p.count < 2 ? rows : (p[1] > 0 ? max(1, p[1] / reportSettings.cellHeight) : display.rows)
            let width = p.count < 3 ? cols : (p[2] > 0 ? max(1, p[2] / reportSettings.cellWidth) : display.cols)
            resizeWindow(rows: height, cols: width)
        case 8:  // resize the text area to height ; width characters (absent: unchanged; 0: the display's)
            resizeWindow(
                rows: p.count < 2 ? rows : (p[1] > 0 ? p[1] : display.rows),
                cols: p.count < 3 ? cols : (p[2] > 0 ? p[2] : display.cols))
        case 24...:  // DECSLPP: lines per page
            resizeWindow(rows: p[0], cols: cols)
        default:
            return false
        }
        return true
    }

    /// Resizes the terminal as its window would be resized: at most to the display's size
    /// (xterm's `limitResize`), at least a cell.
    mutating func resizeWindow(rows newRows: Int, cols newCols: Int) {
        let size = (rows: min(max(newRows, 1), display.rows), cols: min(max(newCols, 1), display.cols))
        guard size.rows != rows || size.cols != cols, !workExhausted else { return }
        resize(cols: size.cols, rows: size.rows)
    }
}
