/// A run of cells on one row: what a finding covers and what redaction hides.
///
/// Columns are 0-based cells; a wide character counts as its two cells. For a finding in
/// the window title (``Finding/Location/title``) `row` is 0 and `col`/`width` count the
/// title's characters.
public struct CellSpan: Hashable, Sendable, Codable, Comparable {
    /// The 0-based row.
    public var row: Int
    /// The 0-based first column.
    public var col: Int
    /// The number of cells.
    public var width: Int

    /// Creates a span of `width` cells starting at (`row`, `col`).
    public init(row: Int, col: Int, width: Int) {
        self.row = row
        self.col = col
        self.width = width
    }

    /// The columns the span covers.
    public var columns: Range<Int> { col..<(col + width) }

    public static func < (lhs: CellSpan, rhs: CellSpan) -> Bool {
        (lhs.row, lhs.col, lhs.width) < (rhs.row, rhs.col, rhs.width)
    }
}
