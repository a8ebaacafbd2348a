/// A read-only view of a terminal's screen, given to a ``ScreenObserver`` for the length of
/// one call (it must not be kept: it points into the terminal). Reading a cell costs O(1);
/// ``screen`` copies everything.
public struct ScreenView {
    let state: UnsafePointer<TerminalState>

    init(_ state: UnsafePointer<TerminalState>) {
        self.state = state
    }

    /// Number of columns.
    public var cols: Int { state.pointee.cols }
    /// Number of rows.
    public var rows: Int { state.pointee.rows }

    /// The cell at (`row`, `col`) of the buffer shown.
    public subscript(row: Int, col: Int) -> Cell { state.pointee.grid[row, col] }

    /// Whether `row` continues on the next row (soft wrap).
    public func isWrapped(_ row: Int) -> Bool { state.pointee.grid.isWrapped(row) }

    /// The rows of the soft-wrapped line that holds `row` (rows joined by soft wraps), at most
    /// `reach` rows on each side of it.
    public func wrappedLine(containing row: Int, reach: Int = Int.max) -> ClosedRange<Int> {
        var first = row
        while first > 0 && row - first < reach && state.pointee.grid.isWrapped(first - 1) { first -= 1 }
        var last = row
        let rows = state.pointee.rows
        while last < rows - 1 && last - row < reach && state.pointee.grid.isWrapped(last) { last += 1 }
        return first...last
    }

    /// The one cell every cell of `row` is, when the row is kept as one (erased whole,
    /// scrolled in, never written since); nil when its cells are kept one by one.
    public func uniformCell(ofRow row: Int) -> Cell? {
        state.pointee.grid.isUniform(row) ? state.pointee.grid[row, 0] : nil
    }

    /// Whether columns `cols` of `row` hold only blank spaces (any colours): no text.
    public func isBlank(row: Int, cols: Range<Int>) -> Bool {
        @inline(__always) func blank(_ cell: Cell) -> Bool { cell.scalar == " " && cell.width == 1 }
        if state.pointee.grid.isUniform(row) { return cols.isEmpty || blank(state.pointee.grid[row, 0]) }
        let base = state.pointee.grid.base(row)
        return state.pointee.grid.cells.withUnsafeBufferPointer { cells in
            for col in cols where !blank(cells[base + col]) { return false }
            return true
        }
    }

    /// Whether every cell in columns `cols` of `row` is protected (DECSCA, SPA): what a
    /// selective erase of them leaves unchanged.
    public func isProtected(row: Int, cols: Range<Int>) -> Bool {
        let range = max(0, cols.lowerBound)..<min(state.pointee.cols, max(0, cols.upperBound))
        if state.pointee.grid.isUniform(row) {
            return state.pointee.grid[row, 0].attributes.contains(.protected)
        }
        let base = state.pointee.grid.base(row)
        return state.pointee.grid.cells.withUnsafeBufferPointer { cells in
            for col in range where !cells[base + col].attributes.contains(.protected) { return false }
            return true
        }
    }

    /// The cells of `row`, appended to `cells` (one copy, without a row array made).
    public func appendCells(ofRow row: Int, to cells: inout [Cell]) {
        let cols = state.pointee.cols
        if state.pointee.grid.isUniform(row) {
            cells.append(contentsOf: repeatElement(state.pointee.grid[row, 0], count: cols))
            return
        }
        let base = state.pointee.grid.base(row)
        state.pointee.grid.cells.withUnsafeBufferPointer { stored in
            cells.append(contentsOf: UnsafeBufferPointer(rebasing: stored[base..<(base + cols)]))
        }
    }

    /// The cells of `row`.
    public func cells(ofRow row: Int) -> [Cell] { state.pointee.grid.rowCells(row) }

    /// The window title.
    public var title: String { state.pointee.title }

    /// Whether the alternate buffer is shown.
    public var isAlternateScreen: Bool { state.pointee.isAlternateScreen }

    /// The cursor.
    public var cursor: Cursor { state.pointee.cursor }

    /// The texts of combining clusters that cells' ``Cell/clusterIndex`` point into.
    public var clusters: [String] { state.pointee.tables.clusters.strings }
    /// The sensitive reasons that cells' ``Cell/sensitiveIndex`` point into.
    public var sensitiveReasons: [String] { state.pointee.tables.reasons.strings }
    /// The hyperlinks that cells' ``Cell/linkIndex`` point into.
    public var links: [String] { state.pointee.tables.links.strings }

    /// The whole screen as a value (O(rows × cols)).
    public var screen: Screen { state.pointee.screen }
}
