import Testing
import VeilTestSupport

@testable import VeilScreen

/// Reverse wraparound (mode 45 with autowrap 7) on BS and CUB. Every situation xterm 379 can
/// show has a golden in `Fixtures/xterm/battery/revwrap_*`; these tests add esctest2's own
/// three cases at its 80×25 size and what no golden can hold.
@Suite struct ReverseWraparoundTests {
    /// esctest2 (`tests/bs.py`, run with `--xterm-reverse-wrap` unset, i.e. mode 45 as in
    /// xterm before #383): the three cases where Veil used to differ from XTerm(379). CPR is
    /// 1-based (column, row); these are 0-based (row, column).
    @Test func esctestCasesAtEightyByTwentyFive() {
        let setup = "\(csi)?7h\(csi)?45h"
        // BS_ReverseWrapGoesToBottom: DECSTBM 2;5, BS at (1, 2) → (80, 5).
        #expect(cursor(setup + "\(csi)2;5r\(csi)2;1H\u{8}", cols: 80, rows: 25) == [4, 79])
        // BS_ReverseWrapWithLeftRight: DECSLRM 5;10, BS at (5, 3) → (10, 2).
        let margins = setup + "\(csi)?69h\(csi)5;10s"
        #expect(cursor(margins + "\(csi)3;5H\u{8}", cols: 80, rows: 25) == [1, 9])
        // BS_ReversewrapFromLeftEdgeToRightMargin: the same from (1, 3) → (10, 2).
        #expect(cursor(margins + "\(csi)3;1H\u{8}", cols: 80, rows: 25) == [1, 9])
    }

    /// Reverse wraparound is the screen's decision, not the parser's: `veil screen --actions`
    /// prints the same actions for BS and CUB whatever mode 45 is (`execute 0x08 BS`,
    /// `csi_dispatch params=3 final='D'`); `TerminalState.cursorBack` then wraps or stops.
    @Test func parserActionsDoNotDependOnTheMode() {
        var recorder = ParserActionRecorder()
        var parser = Parser()
        parser.advance(Array("\(csi)?45h\u{8}\(csi)3D".utf8), into: &recorder)
        let expected = "csi_dispatch marker='?' params=45 final='h'\nexecute 0x08 BS\ncsi_dispatch params=3 final='D'\n"
        #expect(recorder.log == expected)
        #expect(cursor("\(csi)3;1H\u{8}\(csi)3D", cols: 10, rows: 5) == [2, 0])
        #expect(cursor("\(csi)?45h\(csi)3;1H\u{8}\(csi)3D", cols: 10, rows: 5) == [1, 6])
    }

    /// xterm 379 puts the cursor one row below the screen when CUB goes back a whole number
    /// of screens past the top (and crashes on the next character); Veil takes the true
    /// remainder instead, the first column of the top row (Docs/sequences.md).
    @Test func wholeScreensBackLandOnTheTopRow() {
        #expect(cursor("\(csi)?45h\(csi)1;6H\(csi)55D", cols: 10, rows: 5) == [0, 0])
        #expect(cursor("\(csi)?45h\(csi)1;6H\(csi)105D", cols: 10, rows: 5) == [0, 0])
        let margins = "\(csi)?45h\(csi)?69h\(csi)3;7s"  // rows of 5 columns: 25 cells a screen
        #expect(cursor(margins + "\(csi)1;5H\(csi)27D", cols: 10, rows: 5) == [0, 2])
    }

    /// Whatever the margins, the position and the count, BS and CUB leave the cursor on the
    /// screen, and with 45 off (or autowrap off) they never change its row.
    @Test func cursorStaysOnTheScreen() {
        var random = SeededGenerator(seed: 45)
        for _ in 0..<2_000 {
            let cols = Int.random(in: 2...12, using: &random)
            let rows = Int.random(in: 1...6, using: &random)
            var t = try! Terminal(cols: cols, rows: rows)
            let reverse = Bool.random(using: &random)
            let autowrap = Bool.random(using: &random)
            var input = "\(csi)?45\(reverse ? "h" : "l")\(csi)?7\(autowrap ? "h" : "l")"
            if Bool.random(using: &random) {
                let top = Int.random(in: 1...rows, using: &random)
                input += "\(csi)\(top);\(Int.random(in: top...rows, using: &random))r"
            }
            if Bool.random(using: &random) {
                let left = Int.random(in: 1...cols, using: &random)
                input += "\(csi)?69h\(csi)\(left);\(Int.random(in: left...cols, using: &random))s"
            }
            input += "\(csi)\(Int.random(in: 1...rows, using: &random));\(Int.random(in: 1...cols, using: &random))H"
            if Bool.random(using: &random) { input += String(repeating: "x", count: cols) }  // maybe a pending wrap
            t.feed(input)
            let row = t.cursor.row
            let count = Int.random(in: 0...(3 * cols * rows), using: &random)
            t.feed(Bool.random(using: &random) ? "\u{8}" : "\(csi)\(count)D")
            #expect((0..<rows).contains(t.cursor.row) && (0..<cols).contains(t.cursor.col), "\(input.debugDescription)")
            if !(reverse && autowrap) { #expect(t.cursor.row == row, "\(input.debugDescription)") }
        }
    }
}
