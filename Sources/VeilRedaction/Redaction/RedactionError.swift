/// Why a plan could not be applied. Fail-closed redaction turns any of these (and any
/// ``DetectionError``) into a privacy cover.
public enum RedactionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The plan was made for a screen of another size.
    case sizeMismatch(planCols: Int, planRows: Int, cols: Int, rows: Int)
    /// A span does not lie inside the screen (or the title).
    case spanOutsideScreen(row: Int, col: Int, width: Int)
    /// A cell the app marked sensitive would have stayed visible.
    case sensitiveCellVisible(row: Int, col: Int)
    /// The redacted screen broke a structural invariant of ``VeilScreen/Screen``.
    case invariantViolated(String)

    public var description: String {
        switch self {
        case let .sizeMismatch(planCols, planRows, cols, rows):
            "the plan is for a \(planCols)x\(planRows) screen, not \(cols)x\(rows)"
        case let .spanOutsideScreen(row, col, width):
            "span row \(row) col \(col) width \(width) is outside the screen"
        case let .sensitiveCellVisible(row, col):
            "the cell at row \(row) col \(col) is marked sensitive but not hidden"
        case let .invariantViolated(message):
            "the redacted screen is malformed: \(message)"
        }
    }
}
