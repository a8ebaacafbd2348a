import Testing
@testable import VeilScreen
import VeilTestSupport

/// A buffer's storage starts unwritten (rows start uniform); debug builds fill it with
/// `Grid.neverWritten`, so a read of a cell that was never written shows on every run.
@Suite struct GridStorageTests {
    static func showsUnwrittenStorage(_ screen: Screen) -> Bool {
        screen.cells.contains { $0.scalar == Grid.neverWritten.scalar || $0.background == Grid.neverWritten.background }
    }

    #if DEBUG
        @Test func debugBuildsFillFreshStorageWithTheMarker() {
            let grid = Grid(cols: 3, rows: 2)
            #expect(grid.cells.allSatisfy { $0 == Grid.neverWritten })
            #expect((0..<2).allSatisfy { grid.rowCells($0) == Array(repeating: Cell.blank, count: 3) })
        }
    #endif

    /// DECALN, then prints, erases, shifts and resizes on the 'E' rows: every cell read is
    /// one that was written or a uniform row's cell.
    @Test func alignmentFillThenEditsAndResizesReadOnlyWrittenCells() throws {
        var t = try Terminal(cols: 7, rows: 4)
        t.feed("\u{1B}[48;5;200m\u{1B}#8")
        t.feed("\u{1B}[2;3Hab\u{1B}[2X\u{1B}[3;5H中\u{1B}[2@\u{1B}[4;2H\u{1B}[1P\u{1B}[1K")
        #expect(!Self.showsUnwrittenStorage(t.screen))
        #expect(t.screen.rowText(0) == "EEEEEEE")
        try t.resize(cols: 11, rows: 6)
        t.feed("\u{1B}[6;1Hxy\u{1B}[1;10Hz")
        #expect(!Self.showsUnwrittenStorage(t.screen))
        try t.resize(cols: 4, rows: 2)
        #expect(!Self.showsUnwrittenStorage(t.screen))
    }

    /// The property test's random input, split three ways and resized between pieces.
    @Test func randomInputNeverShowsUnwrittenStorage() throws {
        var rng = SeededGenerator(seed: 0x5EED)
        for round in 0..<150 {
            let cols = 1 + Int(rng.next() % 30)
            let rows = 1 + Int(rng.next() % 10)
            let bytes = randomTerminalInput(&rng, pieces: 20 + Int(rng.next() % 80))
            var t = try Terminal(cols: cols, rows: rows)
            let half = bytes.count / 2
            t.feed(Array(bytes[..<half]))
            try t.resize(cols: 1 + Int(rng.next() % 30), rows: 1 + Int(rng.next() % 10))
            t.feed(Array(bytes[half...]))
            #expect(!Self.showsUnwrittenStorage(t.screen), "round \(round)")
        }
    }
}
