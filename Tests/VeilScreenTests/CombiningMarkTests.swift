import Testing

@testable import VeilScreen

/// Combining marks as xterm keeps them (goldens: battery `combining_*`).
@Suite struct CombiningMarkTests {
    @Test func compositionTable() {
        #expect(CharacterComposition.compose("e", "\u{301}") == "\u{E9}")
        #expect(CharacterComposition.compose("A", "\u{30A}") == "\u{C5}")
        #expect(CharacterComposition.compose("\u{E9}", "\u{302}") == nil)
        #expect(CharacterComposition.compose("x", "\u{301}") == nil)
        #expect(CharacterComposition.compose("\u{1100}", "\u{1161}") == "\u{AC00}")  // Hangul L + V
        #expect(CharacterComposition.compose("\u{AC00}", "\u{11A8}") == "\u{AC01}")  // LV + T
        #expect(CharacterComposition.compose("\u{AC01}", "\u{11A8}") == nil)  // LVT takes no T
        #expect(CharacterComposition.compose("\u{2ADC}", "\u{338}") == nil)  // composition exclusion
    }

    /// `e` + U+0301 is stored as `é`, then two more marks at most (xterm's `combiningChars`).
    @Test func marksPerCell() {
        let t = terminal("e\u{301}\u{302}\u{303}\u{304}Z\r\nx\u{301}\u{302}\u{303}")
        #expect(t.screen[0, 0].scalar == "\u{E9}")
        #expect(t.screen.text(row: 0, col: 0).unicodeScalars.map(\.value) == [0xE9, 0x302, 0x303])
        #expect(t.screen.text(row: 1, col: 0).unicodeScalars.map(\.value) == [0x78, 0x301, 0x302])
    }

    /// The parser hands the mark over as printed text (`veil screen --actions`:
    /// `print "abc"`, `csi_dispatch params=1;2 final='H'`, `print "\u{301}"`); where it goes
    /// is the screen's business: after a cursor move, xterm puts it on the cell under the
    /// cursor, not on the last character printed.
    @Test func aMarkAfterACursorMoveJoinsTheCellUnderTheCursor() {
        var recorder = ParserActionRecorder()
        var parser = Parser()
        parser.advance(Array("abc\(csi)1;2H\u{301}".utf8), into: &recorder)
        #expect(recorder.log == "print \"abc\"\ncsi_dispatch params=1;2 final='H'\nprint \"\u{301}\"\n")
        #expect(lines("abc\(csi)1;2H\u{301}")[0] == "ab\u{301}c")
        #expect(lines("xyz\r\u{301}")[0] == "x\u{301}yz")
        #expect(lines("abc\(csi)1;6H\u{301}")[0] == "abc")  // on a blank cell: nothing
        #expect(lines("abc\u{301}")[0] == "ab\u{107}")  // unmoved: the last character, composed
    }

    /// A wide character at the last column with autowrap off is not placed (xterm 379).
    @Test func wideCharacterAtTheLastColumnWithoutAutowrap() {
        #expect(lines("\(csi)?7l012345678中X")[0] == "012345678X")
        #expect(cursor("\(csi)?7l012345678中") == [0, 9])
    }
}
