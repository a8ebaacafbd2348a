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

    /// The columns a character takes: 0 for combining marks and zero-width characters, 2
    /// for East Asian wide and fullwidth characters and emoji, else 1. (A compact table for
    /// laying out examples; the terminal model has its own.)
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
