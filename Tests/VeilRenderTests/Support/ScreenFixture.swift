import Foundation
import VeilRender
import VeilScreen

/// A golden-test screen read from `Fixtures/screens/NAME.json` (format: see
/// `Scripts/render-goldens/make-screens.py`), built through the `Cell`/`Screen` API.
struct ScreenFixture {
    let name: String
    let screen: Screen
    let theme: Theme
    let scales: [Int]
    let padding: Int
    let windowFrame: Bool
    let drawCursor: Bool

    struct FormatError: Error, CustomStringConvertible {
        let description: String
    }

    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Fixtures.url("screens").path)
            .filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }
            .sorted()
    }

    init(name: String) throws {
        self.name = name
        let data = try Data(contentsOf: Fixtures.url("screens/\(name).json"))
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cols = json["cols"] as? Int, let rows = json["rows"] as? Int,
            let themeName = json["theme"] as? String, let theme = Theme.named(themeName)
        else { throw FormatError(description: "\(name): missing cols, rows or theme") }
        self.theme = theme
        scales = json["scales"] as? [Int] ?? [1]
        padding = json["padding"] as? Int ?? 0
        windowFrame = json["windowFrame"] as? Bool ?? false
        drawCursor = json["drawCursor"] as? Bool ?? false
        var screen = try Screen(cols: cols, rows: rows)
        screen.title = json["title"] as? String ?? ""
        if let cursor = json["cursor"] as? [String: Any] {
            screen.cursor = Cursor(
                row: cursor["row"] as? Int ?? 0, col: cursor["col"] as? Int ?? 0,
                isVisible: cursor["visible"] as? Bool ?? true)
        }
        for case let run as [String: Any] in json["runs"] as? [Any] ?? [] {
            try Self.apply(run, to: &screen, fixture: name)
        }
        self.screen = screen
    }

    private static func apply(_ run: [String: Any], to screen: inout Screen, fixture: String) throws {
        guard let row = run["row"] as? Int, var col = run["col"] as? Int else {
            throw FormatError(description: "\(fixture): a run without row/col")
        }
        let units: [[Unicode.Scalar]]
        if let text = run["text"] as? String {
            units = text.unicodeScalars.map { [$0] }
        } else if let list = run["text"] as? [String] {
            units = list.map { Array($0.unicodeScalars) }
        } else {
            throw FormatError(description: "\(fixture): a run without text")
        }
        let width = run["width"] as? Int ?? 1
        var attributes = try CellAttributes(names: run["attrs"] as? [String] ?? [], fixture: fixture)
        var underline = UnderlineStyle.single
        if let style = run["underline"] as? String {
            attributes.insert(.underline)
            underline = try UnderlineStyle(name: style, fixture: fixture)
        }
        let foreground = try TerminalColor(json: run["fg"], fixture: fixture)
        let background = try TerminalColor(json: run["bg"], fixture: fixture)
        for unit in units {
            var cell = Cell(
                scalar: unit[0], width: UInt8(width), foreground: foreground, background: background,
                attributes: attributes, underlineStyle: attributes.contains(.underline) ? underline : .none)
            if unit.count > 1 {
                var cluster = ""
                cluster.unicodeScalars.append(contentsOf: unit)
                screen.clusters.append(cluster)
                cell.clusterIndex = UInt32(screen.clusters.count - 1)
            }
            screen[row, col] = cell
            if width == 2, run["continuation"] as? Bool ?? true {
                screen[row, col + 1] = Cell(
                    scalar: "\0", width: 0, foreground: foreground, background: background,
                    attributes: attributes, underlineStyle: cell.underlineStyle)
                col += 2
            } else {
                col += 1
            }
        }
    }

    func options(scale: Int) -> RenderOptions {
        RenderOptions(scale: scale, drawCursor: drawCursor, padding: padding, windowFrame: windowFrame)
    }
}

extension CellAttributes {
    init(names: [String], fixture: String) throws {
        let table: [String: CellAttributes] = [
            "bold": .bold, "dim": .dim, "italic": .italic, "underline": .underline, "blink": .blink,
            "inverse": .inverse, "invisible": .invisible, "strikethrough": .strikethrough, "overline": .overline,
        ]
        self = []
        for name in names {
            guard let attribute = table[name] else {
                throw ScreenFixture.FormatError(description: "\(fixture): attribute \(name)")
            }
            insert(attribute)
        }
    }
}

extension UnderlineStyle {
    init(name: String, fixture: String) throws {
        let table: [String: UnderlineStyle] = [
            "single": .single, "double": .double, "curly": .curly, "dotted": .dotted, "dashed": .dashed,
        ]
        guard let style = table[name] else {
            throw ScreenFixture.FormatError(description: "\(fixture): underline \(name)")
        }
        self = style
    }
}

extension TerminalColor {
    init(json: Any?, fixture: String) throws {
        switch json {
        case nil, "default" as String:
            self = .default
        case let index as Int where (0...255).contains(index):
            self = .indexed(UInt8(index))
        case let hex as String where hex.hasPrefix("#") && hex.count == 7:
            guard let value = UInt32(hex.dropFirst(), radix: 16) else { fallthrough }
            self = .rgb(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        default:
            throw ScreenFixture.FormatError(description: "\(fixture): colour \(String(describing: json))")
        }
    }
}
