/// Reporting changes to the observer (``ScreenObserver``), and the input position of what is
/// printed. Each report costs one test of `observer` when there is none.
extension TerminalState {
    /// Reports `change` to the observer, before it is made, and charges the observer's work.
    @inline(__always)
    mutating func report(_ change: ScreenChange) {
        guard let observer else { return }
        let work = withUnsafePointer(to: &self) { observer.screen(ScreenView($0), willChange: change) }
        charge(observerWork: work)
    }

    /// Tells the observer the screen is shown, and charges its work.
    mutating func reportFlush() {
        guard let observer else { return }
        let work = withUnsafePointer(to: &self) { observer.screenDidFlush(ScreenView($0)) }
        charge(observerWork: work)
    }

    /// Adds an observer's work to the budget (saturating: an observer that exhausts the
    /// budget again and again never wraps it round).
    @inline(__always)
    mutating func charge(observerWork work: Int) {
        guard work > 0 else { return }
        extraWork = extraWork >= Int.max / 2 ? extraWork : extraWork &+ min(work, Int.max / 4)
    }

    /// The input position of the byte at `pointer`: inside the bytes being fed, its place
    /// in the input; elsewhere (REP's copies), where the last printed text ended.
    @inline(__always)
    func position(of pointer: UnsafePointer<UInt8>) -> Int {
        let delta = Int(bitPattern: UInt(bitPattern: pointer) &- inputBase)
        return inputBase != 0 && delta >= 0 && delta < inputLength ? inputPosition + delta : nextPosition
    }

    /// The next character printed starts at `pointer` (a UTF-8 lead byte).
    @inline(__always)
    mutating func willDecode(at pointer: UnsafePointer<UInt8>) {
        if observer != nil { nextPosition = position(of: pointer) }
    }

    /// The DECFRA about to be dispatched started at `pointer` (its ESC).
    @inline(__always)
    mutating func willStartSequence(at pointer: UnsafePointer<UInt8>) {
        if observer != nil { sequencePosition = position(of: pointer) }
    }

    /// Rows `from..<to` (every column, or `cols`) are about to be erased.
    @inline(__always)
    mutating func reportErase(rows from: Int, _ to: Int, cols: Range<Int>? = nil, keepingProtected: Bool = false) {
        guard observer != nil, from < to else { return }
        report(.erase(ScreenRect(rows: from..<to, cols: cols ?? 0..<self.cols), keepingProtected: keepingProtected))
    }

    /// Whole rows `top...bottom` are about to move `count` rows up (or down).
    @inline(__always)
    mutating func reportScroll(top: Int, bottom: Int, count: Int, up: Bool) {
        guard observer != nil else { return }
        let n = min(count, bottom - top + 1)
        guard n > 0 else { return }
        report(.scroll(ScreenRect(rows: top..<(bottom + 1), cols: 0..<cols), down: up ? -n : n, right: 0))
    }

    /// Cells of `row` in `cols` are about to change in place.
    @inline(__always)
    mutating func reportModify(row: Int, cols: Range<Int>? = nil) {
        guard observer != nil else { return }
        report(.modify(ScreenRect(rows: row..<(row + 1), cols: cols ?? 0..<self.cols)))
    }

    /// The screen as a value (what ``Terminal/screen`` returns).
    var screen: Screen {
        // The cells go in as they are ordered: no blank screen made first and replaced.
        var screen = Screen(
            cols: cols, rows: rows, cells: grid.orderedCells(), wrapped: grid.orderedWrapped(),
            clusters: tables.clusters.strings, reasons: tables.reasons.strings, links: tables.links.strings)
        if grid.doubleRows != 0 { screen.lineSizes = grid.orderedLineSizes() }
        screen.cursor = cursor
        screen.title = title
        screen.isAlternateScreen = isAlternateScreen
        return screen
    }

    /// The cursor (position and visibility). With a pending wrap it stays on the last column.
    var cursor: Cursor { Cursor(row: row, col: col, isVisible: modes.cursorVisible) }
}
