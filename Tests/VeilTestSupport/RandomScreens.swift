import VeilScreen

/// Random screens for property tests: mixed scripts (ASCII, CJK, Hangul, box drawing,
/// combining sequences, glyphs wider than their cell, controls, characters without a
/// glyph), every colour form and attribute.
public struct RandomScreens {
    public var random: SeededGenerator

    public init(random: SeededGenerator) { self.random = random }

    public static let narrow: [Unicode.Scalar] = Array("abcXYZ019@#%&*|/_.-=~╬┼─│█▓░⣿€ßøñΩЖक".unicodeScalars)
    public static let wide: [Unicode.Scalar] = Array("漢字表示한국어かなテスト世界語默認ＡＢ".unicodeScalars)
    public static let marks: [Unicode.Scalar] = [
        "\u{301}", "\u{300}", "\u{323}", "\u{308}", "\u{93F}", "\u{5B4}", "\u{E34}", "\u{3099}",
    ]
    public static let oddities: [Unicode.Scalar] = [
        "\u{1}", "\u{1B}", "\u{7F}", "\u{85}", "\u{E000}", "\u{1F600}", " ", "\u{A0}",
    ]

    public mutating func color() -> TerminalColor {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .default
        case 1: return .indexed(UInt8.random(in: 0...15, using: &random))
        case 2: return .indexed(UInt8.random(in: 16...255, using: &random))
        default:
            return .rgb(
                .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                .random(in: 0...255, using: &random))
        }
    }

    public mutating func attributes() -> CellAttributes {
        CellAttributes(rawValue: UInt16.random(in: 0...0x1FF, using: &random))
    }

    public mutating func pick<T>(_ values: [T]) -> T { random.pick(values) }

    /// A random screen of at most `maxCols` × `maxRows` cells.
    public mutating func screen(maxCols: Int, maxRows: Int) throws -> Screen {
        var screen = try Screen(
            cols: .random(in: 1...maxCols, using: &random), rows: .random(in: 1...maxRows, using: &random))
        for row in 0..<screen.rows {
            var col = 0
            while col < screen.cols {
                var cell = Cell(
                    foreground: color(), background: color(), attributes: attributes(),
                    underlineStyle: pick([.single, .double, .curly, .dotted, .dashed]))
                let kind = Int.random(in: 0..<10, using: &random)
                if kind < 3, col + 1 < screen.cols {
                    cell.scalar = pick(Self.wide)
                    cell.width = 2
                } else if kind < 7 {
                    cell.scalar = pick(Self.narrow)
                } else if kind < 8 {
                    cell.scalar = pick(Self.wide)  // a wide glyph in a narrow cell
                } else {
                    cell.scalar = pick(Self.oddities)
                }
                if Int.random(in: 0..<5, using: &random) == 0 {
                    var cluster = ""
                    cluster.unicodeScalars.append(cell.scalar)
                    for _ in 0..<Int.random(in: 1...2, using: &random) {
                        cluster.unicodeScalars.append(pick(Self.marks))
                    }
                    screen.clusters.append(cluster)
                    cell.clusterIndex = UInt32(screen.clusters.count - 1)
                }
                screen[row, col] = cell
                if cell.width == 2 {
                    screen[row, col + 1] = Cell(
                        scalar: "\0", width: 0, foreground: cell.foreground,
                        background: cell.background, attributes: cell.attributes)
                    col += 2
                } else {
                    col += 1
                }
            }
        }
        screen.title = "random"
        screen.cursor = Cursor(
            row: .random(in: 0..<screen.rows, using: &random),
            col: .random(in: 0..<screen.cols, using: &random), isVisible: .random(using: &random))
        return screen
    }
}
