/// The cursor position (0-based) and visibility.
public struct Cursor: Hashable, Sendable {
    /// The row, 0-based from the top of the screen.
    public var row: Int
    /// The column, 0-based from the left.
    public var col: Int
    /// Whether the cursor is shown (DECTCEM, mode 25).
    public var isVisible: Bool

    public init(row: Int = 0, col: Int = 0, isVisible: Bool = true) {
        self.row = row
        self.col = col
        self.isVisible = isVisible
    }
}
