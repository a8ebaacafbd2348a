import Foundation
import Testing
import Veil
import VeilRedaction
import VeilRender
import VeilScreen

/// WCAG 2.x contrast, computed here from the definition (relative luminance of sRGB).
enum Contrast {
    static func luminance(_ color: RGBColor) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    static func ratio(_ a: RGBColor, _ b: RGBColor) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}

/// The demo and redaction as a reader sees them: hidden fields read as hidden in every theme,
/// the demo's text is legible in every theme, and its boxes are closed.
@Suite struct DemoLegibilityTests {
    static let demoScreens = ["bank-home.ans", "bank-login.ans", "welcome-back.ans"]

    static func demoScreen(_ name: String) throws -> Screen {
        let folder = URL(fileURLWithPath: try DemoSession.scenarioPath()).deletingLastPathComponent()
        return try TerminalCapture.screen(path: folder.appendingPathComponent(name).path, cols: 80, rows: 24)
    }

    @Test(arguments: Theme.builtIn.map(\.name))
    func hiddenCellsStandOutFromTheBackgroundByAtLeastThreeToOne(theme name: String) throws {
        let theme = try #require(Theme.named(name))
        let fill = theme.resolve(RedactionStyle.maskColor, isForeground: false)
        let ratio = Contrast.ratio(fill, theme.background)
        #expect(ratio >= 3, "mask \(fill) on \(theme.background) in \(name): \(ratio):1")
        // The placeholder style's label must be readable on the mask.
        let label = theme.resolve(RedactionStyle.placeholderTextColor, isForeground: true)
        #expect(Contrast.ratio(label, fill) >= 4.5, "placeholder label on the mask in \(name)")
    }

    @Test(arguments: Theme.builtIn.map(\.name))
    func theDemosVisibleTextIsLegibleInEveryTheme(theme name: String) throws {
        let theme = try #require(Theme.named(name))
        for file in Self.demoScreens {
            let screen = try Self.demoScreen(file)
            let redacted = Redactor(rules: try RuleSet.builtIn).redact(screen)
            var faint: Set<String> = []
            for row in 0..<screen.rows {
                for col in 0..<screen.cols {
                    let cell = redacted.screen[row, col]
                    guard cell.scalar != " ", cell.width > 0, cell.foreground != RedactionStyle.maskColor else {
                        continue
                    }
                    var foreground = theme.resolve(cell.foreground, isForeground: true)
                    var background = theme.resolve(cell.background, isForeground: false)
                    if cell.attributes.contains(.inverse) { swap(&foreground, &background) }
                    let ratio = Contrast.ratio(foreground, background)
                    // Dim text (key hints) may be quieter; everything else ≥ 3:1.
                    if ratio < (cell.attributes.contains(.dim) ? 2 : 3) { faint.insert("\(cell.foreground)") }
                }
            }
            #expect(faint.isEmpty, "\(file) in \(name): text colours \(faint.sorted()) are nearly invisible")
        }
    }

    @Test(arguments: demoScreens)
    func everyBoxInTheDemoIsClosed(file: String) throws {
        let screen = try Self.demoScreen(file)
        let lines = screen.lines()
        // A box is a run of rows from one starting with ┌ to the next starting with └;
        // every one of its rows must end in the same column with its right edge.
        var top: Int?
        for (row, line) in lines.enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("┌") { top = row }
            guard let first = top else { continue }
            if text.hasPrefix("└") {
                let widths = (first...row).map {
                    TextWidth.columns(
                        of: lines[$0].replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression))
                }
                #expect(Set(widths).count == 1, "\(file): box rows \(first)…\(row) have widths \(widths)")
                let edges = (first...row).map { lines[$0].trimmingCharacters(in: .whitespaces).last }
                #expect(
                    edges.first == "┐" && edges.last == "┘" && edges.dropFirst().dropLast().allSatisfy { $0 == "│" },
                    "\(file): right edges \(edges)")
                top = nil
            }
        }
    }
}

/// Display columns of text as the screen counts them.
enum TextWidth {
    static func columns(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + CharacterWidth.of($1) }
    }
}
