import Testing
import VeilRedaction
import VeilRender
import VeilScreen

@testable import Veil

/// Redaction of a double-width row covers the doubled cells: a card number printed on a
/// row after `ESC # 6` is found, hidden, and no pixel of its doubled cells is drawn from it
/// (every one is the mask colour).
@Suite struct DoubleSizeRedactionTests {
    @Test(arguments: ["\u{1B}#6", "\u{1B}#3", "\u{1B}#4"])
    func aSecretOnADoubleSizeRowIsHiddenOverItsDoubledCells(_ size: String) throws {
        var terminal = try Terminal(cols: 60, rows: 3)
        terminal.feed("\(size)card 4111 1111 1111 1111\r\n")
        let screen = terminal.screen
        #expect(screen.lineSizes[0] != .single)
        let judgement = try Snapshotter.judge(screen, rules: try .builtIn)
        #expect(judgement.redacted.lineSizes == screen.lineSizes)
        let spans = judgement.findings.filter { $0.ruleID == "card.pan" }.flatMap(\.spans)
        #expect(!spans.isEmpty)
        let theme = Theme.dark
        let mask = theme.resolve(RedactionStyle.maskColor, isForeground: false)
        let bitmap = try SnapshotRenderer(theme: theme).bitmap(for: judgement.redacted)
        for span in spans {
            #expect(span.row == 0)
            for x in (16 * span.col)..<(16 * (span.col + span.width)) {
                for y in 0..<16 { #expect(bitmap.color(x: x, y: y) == mask, "pixel \(x),\(y)") }
            }
        }
    }
}
