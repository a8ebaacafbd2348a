import VeilScreen

/// Invariants every screen must keep whatever bytes produced it; a violation traps so that
/// libFuzzer records the input.
public enum ScreenChecks {
    /// Traps unless `screen` is a well-formed `cols`×`rows` grid; with `readBack`, also
    /// reads every row and cell back as text.
    public static func check(
        _ screen: Screen, cols: Int, rows: Int, readBack: Bool = true,
        _ context: @autoclosure () -> String = ""
    ) {
        require(
            screen.cols == cols && screen.rows == rows,
            "screen is \(screen.cols)x\(screen.rows), expected \(cols)x\(rows) \(context())")
        if let violation = screen.invariantViolation() {
            fatalError("screen invariant broken: \(violation) \(context())")
        }
        guard readBack else { return }
        let lines = screen.lines()
        require(lines.count == rows, "lines() returned \(lines.count) lines for \(rows) rows")
        require(screen.visibleLines().count == rows, "visibleLines() count differs from rows")
        for row in 0..<rows {
            var width = 0
            for col in 0..<cols {
                let cell = screen[row, col]
                width += Int(cell.width)
                _ = screen.text(of: cell)
                _ = screen.sensitiveReason(of: cell)
                _ = screen.link(of: cell)
            }
            require(width == cols, "row \(row) holds cells of total width \(width), expected \(cols)")
        }
    }
}
