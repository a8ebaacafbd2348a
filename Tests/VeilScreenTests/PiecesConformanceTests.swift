import Foundation
import Testing
import VeilTestSupport

@testable import VeilScreen

/// Cases real xterm read in separate pieces, and cases that resize its window (issue 27), from
/// `Fixtures/xterm/pieces/cases.json` (`Scripts/screen-goldens/pieces.py`: XTerm(379), each
/// piece in its own read, the final size from xterm's own `CSI 18 t`). Veil gets the same
/// pieces in separate feeds, plainly and with an observer and the pieces' input positions, and
/// must show xterm's screen and give xterm's size reports.
@Suite struct PiecesConformanceTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        struct Final: Decodable, Sendable {
            var cols: Int
            var rows: Int
            var replies: [String: String]
        }
        var name: String
        var note: String
        var cols: Int
        var rows: Int
        var screen: [Int]
        var pieces: [String]
        var final: Final
        var testDescription: String { name }

        var bytes: [[UInt8]] {
            pieces.map { hex in
                let digits = Array(hex.utf8)
                return stride(from: 0, to: digits.count, by: 2).map {
                    UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
                }
            }
        }
    }

    static let file = XtermFixtures.folder("pieces").appendingPathComponent("cases.json")
    static let cases: [Case] = {
        struct File: Decodable { var cases: [Case] }
        return (try? JSONDecoder().decode(File.self, from: Data(contentsOf: file)))?.cases ?? []
    }()

    /// What xterm showed at the end of `name`.
    static func expected(_ name: String) throws -> XtermFixtures.Expected {
        struct Entry: Decodable { var name: String; var final: XtermFixtures.Expected }
        struct File: Decodable { var cases: [Entry] }
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: file))
        return try #require(file.cases.first { $0.name == name }).final
    }

    /// Where Veil differs from xterm by design (Docs/sequences.md, *Window operations*): xterm
    /// keeps what Veil has not. Veil's whole screen (lines and cursor) is pinned here; its size
    /// and reports must still be xterm's.
    /// - `xtwinops8_shrink_and_back`: xterm shows again the cut columns' cells up to its
    ///   buffer's allocation (8 of 10 after a cut to 5); Veil's are blank.
    /// - `xtwinops8_past_the_display`: growing again, xterm brings a row back from its
    ///   scrollback at the top; Veil has no scrollback and adds blank rows at the bottom.
    /// - `xtwinops8_cuts_a_wide_character`: xterm keeps half of the wide character the new
    ///   edge cuts in the last column; Veil blanks it.
    static let documentedDifferences: [String: (lines: [String], cursor: [Int])] = [
        "xtwinops8_shrink_and_back": (["abcde", "klmno", "uvwXy", "", "", ""], [2, 4]),
        "xtwinops8_past_the_display": (["uvwxyzAB", "EFGHIJKL", "OPQRSTUV", "YZ012345", "X", ""], [4, 1]),
        "xtwinops8_cuts_a_wide_character": (["abcd", "中中", "X"], [2, 1]),
    ]

    @Test func theCasesArePresent() {
        #expect(Self.cases.count >= 18)
        #expect(
            Self.cases.contains { $0.name.hasPrefix("utf8_cut") } && Self.cases.contains { $0.name.hasPrefix("irm") })
        #expect(Self.cases.contains { $0.final.cols != $0.cols || $0.final.rows != $0.rows })
    }

    @Test(arguments: cases)
    func xtermReadTheSamePieces(_ item: Case) throws {
        var expected = try Self.expected(item.name)
        if let veil = Self.documentedDifferences[item.name] {
            #expect(expected.lines != veil.lines, "\(item.name): no longer a difference")
            expected.lines = veil.lines
            expected.cursor = .init(row: veil.cursor[0], col: veil.cursor[1])
        }
        var plain = try Terminal(cols: item.cols, rows: item.rows)
        var tracked = try Terminal(cols: item.cols, rows: item.rows)
        tracked.observer = ScreenChangeRecorder()
        var position = 0
        for piece in item.bytes {
            plain.feed(piece)
            tracked.feed(piece, at: position)
            position += piece.count
        }
        for (how, terminal) in [("plain", plain), ("tracked", tracked)] {
            var terminal = terminal
            #expect((terminal.cols, terminal.rows) == (item.final.cols, item.final.rows), "\(item.name) (\(how))")
            let problems = XtermFixtures.differences(terminal.screen, expected: expected)
            #expect(problems.isEmpty, "\(item.name) (\(how), \(item.note)):\n\(problems.joined(separator: "\n"))")
            // A bad sequence is U+FFFD, never a noncharacter or anything else.
            #expect(!terminal.screen.cells.contains { $0.scalar == "\u{FFFF}" || $0.scalar == "\u{FFFE}" })
            // The size reports agree with the screen, as xterm's do; the display is the size
            // the terminal was made with (where xterm's X screen was that size too).
            let answers = Answers()
            terminal.responseHandler = { answers.append($0) }
            terminal.feed("\u{1B}[18t")
            #expect(answers.text == item.final.replies["18t"], "\(item.name) (\(how))")
            if item.screen == [item.cols, item.rows] {
                terminal.feed("\u{1B}[19t")
                #expect(answers.text == item.final.replies["18t"]! + item.final.replies["19t"]!, "\(item.name)")
            }
        }
    }
}
