import Testing
import VeilRedaction
import VeilRender
import VeilScreen
import VeilTestSupport

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

/// Invariant 1 on double-size rows: random screens whose rows hold random valid secrets of
/// every detector, some rows double-width or double-height (the secret's cells shown doubled,
/// or past the half and not shown at all), redacted in every style: the PNG is byte-identical
/// to the PNG of the same plan over a copy whose hidden cells hold other random content.
@Suite struct DoubleSizePrivacyTests {
    static let styles: [RedactionStyle] = [.solid, .defaultMask, .defaultPlaceholder, .privacyCover]

    @Test(arguments: 0..<24)
    func theImageDoesNotDependOnHiddenCells(_ index: Int) throws {
        var random = SeededGenerator(seed: SeededGenerator.caseSeed(base: 0xD0B1_E5EC, index: index))
        var secrets = RandomSecrets(random: SeededGenerator(seed: random.next()))
        let cols = random.pick([40, 60, 80])
        var terminal = try Terminal(cols: cols, rows: 10)
        var planted: [PlantedSecret] = []
        for row in 0..<10 {
            terminal.feed("\u{1B}[\(row + 1);1H")
            if random.chance(50) {
                let secret = secrets.any()
                planted.append(secret)
                terminal.feed(secret.lines.joined(separator: " "))
            } else {
                terminal.feed(random.string("abc def 中文 é", count: Int.random(in: 0...cols, using: &random)))
            }
            if random.chance(60) {
                terminal.feed("\u{1B}[\(row + 1);1H" + random.pick(["\u{1B}#6", "\u{1B}#3", "\u{1B}#4"]))
            }
        }
        let screen = terminal.screen
        let rules = try RuleSet.builtIn
        let plan = try Redactor(rules: rules).plan(for: screen)
        let hidden = PrivacyOracle.hiddenCells(plan, on: screen)
        let scrambledSome = PrivacyOracle.scrambled(screen, hidden: hidden, random: &random)
        let scrambledAll = PrivacyOracle.scrambled(screen, hidden: Set(0..<screen.cells.count), random: &random)
        for style in Self.styles {
            let redactor = Redactor(rules: rules, style: style)
            let stylePlan = try redactor.plan(for: screen)
            let isCover = style == .privacyCover
            let mine = try redactor.apply(stylePlan, to: screen)
            let other = try redactor.apply(stylePlan, to: isCover ? scrambledAll : scrambledSome)
            #expect(mine.lineSizes == screen.lineSizes && other.lineSizes == screen.lineSizes)
            for scale in 1...2 {
                let renderer = try SnapshotRenderer(options: RenderOptions(scale: scale))
                #expect(
                    try renderer.png(for: mine) == renderer.png(for: other),
                    "case \(index) style \(style.name) scale \(scale): the PNG changes with the hidden cells' content")
            }
        }
        #expect(!planted.isEmpty || hidden.isEmpty)
    }
}
