/// A rectangle of screen cells: rows `rows`, columns `cols` (0-based, half-open).
public struct ScreenRect: Hashable, Sendable {
    /// The rows, top to bottom.
    public var rows: Range<Int>
    /// The columns, left to right.
    public var cols: Range<Int>

    /// Creates the rectangle of rows `rows` and columns `cols`.
    public init(rows: Range<Int>, cols: Range<Int>) {
        self.rows = rows
        self.cols = cols
    }

    /// Whether it holds no cell.
    public var isEmpty: Bool { rows.isEmpty || cols.isEmpty }

    /// The smallest rectangle holding both (`other` when this one is empty, and back).
    public func union(_ other: ScreenRect) -> ScreenRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return ScreenRect(
            rows: min(rows.lowerBound, other.rows.lowerBound)..<max(rows.upperBound, other.rows.upperBound),
            cols: min(cols.lowerBound, other.cols.lowerBound)..<max(cols.upperBound, other.cols.upperBound))
    }
}
