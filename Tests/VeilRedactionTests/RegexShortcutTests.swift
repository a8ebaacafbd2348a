import Foundation
import Testing
import VeilTestSupport

@testable import VeilRedaction

/// Patterns decided without ICU (``RegexShortcut``) must agree with `NSRegularExpression`.
@Suite struct RegexShortcutTests {
    static let texts = [
        "", "a", "key", "KEY", "Key", "your-token", "YOUR_KEY", "yourSecret", "your--token", "xyourkeyx",
        "EXAMPLE", "example", "eXaMpLe1", "placeholder", "0123456", "012345", "ABCDEFG", "aaaaaa", "aaaaa",
        "aaaaab", "xxxxxxxx", "••••••", "a\naaaaa", "aaa\naaa", "\n\n\n\n\n\n", "\r\r\r\r\r\r", "\t\t\t\t\t\t",
        "\u{212A}ey", "ke\u{FF59}", "ſample", "SAMPLE", "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
        "😀😀😀😀😀😀", "😀😀😀😀😀", "ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zA7bC", "AKIAIOSFODNN7EXAMPLE",
        "sk-proj-EXAMPLEexample", "changeme!", "redacted", "REDACTED", "your token", "yourtoken",
        "your_secret_here", "stringhere", "randomstring", "a.b", "a-b", "a_b", "ab", "abc\u{85}", "ẞ",
    ]

    /// The built-in rules' allowlist patterns, and other shapes the shortcut takes.
    static var patterns: [String] {
        get throws {
            let rules = try RuleSet.builtIn
            let builtIn = (rules.allowlists + rules.rules.flatMap(\.allowlists)).flatMap(\.regexes).map(\.source)
            return Array(Set(builtIn)).sorted() + [
                "(?i)(?:a|b)", "(?:x|y)z?", "a|", "(k)(e)y", "[-_]x", "x[_-]", "(?i)[ab]c", "\\.", "a\\-b", "é|ü",
                "(.)\\1{2}", "(.)\\1{1}",
            ]
        }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func agreesWithICU(seed: UInt64) throws {
        var decided = 0
        var rng = SeededGenerator(seed: seed)
        let alphabet = Array("aAkKeEyY01_-.\n\u{212A}é😀 xX")
        let random = (0..<300).map { _ in
            String((0..<Int.random(in: 0...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
        }
        for pattern in try Self.patterns {
            let icu = try NSRegularExpression(pattern: pattern)
            guard let shortcut = RegexShortcut(pattern) else { continue }
            for text in Self.texts + random {
                guard let answer = shortcut.matches(text) else { continue }
                decided += 1
                let expected = icu.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
                #expect(answer == expected, "seed \(seed): \(pattern) on \(text.debugDescription)")
            }
        }
        #expect(decided > 1000)
    }

    @Test func theVendorAllowlistsNeedNoICU() throws {
        let rules = try RuleSet.builtIn
        let vendor = try #require(rules.rule(withID: "github.token"))
        let sources = vendor.allowlists.flatMap(\.regexes).map(\.source)
        #expect(sources.count >= 3)
        for source in sources { #expect(RegexShortcut(source) != nil, "\(source)") }
    }

    @Test(arguments: [
        "a*", "a+", "a{2}", "a??", "a?+", ".", "^a", "a$", "\\d", "\\1", "(?i:a)", "(?=a)", "(?<n>a)", "[a-z]",
        "[^a]", "[\\w]", "[[:alpha:]]", "a b", "(?x)a", "a#b", "(?i)é", "(a", "a)", "[ab", "(.)\\1*",
        "(.)\\1{0}", "(.)\\2{3}", "(?i)(.)\\1{5}",
    ])
    func otherShapesAreLeftToICU(pattern: String) {
        #expect(RegexShortcut(pattern) == nil)
    }

    @Test func aCaseInsensitivePatternLeavesOtherTextsToICU() throws {
        let literals = try #require(LiteralAlternation("(?i)(?:key|sample)"))
        #expect(literals.matches("\u{212A}EY") == nil)
        #expect(literals.matches("A KEY") == true)
        #expect(literals.matches("keys") == true)
        #expect(literals.matches("kez") == false)
    }

    @Test func tooManyStringsAreLeftToICU() {
        #expect(LiteralAlternation(String(repeating: "[ab]", count: 8)) != nil)  // 256
        #expect(LiteralAlternation(String(repeating: "[ab]", count: 9)) == nil)  // 512
    }
}
