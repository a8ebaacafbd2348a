import Testing
@testable import VeilScreen

@Suite struct ScreenBasicsTests {
    @Test func printsAndWrapsAtTheLastColumn() {
        #expect(lines("0123456789AB") == ["0123456789", "AB", "", ""])
        #expect(cursor("0123456789") == [0, 9])
        #expect(terminal("0123456789AB").screen.wrapped == [true, false, false, false])
    }

    @Test func backspaceInPendingWrapMovesLeftOfTheLastColumn() {
        #expect(lines("0123456789\u{8}Z") == ["01234567Z9", "", "", ""])
    }

    @Test func eraseLineInPendingWrapErasesTheLastColumnAndCancelsTheWrap() {
        #expect(lines("0123456789\(csi)KZ") == ["012345678Z", "", "", ""])
    }

    @Test func cursorMovesClampAtTheEdges() {
        #expect(cursor("\(csi)99;99H") == [3, 9])
        #expect(cursor("\(csi)5;5H\(csi)99A") == [0, 4])
        #expect(cursor("\(csi)2;3H\(csi)2B\(csi)3C") == [3, 5])
        #expect(cursor("\(csi)2;3H\(csi)D") == [1, 1])
        #expect(cursor("\(csi)3;3H\(csi)E") == [3, 0])
        #expect(cursor("\(csi)3;3H\(csi)2F") == [0, 0])
        #expect(cursor("\(csi)3;3H\(csi)7G") == [2, 6])
        #expect(cursor("\(csi)3;3H\(csi)7`") == [2, 6])
        #expect(cursor("\(csi)3;3H\(csi)1d") == [0, 2])
        #expect(cursor("\(csi)3;3H\(csi)2a\(csi)e") == [3, 4])
    }

    @Test func eraseInDisplayAndLine() {
        let filled = "AAAAAAAAAABBBBBBBBBBCCCCCCCCCCDDDDDDDDD"
        #expect(lines(filled + "\(csi)2;5H\(csi)J") == ["AAAAAAAAAA", "BBBB", "", ""])
        #expect(lines(filled + "\(csi)2;5H\(csi)1J") == ["", "     BBBBB", "CCCCCCCCCC", "DDDDDDDDD"])
        #expect(lines(filled + "\(csi)2;5H\(csi)2J") == ["", "", "", ""])
        #expect(lines(filled + "\(csi)2;5H\(csi)1K") == ["AAAAAAAAAA", "     BBBBB", "CCCCCCCCCC", "DDDDDDDDD"])
        #expect(lines(filled + "\(csi)2;5H\(csi)2K") == ["AAAAAAAAAA", "", "CCCCCCCCCC", "DDDDDDDDD"])
        #expect(lines(filled + "\(csi)2;5H\(csi)3X") == ["AAAAAAAAAA", "BBBB   BBB", "CCCCCCCCCC", "DDDDDDDDD"])
    }

    @Test func insertAndDeleteCharactersAndLines() {
        #expect(lines("ABCDEF\r\(csi)2C\(csi)2@") == ["AB  CDEF", "", "", ""])
        #expect(lines("ABCDEF\r\(csi)2C\(csi)2P") == ["ABEF", "", "", ""])
        #expect(lines("1\r\n2\r\n3\r\n4\(csi)2;1H\(csi)L") == ["1", "", "2", "3"])
        #expect(lines("1\r\n2\r\n3\r\n4\(csi)2;1H\(csi)2M") == ["1", "4", "", ""])
    }

    @Test func repeatsOnlyRightAfterAPrintedCharacter() {
        #expect(lines("a\(csi)3b") == ["aaaa", "", "", ""])
        #expect(lines("a\r\(csi)3b") == ["a", "", "", ""])
    }

    @Test func scrollRegionAndLineFeedAtTheBottom() {
        #expect(lines("1\r\n2\r\n3\r\n4\r\n5") == ["2", "3", "4", "5"])
        #expect(lines("1\r\n2\r\n3\r\n4\(csi)2;3r\(csi)3;1H\nX") == ["1", "3", "X", "4"])
        #expect(lines("1\r\n2\r\n3\r\n4\(csi)2;3r\(csi)2;1H\(esc)MX") == ["1", "X", "2", "4"])
        #expect(lines("1\r\n2\r\n3\r\n4\(csi)S") == ["2", "3", "4", ""])
        #expect(lines("1\r\n2\r\n3\r\n4\(csi)2T") == ["", "", "1", "2"])
    }

    @Test func wideCharactersWrapFirstAndBlankTheirOtherHalf() {
        #expect(lines("012345678中") == ["012345678", "中", "", ""])
        #expect(lines("中文\r\(csi)CX") == [" X文", "", "", ""])
        #expect(lines("中文\rX") == ["X 文", "", "", ""])
        #expect(terminal("中文\rX").screen.invariantViolation() == nil)
    }

    @Test func combiningMarksAttachToThePreviousCellAlsoAcrossAPendingWrap() {
        let screen = terminal("e\u{301}123456789\u{301}").screen
        #expect(screen.text(row: 0, col: 0) == "e\u{301}")
        #expect(screen.text(row: 0, col: 9) == "9\u{301}")
        #expect(screen.cursor.col == 9)
        #expect(terminal("中\u{301}").screen.text(row: 0, col: 0) == "中\u{301}")
    }

    @Test func decSpecialGraphicsDrawsBoxes() {
        #expect(lines("\(esc)(0lqk\(esc)(Bq") == ["┌─┐q", "", "", ""])
        #expect(lines("\(esc))0a\u{E}q\u{F}q") == ["a─q", "", "", ""])
    }

    @Test func titleAndAlternateScreen() {
        var t = terminal("\(esc)]2;hello\u{7}main\(csi)?1049hALT")
        #expect(t.screen.title == "hello")
        #expect(t.screen.isAlternateScreen)
        #expect(t.screen.lines()[0] == "    ALT")
        t.feed("\(csi)?1049l")
        #expect(t.screen.lines()[0] == "main")
        #expect(t.cursor.col == 4)
    }

    @Test func answersQueries() {
        final class Box: @unchecked Sendable { var bytes: [UInt8] = [] }
        let box = Box()
        var t = try! Terminal(cols: 10, rows: 4)
        t.responseHandler = { box.bytes += $0 }
        t.feed("\(csi)3;4H\(csi)6n\(csi)5n\(csi)?2004h\(csi)?2004$p\(esc)]11;?\u{7}")
        #expect(
            String(decoding: box.bytes, as: UTF8.self)
                == "\(csi)3;4R\(csi)0n\(csi)?2004;1$y\(esc)]11;rgb:ffff/ffff/ffff\u{7}")
    }
}
