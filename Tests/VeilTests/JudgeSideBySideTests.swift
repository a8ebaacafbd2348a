import Testing
import VeilRedaction
import VeilTestSupport

@testable import Veil

/// On a large input the second reading (every value known from the start) and the first
/// masked one (hidden cells blank) run side by side (`CaptureRedactor.judge`): what is hidden
/// and reported is what the readings made one after the other give, whether or not the second
/// reading adds something.
@Suite struct JudgeSideBySideTests {
    static let tokenRules = "rules:\n  - id: tok\n    regex: 'TOK[A-Z]{4}'\n    severity: block\n"

    static func judged(_ cast: Asciicast, rules: RuleSet, sideBySide: Bool) throws -> ExposureWindowTests.Summary {
        var redactor = CaptureRedactor(rules: rules)
        redactor.sideBySideFromBytes = sideBySide ? 0 : .max
        return ExposureWindowTests.summary(
            try redactor.judge(.recording(cast), cols: nil, rows: nil, path: "j.cast").report)
    }

    /// A card glued to a token is found once the token is blank: by the masked reading made
    /// beside the second one, which is the reading the rounds would make.
    @Test func aValueRevealedByHidingIsFoundSideBySide() throws {
        let rules = try RuleSet(yaml: Self.tokenRules)
        let cast = try ExposureTests.cast([(0.5, "x TOKABCD4111111111111111 y\r\n")])
        let alone = try Self.judged(cast, rules: rules, sideBySide: false)
        #expect(alone.exposures.count == 2, "\(alone.exposures)")
        #expect(try Self.judged(cast, rules: rules, sideBySide: true) == alone)

        let first = try ExposureScanner(rules: rules).scan(.recording(cast), cols: nil, rows: nil, path: "j.cast")
        var hidden = OffsetSet()
        for offset in first.sensitiveOffsets.keys { hidden.insert(offset) }
        let (seeded, masked) = try CaptureRedactor(rules: rules).seededReadings(
            .recording(cast), values: first.values, masking: hidden, cols: nil, rows: nil, path: "j.cast")
        var scanner = ExposureScanner(rules: rules)
        scanner.seed = first.values
        #expect(
            ExposureWindowTests.summary(seeded)
                == ExposureWindowTests.summary(try scanner.scan(.recording(cast), cols: nil, rows: nil, path: "j.cast"))
        )
        scanner.masking = hidden
        let oneAfterTheOther = try scanner.scan(.recording(cast), cols: nil, rows: nil, path: "j.cast")
        let besideIt = try #require(masked)
        #expect(ExposureWindowTests.summary(besideIt) == ExposureWindowTests.summary(oneAfterTheOther))
        #expect(besideIt.exposures.contains { $0.finding.ruleID == "card.pan" })
    }

    /// A copy shown before its value became detectable: the second reading adds it, so the
    /// masked reading made beside it (without that copy hidden) is dropped and made again.
    @Test func anEarlierCopyDropsTheReadingMadeBesideIt() throws {
        let value = RedactEarlierCopiesTests.value
        let rules = try RuleSet(yaml: Self.tokenRules)
        let cast = try ExposureTests.cast([
            (0.5, "\(value)\r\n"), (1.0, "\u{1B}[2J\u{1B}[Hpassword: \(value) TOKABCD4111111111111111\r\n"),
        ])
        let alone = try Self.judged(cast, rules: rules, sideBySide: false)
        #expect(alone.exposures.count == 3, "\(alone.exposures)")
        #expect(try Self.judged(cast, rules: rules, sideBySide: true) == alone)

        // The second reading does add the copy's bytes, so the judging takes the other path.
        let first = try ExposureScanner(rules: rules).scan(.recording(cast), cols: nil, rows: nil, path: "j.cast")
        var hidden = OffsetSet()
        for offset in first.sensitiveOffsets.keys { hidden.insert(offset) }
        let (seeded, masked) = try CaptureRedactor(rules: rules).seededReadings(
            .recording(cast), values: first.values, masking: hidden, cols: nil, rows: nil, path: "j.cast")
        #expect(seeded.sensitiveOffsets.keys.contains { !hidden.contains($0) })
        #expect(masked != nil)
    }

    /// Random sessions (values split across events, shown bare before their label, erased,
    /// on the alternate screen): the same report either way.
    @Test(arguments: Array(UInt64(1)...UInt64(24)))
    func randomSessionsJudgeTheSame(seed: UInt64) throws {
        let (events, cols, rows) = ExposureWindowTests.session(seed: seed)
        let cast = try ExposureTests.cast(
            events.enumerated().map { (Double($0.offset + 1) / 10, $0.element) }, cols: cols, rows: rows)
        let rules = try RuleSet.builtIn
        #expect(
            try Self.judged(cast, rules: rules, sideBySide: true) == Self.judged(cast, rules: rules, sideBySide: false),
            "seed \(seed)")
    }
}
