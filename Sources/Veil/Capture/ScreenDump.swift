import VeilScreen

/// The text and JSON renderings of a screen that `veil screen` prints (for debugging and
/// conformance checks), so the command line stays thin.
///
/// ```swift
/// let screen = try TerminalCapture.screen(path: "out.bin", cols: 80, rows: 24)
/// print(ScreenDump.text(screen), terminator: "")
/// ```
public enum ScreenDump {
    /// An output format of `veil screen`.
    public enum Format: String, CaseIterable, Sendable {
        /// One line per row, trailing spaces removed.
        case text
        /// The grid with every cell's attributes.
        case json
    }

    /// The screen in `format`, ending with a newline.
    public static func render(_ screen: Screen, as format: Format) -> String {
        switch format {
        case .text: return text(screen)
        case .json: return json(screen)
        }
    }

    /// Exactly `rows` lines, each the row's characters as shown (a wide character once,
    /// invisible cells as spaces), trailing spaces removed; every line ends with `\n`.
    public static func text(_ screen: Screen) -> String {
        screen.visibleLines().map { $0 + "\n" }.joined()
    }

    /// `{"cols","rows","cursor":{"row","col","visible"},"title","alternateScreen","lines"}`
    /// with `lines` an array of rows, each an array of cells
    /// `{"text","width","fg","bg","bold","dim","italic","underline","inverse","strikethrough","sensitive"}`,
    /// keys always in this order. Colours are `null` (default), a palette index or
    /// `"#rrggbb"`; the right half of a wide character is a cell of width 0 and text `""`;
    /// invisible cells show a space. When a row is double-size (`ESC # 3/4/6`), a
    /// `"lineSizes"` array before `lines` gives every row's size: `"single"`,
    /// `"double-width"`, `"double-height-top"` or `"double-height-bottom"` (such a row shows
    /// only its first `cols / 2` cells, drawn twice as wide).
    public static func json(_ screen: Screen) -> String {
        var out = "{\"cols\":\(screen.cols),\"rows\":\(screen.rows)"
        out +=
            ",\"cursor\":{\"row\":\(screen.cursor.row),\"col\":\(screen.cursor.col),\"visible\":\(screen.cursor.isVisible)}"
        out += ",\"title\":" + quoted(screen.title)
        out += ",\"alternateScreen\":\(screen.isAlternateScreen)"
        if screen.lineSizes.contains(where: { $0 != .single }) {
            let names: [LineSize: String] = [
                .single: "single", .doubleWidth: "double-width", .doubleHeightTop: "double-height-top",
                .doubleHeightBottom: "double-height-bottom",
            ]
            out += ",\"lineSizes\":[" + screen.lineSizes.map { "\"" + names[$0]! + "\"" }.joined(separator: ",") + "]"
        }
        out += ",\"lines\":[\n"
        for row in 0..<screen.rows {
            out += "["
            for col in 0..<screen.cols {
                let cell = screen[row, col]
                let a = cell.attributes
                if col > 0 { out += "," }
                let text = a.contains(.invisible) && cell.width != 0 ? " " : screen.text(of: cell)
                out += "{\"text\":" + quoted(text)
                out += ",\"width\":\(cell.width)"
                out += ",\"fg\":" + color(cell.foreground)
                out += ",\"bg\":" + color(cell.background)
                out += ",\"bold\":\(a.contains(.bold)),\"dim\":\(a.contains(.dim)),\"italic\":\(a.contains(.italic))"
                out += ",\"underline\":\(a.contains(.underline)),\"inverse\":\(a.contains(.inverse))"
                out += ",\"strikethrough\":\(a.contains(.strikethrough)),\"sensitive\":\(cell.isSensitive)}"
            }
            out += row + 1 < screen.rows ? "],\n" : "]\n"
        }
        out += "]}\n"
        return out
    }

    static func color(_ color: TerminalColor) -> String {
        switch color {
        case .default:
            return "null"
        case .indexed(let index):
            return String(index)
        case .rgb(let r, let g, let b):
            return "\"#" + [r, g, b].map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
                + "\""
        }
    }

    /// A JSON string literal (the one escaper of the `Veil` module, ``JSONOutput``).
    static func quoted(_ text: String) -> String { JSONOutput.quoted(text) }
}
