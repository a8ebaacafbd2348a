import Testing
import VeilScreen
import VeilTestSupport

@testable import VeilRedaction

/// The search for a few known values on a screen without findings of its own (a pair
/// prefilter and the values' prebuilt index) finds what the general search finds.
@Suite struct KnownValueShortcutTests {
    let rules: RuleSet
    init() throws { rules = try RuleSet.builtIn }

    func findings(_ screen: Screen, known: KnownValues, shortcut: Bool) throws -> [Finding] {
        var run = DetectionRun(rules: rules, screen: screen, allowance: RegexAllowance())
        run.searchesKnownValuesFirst = shortcut
        try run.run(known: known)
        return run.findings
    }

    @Test func theShortcutFindsWhatTheGeneralSearchFinds() throws {
        var random = SeededGenerator(seed: 0xBEEF)
        var secrets = RandomSecrets(random: SeededGenerator(seed: 99))
        var repeats = 0
        for round in 0..<300 {
            // Values found on an earlier screen.
            let planted = (0..<Int.random(in: 1...6, using: &random)).map { _ in secrets.any() }
            var known = KnownValues()
            let earlier = try Terminal.screen(planted.flatMap(\.lines), cols: 120, rows: 40)
            known.remember(try rules.findings(in: earlier))
            let values = try rules.findings(in: earlier).map(\.secretText).filter { !$0.contains("\n") }
            guard !values.isEmpty else { continue }
            // A screen that shows some of them again, bare, glued, at or across the right edge.
            let cols = Int.random(in: 12...60, using: &random)
            var text = ""
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: text += random.pick(values)
                case 1: text += "x" + String(random.pick(values).prefix(Int.random(in: 3...12, using: &random)))
                case 2: text += String(repeating: "-", count: Int.random(in: 0...cols, using: &random))
                default: text += random.pick(["\r\n", " ", "ok ", "\r\n$ ", "echo "])
                }
            }
            if random.chance(20) { text = "\u{1B}]0;\(random.pick(values))\u{07}" + text }
            let screen = try Terminal.screen([text], cols: cols, rows: Int.random(in: 2...10, using: &random))
            let general = try findings(screen, known: known, shortcut: false)
            #expect(try findings(screen, known: known, shortcut: true) == general, "round \(round): \(text)")
            repeats += general.count
        }
        #expect(repeats > 300, "the screens hold repeats")
    }
}

extension Terminal {
    /// The screen after `lines`, each on its own row (long ones wrapped).
    static func screen(_ lines: [String], cols: Int, rows: Int) throws -> Screen {
        var terminal = try Terminal(cols: cols, rows: rows)
        terminal.feed(Array(lines.joined(separator: "\r\n").utf8))
        return terminal.screen
    }
}
