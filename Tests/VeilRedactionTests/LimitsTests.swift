import Foundation
import Testing
@testable import VeilRedaction
import VeilScreen
import VeilYAML

/// Rules files are bounded (size, counts, lengths, YAML shape) and user regexes are bounded
/// in time, failing closed: what a regex could not scan in time is hidden.
@Suite struct LimitsTests {
    /// A 200×60 screen whose every row is 199 `a` and a `b`: the worst case for `(a+)+$`.
    static func backtrackingScreen() throws -> Screen {
        var terminal = try Terminal(cols: 200, rows: 60)
        let row = String(repeating: "a", count: 199) + "b"
        terminal.feed(Array((0..<60).map { _ in row }.joined(separator: "\r\n").utf8))
        return terminal.screen
    }

    @Test(arguments: ["(a+)+$", "(x+x+)+y|(a|aa)+$", "(a*)*b\\d"])
    func aCatastrophicRegexIsBoundedPerScreenAndHidesWhatItCouldNotScan(pattern: String) throws {
        let rules = try RuleSet(
            yaml: """
                rules:
                  - id: slow
                    regex: '\(pattern)'
                """)
        let screen = try Self.backtrackingScreen()
        let clock = ContinuousClock()
        let start = clock.now
        let result = Redactor(rules: rules).redact(screen)
        let elapsed = clock.now - start
        // The whole screen's regex budget is 1,000 ICU steps (about 100 ms here, unloaded); far below
        // the 5 s deadline even when the tests load both cores.
        #expect(elapsed < .seconds(4), "took \(elapsed)")
        #expect(result.failure == nil)
        let unscanned = result.findings.filter { $0.source == .timedOut }
        #expect(!unscanned.isEmpty)
        #expect(unscanned.allSatisfy { $0.severity == .warn && $0.ruleID == "slow" && $0.masked.isEmpty })
        // Fail closed: every row is either fully scanned (no match: nothing to hide) or hidden
        // whole. Here every row backtracks, so every row is hidden.
        for row in 0..<screen.rows {
            #expect(
                (0..<screen.cols).allSatisfy { result.screen[row, $0] == Cell.hidden },
                "row \(row) is visible")
        }
    }

    @Test func aFastRegexStillFindsAndTheBudgetIsPerScreen() throws {
        let rules = try RuleSet(
            yaml: """
                rules:
                  - id: order
                    regex: 'ORD-[0-9]{6}'
                    keywords: [ord-]
                """)
        let screen = try TestScreen("ref ORD-123456 ok").screen
        let findings = try rules.findings(in: screen)
        #expect(findings.map(\.ruleID) == ["order"])
        #expect(findings.allSatisfy { $0.source == .rule })
    }

    @Test func aBacktrackingAllowlistAllowsNothing() throws {
        let rules = try RuleSet(
            yaml: """
                rules:
                  - id: token
                    regex: 'tok_[ab]{10,}'
                    allowlists:
                      - regexes: ['((a|b)+)+$']
                        regexTarget: line
                """)
        // `ab` repeated, not one letter: a token of one repeated letter is a placeholder.
        let screen = try TestScreen("tok_" + String(repeating: "ab", count: 35) + "!", cols: 80).screen
        let clock = ContinuousClock()
        let start = clock.now
        let findings = try rules.findings(in: screen)
        #expect(clock.now - start < .seconds(2))
        // The candidate stays a finding, and its line is hidden unscanned (with a warning).
        #expect(findings.filter { $0.source == .rule }.map(\.ruleID) == ["token"])
        #expect(findings.filter { $0.source == .timedOut }.map(\.ruleID) == ["token"])
    }

    // MARK: Rules file limits

    static func expectError(
        _ yaml: String, line: Int, containing text: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            _ = try RuleSet(yaml: yaml, file: "limits.yml")
            Issue.record("no error", sourceLocation: sourceLocation)
        } catch let error as RuleFileError {
            #expect(error.position.file == "limits.yml", sourceLocation: sourceLocation)
            #expect(error.position.line == line, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message.contains(text), "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func tooManyRulesIsAnError() {
        let rules = (0...RuleFileLimits.maximumRules).map { "  - {id: r\($0), regex: 'x\($0)y'}" }.joined(
            separator: "\n")
        Self.expectError("rules:\n" + rules, line: 1, containing: "1001 rules; the limit is 1000")
    }

    @Test func tooManyKeywordsIsAnError() {
        let words = (0...RuleFileLimits.maximumListItems).map { "k\($0)" }.joined(separator: ", ")
        Self.expectError(
            "rules:\n  - id: r\n    regex: 'x'\n    keywords: [\(words)]", line: 4, containing: "101 keywords")
    }

    @Test func anOverlongRegexIsAnError() {
        let regex = String(repeating: "a", count: RuleFileLimits.maximumRegexLength + 1)
        Self.expectError("rules:\n  - id: r\n    regex: '\(regex)'", line: 3, containing: "regex of 4097 characters")
    }

    @Test func anOverlongKeywordIsAnError() {
        let word = String(repeating: "k", count: RuleFileLimits.maximumWordLength + 1)
        Self.expectError(
            "rules:\n  - id: r\n    regex: 'x'\n    keywords:\n      - \(word)", line: 5, containing: "257 bytes")
    }

    @Test func tooManyAllowlistRegexesIsAnError() {
        let regexes = (0...RuleFileLimits.maximumListItems).map { "'a\($0)'" }.joined(separator: ", ")
        Self.expectError("allowlists:\n  - regexes: [\(regexes)]", line: 2, containing: "101 regexes in an allowlist")
    }

    @Test func anAliasBombIsRefusedBeforeItExpands() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
            yaml += "a\(level): &a\(level) [\(refs)]\n"
        }
        yaml += "rules: *a9\n"
        let clock = ContinuousClock()
        let start = clock.now
        Self.expectError(yaml, line: 6, containing: "expands to more than 200000 YAML nodes")
        #expect(clock.now - start < .seconds(2))
    }

    @Test func aliasesAsKeysCannotHangTheDuplicateCheck() {
        // Hashing two huge alias keys would walk billions of nodes.
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            yaml +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        yaml += "rules:\n  ? *a8\n  : 1\n  ? *a7\n  : 2\n"
        Self.expectError(yaml, line: 6, containing: "YAML nodes")
    }

    @Test func deepNestingIsAnError() {
        let depth = YAMLDocumentLimits.maximumDepth + 1
        let yaml = "rules: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        Self.expectError(yaml, line: 1, containing: "nest more than 32 deep")
    }

    @Test func aModestAliasIsFine() throws {
        let rules = try RuleSet(
            yaml: """
                rules:
                  - {id: a, regex: 'ORD-[0-9]{6}', keywords: &words [order, ref]}
                  - {id: b, regex: 'REF-[0-9]{6}', keywords: *words}
                """)
        #expect(rules.rules.filter { ["a", "b"].contains($0.id) }.count == 2)
    }

    @Test func anOversizedRulesFileIsRefusedByItsSizeUnread() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.yml")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(10) << 30)  // a sparse 10 GiB file: reading it would not end
        try handle.close()
        #expect {
            try RuleSet(contentsOf: file)
        } throws: { error in
            "\(error)".contains("is 10737418240 bytes; the limit for a rules file is 1 MiB")
        }
    }
}
