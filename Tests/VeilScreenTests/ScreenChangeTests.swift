import Testing
import VeilTestSupport

@testable import VeilScreen

/// The change interface (``ScreenObserver``): each action is reported once, before it is
/// made (the observer still reads the old cells), with the input position of what it writes;
/// observers' work is charged; an observer changes nothing on the screen.
@Suite struct ScreenChangeTests {
    /// The changes reported while `input` is fed at position `at` to a `cols`×`rows` terminal
    /// (after `before`, whose changes are left out).
    func changes(
        _ input: String, before: String = "", at position: Int = 0, cols: Int = 10, rows: Int = 4
    ) -> ([ScreenChange], ScreenChangeRecorder) {
        var t = try! Terminal(cols: cols, rows: rows)
        let recorder = ScreenChangeRecorder()
        t.observer = recorder
        t.feed(before)
        recorder.reset()
        t.feed(Array(input.utf8), at: position)
        return (recorder.changes, recorder)
    }

    func rect(_ rows: Range<Int>, _ cols: Range<Int>) -> ScreenRect { ScreenRect(rows: rows, cols: cols) }

    @Test func printingReportsEachRunWithItsInputPosition() {
        #expect(changes("AB", at: 10).0 == [.write(row: 0, cols: 0..<2, position: 10, run: true)])
        // One character at a time off the fast path: é (2 bytes), then a wide 中 (3 bytes).
        #expect(
            changes("Aé中", at: 5).0 == [
                .write(row: 0, cols: 0..<1, position: 5, run: true),
                .write(row: 0, cols: 1..<2, position: 6, run: false),
                .write(row: 0, cols: 2..<4, position: 8, run: false),
            ])
        // A run that wraps is one write per row.
        #expect(
            changes("0123456789AB", cols: 10).0 == [
                .write(row: 0, cols: 0..<10, position: 0, run: true),
                .write(row: 1, cols: 0..<2, position: 10, run: true),
            ])
    }

    @Test func aCharacterSplitAcrossFeedsKeepsItsLeadBytePosition() {
        var t = try! Terminal(cols: 10, rows: 2)
        let recorder = ScreenChangeRecorder()
        t.observer = recorder
        t.feed([0x41], at: 100)
        t.feed([0xC3], at: 101)
        t.feed([0xA9, 0x42], at: 102)
        #expect(
            recorder.changes == [
                .write(row: 0, cols: 0..<1, position: 100, run: true),
                .write(row: 0, cols: 1..<2, position: 101, run: false),
                .write(row: 0, cols: 2..<3, position: 103, run: true),
            ])
        // Without `at:`, positions go on from the bytes fed.
        t.feed("C")
        #expect(recorder.changes.last == .write(row: 0, cols: 3..<4, position: 104, run: true))
    }

    @Test func changesAreReportedBeforeTheyAreMade() {
        let (found, recorder) = changes("\(csi)2J", before: "SECRET")
        #expect(found == [.erase(rect(0..<4, 0..<10), keepingProtected: false)])
        #expect(recorder.linesBefore[0][0] == "SECRET")
    }

    @Test func editsReportOneChangeEach() {
        #expect(changes("\(csi)K", before: "abc\(csi)1;2H").0 == [.erase(rect(0..<1, 1..<10), keepingProtected: false)])
        #expect(
            changes("\(csi)?1K", before: "\(csi)1\"qab\(csi)1;1H").0 == [
                .erase(rect(0..<1, 0..<1), keepingProtected: true)
            ])
        // LF at the bottom: the whole screen moves up a row.
        #expect(changes("\n", before: "\(csi)4H").0 == [.scroll(rect(0..<4, 0..<10), down: -1, right: 0)])
        #expect(changes("\(csi)2L", before: "x\(csi)2H").0 == [.scroll(rect(1..<4, 0..<10), down: 2, right: 0)])
        #expect(changes("\(esc)M", before: "x\(csi)1H").0 == [.scroll(rect(0..<4, 0..<10), down: 1, right: 0)])
        #expect(changes("\(csi)2@", before: "abcdef\(csi)1;3H").0 == [.scroll(rect(0..<1, 2..<10), down: 0, right: 2)])
        #expect(changes("\(csi)2P", before: "abcdef\(csi)1;3H").0 == [.scroll(rect(0..<1, 2..<10), down: 0, right: -2)])
        // Inside left and right margins only their rectangle moves.
        #expect(
            changes("\(csi)S", before: "\(csi)?69h\(csi)3;6sx").0 == [.scroll(rect(0..<4, 2..<6), down: -1, right: 0)])
        #expect(changes("\(esc)]2;hi\u{07}").0 == [.title])
        #expect(changes("\(esc)#8").0 == [.fill(rect(0..<4, 0..<10), position: -1)])
        #expect(changes("\u{301}", before: "e").0 == [.modify(rect(0..<1, 0..<1))])
        #expect(changes("\(esc)]4;1;rgb:ff/00/00\u{07}").0 == [.appearance])
        // Entering the alternate buffer cleared: the switch, then the erase.
        #expect(
            changes("\(csi)?1049h").0 == [.switchBuffer, .erase(rect(0..<4, 0..<10), keepingProtected: false)])
        // RIS from the alternate buffer: back to the main one, which is erased.
        #expect(
            changes("\(esc)c", before: "\(csi)?1049h").0 == [
                .switchBuffer, .erase(rect(0..<4, 0..<10), keepingProtected: false), .appearance,
            ])
    }

    /// Rectangle operations report one change each (issue 27); what DECFRA writes comes from
    /// its sequence (the position of its ESC).
    @Test func rectangleOperationsReportOneChangeEach() {
        let fill = "abcdefghij\r\nklmnopqrst\r\nuvwxyzABCD"
        #expect(changes("\(csi)1;1;2;3;1;3;5;1$v", before: fill).0 == [.copy(rect(0..<2, 0..<3), toRow: 2, toCol: 4)])
        // Cut at the screen's edge: the source is cut with it.
        #expect(changes("\(csi)1;1;2;3;1;4;9;1$v", before: fill).0 == [.copy(rect(0..<1, 0..<2), toRow: 3, toCol: 8)])
        #expect(changes("xy\(csi)88;2;2;3;5$x", at: 7).0.last == .fill(rect(1..<3, 1..<5), position: 9))
        #expect(changes("\(csi)2;2;3;5$z", before: fill).0 == [.erase(rect(1..<3, 1..<5), keepingProtected: false)])
        #expect(changes("\(csi)2;2;3;5${", before: fill).0 == [.erase(rect(1..<3, 1..<5), keepingProtected: false)])
        #expect(
            changes("\(csi)2;2;3;5${", before: "\(csi)1\"q" + fill).0 == [
                .erase(rect(1..<3, 1..<5), keepingProtected: true)
            ])
        // DECCARA in a stream (the default extent): whole rows between the corners.
        #expect(changes("\(csi)2;2;3;5;1$r", before: fill).0 == [.modify(rect(1..<3, 0..<10))])
        #expect(changes("\(csi)2*x\(csi)2;2;3;5;1$r", before: fill).0 == [.modify(rect(1..<3, 1..<5))])
        // Invalid rectangles change nothing and report nothing.
        #expect(changes("\(csi)3;3;2;2$z\(csi)88;3;3;2;2$x", before: fill).0.isEmpty)
    }

    /// XTWINOPS resizes the window within its display (the size the terminal was made or
    /// resized to), as xterm on a screen as large as its window; 0 asks for the display's size.
    @Test func windowOperationsResizeAndMove() throws {
        var t = try Terminal(cols: 30, rows: 40)
        let recorder = ScreenChangeRecorder()
        t.observer = recorder
        t.feed("\(csi)8;6;20t")
        #expect(recorder.changes == [.resize(cols: 20, rows: 6, droppingTop: 0)])
        #expect((t.cols, t.rows) == (20, 6))
        t.feed("\(csi)8t")  // absent: unchanged
        #expect((t.cols, t.rows) == (20, 6))
        t.feed("\(csi)4;80;160t")  // pixels: 80/16 rows, 160/8 columns
        #expect((t.cols, t.rows) == (20, 5))
        t.feed("\(csi)8;99;99t")  // not past the display
        #expect((t.cols, t.rows) == (30, 40))
        t.feed("\(csi)8;5;5t\(csi)8;0;0t")  // 0: the display's size
        #expect((t.cols, t.rows) == (30, 40))
        t.feed("\(csi)24t")  // DECSLPP
        #expect(t.rows == 24)
        t.feed("\(csi)12*|")  // DECSNLS
        #expect(t.rows == 12)
        let collected = Answers()
        t.responseHandler = { collected.append($0) }
        t.feed("\(csi)3;40;50t\(csi)13t\(csi)18t\(csi)19t\(csi)2t\(csi)11t\(csi)1t\(csi)11t")
        #expect(collected.text == "\(csi)3;40;50t\(csi)8;12;30t\(csi)9;40;30t\(csi)2t\(csi)1t")
        // The owner's resize is the new display.
        try t.resize(cols: 50, rows: 50)
        t.feed("\(csi)8;45;45t")
        #expect((t.cols, t.rows) == (45, 45))
        var refused = try Terminal(cols: 10, rows: 4)
        refused.reportSettings.allowsWindowOperations = false
        refused.feed("\(csi)8;6;20t\(csi)30t\(csi)24*|")
        #expect((refused.cols, refused.rows) == (10, 4))
    }

    @Test func resizesAndFlushesAreReported() throws {
        var t = try Terminal(cols: 10, rows: 4)
        let recorder = ScreenChangeRecorder()
        t.observer = recorder
        t.feed("\(csi)4H")
        try t.resize(cols: 8, rows: 2)
        t.flush()
        #expect(recorder.events == [.change(.resize(cols: 8, rows: 2, droppingTop: 2)), .flush])
        // Lines as they were before the resize, then after it.
        #expect(recorder.linesBefore.map(\.count) == [4, 2])
    }

    @Test func anObserversWorkIsCharged() throws {
        var t = try Terminal(cols: 10, rows: 4)
        t.observer = ScreenChangeRecorder(workPerChange: 1000)
        let before = t.workDone
        t.feed("abc\(csi)2J")
        #expect(t.workDone - before >= 2000)
        #expect(!t.isOverWorkBudget)
        t.observer = ScreenChangeRecorder(workPerChange: ScreenChangeRecorder.exhaustsBudget)
        t.feed("x")
        #expect(t.isOverWorkBudget)
        // Once spent, the budget stays spent however often an observer spends it again.
        for _ in 0..<10 { t.feed("y") }
        #expect(t.isOverWorkBudget)
    }

    /// An observer changes nothing: random sessions leave the same screen with and without
    /// one.
    @Test func anObserverChangesNothingOnTheScreen() throws {
        var random = SeededGenerator(seed: 29)
        let pieces = [
            "abc ", "héllo ", "中文", "\r\n", "\n", "\(csi)2J", "\(csi)K", "\(csi)3;5H", "\(csi)2L", "\(csi)M",
            "\(csi)4@", "\(csi)3P", "\(csi)?1049h", "\(csi)?1049l", "\(esc)M", "\(esc)]2;title\u{07}",
            "\(csi)?69h\(csi)2;6s", "\(csi)?69l", "\(csi)2S", "\(csi)T", "\(esc)#6", "\u{301}", "\(csi)3b",
            "\(esc)#8", "\(csi)1\"q", "\(csi)?2J",
        ]
        for _ in 0..<50 {
            let input = (0..<40).map { _ in random.pick(pieces) }.joined()
            var plain = try Terminal(cols: 12, rows: 5)
            plain.feed(input)
            var observed = try Terminal(cols: 12, rows: 5)
            observed.observer = ScreenChangeRecorder()
            observed.feed(Array(input.utf8), at: 0)
            #expect(plain.screen == observed.screen, "\(input.debugDescription)")
        }
    }

    /// The damage consumer (``ScreenDamage``): rows and a bounding rectangle, a cell wider
    /// on each side; everything after a buffer switch.
    @Test func damageCollectsRowsAndBounds() throws {
        var terminal = try Terminal(cols: 80, rows: 24)
        let damage = ScreenDamage()
        terminal.observer = damage
        terminal.feed("\u{1B}[5;10Hhello")
        let changed = damage.take()
        #expect(changed.rows == [4])
        #expect(changed.bounds == ScreenRect(rows: 4..<5, cols: 8..<15))
        #expect(damage.take().isEmpty)
        terminal.feed("\(esc)]2;t\u{07}\(csi)?1049h")
        let switched = damage.take()
        #expect(switched.titleChanged && switched.rows == Array(0..<24))
        terminal.flush()
        #expect(damage.flushes == 1)
    }

    /// The example of ``ScreenObserver``'s documentation.
    @Test func theDocumentedObserverWorks() throws {
        final class RowsChanged: ScreenObserver {
            var rows: Set<Int> = []
            func screen(_ screen: ScreenView, willChange change: ScreenChange) -> Int {
                rows.formUnion(change.damage(cols: screen.cols, rows: screen.rows).rows)
                return 0
            }
        }
        var terminal = try Terminal(cols: 80, rows: 24)
        let changed = RowsChanged()
        terminal.observer = changed
        terminal.feed("\u{1B}[3Hhello")
        #expect(changed.rows == [2])
    }
}
