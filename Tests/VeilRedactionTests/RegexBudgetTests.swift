import Foundation
import Synchronization
import Testing
@testable import VeilRedaction
import VeilScreen

/// Issue #21 and #17: the regex budget counts ICU match-engine steps, not wall-clock time, so
/// the same input always gives the same findings; allowlist regexes are charged to it; and
/// one input's screens share one total budget.
@Suite struct RegexBudgetTests {
    /// Rows of `a…a` with a card number after them: `^(a+)+$` on the line backtracks.
    static func allowlistScreen(rows: Int) throws -> Screen {
        var terminal = try Terminal(cols: 120, rows: rows)
        let row = String(repeating: "a", count: 40) + " Card: 4111 1111 1111 1111"
        terminal.feed(Array((0..<rows).map { _ in row }.joined(separator: "\r\n").utf8))
        return terminal.screen
    }

    static let allowlistRules = """
        extend: {useDefault: false}
        rules:
          - id: test.card
            regex: 'Card: (\\d{4} \\d{4} \\d{4} \\d{4})'
            secretGroup: 1
            allowlists:
              - regexes: ['^(a+)+$']
                regexTarget: line
        """

    @Test func aBacktrackingAllowlistIsChargedAndFailsClosed() throws {
        let rules = try RuleSet(yaml: Self.allowlistRules)
        let screen = try Self.allowlistScreen(rows: 24)
        let start = ContinuousClock.now
        let findings = try rules.findings(in: screen)
        // 24 candidates × a catastrophic allowlist: bounded by one screen's budget, not 24 × 50 ms.
        #expect(ContinuousClock.now - start < .seconds(3))
        // Nothing is allowed: the cards scanned before the budget ran out stay findings, and
        // every row (those, and the ones the rule could no longer scan) is hidden unscanned.
        #expect(!findings.filter { $0.source == .rule }.isEmpty)
        let unscannedRows = Set(findings.filter { $0.source == .timedOut }.flatMap(\.spans).map(\.row))
        #expect(unscannedRows == Set(0..<24))
    }

    @Test func anAllowlistWithinBudgetStillAllows() throws {
        let rules = try RuleSet(yaml: Self.allowlistRules.replacingOccurrences(of: "'^(a+)+$'", with: "'^a+ Card'"))
        let findings = try rules.findings(in: try Self.allowlistScreen(rows: 3))
        #expect(findings.isEmpty)
    }

    /// The same input gives the same findings every time, while other tasks keep the cores
    /// busy (with a wall-clock budget, #17 saw 9 of 40 concurrent runs differ).
    @Test func theBudgetIsDeterministicUnderLoad() async throws {
        let rules = try RuleSet(
            yaml: """
                extend: {useDefault: false}
                rules:
                  - id: slow
                    regex: '(x+x+)+y'
                """)
        var terminal = try Terminal(cols: 200, rows: 40)
        // Rows of different lengths: some finish within the line budget, some do not, and the
        // screen budget runs out part way down.
        let rows = (0..<40).map { String(repeating: "x", count: 10 + ($0 * 7) % 30) }
        terminal.feed(Array(rows.joined(separator: "\r\n").utf8))
        let screen = terminal.screen
        final class Stop: Sendable { let flag = Atomic<Bool>(false) }
        let stop = Stop()
        let burners = (0..<2).map { _ in
            Task.detached {
                var x: UInt64 = 1
                while !stop.flag.load(ordering: .relaxed) {
                    for _ in 0..<10_000 { x = x &* 6364136223846793005 &+ 1442695040888963407 }
                }
                return x
            }
        }
        defer { stop.flag.store(true, ordering: .relaxed) }
        func signature() throws -> [String] {
            try rules.findings(in: screen).map { "\($0.ruleID) \($0.source) \($0.spans)" }
        }
        let first = try signature()
        #expect(first.contains { $0.contains("timedOut") })
        for _ in 0..<8 {
            #expect(try signature() == first)
        }
        stop.flag.store(true, ordering: .relaxed)
        for burner in burners { _ = await burner.value }
    }

    /// Issue #17's case: an allowlist-heavy screen judged 40 times at once (the cores shared
    /// by 40 tasks) gives 40 identical answers, and the allowlisted value stays allowed in
    /// every one of them (a wall-clock budget let 9 of 40 runs flag it).
    @Test func fortyConcurrentRunsOfAnAllowlistHeavyScreenAgree() async throws {
        let rules = try RuleSet(
            yaml: """
                extend: {useDefault: true}
                allowlists:
                  - description: test fixtures
                    regexes:
                      ['^[a-z0-9]+-fixture-[0-9a-f]+$', '^(?:word)+example$', '(?i)^[a-z]+[0-9]+beta', 'AKIA[A-Z0-9]{12}EXAMPLE']
                    regexTarget: secret
                """)
        var terminal = try Terminal(cols: 120, rows: 24)
        var lines: [String] = []
        for row in 0..<24 {
            switch row % 4 {
            case 0: lines.append("aws_access_key_id = AKIAIOSFODNN7EXAMPLE  row \(row)")
            case 1: lines.append("password: alpha\(row)beta\(row)gamma-fixture-\(String(row, radix: 16))9f")
            case 2: lines.append("token=\(String(repeating: "word", count: 6))example")
            default: lines.append("password: Zq\(row)-Harbor-Lantern  card 4111 1111 1111 1111")
            }
        }
        terminal.feed(Array(lines.joined(separator: "\r\n").utf8))
        let screen = terminal.screen
        func signature() throws -> [String] {
            try rules.findings(in: screen).map { "\($0.ruleID) \($0.source) \($0.spans)" }
        }
        let alone = try signature()
        // The allowlisted values (rows 0, 1, 2 of every 4) are never findings.
        #expect(!alone.isEmpty)
        #expect(alone.allSatisfy { !$0.contains("timedOut") }, "\(alone)")
        let rowsFound = Set(try rules.findings(in: screen).flatMap(\.spans).map(\.row))
        #expect(rowsFound.allSatisfy { $0 % 4 == 3 }, "\(rowsFound.sorted())")
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<40 { group.addTask { try signature() } }
            var all: [[String]] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 40)
        #expect(results.allSatisfy { $0 == alone })
    }

    @Test func oneInputsScreensShareOneBudget() throws {
        let rules = try RuleSet(
            yaml: """
                extend: {useDefault: false}
                rules:
                  - id: slow
                    regex: '(a+)+$'
                """)
        var terminal = try Terminal(cols: 80, rows: 4)
        terminal.feed(
            Array((0..<4).map { _ in String(repeating: "a", count: 40) + "b" }.joined(separator: "\r\n").utf8))
        let screen = terminal.screen
        let allowance = RegexAllowance(steps: 3 * RuleSet.regexLineBudgetSteps)
        let first = try rules.findings(in: screen, allowance: allowance)
        #expect(first.filter { $0.source == .timedOut }.count == 4)
        #expect(allowance.remaining == 0)
        // The input's budget is spent: later screens hide every line the regex would scan, at once.
        let start = ContinuousClock.now
        for _ in 0..<100 {
            let later = try rules.findings(in: screen, allowance: allowance)
            #expect(later.filter { $0.source == .timedOut }.count == 4)
        }
        #expect(ContinuousClock.now - start < .seconds(2))
        // A fresh input gets a fresh budget.
        let fresh = RegexAllowance()
        #expect(fresh.remaining == RuleSet.regexInputBudgetSteps)
    }

    @Test func lintSharesOneBudgetAcrossEveryExample() throws {
        // 80 examples × 5 variants of a catastrophic pattern: one budget, not 400.
        let examples = (0..<80).map { _ in "'" + String(repeating: "a", count: 40) + "b'" }.joined(separator: ", ")
        let rules = try RuleSet(
            yaml: """
                extend: {useDefault: false}
                rules:
                  - id: slow
                    regex: '(a+)+$'
                    negativeExamples: [\(examples)]
                """)
        let start = Self.threadCPUSeconds()
        _ = rules.lint()
        // One input budget is about 1 s of one core; 240 screens with a budget each would take
        // about 25 s. Thread CPU time, not wall time: a loaded machine must not fail this.
        #expect(Self.threadCPUSeconds() - start < 15)
    }

    /// CPU time of the calling thread, in seconds.
    static func threadCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
