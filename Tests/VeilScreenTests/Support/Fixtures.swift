import Foundation
@testable import VeilScreen

/// The xterm golden files under `Fixtures/xterm/` (see its README for the formats).
enum XtermFixtures {
    /// The folder of one collection (`battery`, `alacritty`, `xtermjs`, `programs`).
    static func folder(_ collection: String) -> URL {
        Bundle.module.resourceURL!
            .appendingPathComponent("Fixtures/xterm", isDirectory: true)
            .appendingPathComponent(collection, isDirectory: true)
    }

    /// The case names of a collection: every `NAME.json` that has an input next to it.
    static func cases(_ collection: String, inputExtension: String) -> [String] {
        let folder = folder(collection)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let names = Set(files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) })
        return names.filter { files.contains("\($0).\(inputExtension)") && !$0.hasSuffix(".attrs") }.sorted()
    }

    /// The cases of a collection with an `.attrs.json`.
    static func attributeCases(_ collection: String = "battery") -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder(collection).path)) ?? []
        return files.filter { $0.hasSuffix(".attrs.json") }.map { String($0.dropLast(11)) }.sorted()
    }

    /// What real xterm showed: size, cursor and the lines (trailing spaces removed).
    struct Expected: Decodable {
        struct Position: Decodable { var row: Int; var col: Int }
        var cols: Int
        var rows: Int
        var cursor: Position
        var lines: [String]
        /// `[row, col]` of each wide character's left half (absent in older goldens).
        var wide: [[Int]]?
        /// `[row, size]` of each drawn row that is not single size (xterm's `ESC # 3/4/6`);
        /// absent when there is none. A row without drawn cells shows no size.
        var lineSizes: [[Int]]?

        enum CodingKeys: String, CodingKey {
            case cols, rows, cursor, lines, wide
            case lineSizes = "line_sizes"
        }
    }

    static func expected(_ collection: String, _ name: String) throws -> Expected {
        let data = try Data(contentsOf: folder(collection).appendingPathComponent("\(name).json"))
        return try JSONDecoder().decode(Expected.self, from: data)
    }

    static func input(_ collection: String, _ name: String, extension ext: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder(collection).appendingPathComponent("\(name).\(ext)")))
    }

    /// Feeds `bytes` to a terminal of the expected size and describes every difference
    /// from xterm's lines and cursor (empty when equal).
    static func differences(_ bytes: [UInt8], expected: Expected) -> [String] {
        var terminal = try! Terminal(cols: expected.cols, rows: expected.rows)
        terminal.feed(bytes)
        return differences(terminal.screen, expected: expected)
    }

    /// Every difference between `screen` and xterm's lines, cursor, wide cells and line
    /// sizes (empty when equal).
    static func differences(_ screen: Screen, expected: Expected) -> [String] {
        var problems: [String] = []
        let actual = screen.visibleLines()
        for row in 0..<max(actual.count, expected.lines.count) {
            let mine = row < actual.count ? actual[row] : "<none>"
            let theirs = row < expected.lines.count ? expected.lines[row] : "<none>"
            if mine.replacingOccurrences(of: "\u{200D}", with: "") != theirs {
                problems.append("row \(row): got \(mine.debugDescription), xterm \(theirs.debugDescription)")
            }
        }
        if screen.cursor.row != expected.cursor.row || screen.cursor.col != expected.cursor.col {
            problems.append(
                "cursor: got (\(screen.cursor.row), \(screen.cursor.col)), xterm (\(expected.cursor.row), \(expected.cursor.col))"
            )
        }
        if let wide = expected.wide {
            var mine: [[Int]] = []
            for row in 0..<screen.rows {
                for col in 0..<screen.cols where screen[row, col].width == 2 { mine.append([row, col]) }
            }
            if mine != wide { problems.append("wide cells: got \(mine), xterm \(wide)") }
        }
        // Line sizes: xterm prints a size only for rows with drawn cells.
        let codes: [LineSize: Int] = [.doubleHeightTop: 3, .doubleHeightBottom: 4, .doubleWidth: 6]
        let sizes = (0..<screen.rows).compactMap { row -> [Int]? in
            guard let code = codes[screen.lineSizes[row]], row < actual.count, !actual[row].isEmpty else { return nil }
            return [row, code]
        }
        if sizes != (expected.lineSizes ?? []) {
            problems.append("line sizes: got \(sizes), xterm \(expected.lineSizes ?? [])")
        }
        if let violation = screen.invariantViolation() { problems.append("invariant: \(violation)") }
        return problems
    }
}

extension XtermFixtures {
    /// One cell of a `battery/NAME.attrs.json`, as xterm printed it.
    struct PrintedCell: Decodable, Equatable, CustomStringConvertible {
        enum Color: Decodable, Equatable {
            case none, index(Int), rgb(String)
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if container.decodeNil() {
                    self = .none
                } else if let value = try? container.decode(Int.self) {
                    self = .index(value)
                } else {
                    self = .rgb(try container.decode(String.self))
                }
            }
        }
        var row: Int, col: Int, text: String, wide: Bool
        var fg: Color, bg: Color
        var bold: Bool, dim: Bool, italic: Bool, underline: Int, blink: Bool
        var inverse: Bool, strikethrough: Bool, invisible: Bool

        var description: String {
            "(\(row),\(col)) \(text.debugDescription) wide=\(wide) fg=\(fg) bg=\(bg) b=\(bold) d=\(dim) i=\(italic) u=\(underline) bl=\(blink) inv=\(inverse) s=\(strikethrough)"
        }
    }

    struct PrintedScreen: Decodable { var cols: Int; var rows: Int; var cells: [PrintedCell] }

    static func printedAttributes(_ name: String, in collection: String = "battery") throws -> PrintedScreen {
        let data = try Data(contentsOf: folder(collection).appendingPathComponent("\(name).attrs.json"))
        return try JSONDecoder().decode(PrintedScreen.self, from: data)
    }

    /// The cells of `screen` as xterm's printer would list them, with its quirks: a bold
    /// cell's foreground above 8 prints 8 lower (palette) or 8 less as 0xRRGGBB (direct);
    /// invisible cells print as plain spaces; blank cells at the end of a row that only have
    /// a background colour, as erasing with BCE leaves them, are not printed (xterm prints
    /// no trailing cell that was erased rather than drawn).
    static func printed(_ screen: Screen) -> [PrintedCell] {
        var result: [PrintedCell] = []
        for row in 0..<screen.rows {
            defer {
                while let last = result.last, last.row == row, last.text == " ", last.fg == .none,
                    !last.bold, !last.dim, !last.italic, last.underline == 0, !last.blink,
                    !last.inverse, !last.strikethrough
                {
                    result.removeLast()
                }
            }
            for col in 0..<screen.cols {
                let cell = screen[row, col]
                if cell.width == 0 { continue }
                let a = cell.attributes
                let invisible = a.contains(.invisible)
                let text = invisible ? " " : screen.text(of: cell).replacingOccurrences(of: "\u{200D}", with: "")
                func color(_ c: TerminalColor, bold: Bool) -> PrintedCell.Color {
                    switch c {
                    case .default: return .none
                    case .indexed(let n): return .index(bold && n > 8 ? Int(n) - 8 : Int(n))
                    case .rgb(let r, let g, let b):
                        var value = Int(r) << 16 | Int(g) << 8 | Int(b)
                        if bold && value > 8 { value -= 8 }
                        let hex = String(value, radix: 16)
                        return .rgb("#" + String(repeating: "0", count: 6 - hex.count) + hex)
                    }
                }
                let underline = a.contains(.underline) ? (cell.underlineStyle == .double ? 2 : 1) : 0
                let printed = PrintedCell(
                    row: row, col: col, text: text, wide: cell.width == 2,
                    fg: color(cell.foreground, bold: a.contains(.bold)), bg: color(cell.background, bold: false),
                    bold: a.contains(.bold), dim: a.contains(.dim), italic: a.contains(.italic),
                    underline: underline, blink: a.contains(.blink), inverse: a.contains(.inverse),
                    strikethrough: a.contains(.strikethrough), invisible: false)
                if text == " " && printed.bg == .none && !(printed.inverse || underline != 0 || printed.strikethrough) {
                    continue
                }
                result.append(printed)
            }
        }
        return result
    }
}
