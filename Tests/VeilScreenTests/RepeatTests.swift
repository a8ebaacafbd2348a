import Testing
@testable import VeilScreen
import VeilTestSupport

/// REP (`CSI Ps b`) prints the last character `Ps` times, its work clamped to what can still
/// change the screen (TerminalState+Repeat.swift). The reference is the slow one: the same
/// bytes with the REP written out as `Ps` literal characters.
@Suite struct RepeatTests {
    /// The characters repeated: narrow, wide, precomposed, one the DEC graphics set maps, and
    /// DECALN's.
    static let characters = ["a", "中", "é", "q", "😀", "E"]

    /// A random screen and state to repeat a character in: text (wide characters too),
    /// colours (the blank rows that scroll in keep the background), a scroll region, left and
    /// right margins, a double-width row, autowrap off, insert mode, the DEC graphics set, a
    /// cursor position and sometimes a pending wrap.
    static func randomSetUp(_ rng: inout SeededGenerator, cols: Int, rows: Int) -> String {
        func pick(_ bound: Int) -> Int { Int(rng.next() % UInt64(bound)) }
        var text = ""
        let fillers = ["xy", "中文", "Q", " ", "ab中", "e\u{301}", "\r\n", "\u{1B}[44mz\u{1B}[0m"]
        for _ in 0..<pick(rows * 3 + 1) { text += fillers[pick(fillers.count)] }
        if pick(6) == 0 { text = "\u{1B}#8" + text }  // every row full of `E` (uniform rows)
        if pick(4) == 0 { text += "\u{1B}[\(1 + pick(rows));1H\u{1B}#6" }  // a double-width row
        if pick(2) == 0 {
            let top = 1 + pick(rows)
            text += "\u{1B}[\(top);\(top + pick(rows - top + 1))r"
        }
        if pick(3) == 0 {
            let left = 1 + pick(cols)
            text += "\u{1B}[?69h\u{1B}[\(left);\(left + pick(cols - left + 1))s"
        }
        if pick(3) == 0 { text += "\u{1B}[?7l" }
        if pick(3) == 0 { text += "\u{1B}[4h" }
        if pick(3) == 0 { text += "\u{1B}[43m" }
        if pick(5) == 0 { text += "\u{1B}[1\"q" }  // protected copies
        text += "\u{1B}[\(1 + pick(rows));\(1 + pick(cols))H"
        if pick(3) == 0 { text += "\u{1B}[\(cols)G" }  // the last column: the character leaves a pending wrap
        return text
    }

    /// Feeds `setUp`, the character and either a REP of `count` or `count` more literal
    /// copies, then `Z` (which shows a pending wrap), and returns both screens.
    static func screens(setUp: String, character: String, count: Int, cols: Int, rows: Int) throws
        -> (repeated: [Screen], literal: [Screen])
    {
        let graphics = character == "q" ? "\u{1B}(0" : ""
        var repeated = try Terminal(cols: cols, rows: rows)
        repeated.feed(setUp + graphics + character + "\u{1B}[\(count)b")
        var literal = try Terminal(cols: cols, rows: rows)
        literal.feed(setUp + graphics + character + String(repeating: character, count: max(count, 1)))
        let before = (repeated.screen, literal.screen)
        repeated.feed("Z")
        literal.feed("Z")
        return ([before.0, repeated.screen], [before.1, literal.screen])
    }

    @Test func aRepeatIsTheSameAsItsCopiesPrintedOneByOne() throws {
        var rng = SeededGenerator(seed: 0x5EED_1B)
        for round in 0..<3000 {
            let cols = 1 + Int(rng.next() % 8)
            let rows = 1 + Int(rng.next() % 6)
            let setUp = Self.randomSetUp(&rng, cols: cols, rows: rows)
            let character = Self.characters[Int(rng.next() % UInt64(Self.characters.count))]
            // Counts around a row, a screen and a few screens, and past them.
            let counts = [0, 1, cols - 1, cols, cols + 1, cols * rows, cols * rows + 1, 3 * cols * rows + 2, 700]
            let count = max(0, counts[Int(rng.next() % UInt64(counts.count))] + Int(rng.next() % 3) - 1)
            let (repeated, literal) = try Self.screens(
                setUp: setUp, character: character, count: count, cols: cols, rows: rows)
            let same = repeated == literal
            #expect(
                same,
                "round \(round): \(cols)x\(rows) \(setUp.debugDescription) \(character) ×\(count)\n\(Self.difference(repeated, literal))"
            )
            if !same { break }
        }
    }

    /// Where two pairs of screens (before and after a `Z`) differ, briefly.
    static func difference(_ mine: [Screen], _ reference: [Screen]) -> String {
        var text = ""
        for (index, (a, b)) in zip(mine, reference).enumerated() where a != b {
            text += index == 0 ? "after REP:" : "after Z:"
            if a.lines() != b.lines() { text += "\n  REP     \(a.lines())\n  literal \(b.lines())" }
            if a.cursor != b.cursor { text += "\n  cursor \(a.cursor) vs \(b.cursor)" }
            if a.wrapped != b.wrapped { text += "\n  wrapped \(a.wrapped) vs \(b.wrapped)" }
            let cells = zip(a.cells, b.cells).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset }
            if !cells.isEmpty { text += "\n  cells differ at \(cells.prefix(8))" }
            text += "\n"
        }
        return text
    }

    @Test func aStormOfRepeatsIsTheSameAsItsCopies() throws {
        // The character and a REP of it, again and again: the second and later REPs find a
        // region already full of copies.
        var rng = SeededGenerator(seed: 0x5EED_1C)
        for round in 0..<150 {
            let cols = 1 + Int(rng.next() % 8)
            let rows = 1 + Int(rng.next() % 6)
            let setUp = Self.randomSetUp(&rng, cols: cols, rows: rows)
            let character = Self.characters[Int(rng.next() % UInt64(Self.characters.count))]
            let count = 1 + Int(rng.next() % 150)
            let storms = 1 + Int(rng.next() % 12)
            let graphics = character == "q" ? "\u{1B}(0" : ""
            var repeated = try Terminal(cols: cols, rows: rows)
            repeated.feed(setUp + graphics + String(repeating: character + "\u{1B}[\(count)b", count: storms))
            var literal = try Terminal(cols: cols, rows: rows)
            literal.feed(setUp + graphics + String(repeating: character, count: (count + 1) * storms))
            let before = (repeated.screen, literal.screen)
            repeated.feed("Z")
            literal.feed("Z")
            let same = before.0 == before.1 && repeated.screen == literal.screen
            #expect(
                same,
                "round \(round): \(setUp.debugDescription) \(character) ×\(count) ×\(storms)\n\(Self.difference([before.0, repeated.screen], [before.1, literal.screen]))"
            )
        }
    }

    @Test func rowsOfTheCharacterThatDoNotWrapAreNotAFixedPoint() throws {
        // DECALN fills every row with `E` as uniform rows that do not wrap: a REP of `E` scrolls
        // them away and its own rows wrap, so the region must be printed, not skipped.
        for count in [9, 10, 11, 25, 300] {
            let setUp = "\u{1B}#8\u{1B}[4;5H"
            let (repeated, literal) = try Self.screens(setUp: setUp, character: "E", count: count, cols: 5, rows: 4)
            let same = repeated == literal
            #expect(same, "×\(count)\n\(Self.difference(repeated, literal))")
        }
    }

    @Test func aRepeatAfterNothingPrintedRepeatsNothing() {
        // As xterm (battery cases rep_no_previous, rep_after_crlf, rep_after_rep, rep_after_zero_width).
        #expect(lines("\u{1B}[5b") == ["", "", "", ""])
        #expect(lines("a\r\n\u{1B}[5bZ") == ["a", "Z", "", ""])
        #expect(lines("a\u{1B}[2b\u{1B}[5bZ") == ["aaaZ", "", "", ""])
        #expect(lines("a\u{200B}\u{1B}[5bZ") == ["aZ", "", "", ""])
        #expect(lines("e\u{301}\u{1B}[2bZ") == ["éeeZ", "", "", ""])
    }

    @Test func copiesComeFromTheRepeatsPositionForAnObserver() throws {
        // Every copy is reported as written from where the printed text ended (the REP's ESC),
        // not from the bytes after it.
        final class Writes: ScreenObserver {
            var positions: Set<Int> = []
            func screen(_ screen: ScreenView, willChange change: ScreenChange) -> Int {
                if case .write(_, _, let position, let run) = change, !run { positions.insert(position) }
                return 0
            }
        }
        var t = try Terminal(cols: 10, rows: 3)
        let writes = Writes()
        t.observer = writes
        t.feed("ab\u{1B}[45b")
        #expect(writes.positions == [2])
        // 47 characters on 3 rows of 10: two rows scrolled away.
        #expect(t.screen.lines() == [String(repeating: "b", count: 10), String(repeating: "b", count: 10), "bbbbbbb"])
    }
}
