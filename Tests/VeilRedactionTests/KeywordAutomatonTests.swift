import Testing
import VeilTestSupport

@testable import VeilRedaction

/// The keyword automaton finds exactly the keywords a naive search finds, and the rules it
/// selects for a line are the rules a naive reading of each rule's keywords selects, in rule
/// order.
@Suite struct KeywordAutomatonTests {
    /// Every (end offset, keyword) pair of a naive search of `line` for `keywords`.
    static func naiveMatches(_ line: [UInt8], _ keywords: [[UInt8]]) -> [[Int]] {
        let lowered = line.map(ASCII.lower)
        var found: [[Int]] = []
        for end in 0..<lowered.count {
            for (id, keyword) in keywords.enumerated() where keyword.count <= end + 1 {
                if Array(lowered[(end + 1 - keyword.count)...end]) == keyword { found.append([end, id]) }
            }
        }
        return found.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
    }

    @Test(arguments: [KeywordAutomaton.maximumDenseEntries, 1, 40, 400])
    func findsWhatANaiveSearchFinds(denseEntries: Int) {
        // Keywords that are prefixes, suffixes and infixes of each other, one byte long,
        // non-ASCII, and upper case in the line: every failure and report link is used.
        let keywords: [[UInt8]] = [
            "he", "she", "his", "hers", "a", "aa", "aaa", "key", "api_key", "apikey", "_key", "token", "令牌",
            "密码", "xoxb-", "-", "sk-", "sk-ant-", "ant",
        ].map { Array($0.utf8) }
        let automaton = KeywordAutomaton(keywords: keywords, maximumDenseEntries: denseEntries)
        #expect(denseEntries >= KeywordAutomaton.maximumDenseEntries || automaton.denseStates < automaton.stateCount)
        var random = ScannerFuzzTests.SplitMix(seed: 7)
        let pieces = [
            "he", "SHE", "r", "s", "HiS", "a", "A", "k", "ey", "api", "_", "Key", "tok", "EN", "令", "牌", "密码", "x",
            "oxb-", "-", "sk", "ant", " ", "é",
        ]
        var lines: [[UInt8]] = [[], Array("ushers".utf8), Array("AAAA".utf8), Array("sk-ant-api_key".utf8)]
        for _ in 0..<2000 {
            let count = Int.random(in: 1...14, using: &random)
            lines.append(Array((0..<count).map { _ in pieces.randomElement(using: &random)! }.joined().utf8))
        }
        let mismatches = Self.mismatches(automaton, keywords: keywords, lines: lines)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test(arguments: [KeywordAutomaton.maximumDenseEntries, 300])
    func manyRandomKeywordsSharingPrefixesToo(denseEntries: Int) {
        // Hundreds of keywords over a few letters: long shared prefixes, many children per
        // state, the trie's edge table well filled.
        var random = ScannerFuzzTests.SplitMix(seed: 11)
        let letters = Array("abcd_-9".utf8)
        var keywords: [[UInt8]] = []
        var seen = Set<[UInt8]>()
        while keywords.count < 400 {
            let keyword = (0..<Int.random(in: 1...9, using: &random)).map { _ in
                letters.randomElement(using: &random)!
            }
            if seen.insert(keyword).inserted { keywords.append(keyword) }
        }
        let automaton = KeywordAutomaton(keywords: keywords, maximumDenseEntries: denseEntries)
        let lines = (0..<150).map { _ in
            (0..<Int.random(in: 0...30, using: &random)).map { _ in
                Array("abcdABCD_-9x".utf8).randomElement(using: &random)!
            }
        }
        let mismatches = Self.mismatches(automaton, keywords: keywords, lines: lines)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// The lines where `automaton` reports other matches than a naive search for `keywords`.
    static func mismatches(
        _ automaton: KeywordAutomaton, keywords: [[UInt8]], lines: [[UInt8]]
    ) -> [String] {
        var mismatches: [String] = []
        for line in lines {
            var found: [[Int]] = []
            line.withUnsafeBufferPointer { buffer in
                // The end offset of each match: the automaton reports while reading a byte, so
                // run it on each prefix and keep what the last byte adds.
                for end in 0..<buffer.count {
                    var all: [Int] = []
                    automaton.forEachMatch(in: UnsafeBufferPointer(rebasing: buffer[0...end])) { all.append($0) }
                    var before: [Int] = []
                    if end > 0 {
                        automaton.forEachMatch(in: UnsafeBufferPointer(rebasing: buffer[0..<end])) { before.append($0) }
                    }
                    found += all[before.count...].sorted().map { [end, $0] }
                }
            }
            if found != Self.naiveMatches(line, keywords) {
                mismatches.append(String(decoding: line, as: UTF8.self))
            }
        }
        return mismatches
    }

    /// Whether `keyword` holds on a line whose bytes, lowercased, are `lowered`, read
    /// naively: anywhere in it, or, anchored (`^`), where its text starts after spaces and tabs.
    static func naiveHolds(_ lowered: [UInt8], _ keyword: String) -> Bool {
        if Rule.isAnchoredKeyword(keyword) {
            let text = String(decoding: lowered, as: UTF8.self).drop { $0 == " " || $0 == "\t" || $0 == "\u{3000}" }
            return Array(text.utf8).starts(with: Array(keyword.dropFirst().lowercased().utf8))
        }
        return lowered.withUnsafeBufferPointer { $0.containsLowercase(Array(keyword.lowercased().utf8)) }
    }

    @Test func theRulesOfALineAreThoseANaiveReadingSelectsInRuleOrder() throws {
        let many = (0..<70).map { "kw\($0)x" }
        let rules =
            try RuleSet.builtIn.rules + [
                Rule(id: "anchored", matcher: .builtIn(.email), keywords: ["^kw7x", "^-U", "^\tkw8x"]),
                Rule(id: "both", matcher: .builtIn(.email), keywords: ["kw9x", "^kw9x"]),
                Rule(id: "many", matcher: .builtIn(.email), keywords: many),
                Rule(id: "one-byte", matcher: .builtIn(.email), keywords: ["@", "."]),
                Rule(id: "off", matcher: .builtIn(.email), keywords: ["a"], isEnabled: false),
                Rule(id: "always", matcher: .builtIn(.email)),
            ]
        let index = KeywordIndex(rules: rules)
        #expect(index.ruleWords == (rules.count + 63) / 64 && index.ruleWords > 2)
        var random = ScannerFuzzTests.SplitMix(seed: 31)
        var lines = [
            "", "kw69x", "KW3X", "password", "eyJ", "nothing", "DATADOG_API_KEY=", "@.", "kw7x", "  \t KW7X x",
            "x kw7x", "-u", "  -u deploy:pw \\", "sudo -u postgres", "\tkw8x", "\t\tkw8x", "curl -u a:b",
            "\u{3000}\u{3000}kw7x", " \u{3000}\t-u x", "\u{3000}", "说明 kw7x",
        ]
        for _ in 0..<1000 {
            let count = Int.random(in: 1...12, using: &random)
            let indent = (0..<Int.random(in: 0...2, using: &random)).map { _ in random.pick([" ", "\t", "\u{3000}"]) }
                .joined()
            lines.append(
                indent
                    + (0..<count).map { _ in
                        Bool.random(using: &random)
                            ? ScannerFuzzTests.pieces.randomElement(using: &random)!
                            : many.randomElement(using: &random)!
                    }.joined())
        }
        var mismatches: [String] = []
        for line in lines {
            let lowered = Array(line.utf8).map(ASCII.lower)
            var selected = [UInt64](repeating: 0, count: index.ruleWords)
            let any = Array(line.utf8).withUnsafeBufferPointer { buffer in
                selected.withUnsafeMutableBufferPointer { index.selectRules(buffer, rules: $0) }
            }
            for w in selected.indices { selected[w] |= index.unconditionalBits[w] }
            var order: [Int] = []
            selected.withUnsafeMutableBufferPointer { $0.forEachSetBit { order.append($0) } }
            let naive = rules.indices.filter { r in
                let rule = rules[r]
                return rule.isEnabled
                    && (rule.keywords.isEmpty
                        || rule.keywords.contains { keyword in
                            KeywordAutomatonTests.naiveHolds(lowered, keyword)
                        })
            }
            let anyKeyword = naive.contains { !rules[$0].keywords.isEmpty }
            if any != anyKeyword || order != naive { mismatches.append(line.debugDescription) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
