import Testing
import VeilTestSupport

@testable import VeilScreen

/// Left and right margins (DECLRMM 69, DECSLRM `CSI Pl ; Pr s`). Each behaviour has an
/// xterm golden in `Fixtures/xterm/battery/lrm_*`; these tests check what goldens cannot:
/// that nothing outside the margins ever changes, and the mode reports (exposure: VeilTests'
/// ExposureEditTests).
@Suite struct MarginTests {
    /// `CSI 3;7 s` is SCOSC (save cursor) until DECLRMM is set; then it is DECSLRM. The
    /// parser gives the same action both times (`veil screen --actions` prints
    /// `csi_dispatch params=3;7 final='s'`): the meaning depends on mode 69 alone.
    @Test func csiSIsSaveCursorUntilModeSixtyNine() {
        var recorder = ParserActionRecorder()
        var parser = Parser()
        parser.advance(Array("\(csi)3;7s".utf8), into: &recorder)
        #expect(recorder.log == "csi_dispatch params=3;7 final='s'\n")
        #expect(cursor("\(csi)2;4H\(csi)3;7s\(csi)4;1H\(csi)u", rows: 6) == [1, 3])
        #expect(cursor("\(csi)?69h\(csi)2;4H\(csi)3;7s", rows: 6) == [0, 0])  // DECSLRM homes
        let t = terminal("\(csi)?69h\(csi)3;7s\(csi)2;4H123456", rows: 6)
        #expect(t.screen.lines()[1] == "   1234" && t.screen.lines()[2] == "  56")
    }

    /// DECRQM reports mode 69 from the mode table, and DECSTR/RIS/69l drop the margins.
    @Test func modeSixtyNineIsReportedAndReset() {
        let answers = Answers()
        var t = try! Terminal(cols: 10, rows: 4)
        t.responseHandler = { answers.append($0) }
        t.feed("\(csi)?69$p\(csi)?69h\(csi)?69$p")
        #expect(answers.text == "\(csi)?69;2$y\(csi)?69;1$y")
        #expect(t.modes.leftRightMargins)
        for reset in ["\(csi)?69l", "\(csi)!p", "\(esc)c"] {
            let lines = lines("\(csi)?69h\(csi)3;5s\(reset)\(csi)?69h\(csi)1;1H0123456789", cols: 10, rows: 3)
            #expect(lines[0] == "0123456789", "\(reset.debugDescription)")
        }
    }

    /// DECSTR resets DECLRMM and reverse wraparound (45), as real xterm 379 does: esctest2's
    /// `DECSET_DECLRMM_ModeResetByDECSTR` and `DECSTR_ReverseWraparound` pass in XTerm(379)
    /// (`Scripts/check-esctest --xterm`). After it `CSI 2;4 s` is SCOSC, so `abc` printed at
    /// column 3 ends at column 6, and BS at column 1 stays there.
    @Test func softResetLeavesLeftRightMarginModeAndReverseWrap() {
        var t = try! Terminal(cols: 10, rows: 4)
        t.feed("\(csi)?69h\(csi)!p\(csi)2;4s\(csi)3;3Habc")
        #expect(!t.modes.leftRightMargins)
        #expect(cursor("\(csi)?69h\(csi)!p\(csi)2;4s\(csi)3;3Habc", rows: 4) == [2, 5])
        #expect(cursor("\(csi)?45h\(csi)!p\(csi)2;1H\u{8}", rows: 4) == [1, 0])
        #expect(cursor("\(csi)?45h\(csi)2;1H\u{8}", rows: 4) != [1, 0])  // without DECSTR it wraps back
    }

    /// esctest2's `DECALN_ClearsMargins` (real xterm 379 passes it): DECALN resets the left and
    /// right margins with the top and bottom ones; the mode stays set.
    @Test func screenAlignmentResetsTheLeftAndRightMargins() {
        var t = try! Terminal(cols: 10, rows: 4)
        // With the margins 3–6 kept, text from column 1 would wrap at column 6.
        t.feed("\(csi)?69h\(csi)3;6s\u{1B}#8\(csi)1;1Habcdefgh")
        #expect(t.modes.leftRightMargins)
        #expect(t.screen.lines()[0] == "abcdefghEE")
        #expect(t.screen.lines()[1] == "EEEEEEEEEE")
    }

    /// The property of the issue: operations done with the cursor inside random margins (and
    /// origin mode keeping it there) never change a cell outside the rectangle of the
    /// margins. Erasing (ED, EL, ECH) is left out: xterm erases whole rows whatever the
    /// margins (battery `lrm_erase`).
    @Test(arguments: 0..<60)
    func operationsInsideMarginsNeverChangeCellsOutside(_ index: Int) throws {
        var random = SeededGenerator(seed: SeededGenerator.caseSeed(base: 0x1e57_1e57, index: index))
        let cols = Int.random(in: 6...30, using: &random)
        let rows = Int.random(in: 4...12, using: &random)
        let left = Int.random(in: 0...(cols - 3), using: &random)
        let right = Int.random(in: (left + 1)...(cols - 1), using: &random)
        let top = Int.random(in: 0...(rows - 2), using: &random)
        let bottom = Int.random(in: (top + 1)...(rows - 1), using: &random)
        var t = try Terminal(cols: cols, rows: rows)
        // Narrow text everywhere first (a wide character straddling a margin would be cut
        // by any edit inside, as in xterm).
        for r in 0..<rows {
            t.feed("\(csi)\(r + 1);1H" + random.string("abcdefghijklmnopqrstuvwxyz0123456789", count: cols))
        }
        let before = t.screen
        t.feed("\(csi)?69h\(csi)\(left + 1);\(right + 1)s\(csi)\(top + 1);\(bottom + 1)r\(csi)?6h")
        var script = ""
        for _ in 0..<40 {
            let n = Int.random(in: 1...4, using: &random)
            script += random.pick([
                "\(csi)\(Int.random(in: 1...rows, using: &random));\(Int.random(in: 1...cols, using: &random))H",
                random.string("ABCDEFGHIJ", count: Int.random(in: 1...(2 * cols), using: &random)),
                random.pick(["中文", "e\u{301}x\u{302}", "字", "\u{1100}\u{1161}"]),
                "\n", "\r", "\u{8}", "\t", "\(esc)D", "\(esc)M", "\(esc)E",
                "\(csi)\(n)S", "\(csi)\(n)T", "\(csi)\(n)@", "\(csi)\(n)P", "\(csi)\(n)L", "\(csi)\(n)M",
                "\(csi)\(n)'}", "\(csi)\(n)'~", "\(csi)\(n) @", "\(csi)\(n) A", "\(csi)\(n)b",
                "\(csi)\(n)A", "\(csi)\(n)B", "\(csi)\(n)C", "\(csi)\(n)D", "\(csi)\(n)E", "\(csi)\(n)F",
                "\(csi)4h", "\(csi)4l", "\(csi)?7l", "\(csi)?7h",
            ])
        }
        t.feed(script)
        let after = t.screen
        var changed: [String] = []
        for r in 0..<rows {
            for c in 0..<cols where (r < top || r > bottom || c < left || c > right) && after[r, c] != before[r, c] {
                changed.append("\(r),\(c)")
            }
        }
        #expect(
            changed.isEmpty,
            "\(cols)x\(rows) margins \(left)...\(right) rows \(top)...\(bottom): \(changed) changed; \(script.debugDescription)"
        )
        #expect((top...bottom).contains(t.cursor.row) && (left...right).contains(t.cursor.col))
        #expect(after.invariantViolation() == nil)
    }
}

/// Collects terminal answers (the response handler is `@Sendable`).
final class Answers: @unchecked Sendable {
    private var bytes: [UInt8] = []
    func append(_ more: [UInt8]) { bytes += more }
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
