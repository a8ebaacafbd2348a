import Testing
import VeilScreen

@testable import Veil

/// Exposure tracking costs what it does (issue #21): a copy takes a bounded window of its
/// soft-wrapped line, clean rows cost O(1), and the work is charged to the budget. The
/// tests count work units and copied cells, never wall time.
@Suite struct ExposureWorkTests {
    /// A tracked `cols`×`rows` terminal holding one soft-wrapped line over every row, judged.
    func wrappedTerminal(cols: Int, rows: Int, mode: ExposureMode = .everyMoment) throws -> Terminal {
        var t = try Terminal.tracked(cols: cols, rows: rows, mode: mode)
        t.feed(Array(String(repeating: "x", count: cols * rows).utf8), at: 0)
        t.flush()
        _ = t.tracker.takeExposures()
        return t
    }

    /// The most cells one copy may hold: the window on each side, rounded up to rows, and the row.
    func windowCells(cols: Int) -> Int {
        let reach = (ExposureTracking.windowCharacters + cols - 1) / cols + 1
        return (2 * reach + 1) * cols
    }

    @Test func aCopyTakesAWindowOfALongWrappedLine() throws {
        var t = try Terminal.tracked(cols: 100, rows: 300)
        t.feed(Array(String(repeating: "x", count: 100 * 300).utf8), at: 0)
        t.flush()
        let exposed = t.tracker.takeExposures()
        #expect(!exposed.isEmpty)
        for lines in exposed { #expect(lines.screen.cells.count <= windowCells(cols: 100)) }
        // Every row is judged, each at most about twice (the windows overlap by their context).
        let copied = exposed.reduce(0) { $0 + $1.screen.rows }
        #expect(copied >= 300 && copied <= 2 * 300 + windowCells(cols: 100) / 100)
        let covered = Set(exposed.flatMap { $0.row..<($0.row + $0.screen.rows) })
        #expect(covered == Set(0..<300))
    }

    @Test func insertLineStormsOverAJudgedWrappedLineCostRows() throws {
        var t = try wrappedTerminal(cols: 200, rows: 200)
        t.feed(Array("\u{1B}[2H".utf8), at: 40_000)
        let sequence = Array("\u{1B}[199L".utf8)
        // The first destroys the dirty-free line: nothing is copied; the next ones move blanks.
        let before = t.workDone
        for index in 0..<100 { t.feed(sequence, at: 40_004 + index * sequence.count) }
        let work = t.workDone - before
        #expect(work <= 100 * (3 * 200 + sequence.count))
        #expect(t.tracker.takeExposures().isEmpty)
        #expect(!t.isOverWorkBudget)
    }

    @Test func insertLineStormOverAChangedWrappedLineCopiesWindowsOnce() throws {
        var t = try Terminal.tracked(cols: 200, rows: 200)
        t.feed(Array(String(repeating: "x", count: 200 * 200).utf8), at: 0)
        t.feed(Array("\u{1B}[2H".utf8), at: 40_000)
        let sequence = Array("\u{1B}[199L".utf8)
        for index in 0..<100 { t.feed(sequence, at: 40_004 + index * sequence.count) }
        let exposed = t.tracker.takeExposures()
        // Before: each of the 199 leaving rows copied the whole 200-row line (8M cells).
        let cells = exposed.reduce(0) { $0 + $1.screen.cells.count }
        #expect(cells <= 2 * 200 * 200 + windowCells(cols: 200))
        for lines in exposed { #expect(lines.screen.cells.count <= windowCells(cols: 200)) }
    }

    @Test func scrollingJudgedRowsAtTheBottomCostsOneUnitPerLine() throws {
        var t = try wrappedTerminal(cols: 200, rows: 200)
        t.feed(Array("\u{1B}[200H".utf8), at: 40_000)
        let before = t.workDone
        for index in 0..<5_000 { t.feed([0x0A], at: 40_006 + index) }
        #expect(t.workDone - before <= 5_000 * 3)
    }

    @Test func erasingRowsWithoutOffsetsWritesNone() throws {
        var t = try wrappedTerminal(cols: 200, rows: 200)
        t.feed(Array("\u{1B}[2J".utf8), at: 40_000)
        t.flush()
        _ = t.tracker.takeExposures()
        #expect(t.tracker.tracking.shown.offsetRowCount == 0)
        #expect(t.tracker.tracking.shown.dirtyCount == 0)
        // Erasing blank, judged rows changes nothing: no row becomes dirty.
        t.feed(Array("\u{1B}[2J".utf8), at: 40_004)
        #expect(t.tracker.tracking.shown.dirtyCount == 0)
        #expect(t.tracker.cellOffsets.allSatisfy { $0 == -1 })
    }

    /// A program may resize its window (XTWINOPS 8, allowed as in xterm): each resize copies
    /// the tracker's offsets of every row that holds some, and that work is charged, so a
    /// resize storm over a screen of text runs into the budget instead of copying without end.
    @Test func windowResizeStormsAreCharged() throws {
        var t = try wrappedTerminal(cols: 500, rows: 500)
        t.workBudget = 1 << 24
        let storm = Array("\u{1B}[8;499;499t\u{1B}[8;500;500t".utf8)
        for index in 0..<200 { t.feed(storm, at: 250_000 + index * storm.count) }
        // At least the cells of each row of text (about 250,000 a resize) are charged, so the
        // storm of 400 (100 million cells) stops within the 16 million units.
        #expect(t.isOverWorkBudget)
    }

    /// A resize of a blank screen copies no offsets: a storm of them costs rows, not cells
    /// (3,000 resizes of an empty 1000×1000 recording were refused while each was charged
    /// a million cells).
    @Test func resizeStormsOfABlankScreenCostRows() throws {
        var t = try Terminal.tracked(cols: 500, rows: 500)
        t.workBudget = 1 << 24
        let before = t.workDone
        let storm = Array("\u{1B}[8;499;499t\u{1B}[8;500;500t".utf8)
        for index in 0..<200 { t.feed(storm, at: index * storm.count) }
        #expect(!t.isOverWorkBudget)
        // Each resize: its rows on the screen and in the tracker, a few times over.
        #expect(t.workDone - before <= 400 * 500 * 8)
    }

    /// A selective erase (DECSED) of a screen whose cells are all protected changes nothing,
    /// so no row is judged again: a storm of them copied the whole screen each time (1 MB of
    /// them over a 1000×1000 screen took over 1 GB).
    @Test func selectiveErasesOfProtectedCellsJudgeNothingAgain() throws {
        var t = try Terminal.tracked(cols: 200, rows: 200)
        t.feed(Array(("\u{1B}[1\"q" + String(repeating: "x", count: 200 * 200) + "\u{1B}[0\"q").utf8), at: 0)
        t.flush()
        _ = t.tracker.takeExposures()
        #expect(t.tracker.tracking.shown.dirtyCount == 0)
        t.feed(Array(String(repeating: "\u{1B}[?2J", count: 10).utf8), at: 40_010)
        #expect(t.tracker.tracking.shown.dirtyCount == 0)
        #expect(t.screen.lines().allSatisfy { $0 == String(repeating: "x", count: 200) })
    }

    /// Selective erases of a blank screen cost a unit a row (its rows are kept as one cell
    /// each), protection on or not.
    @Test func selectiveErasesOfABlankScreenCostRows() throws {
        var t = try Terminal.tracked(cols: 500, rows: 500)
        t.workBudget = 1 << 24
        t.feed(Array("\u{1B}[1\"q".utf8), at: 0)
        let before = t.workDone
        t.feed(Array(String(repeating: "\u{1B}[?2J", count: 1_000).utf8), at: 4)
        #expect(!t.isOverWorkBudget)
        #expect(t.workDone - before <= 1_000 * 500 * 4)
    }

    @Test func pendingCopiesAreBoundedByTheBudget() throws {
        // Each ICH changes a full row of a long wrapped line, and the next one copies it:
        // never taken, the copies would grow without bound.
        var t = try wrappedTerminal(cols: 1000, rows: 100)
        t.feed(Array("\u{1B}[50H".utf8), at: 100_000)
        let sequence = Array("\u{1B}[@".utf8)
        for index in 0..<2_000 { t.feed(sequence, at: 100_005 + index * sequence.count) }
        // Past the limit by at most one copy: a window and the window of its context line above.
        #expect(t.tracker.pendingCells <= ExposureTracking.pendingCellLimit + 2 * windowCells(cols: 1000))
        #expect(t.isOverWorkBudget)
        #expect(t.workBudgetExceededAtByte != nil)
    }
}

extension Terminal {
    /// A terminal whose changes an ``ExposureTracker`` follows (``tracker``).
    static func tracked(cols: Int, rows: Int, mode: ExposureMode = .everyMoment) throws -> Terminal {
        var terminal = try Terminal(cols: cols, rows: rows)
        terminal.observer = ExposureTracker(mode: mode, cols: cols, rows: rows)
        return terminal
    }

    /// The exposure tracker of a ``tracked(cols:rows:mode:)`` terminal.
    var tracker: ExposureTracker { observer as! ExposureTracker }
}
