import Testing
import VeilScreen
import VeilTestSupport
@testable import VeilRedaction

/// The covered-findings pass compares each finding with the findings that contain its first
/// cell, not with every other finding (47,000 findings on one screen took 16 s).
@Suite struct CoveredFindingsTests {
    static let rules = """
        extend: {useDefault: false}
        rules:
          - id: long
            regex: 'ab[0-9]{6}'
            severity: block
          - id: short
            regex: '[0-9]{6}'
            severity: warn
          - id: other
            regex: 'zz'
            severity: warn
        """

    @Test func thousandsOfFindingsCostAFewComparisonsEach() throws {
        let custom = try RuleSet(yaml: Self.rules)
        let row = String(repeating: "ab123456 zz ", count: 10)
        let text = Array(repeating: row, count: 200).joined(separator: "\n")
        let screen = try TestScreen(text, cols: 120).screen
        var run = DetectionRun(rules: custom, screen: screen, allowance: RegexAllowance())
        try run.run()
        #expect(run.findings.filter { $0.ruleID == "long" }.count == 2000)
        #expect(run.findings.filter { $0.ruleID == "other" }.count == 2000)
        #expect(!run.findings.contains { $0.ruleID == "short" })
        let covered = run.dropped.filter { $0.reason == "covered by long" }
        #expect(covered.count == 2000 && covered.allSatisfy { $0.ruleID == "short" })
        // 6,000 findings: comparing every pair is 36 million checks; the index lists each
        // finding's containers only.
        #expect(run.coverChecks <= 4 * 6000)
    }

    @Test func findingsPiledOnTheSameCellsRunIntoTheBudget() throws {
        // 40 rules matching runs of 1 … 40 digits in the same lines: each finding is
        // compared with the ones of the other rules around it.
        let rules = (1...40).map { "  - {id: r\($0), regex: '[0-9]{\($0)}', severity: block}" }.joined(separator: "\n")
        let custom = try RuleSet(yaml: "extend: {useDefault: false}\nrules:\n" + rules)
        let line = String(repeating: "0123456789", count: 10)
        let screen = try TestScreen(Array(repeating: line, count: 5).joined(separator: "\n"), cols: 100).screen
        var run = DetectionRun(rules: custom, screen: screen, allowance: RegexAllowance())
        run.coverCheckLimit = 10_000
        #expect(throws: DetectionError.tooManyOverlaps(limit: 10_000)) { try run.run() }
        var unlimited = DetectionRun(rules: custom, screen: screen, allowance: RegexAllowance())
        try unlimited.run()
        #expect(unlimited.coverChecks > 10_000)
        #expect(RuleSet.maximumCoverChecks == 1 << 24)
    }

    @Test func theEarliestWinnerNamesTheCover() throws {
        let custom = try RuleSet(
            yaml: """
                extend: {useDefault: false}
                rules:
                  - {id: a, regex: 'k[0-9]{4}x', severity: block}
                  - {id: b, regex: 'k[0-9]{4}x', severity: block}
                  - {id: c, regex: '[0-9]{4}', severity: block}
                  - {id: d, regex: '[0-9]{2}x', severity: warn}
                """)
        let screen = try TestScreen("k1234x").screen
        let detection = try custom.detect(in: screen)
        // a and b tie (same severity, size): the earlier rule wins; c is covered by a, d too.
        #expect(detection.findings.map(\.ruleID) == ["a"])
        let reasons = Dictionary(uniqueKeysWithValues: detection.dropped.map { ($0.ruleID, $0.reason) })
        #expect(reasons["b"] == "covered by a")
        #expect(reasons["c"] == "covered by a")
        #expect(reasons["d"] == "covered by a")
    }

    @Test func theIndexListsExactlyTheContainingSpans() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<50 {
            var spans: [(start: Int, end: Int, owner: Int)] = []
            for owner in 0..<Int(generator.next() % 40) {
                let start = Int(generator.next() % 30)
                spans.append((start, start + 1 + Int(generator.next() % 10), owner))
            }
            let index = CoveringSpanIndex(spans)
            for start in 0..<35 {
                for width in 1...5 {
                    var listed: [Int] = []
                    index.forEachOwner(containing: start, start + width) { listed.append($0) }
                    let expected = spans.filter { $0.start <= start && start + width <= $0.end }.map(\.owner)
                    #expect(listed.sorted() == expected.sorted())
                }
            }
        }
    }
}
