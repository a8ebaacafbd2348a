import Testing
@testable import VeilScreen

/// Feeds `input` (escapes written as `\u{1B}`) to a fresh terminal and returns it.
func terminal(_ input: String, cols: Int = 10, rows: Int = 4) -> Terminal {
    var terminal = try! Terminal(cols: cols, rows: rows)
    terminal.feed(input)
    return terminal
}

/// The screen's lines (trailing spaces removed) after feeding `input`.
func lines(_ input: String, cols: Int = 10, rows: Int = 4) -> [String] {
    terminal(input, cols: cols, rows: rows).screen.lines()
}

/// The cursor position `(row, col)` after feeding `input`.
func cursor(_ input: String, cols: Int = 10, rows: Int = 4) -> [Int] {
    let cursor = terminal(input, cols: cols, rows: rows).cursor
    return [cursor.row, cursor.col]
}

/// ESC, to keep test scripts short.
let esc = "\u{1B}"
/// CSI.
let csi = "\u{1B}["
