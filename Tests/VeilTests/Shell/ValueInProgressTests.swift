import Testing
import VeilRedaction
import VeilScreen
import VeilTestSupport

@testable import Veil

/// A token written a character at a time shows its prefix and nothing after it until a rule
/// matches it whole; a word that turns out to be no token is shown once it ends.
@Suite struct ValueInProgressTests {
    static let token = ShellScreenTests.token  // ghp_ + 36 characters

    static func frameAfter(_ text: String, cols: Int = 60, rows: Int = 4) throws -> (ShellScreen, Screen) {
        var shell = try ShellScreenTests.screen(cols: cols, rows: rows)
        var last = shell.frame().screen
        for scalar in text.unicodeScalars {
            shell.feed(Array(String(scalar).utf8))
            last = shell.frame().screen
        }
        return (shell, last)
    }

    @Test func thePrefixesAreTheKeywordsTheExamplesStartAValueWith() throws {
        let prefixes = Set(
            ValueInProgress(rules: try RuleSet.builtIn).prefixes.map { String(String.UnicodeScalarView($0)) })
        for prefix in ["ghp_", "github_pat_", "AKIA", "AIza", "eyJ", "glpat-", "sk_live_", "sk-ant-"] {
            #expect(prefixes.contains(prefix), "\(prefix)")
        }
        // Labels come before a value, not at its start; words start with lowercase letters
        // (airtable's `pat`, slack's `xox`); `令牌` starts a value only in a label's example.
        for word in ["password", "token", "secret", "Bearer", "pat", "xox", "令牌"] {
            #expect(!prefixes.contains(word), "\(word)")
        }
        // A rules file's rule takes part through its examples, and only through them.
        let rule = "extend:\n  useDefault: false\nrules:\n  - id: t\n    regex: 'ZZ_[a-z]{20}'\n    keywords: [ZZ_]\n"
        #expect(ValueInProgress(rules: try RuleSet(yaml: rule, file: "t.yml")).prefixes.isEmpty)
        let withExample = rule + "    examples: ['↓ZZ_abcdefghijklmnopqrst↓']\n"
        #expect(
            ValueInProgress(rules: try RuleSet(yaml: withExample, file: "t.yml")).prefixes == [
                Array("ZZ_".unicodeScalars)
            ])
    }

    @Test func aTokenTypedAloneShowsOnlyItsPrefixInEveryFrame() throws {
        var shell = try ShellScreenTests.screen(cols: 60, rows: 4)
        shell.feed(Array("$ ".utf8))
        _ = shell.frame()
        for (index, scalar) in Self.token.unicodeScalars.enumerated() {
            shell.feed(Array(String(scalar).utf8))
            let seen = Array(ShellScreenTests.seen(shell.frame().screen, row: 0).unicodeScalars.dropFirst(2))
            let typed = index + 1
            #expect(seen.count == typed, "after \(typed) characters")
            // The prefix may show (or be hidden once a rule matches); nothing after it does.
            for (at, scalar) in seen.enumerated() where at >= 4 { #expect(scalar == "#", "after \(typed) characters") }
        }
        // Whole, the rule hides it all: the prefix too, and after the cursor leaves.
        shell.feed(Array("\r\n$ ".utf8))
        #expect(ShellScreenTests.seen(shell.frame().screen, row: 0) == "$ " + String(repeating: "#", count: 40))
    }

    @Test func aWordThatIsNoTokenIsShownOnceItEndsOrTheCursorLeaves() throws {
        // A space ends it.
        var (shell, screen) = try Self.frameAfter("$ echo ghp_notatoken")
        #expect(ShellScreenTests.seen(screen, row: 0) == "$ echo ghp_#########")
        shell.feed(Array(" ".utf8))
        #expect(ShellScreenTests.seen(shell.frame().screen, row: 0) == "$ echo ghp_notatoken")
        // A cursor move with nothing else written ends it too.
        (shell, screen) = try Self.frameAfter("$ ls ghp_notes")
        #expect(ShellScreenTests.seen(screen, row: 0) == "$ ls ghp_#####")
        shell.feed(Array("\u{1B}[1G".utf8))
        #expect(ShellScreenTests.seen(shell.frame().screen, row: 0) == "$ ls ghp_notes")
    }

    @Test func aPrefixCountsAtTheWordsStartOrAfterADelimiterOnly() throws {
        let rules = try RuleSet.builtIn
        let hold = ValueInProgress(rules: rules)
        func start(_ word: String) -> Int? { hold.heldStart(in: Array(word.unicodeScalars)) }
        #expect(start("ghp_x") == 4)
        #expect(start("GITHUB_TOKEN=ghp_x") == 17)
        #expect(start("\"AKIAQ") == 5)
        #expect(start("url?token=sk-ant-1") == 17)
        #expect(start("aghp_x") == nil)
        #expect(start("ghp_") == nil)  // nothing after the prefix yet
        #expect(start("notes") == nil)
    }

    @Test func aWordSoftWrappedOverTheRowsBeforeIsHeldOnEachRow() throws {
        // 10 columns: "$ " and ghp_ + 10 characters wrap onto the second row.
        let (_, screen) = try Self.frameAfter("$ ghp_abcdefghij", cols: 10)
        #expect(ShellScreenTests.seen(screen, row: 0) == "$ ghp_####")
        #expect(ShellScreenTests.seen(screen, row: 1) == "######")
    }

    @Test func wideCharactersAndCombiningMarksAreCellsOfTheWord() throws {
        // A wide character glued before the prefix: the prefix does not start the word.
        var (_, screen) = try Self.frameAfter("$ 名ghp_abc")
        #expect(ShellScreenTests.seen(screen, row: 0) == "$ 名ghp_abc")
        // After a delimiter it does; a combining mark stays with its character.
        (_, screen) = try Self.frameAfter("$ 名=ghp_ae\u{301}名")
        #expect(ShellScreenTests.seen(screen, row: 0) == "$ 名=ghp_####")
    }

    @Test(arguments: 0..<20) func noFrameShowsMoreThanTheirPrefixOfTokensPrintedInRandomPieces(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let tokens = [Self.token, "AKIA" + "Z7Q3X9RTV2M4W8KP", "glpat-" + "Xq7Rz2Kp9LmN4vB8cW3d"]
        let token = tokens[Int.random(in: 0..<tokens.count, using: &random)]
        let prefix = ["ghp_", "AKIA", "glpat-"].first { token.hasPrefix($0) }!
        let lead = ["", "x=", "\"", "key: "][Int.random(in: 0..<4, using: &random)]
        var shell = try ShellScreenTests.screen(cols: 80, rows: 4)
        let text = Array(("$ echo " + lead + token).utf8)
        var at = 0
        while at < text.count {
            let piece = Int.random(in: 1...6, using: &random)
            shell.feed(Array(text[at..<min(text.count, at + piece)]))
            at += piece
            let seen = ShellScreenTests.seen(shell.frame().screen, row: 0)
            // Of the token, at most its prefix is ever visible: no character after it.
            #expect(!seen.contains(String(token.prefix(prefix.count + 1))), "\(seen)")
            let rest = Array(token.dropFirst(prefix.count))
            for i in 0..<(rest.count - 2) { #expect(!seen.contains(String(rest[i..<(i + 3)])), "\(seen)") }
        }
    }
}
