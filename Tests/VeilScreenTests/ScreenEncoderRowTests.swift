import Testing
import VeilTestSupport

@testable import VeilScreen

/// The encoder skips a row whose cells are the same bytes as those shown (the common case,
/// every row of every frame is compared), and otherwise compares cell by cell what shows:
/// a terminal fed its bytes shows what the source shows, frame after frame.
@Suite struct ScreenEncoderRowTests {
    /// The byte comparison applies on the platforms Veil builds for (a Cell has no padding).
    @Test func cellsCompareAsBytes() {
        #expect(Cell.comparesAsBytes)
    }

    /// Random frames of coloured text, wide characters, combining marks (clusters), links and
    /// cursor moves; each frame's bytes replayed on a second terminal give the same cells.
    @Test(arguments: Array(UInt64(1)...UInt64(12)))
    func framesReplayToTheSameScreen(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let cols = 20, rows = 6
        var source = try Terminal(cols: cols, rows: rows)
        var replay = try Terminal(cols: cols, rows: rows)
        var encoder = ScreenEncoder(cols: cols, rows: rows)
        let pieces = [
            "abc", "x", "  ", "\u{1B}[31m", "\u{1B}[1;44m", "\u{1B}[0m", "漢字", "e\u{301}", "a\u{300}\u{323}",
            "\u{1B}]8;;http://x\u{7}link\u{1B}]8;;\u{7}", "\u{1B}[4:3m", "\u{1B}[K", "\r\n",
        ]
        for frame in 0..<40 {
            var bytes = ""
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                if Bool.random(using: &random) {
                    bytes +=
                        "\u{1B}[\(Int.random(in: 1...rows, using: &random));\(Int.random(in: 1...cols, using: &random))H"
                }
                bytes += random.pick(pieces)
            }
            source.feed(bytes)
            replay.feed(encoder.encode(source.screen))
            let want = source.screen, got = replay.screen
            #expect(got.lines() == want.lines(), "seed \(seed), frame \(frame): \(bytes.debugDescription)")
            for index in want.cells.indices {
                let a = want.cells[index], b = got.cells[index]
                #expect(
                    a.foreground == b.foreground && a.background == b.background && a.attributes == b.attributes
                        && a.width == b.width && a.underlineStyle == b.underlineStyle,
                    "seed \(seed), frame \(frame), cell \(index / cols),\(index % cols)")
            }
        }
    }

    /// The same base letter with another combining mark, in place: the cells can be the same
    /// bytes (cluster indices into two different tables), the text is not.
    @Test func anotherMarkOnTheSameLetterIsDrawn() throws {
        var source = try Terminal(cols: 8, rows: 2)
        var replay = try Terminal(cols: 8, rows: 2)
        var encoder = ScreenEncoder(cols: 8, rows: 2)
        for frame in ["e\u{301}x", "\u{1B}[1;1He\u{300}", "\u{1B}[1;1Hee\u{302}", "\u{1B}[1;1H\u{1B}[2K"] {
            source.feed(frame)
            replay.feed(encoder.encode(source.screen))
            #expect(replay.screen.lines() == source.screen.lines(), "\(frame.debugDescription)")
        }
    }

    /// Two screens whose cells are the same bytes, but whose cluster tables differ: the
    /// byte comparison must not call the row unchanged.
    @Test func sameBytesWithOtherClustersAreAChange() throws {
        var cell = Cell.blank
        cell.scalar = "e"
        cell.clusterIndex = 1
        let cells = [cell] + Array(repeating: Cell.blank, count: 3)
        let now = try Screen(
            cols: 4, rows: 1, cells: cells, wrapped: [false], clusters: ["", "e\u{301}"], sensitiveReasons: [""],
            links: [""])
        let shown = try Screen(
            cols: 4, rows: 1, cells: cells, wrapped: [false], clusters: ["", "e\u{300}"], sensitiveReasons: [""],
            links: [""])
        #expect(ScreenEncoder.changedColumns(0, of: now, shown: shown)?.first == 0)
        #expect(ScreenEncoder.changedColumns(0, of: now, shown: now) == nil)
        // The same text under another index: no change.
        let renumbered = try Screen(
            cols: 4, rows: 1, cells: cells, wrapped: [false], clusters: ["", "e\u{301}", "x\u{301}"],
            sensitiveReasons: [""], links: [""])
        #expect(ScreenEncoder.changedColumns(0, of: now, shown: renumbered) == nil)
    }
}
