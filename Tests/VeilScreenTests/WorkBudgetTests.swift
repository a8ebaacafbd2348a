import Testing
@testable import VeilScreen

/// Screen work costs rows, not cells, where xterm makes it so, and every terminal has a
/// work budget. The tests count work units (never wall time): each storm below cost
/// O(cells) per sequence before (> 60 s for 1 MB at 1000×1000).
@Suite struct WorkBudgetTests {
    /// A 1000×1000 terminal with every row written (the worst case for cell-priced work).
    func fullTerminal() throws -> Terminal {
        var t = try Terminal(cols: 1000, rows: 1000)
        t.feed(String(repeating: String(repeating: "x", count: 1000), count: 1000))
        return t
    }

    /// Feeds `count` copies of `sequence` and returns the work they cost.
    func cost(of sequence: String, _ count: Int, on t: inout Terminal) -> Int {
        let before = t.workDone
        t.feed(String(repeating: sequence, count: count))
        return t.workDone - before
    }

    @Test(arguments: ["\(csi)999L", "\(csi)999M", "\(csi)999S", "\(csi)999T", "\(csi)2J", "\(csi)?2J", "\u{1B}#8"])
    func lineAndDisplayStormsCostRows(_ sequence: String) throws {
        var t = try fullTerminal()
        t.feed("\(csi)2H")  // IL/DL act from the cursor row
        let count = 200
        let work = cost(of: sequence, count, on: &t)
        // At most a few units per row per sequence (plus its bytes), never one per cell.
        #expect(work <= count * (3 * 1000 + sequence.utf8.count))
        #expect(!t.isOverWorkBudget)
        #expect(t.screen.invariantViolation() == nil)
    }

    @Test func scrollingAtTheBottomCostsOneUnitPerLine() throws {
        var t = try fullTerminal()
        t.feed("\(csi)1000H")
        let work = cost(of: "\n", 10_000, on: &t)
        #expect(work <= 10_000 * 3)
        #expect(t.screen.lines().allSatisfy { $0.isEmpty })
    }

    @Test func scrollRegionsMoveRowReferences() throws {
        var t = try Terminal(cols: 20, rows: 6)
        t.feed("0\r\n1\r\n2\r\n3\r\n4\r\n5\(csi)2;5r\(csi)5H\n\n\(csi)2H\(csi)L\(csi)M\(csi)T\(csi)S")
        // Rows 2–5 scrolled up twice: 1 and 2 left, two blanks came in; IL+DL and SD+SU undo each other.
        #expect(t.screen.lines() == ["0", "3", "4", "", "", "5"])
        t.feed("\(csi)r\(csi)6H\n")
        #expect(t.screen.lines() == ["3", "4", "", "", "5", ""])
    }

    @Test func erasedRowsAreUniformUntilWritten() throws {
        var t = try fullTerminal()
        t.feed("\(csi)44m\(csi)2J\(csi)0m")
        #expect(t.state.grid.isUniform(500))
        t.feed("\(csi)500;10Hab")
        #expect(!t.state.grid.isUniform(499))
        let screen = t.screen
        #expect(screen[499, 8] == Cell.blank(background: .indexed(4)))
        #expect(screen.lines()[499].hasSuffix("ab"))
        #expect(screen[499, 11] == Cell.blank(background: .indexed(4)))
    }

    @Test func decalnFillsUniformRows() throws {
        var t = try Terminal(cols: 1000, rows: 1000)
        let work = cost(of: "\u{1B}#8", 100, on: &t)
        #expect(work <= 100 * (1000 + 3))
        #expect(t.screen.lines().allSatisfy { $0 == String(repeating: "E", count: 1000) })
        t.feed("\(csi)3;3HZ")
        #expect(t.screen.lines()[2] == "EEZ" + String(repeating: "E", count: 997))
    }

    @Test func selectiveEraseKeepsProtectedCellsAndIsChargedPerCell() throws {
        var t = try Terminal(cols: 10, rows: 2)
        t.feed("ab\(csi)1\"qPQ\(csi)0\"qcd\(csi)?2J")
        #expect(t.screen.lines() == ["  PQ", ""])
        var small = try Terminal(cols: 1000, rows: 1000)
        small.workBudget = 50_000_000
        small.feed("\(csi)1\"qX\(csi)0\"q")
        small.feed(String(repeating: "\(csi)?2J", count: 200))
        // Without protected cells on a row, a selective erase costs the row; the one
        // written row costs its cells each time.
        #expect(small.workDone < 200 * 4_000)
        small.feed(String(repeating: "\(csi)1\"q" + String(repeating: "P", count: 1000) + "\(csi)0\"q", count: 1000))
        small.feed(String(repeating: "\(csi)?2J", count: 1000))
        #expect(small.isOverWorkBudget)
    }

    @Test func aRepeatStormIsClampedNotRefused() throws {
        // 2,000 times `a` and a REP of 65,535: 131 million characters. Each REP after the
        // first finds the screen full of copies (a fixed point) and prints only what changes:
        // the rest of the bottom row, one scroll and the new bottom row's copies.
        var t = try Terminal(cols: 1000, rows: 1000)
        t.workBudget = 10_000_000
        t.feed(String(repeating: "a\(csi)65535b", count: 2_000))
        #expect(!t.isOverWorkBudget)
        #expect(t.workDone < 2_000 * 4 * 1000)
        // 131,072,000 characters from the top-left corner: 131,072 full rows, the wrap pending.
        #expect(t.screen.lines().allSatisfy { $0 == String(repeating: "a", count: 1000) })
        #expect(t.screen.cursor.row == 999 && t.screen.cursor.col == 999)
        #expect(t.screen.wrapped.dropLast().allSatisfy { $0 } && t.screen.wrapped.last == false)
        t.feed("Z")
        #expect(t.screen.lines().suffix(2) == [String(repeating: "a", count: 1000), "Z"])
        // As in xterm, a REP right after a REP repeats nothing: 2,000 REPs after one `a` print 65,536.
        var once = try Terminal(cols: 1000, rows: 1000)
        once.feed("a" + String(repeating: "\(csi)65535b", count: 2_000))
        let lines = once.screen.lines()
        #expect(lines.prefix(65).allSatisfy { $0 == String(repeating: "a", count: 1000) })
        #expect(lines[65] == String(repeating: "a", count: 536) && lines[66].isEmpty)
    }

    @Test func oneRepeatCostsAtMostAboutAScreen() throws {
        // Narrow copies fill whole rows as uniform rows (a unit each); wide ones, margins and
        // insert mode print every copy up to the fixed point: about a screen of cells.
        for (setUp, character) in [("", "a"), ("", "中"), ("\(csi)?69h\(csi)2;999s\(csi)2H", "a"), ("\(csi)4h", "a")] {
            var t = try Terminal(cols: 1000, rows: 1000)
            t.feed(setUp + character)
            let work = cost(of: "\(csi)65535b", 1, on: &t)
            #expect(work <= 2 * 1000 * 1000 + 10_000, "\(setUp.debugDescription) \(character): \(work)")
            #expect(!t.isOverWorkBudget)
        }
    }

    @Test func aStormOfRectangleCopiesRunsIntoTheBudget() throws {
        // DECCRA of the whole screen costs its cells every time: past the budget the terminal
        // stops, says where, and changes nothing more.
        var t = try Terminal(cols: 100, rows: 100)
        t.workBudget = 10_000_000
        let storm = "a" + String(repeating: "\(csi)1;1;100;100;1;2;1;1$v", count: 2_000)
        t.feed(storm)
        #expect(t.isOverWorkBudget)
        let position = try #require(t.workBudgetExceededAtByte)
        #expect(position < storm.utf8.count)
        #expect(position % Terminal.workCheckInterval == 0)
        // Nothing more is done once the budget ran out.
        let frozen = t.screen
        t.feed("\(csi)2Jhello")
        #expect(t.screen == frozen)
        try t.resize(cols: 50, rows: 50)
        #expect(t.cols == 100)
    }

    @Test func bytesAloneCostOneUnitEach() throws {
        var t = try Terminal(cols: 80, rows: 24)
        t.feed(String(repeating: "hello world ", count: 1000))
        #expect(t.workDone < 12_000 + 200 * 80)
        #expect(Terminal.defaultWorkBudget == 1 << 30)
        #expect(t.workBudget == Terminal.defaultWorkBudget)
    }

    @Test func resizingCostsTheCellsWrittenNotTheScreen() throws {
        var t = try Terminal(cols: 1000, rows: 1000)
        t.feed("top")
        for index in 0..<100 {
            try t.resize(cols: 1000 - index % 2, rows: 1000 - index % 2)
        }
        // Only the written row is copied (at Grid.resizeCopyCost a cell); the other rows stay uniform.
        #expect(t.workDone < 100 * (Grid.resizeCopyCost * 1000 + 2 * 1000 + 10))
        #expect(t.screen.lines()[0] == "top")
        var full = try fullTerminal()
        full.workBudget = full.workDone + 20_000_000
        for index in 0..<100 {
            try full.resize(cols: 1000 - index % 2, rows: 1000 - index % 2)
        }
        #expect(full.isOverWorkBudget)
    }

    @Test func marksCostRowsOnUniformRowsAndCellsOnWrittenOnes() throws {
        var t = try Terminal(cols: 1000, rows: 1000)
        var before = t.workDone
        try t.markSensitive(row: 0, col: 0, width: 1000, height: 1000, reason: "all")
        #expect(t.workDone - before <= 1000 + 10)
        #expect(t.screen.cells.allSatisfy { $0.isSensitive })
        t.feed("\(csi)Hxyz")
        #expect(t.screen[0, 0].isSensitive == false && t.screen[0, 3].isSensitive)  // printed over: unmarked
        before = t.workDone
        try t.markSensitive(row: 0, col: 0, width: 1000, height: 2, reason: "two")
        #expect(t.workDone - before == 1000 + 1)  // the written row per cell, the uniform one per row
        #expect(t.screen.sensitiveReason(of: t.screen[0, 0]) == "two" && t.screen[0, 0].scalar == "x")
        #expect(t.screen.sensitiveReason(of: t.screen[1, 999]) == "two")
        #expect(t.screen.sensitiveReason(of: t.screen[2, 0]) == "all")
    }

    @Test func distinctLinksPastAFullTableCollectRarely() throws {
        var t = try Terminal(cols: 100, rows: 50)
        var input = ""
        for index in 0..<70_000 {
            input += "\u{1B}]8;;h:\(index)\u{7}L"
        }
        t.feed(input)
        // Every cell holds a distinct link and the table is full past 65,535 links: a
        // collection per new link would be thousands; they are amortised over the cells.
        #expect(t.state.tables.collections < 200)
        let screen = t.screen
        #expect(screen.invariantViolation() == nil)
        #expect(screen.links.count <= Int(UInt16.max) + 1)
    }
}
