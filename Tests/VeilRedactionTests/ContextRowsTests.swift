import Testing
import VeilScreen
import VeilTestSupport

@testable import VeilRedaction

/// `findings(in:…, contextRows:)`: rows that are only the line above the lines judged are
/// read as context (labels, context words) but not scanned, and hold no finding.
@Suite struct ContextRowsTests {
    let rules: RuleSet
    init() throws { rules = try RuleSet.builtIn }

    static func screen(_ lines: [String], cols: Int = 80, rows: Int? = nil) throws -> Screen {
        var terminal = try Terminal(cols: cols, rows: rows ?? lines.count)
        terminal.feed(Array(lines.joined(separator: "\r\n").utf8))
        return terminal.screen
    }

    @Test func aLabelOnAContextRowStillMakesTheValueBelowAFinding() throws {
        // A bare 9-digit SSN counts only next to an SSN word: here the word is on the row above.
        let screen = try Self.screen(["Social Security No.", "536228714"])
        let alone = try Self.screen(["", "536228714"])
        #expect(try rules.findings(in: alone).isEmpty, "the value needs its label")
        let findings = try rules.findings(in: screen, contextRows: [true, false])
        #expect(findings.map(\.ruleID) == ["us.ssn"])
        #expect(findings.first?.spans == [CellSpan(row: 1, col: 0, width: 9)])
        #expect(findings == (try rules.findings(in: screen)))
    }

    @Test func aSecretOnAContextRowIsNoFinding() throws {
        let screen = try Self.screen(["card 4111 1111 1111 1111", "ok", "card 5500 0000 0000 0004"])
        #expect(try rules.findings(in: screen).count == 2)
        let findings = try rules.findings(in: screen, contextRows: [true, false, false])
        #expect(findings.map { $0.spans.first?.row } == [2])
        let detection = try rules.detect(in: screen, contextRows: [true, true, true])
        #expect(detection.findings.isEmpty)
        // Nil and all-false flags are the call without flags.
        #expect(try rules.findings(in: screen, contextRows: nil) == (try rules.findings(in: screen)))
        #expect(try rules.findings(in: screen, contextRows: [false, false]) == (try rules.findings(in: screen)))
    }

    @Test func knownValuesAndAppMarksOnContextRowsAreNoFindings() throws {
        var terminal = try Terminal(cols: 80, rows: 3)
        terminal.feed(Array("token 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\r\nsecret zone\r\nplain".utf8))
        try terminal.markSensitive(row: 1, col: 0, width: 6, height: 1, reason: "app")
        let screen = terminal.screen
        var known = KnownValues()
        known.remember(try rules.findings(in: try Self.screen(["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"])))
        #expect(try rules.findings(in: screen, known: known).count == 2)
        #expect(try rules.findings(in: screen, known: known, contextRows: [true, true, false]).isEmpty)
        let marks = try rules.findings(in: screen, known: known, contextRows: [true, false, false])
        #expect(marks.map(\.ruleID) == ["app.marked"])
    }

    @Test func aPrivateKeyWhoseHeaderIsContextIsStillHidden() throws {
        let lines = [
            "-----BEGIN OPENSSH PRIVATE KEY-----",
            "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
            "QyNTUxOQAAACDmQ2B3bPz8T1w0Sx4eKzYf5XkqRk5v7n9X5Yp3aLwQJwAAAJgAAAAAAAAA",
            "-----END OPENSSH PRIVATE KEY-----",
        ]
        let screen = try Self.screen(lines)
        let everything = try rules.findings(in: screen)
        #expect(everything.map(\.ruleID) == ["private_key"])
        #expect(try rules.findings(in: screen, contextRows: [true, false, false, false]) == everything)
        #expect(try rules.findings(in: screen, contextRows: [true, true, true, true]).isEmpty)
    }

    /// Pieces of filler text: labels and context words of the detectors that read the line
    /// above, look-alikes, and plain words.
    static let filler = [
        "SSN:", "Social Security No.", "password:", "token", "api key", "card", "commit", "sha256", "secret",
        "hello", "ls -la", "12", "-", " ", "  ", "world", "user@", "=", "/tmp/x", "卡号", "密码：", "|", "Bearer",
    ]

    /// Random stacked screens with planted secrets and random context rows: the findings are
    /// those of the call without flags minus the ones lying entirely on context rows, when
    /// the values found on context rows are known (as a scanner's are: it judged those rows
    /// before).
    @Test func differsFromTheCallWithoutFlagsOnlyOnContextRows() throws {
        var random = SeededGenerator(seed: 0x5EED_C0DE)
        var secrets = RandomSecrets(random: SeededGenerator(seed: 77))
        var compared = 0
        var leftOut = 0
        for round in 0..<300 {
            var lines: [String] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4: lines += secrets.any().lines
                case 4: lines.append("")
                default:
                    let count = Int.random(in: 1...8, using: &random)
                    lines.append((0..<count).map { _ in random.pick(Self.filler) }.joined(separator: " "))
                }
                // A secret seen twice, on a context row and on a judged one.
                if random.chance(10), let last = lines.last { lines.append("again \(last)") }
            }
            let rows = Int.random(in: 2...12, using: &random)
            var terminal = try Terminal(cols: 80, rows: rows)
            terminal.feed(Array(lines.joined(separator: "\r\n").utf8))
            if random.chance(20) {
                try terminal.markSensitive(
                    row: Int.random(in: 0..<rows, using: &random), col: 3, width: 5, height: 1, reason: "r")
            }
            let screen = terminal.screen
            let context = (0..<rows).map { _ in random.chance(40) }
            let detection = DetectionRun.contextOnly(context)
            let everything = try rules.findings(in: screen)
            var known = KnownValues()
            known.remember(everything.filter { detection($0.spans, $0.location) })
            let expected = try rules.findings(in: screen, known: known).filter { !detection($0.spans, $0.location) }
            let found = try rules.findings(in: screen, known: known, contextRows: context)
            #expect(found == expected, "round \(round): \(lines) context \(context)")
            compared += expected.count
            leftOut += everything.filter { detection($0.spans, $0.location) }.count
        }
        #expect(compared > 200 && leftOut > 100, "the screens exercise both sides: \(compared), \(leftOut)")
    }
}

extension DetectionRun {
    /// Whether spans lie entirely on the rows flagged in `context` (a test's own reading of
    /// the rule, independent of the run's).
    static func contextOnly(_ context: [Bool]) -> ([CellSpan], Finding.Location) -> Bool {
        { spans, location in
            location == .screen && !spans.isEmpty && spans.allSatisfy { $0.row < context.count && context[$0.row] }
        }
    }
}
