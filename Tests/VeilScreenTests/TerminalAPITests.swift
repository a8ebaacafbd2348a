import Testing
@testable import VeilScreen

@Suite struct TerminalAPITests {
    @Test func everyFeedGivesTheSameScreen() throws {
        let text = "a\u{1B}[31m中\u{1B}[0mb\r\nline two\u{1B}]2;t\u{7}"
        let bytes = Array(text.utf8)
        var fromArray = try Terminal(cols: 10, rows: 3)
        fromArray.feed(bytes)
        var fromString = try Terminal(cols: 10, rows: 3)
        fromString.feed(text)
        var fromRaw = try Terminal(cols: 10, rows: 3)
        bytes.withUnsafeBytes { fromRaw.feed($0) }
        var fromSequence = try Terminal(cols: 10, rows: 3)
        fromSequence.feed(bytes.lazy.map { $0 })
        var fromSlice = try Terminal(cols: 10, rows: 3)
        fromSlice.feed(bytes[0..<5])
        fromSlice.feed(bytes[5...])
        let expected = fromArray.screen
        #expect(fromString.screen == expected)
        #expect(fromRaw.screen == expected)
        #expect(fromSequence.screen == expected)
        #expect(fromSlice.screen == expected)
        #expect(expected.lines() == ["a中b", "line two", ""])
    }

    @Test func unhandledSequencesAreReported() {
        final class Box: @unchecked Sendable { var seen: [String] = [] }
        let box = Box()
        var t = try! Terminal(cols: 10, rows: 2)
        t.unhandledSequenceHandler = { box.seen.append($0) }
        t.feed("\u{1B}[?999;5:1 z\u{1B}#1\u{1B}]52;c;x\u{7}\u{1B}[1mok\u{1B}\\")
        #expect(box.seen == ["CSI ? 999 ; 5:1 SP z", "ESC # 1", "OSC 52"])
        #expect(t.screen.lines()[0] == "ok")
    }

    @Test func screenIsAValue() {
        var t = terminal("abc")
        let before = t.screen
        t.feed("\r\u{1B}[2K")
        #expect(before.lines()[0] == "abc")
        #expect(t.screen.lines()[0] == "")
    }
}
