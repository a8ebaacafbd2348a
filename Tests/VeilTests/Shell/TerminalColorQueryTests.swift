import Testing

@testable import Veil

/// The colour question `veil shell` asks the user's terminal at the start: answers are taken
/// out of what is read, keys typed meanwhile are kept for the program.
@Suite struct TerminalColorQueryTests {
    @Test func answersAreReadAndKeysKept() {
        var query = TerminalColorQuery()
        query.read(Array("ls\u{1B}]10;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}]11;rgb:1e1e/2020/2".utf8))
        #expect(!query.isComplete)
        query.read(Array("323\u{07}\u{1B}[A\u{1B}[?64;1;2;4c".utf8))
        #expect(query.isComplete)
        query.finish()
        #expect(query.foreground.map { [$0.0, $0.1, $0.2] } == [0xFF, 0xFF, 0xFF])
        #expect(query.background.map { [$0.0, $0.1, $0.2] } == [0x1E, 0x20, 0x23])
        #expect(query.typed == Array("ls\u{1B}[A".utf8), "an arrow key typed meanwhile reaches the program")
    }

    @Test func aTerminalThatAnswersOnlyDA1LeavesTheDefaults() {
        var query = TerminalColorQuery()
        query.read(Array("\u{1B}[?1;2c".utf8))
        query.finish()
        #expect(query.isComplete && query.foreground == nil && query.background == nil && query.typed.isEmpty)
    }

    @Test func anUnfinishedAnswerGoesToTheProgramAtTheEnd() {
        var query = TerminalColorQuery()
        query.read(Array("\u{1B}".utf8))  // an Escape key, or the start of an answer
        #expect(query.typed.isEmpty)
        query.finish()
        #expect(query.typed == [0x1B])
        #expect(TerminalColorQuery.parse("rgb:12ff/0/ffff").map { [$0.0, $0.1, $0.2] } == [0x12, 0, 0xFF])
        #expect(TerminalColorQuery.parse("#ffffff") == nil)
    }
}
