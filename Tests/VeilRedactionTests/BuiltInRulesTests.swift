import Foundation
import Testing
import VeilScreen
@testable import VeilRedaction

/// The built-in rules come from generated Swift (`Scripts/generate-builtin-rules`), not from
/// parsing `Resources/Rules/default.yml` at start-up; these tests keep the two equal.
@Suite struct BuiltInRulesTests {
    @Test func generatedBuiltInRulesEqualDefaultYMLReadByTheYAMLLoader() throws {
        let yaml = try RawRuleFile(yaml: RuleSet.builtInYAML(), file: RuleSet.builtInFileName)
        let generated = RawRuleFile.builtIn()
        #expect(generated.rules.count == yaml.rules.count)
        for (made, read) in zip(generated.rules, yaml.rules) {
            #expect(made == read, "rule at \(read.position) differs: run Scripts/generate-builtin-rules")
        }
        // The rest of the file (rules compared above, one by one, for short messages).
        var generatedRest = generated, yamlRest = yaml
        generatedRest.rules = []
        yamlRest.rules = []
        #expect(generatedRest == yamlRest, "run Scripts/generate-builtin-rules")
    }

    @Test func builtInRulesDescribeAndLintLikeTheYAMLOnes() throws {
        let builtIn = try RuleSet.builtIn
        let fromYAML = try RuleSet.loadBuiltInYAML()
        #expect(builtIn.origin == "Rules/default.yml")
        #expect(builtIn.catalog() == fromYAML.catalog())
        for rule in fromYAML.rules {
            #expect(builtIn.rule(withID: rule.id)?.details() == rule.details())
            #expect(builtIn.rule(withID: rule.id)?.position == rule.position)
        }
        #expect(builtIn.allowlists == fromYAML.allowlists)
        #expect(builtIn.regions == fromYAML.regions)
        #expect(builtIn.scansTitle == fromYAML.scansTitle)
    }

    @Test func builtInRegexesCompileOnFirstUseAndMatchLikeEagerOnes() throws {
        // A fresh copy of the generated rules: RuleSet.builtIn may have been used already.
        var compiler = RuleFileCompiler(file: RuleSet.builtInFileName)
        compiler.defersRegexCompilation = true
        let rules = try compiler.compile(RawRuleFile.builtIn(), base: { nil })
        let patterns =
            rules.rules.compactMap { rule -> RegexPattern? in
                if case let .pattern(pattern) = rule.matcher { return pattern }
                return nil
            } + (rules.allowlists + rules.rules.flatMap(\.allowlists)).flatMap(\.regexes)
        #expect(patterns.count >= 8)
        #expect(patterns.allSatisfy { !$0.isCompiled })
        for pattern in patterns {
            let eager = try RegexPattern(pattern.source, secretGroup: pattern.secretGroup)
            #expect(pattern.regex.numberOfCaptureGroups == eager.regex.numberOfCaptureGroups)
            #expect(pattern.isCompiled)
        }
        let hidden = try #require(rules.allowlists.first?.regexes.first)
        #expect(hidden.matches("•••••"))
        #expect(!hidden.matches("s3cr3t"))
    }

    @Test func lazyRegexCompilesOnceAcrossConcurrentUsers() async throws {
        let pattern = RegexPattern(deferringCompilation: "(?i)token=([a-z0-9]+)", secretGroup: 1)
        #expect(!pattern.isCompiled)
        let results = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 {
                group.addTask { ObjectIdentifier(pattern.regex) }
            }
            var seen: Set<ObjectIdentifier> = []
            for await id in group { seen.insert(id) }
            return seen
        }
        #expect(results.count == 1)
        #expect(pattern.matches("TOKEN=abc123"))
        #expect(!pattern.matches("nothing here"))
    }

    @Test func userRulesFilesStillReportBadRegexesWhenLoaded() {
        let yaml = "rules:\n  - id: bad\n    regex: 'a(b'\n"
        #expect(throws: RuleFileError.self) { try RuleSet(yaml: yaml, file: "bad.yml") }
        do {
            _ = try RuleSet(yaml: yaml, file: "bad.yml")
        } catch let error as RuleFileError {
            #expect(error.position == SourcePosition(file: "bad.yml", line: 3, column: 12))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

/// `^[…]+$` patterns are matched without ICU; they must agree with `NSRegularExpression`.
@Suite struct AnchoredClassRunTests {
    static let texts = [
        "", "*", "•••", "●●●●", "*•●", "a", "••a", "a••", " ••", "•• ", "••\n", "••\r\n", "••\r", "••\n\n",
        "••\r\n\n", "\n", "\r\n", "••\u{B}", "••\u{C}", "••\u{85}", "••\u{2028}", "••\u{2029}", "••\n•",
        "\n••", "••\u{301}", "•\u{200D}•", "＊＊", "•\t", "***\r\r", "x*x",
    ]

    @Test(arguments: ["^[*•●]+$", "^[x*]+$", "^[.|/]+$", "^[ab]+$"])
    func agreesWithICU(pattern: String) throws {
        #expect(AnchoredClassRun(pattern) != nil)
        let icu = try NSRegularExpression(pattern: pattern)
        let lazy = LazyRegex(deferring: pattern)
        for text in Self.texts + ["ab", "ba\n", "abc", "A", "..||//", "x**x\r\n"] {
            let expected = icu.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
            #expect(lazy.matches(text) == expected, "\(pattern) on \(text.debugDescription)")
        }
        #expect(!lazy.isCompiled)
    }

    @Test(arguments: [
        "^[a-z]+$", "^[^*]+$", "^[\\w]+$", "^[[:alpha:]]+$", "^[*]*$", "[*]+$", "^[*]+", "^[]+$",
        "^[ ]+$", "(?i)^[a]+$", "^[a&b]+$", "^[$]+$", "^[{a}]+$",
    ])
    func otherShapesAreLeftToICU(pattern: String) {
        #expect(AnchoredClassRun(pattern) == nil)
    }

    @Test func theBuiltInHiddenValueAllowlistNeedsNoICU() throws {
        var compiler = RuleFileCompiler(file: RuleSet.builtInFileName)
        compiler.defersRegexCompilation = true
        let rules = try compiler.compile(RawRuleFile.builtIn(), base: { nil })
        let hidden = try #require(rules.allowlists.first?.regexes.first)
        #expect(hidden.source == "^[*•●]+$")
        #expect(hidden.matches("******"))
        #expect(!hidden.matches("hunter2"))
        #expect(!hidden.isCompiled)
    }
}
