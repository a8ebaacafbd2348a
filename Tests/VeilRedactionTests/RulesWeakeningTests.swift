import Testing
@testable import VeilRedaction

/// What in a rules file weakens an audit (``RulesWeakening``): the settings a rules file of a
/// pull request's tree may not carry unpinned (SECURITY.md, "Rules from the tree").
@Suite struct RulesWeakeningTests {
    static func settings(_ yaml: String) throws -> [String] {
        try RulesWeakening.find(inYAML: yaml, file: "t.yml").map(\.setting)
    }

    @Test func turningBuiltInRulesOffOrTheTitleChannelIsAWeakeningAtItsLine() throws {
        let found = try RulesWeakening.find(
            inYAML:
                "description: x\nextend:\n  useDefault: false\n  disabledRules: [card.pan, iban]\nscanTitle: false\n",
            file: "t.yml")
        #expect(found.map(\.kind) == [.builtInRulesOff, .builtInRuleDisabled, .builtInRuleDisabled, .channelOff])
        #expect(found.map(\.position.line) == [3, 4, 4, 5])
        #expect(found[0].description == "t.yml:3:15: extend.useDefault: false: turns every built-in rule off")
    }

    @Test func replacingABuiltInRuleIsAWeakeningAndAddingOneIsNot() throws {
        #expect(try Self.settings("rules:\n  - id: jwt\n    regex: 'x'\n") == ["rules: id jwt"])
        #expect(try Self.settings("rules:\n  - id: app.token\n    regex: 'TOK-[0-9]{8}'\n").isEmpty)
        #expect(try Self.settings("extend:\n  useDefault: true\nscanTitle: true\n").isEmpty)
    }

    @Test(arguments: [".*", ".", "\\w", "[0-9]", "[A-Za-z]", "(?i)[a-z0-9]+", "^.{4,}$", "(?s).+"])
    func broadAllowlistRegexesAreWeakenings(_ regex: String) throws {
        let yaml = "allowlists:\n  - regexes: ['\(regex.replacingOccurrences(of: "'", with: "''"))']\n"
        #expect(try Self.settings(yaml) == ["allowlists: regexes '\(regex)'"], "\(regex)")
    }

    @Test(arguments: ["^4000 ?0566 ?5566 ?5556$", "EXAMPLE", "^AKIA[0-9A-Z]{16}$", "@example\\.com$", "^ORD-TEST-"])
    func narrowAllowlistRegexesAreNot(_ regex: String) throws {
        #expect(try Self.settings("allowlists:\n  - regexes: ['\(regex)']\n").isEmpty, "\(regex)")
    }

    @Test func stopwordsAndConditions() throws {
        #expect(try Self.settings("allowlists:\n  - stopwords: [a]\n") == ["allowlists: stopwords 'a'"])
        #expect(try Self.settings("allowlists:\n  - stopwords: [qa-fixture]\n").isEmpty)
        // AND: broad only when every present check is broad.
        let and = "allowlists:\n  - condition: AND\n    regexes: ['.*']\n    stopwords: [qa-fixture]\n"
        #expect(try Self.settings(and).isEmpty)
        let or = "allowlists:\n  - regexes: ['.*']\n    stopwords: [qa-fixture]\n"
        #expect(try Self.settings(or) == ["allowlists: regexes '.*'"])
        // Per-rule allowlists of the file's own rules weaken nothing built in.
        #expect(
            try Self.settings("rules:\n  - id: app.x\n    regex: 'X'\n    allowlists:\n      - regexes: ['.*']\n")
                .isEmpty)
    }
}
