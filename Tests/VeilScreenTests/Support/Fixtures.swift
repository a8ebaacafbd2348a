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

    /// What real xterm showed: size, cursor and the lines (trailing spaces removed).
    struct Expected: Decodable {
        struct Position: Decodable { var row: Int; var col: Int }
        var cols: Int
        var rows: Int
        var cursor: Position
        var lines: [String]
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
        let screen = terminal.screen
        var problems: [String] = []
        let actual = screen.visibleLines()
        for row in 0..<max(actual.count, expected.lines.count) {
            let mine = row < actual.count ? actual[row] : "<none>"
            let theirs = row < expected.lines.count ? expected.lines[row] : "<none>"
            if mine != theirs { problems.append("row \(row): got \(mine.debugDescription), xterm \(theirs.debugDescription)") }
        }
        if screen.cursor.row != expected.cursor.row || screen.cursor.col != expected.cursor.col {
            problems.append("cursor: got (\(screen.cursor.row), \(screen.cursor.col)), xterm (\(expected.cursor.row), \(expected.cursor.col))")
        }
        if let violation = screen.invariantViolation() { problems.append("invariant: \(violation)") }
        return problems
    }
}
