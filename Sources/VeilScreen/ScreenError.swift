/// Errors raised when a screen cannot be created or changed as asked.
public enum ScreenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Columns or rows outside 1…``Screen/maximumSize``.
    case invalidSize(cols: Int, rows: Int)
    /// A rectangle that does not lie inside the screen.
    case rectangleOutsideScreen(row: Int, col: Int, width: Int, height: Int)

    public var description: String {
        switch self {
        case let .invalidSize(cols, rows):
            return "invalid screen size \(cols)x\(rows): columns and rows must be 1…\(Screen.maximumSize)"
        case let .rectangleOutsideScreen(row, col, width, height):
            return "rectangle row \(row) col \(col) width \(width) height \(height) is not inside the screen"
        }
    }
}
