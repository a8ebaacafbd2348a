import VeilScreen

/// Lays plain text out on a screen the way a terminal with autowrap would print it: how
/// rule examples become screens.
///
/// Lines are separated by `\n`. A line longer than the screen soft-wraps into the next row
/// (``Screen/wrapped``); a wide character that does not fit in the last column leaves it
/// blank and wraps, as xterm does. Combining marks join the character before them.
public struct TextLayout: Sendable {
    /// The screen with the text on it.
    public let screen: Screen
    /// For each character (Unicode scalar) of the text, the index (`row * cols + col`) of
    /// its cell, or nil for a newline or a combining mark.
    public let cells: [Int?]

    /// Lays out `text` on a screen `cols` wide (by default as wide as the longest line,
    /// at least 80) and as high as needed.
    /// - Throws: ``ScreenError`` when the text needs more than 1000 rows or columns.
    public init(_ text: String, cols: Int? = nil) throws {
        let scalars = Array(text.unicodeScalars)
        let width = cols ?? max(80, Self.longestLineWidth(text))
        // First pass: positions.
        var positions: [(row: Int, col: Int, width: Int)?] = []
        var wrapRows: Set<Int> = []
        var row = 0
        var col = 0
        for scalar in scalars {
            if scalar == "\n" {
                positions.append(nil)
                row += 1
                col = 0
                continue
            }
            let w = Self.width(of: scalar)
            if w == 0 {
                positions.append(nil)
                continue
            }
            let cellWidth = min(w, width)
            if col + cellWidth > width {
                wrapRows.insert(row)
                row += 1
                col = 0
            }
            positions.append((row, col, cellWidth))
            col += cellWidth
        }
        var screen = try Screen(cols: width, rows: max(row + 1, 1))
        var cells: [Int?] = []
        var lastCell: Int?
        for (scalar, position) in zip(scalars, positions) {
            guard let position else {
                if scalar != "\n", let lastCell {
                    // A combining mark: extend the previous cell's cluster.
                    var cell = screen.cells[lastCell]
                    let base = screen.text(of: cell)
                    screen.clusters.append(base + String(Character(scalar)))
                    cell.clusterIndex = UInt32(screen.clusters.count - 1)
                    screen.cells[lastCell] = cell
                }
                cells.append(nil)
                continue
            }
            let index = position.row * width + position.col
            screen.cells[index] = Cell(scalar: scalar, width: UInt8(position.width))
            if position.width == 2 { screen.cells[index + 1] = Cell(scalar: "\u{0}", width: 0) }
            cells.append(index)
            lastCell = index
        }
        for wrapped in wrapRows { screen.wrapped[wrapped] = true }
        self.screen = screen
        self.cells = cells
    }

    /// The width in cells of the longest line of `text`.
    public static func longestLineWidth(_ text: String) -> Int {
        var longest = 0
        var current = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" { current = 0; continue }
            current += width(of: scalar)
            longest = max(longest, current)
        }
        return longest
    }

    /// The columns a character takes: the terminal model's width (``CharacterWidth``).
    public static func width(of scalar: Unicode.Scalar) -> Int {
        CharacterWidth.of(scalar)
    }
}
