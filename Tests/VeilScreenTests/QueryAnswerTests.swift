import Foundation
import Testing
@testable import VeilScreen

/// Collects what a terminal answers.
final class AnswerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [UInt8] = []

    var bytes: [UInt8] { lock.withLock { stored } }
    var text: String { String(decoding: bytes, as: UTF8.self) }
    func append(_ bytes: [UInt8]) { lock.withLock { stored += bytes } }
    func take() -> String {
        lock.withLock {
            defer { stored = [] }
            return String(decoding: stored, as: UTF8.self)
        }
    }
}

/// A terminal whose answers go to the returned box.
func answeringTerminal(cols: Int = 80, rows: Int = 24) -> (Terminal, AnswerBox) {
    var terminal = try! Terminal(cols: cols, rows: rows)
    let box = AnswerBox()
    terminal.responseHandler = { box.append($0) }
    return (terminal, box)
}

/// Real xterm's answers (`Fixtures/xterm/queries/answers.json`, made by `Scripts/query-goldens`).
struct QueryGoldens: Decodable {
    struct Case: Decodable {
        var name: String
        var setup: String
        var query: String
        var reply: String
    }
    struct Session: Decodable {
        var cols: Int
        var rows: Int
        var cases: [Case]
    }
    var xterm: String
    var sessions: [Session]

    static func load() throws -> QueryGoldens {
        let url = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/xterm/queries/answers.json")
        return try JSONDecoder().decode(QueryGoldens.self, from: Data(contentsOf: url))
    }
}

/// Veil's answers to queries against real xterm's (XTerm(379)).
@Suite struct QueryAnswerTests {
    /// Cases where Veil deliberately or unavoidably answers otherwise, with the reason
    /// (Docs/sequences.md lists them). Their answers are still checked to be well formed.
    static let knownDifferences: [String: String] = [
        "xtversion": "Veil names itself: Veil(version)",
        "xtversion_0": "Veil names itself: Veil(version)",
        "decrqm_dec_2026": "Veil knows synchronized output (2026); xterm 379 does not",
        "decrqm_dec_2026_set": "Veil knows synchronized output (2026); xterm 379 does not",
        "decrqm_dec_2026_reset": "Veil knows synchronized output (2026); xterm 379 does not",
        "decrqm_dec_2026_restore": "Veil knows synchronized output (2026); xterm 379 does not",
        "decrqss_sgr_bold_256_low": "Veil keeps 38;5;2 as colour 2, like 32, so bold brightens it",
        "decrqcra_printed_spaces": "Veil does not tell a printed space from a never-written cell",
        "decrqcra_fg_erase": "Veil's erase keeps only the background (xterm marks the foreground too)",
        "decrqcra_combining": "xterm precomposes e + U+0301 to U+00E9; Veil keeps the base character",
        "decrqcra_whole_screen": "includes the printed spaces, erased foreground and combining cases",
        "decrqcra_clamped": "includes the printed spaces, erased foreground and combining cases",
        // Out-of-gamut colours brought to the gamut's edge: one channel at intensity ±1e-16
        // (ColorSpecTests.zeroIntensityLevels): 0 in Veil, the level 9 (red) or 19 (green) in xterm.
        "osc4_spec_32": "CIEXYZ:0.1/0.05/0.5 at the gamut's edge: red 00 (xterm 09)",
        "osc4_spec_76": "TekHVC:10/20/80 at the gamut's edge: green 00 (xterm 13)",
    ]
    @Test func answersAsXterm() throws {
        let goldens = try QueryGoldens.load()
        #expect(goldens.xterm == "XTerm(379)")
        var checked = 0
        var problems: [String] = []
        for session in goldens.sessions {
            var (terminal, box) = answeringTerminal(cols: session.cols, rows: session.rows)
            for item in session.cases {
                terminal.feed(item.setup + item.query)
                let answer = box.take()
                if QueryAnswerTests.knownDifferences[item.name] != nil {
                    if item.reply.isEmpty != answer.isEmpty {
                        problems.append("\(item.name): answered \(answer.debugDescription)")
                    }
                    continue
                }
                checked += 1
                if answer != item.reply {
                    let expected = item.reply.debugDescription
                    problems.append("\(item.name): xterm \(expected), Veil \(answer.debugDescription)")
                }
            }
        }
        #expect(checked > 500)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.joined(separator: "\n"))")
    }

    @Test func noHandlerNoAnswerAndSameScreen() {
        let input = "ab\(csi)c\(csi)6n\(esc)P$qm\(esc)\\\(csi)1;1;1;1;1;1*y\(esc)]10;?\u{7}\(csi)?25$pcd"
        var plain = try! Terminal(cols: 10, rows: 3)
        plain.feed(input)
        var (answering, box) = answeringTerminal(cols: 10, rows: 3)
        answering.feed(input)
        #expect(plain.screen == answering.screen)
        #expect(plain.screen.lines()[0] == "abcd")
        #expect(!box.text.isEmpty)
    }

    @Test func withoutAHandlerNoRequestIsKept() {
        var terminal = try! Terminal(cols: 10, rows: 2)
        terminal.feed("\(esc)P$qm")
        #expect(terminal.state.dcsRequest == nil)
        terminal.responseHandler = { _ in }
        terminal.feed("\(esc)\\\(esc)P$qm")
        #expect(terminal.state.dcsRequest != nil)
    }

    @Test func cursorStyleAndBlinkShareTheirState() {
        var (terminal, box) = answeringTerminal()
        terminal.feed("\(csi)4 q\(csi)?12$p\(csi)?12h\(esc)P$q q\(esc)\\\(csi)9 q\(esc)P$q q\(esc)\\")
        #expect(box.take() == "\(csi)?12;2$y\(esc)P1$r3 q\(esc)\\\(esc)P1$r3 q\(esc)\\")
        #expect(terminal.modes.cursorStyle == 4 && terminal.modes.cursorBlink)
        terminal.feed("\(csi)!p\(esc)P$q q\(esc)\\")
        #expect(box.take() == "\(esc)P1$r2 q\(esc)\\")
    }

    @Test func queriesSplitAnywhereGiveTheSameAnswers() {
        let input = "\(csi)1mX\(esc)P$qm\(esc)\\\(csi)?6n\(csi)2;2;1;1;1;1*y\(esc)]4;1;?\(esc)\\\(csi)>q"
        let (whole, wholeBox) = answeringTerminal()
        var wholeTerminal = whole
        wholeTerminal.feed(input)
        var (split, splitBox) = answeringTerminal()
        for byte in Array(input.utf8) { split.feed([byte]) }
        #expect(wholeBox.text == splitBox.text)
        #expect(wholeBox.text.contains("\(esc)P1$r0;1m\(esc)\\"))
    }

    @Test func aCancelledRequestIsNotAnswered() {
        var (terminal, box) = answeringTerminal()
        terminal.feed("\(esc)P$qm\u{18}\(esc)\\\(esc)P$qm\u{1A}\(esc)P$qr\(esc)7")
        #expect(box.text.isEmpty)
        terminal.feed("\(esc)P$qr\(esc)\\")
        #expect(box.text == "\(esc)P1$r1;24r\(esc)\\")
    }

    @Test func anOverlongRequestIsInvalid() {
        var (terminal, box) = answeringTerminal()
        terminal.feed("\(esc)P$q" + String(repeating: "m", count: 5000) + "\(esc)\\")
        #expect(box.text == "\(esc)P0$r\(esc)\\")
    }

    @Test func settingsChangeTheReports() {
        var (terminal, box) = answeringTerminal(cols: 100, rows: 30)
        terminal.reportSettings.cellWidth = 10
        terminal.reportSettings.cellHeight = 20
        terminal.reportSettings.versionName = "Test(1)"
        terminal.feed("\(csi)14t\(csi)16t\(csi)18t\(csi)>q")
        #expect(box.take() == "\(csi)4;600;1000t\(csi)6;20;10t\(csi)8;30;100t\(esc)P>|Test(1)\(esc)\\")
        terminal.reportSettings.answersWindowReports = false
        terminal.reportSettings.answersChecksumRequests = false
        terminal.feed("\(csi)14t\(csi)18t\(csi)1;1;1;1;1;1*y\(csi)20t\(csi)21t")
        #expect(box.take() == "")
        #expect(ReportSettings().versionName == "Veil(0.1.0)")
    }

    @Test func windowOperationsOtherThanReportsAreUnhandled() {
        var terminal = try! Terminal(cols: 10, rows: 2)
        let box = AnswerBox()
        terminal.unhandledSequenceHandler = { box.append(Array(($0 + "|").utf8)) }
        terminal.feed("\(csi)5t\(csi)18t\(csi)21t\(csi)6t")
        #expect(box.text == "CSI 5 t|CSI 6 t|")  // raise and lower: no window stack to do it in
    }

    @Test func titleReportsAreNeverAnswered() {
        var (terminal, box) = answeringTerminal()
        terminal.feed("\(esc)]2;secret title\u{7}\(csi)20t\(csi)21t")
        #expect(box.text.isEmpty)
    }

    @Test func settingsSurviveAResize() throws {
        var (terminal, box) = answeringTerminal(cols: 10, rows: 4)
        terminal.reportSettings.cellWidth = 9
        terminal.feed("\(esc)]11;#102030\u{7}\(csi)?1036h")
        try terminal.resize(cols: 20, rows: 5)
        terminal.feed("\(csi)14t\(esc)]11;?\u{7}\(csi)?1036$p")
        #expect(box.text == "\(csi)4;80;180t\(esc)]11;rgb:1010/2020/3030\u{7}\(csi)?1036;1$y")
    }

    @Test func recordedModesAreReportedAndReset() {
        var (terminal, box) = answeringTerminal()
        terminal.feed("\(csi)?1036h\(csi)?1036$p\(csi)?1051h\(csi)?1060h\(csi)?1051$p\(csi)?1060$p")
        #expect(box.take() == "\(csi)?1036;1$y\(csi)?1051;2$y\(csi)?1060;1$y")
        #expect(terminal.modes.isRecordedSet(decMode: 1036) == true)
        #expect(terminal.modes.isRecordedSet(decMode: 25) == nil)
        // DECLRMM is modelled (left/right margins), so it reports itself from the margins.
        #expect(terminal.modes.isRecordedSet(decMode: 69) == nil)
        terminal.feed("\(csi)?69h\(csi)?69$p")
        #expect(box.take() == "\(csi)?69;1$y")
        terminal.feed("\(csi)?66h")
        #expect(terminal.modes.applicationKeypad)
        terminal.feed("\(esc)c\(csi)?69$p\(csi)?1036$p\(csi)?66$p")
        #expect(box.take() == "\(csi)?69;2$y\(csi)?1036;2$y\(csi)?66;2$y")
    }

    @Test func reportsFollowTheLeftAndRightMargins() {
        var (terminal, box) = answeringTerminal(cols: 20, rows: 5)
        // Without DECLRMM the margins are the screen's edges; with it, DECSLRM's.
        terminal.feed("\(esc)P$qs\(esc)\\\(csi)?69h\(csi)5;15s\(esc)P$qs\(esc)\\")
        #expect(box.take() == "\(esc)P1$r1;20s\(esc)\\\(esc)P1$r5;15s\(esc)\\")
        // In origin mode the cursor reports count from the margins' top-left corner (xterm).
        terminal.feed("\(csi)?6h\(csi)2;3H\(csi)6n\(csi)?6n\(csi)?6l\(csi)2;3H\(csi)6n")
        #expect(box.take() == "\(csi)2;3R\(csi)?2;3;1R\(csi)2;3R")
        terminal.feed("\(csi)?6h\(csi)2;3H")
        #expect(terminal.screen.cursor.col == 6)
    }

    @Test func checksumFollowsTheCells() {
        var (terminal, box) = answeringTerminal(cols: 10, rows: 3)
        terminal.feed("\(csi)1;1;1;1;1;1*y")
        #expect(box.take() == "\(esc)P1!~FFE0\(esc)\\")  // a blank first cell counts as a space
        terminal.feed("\(csi)H\(csi)1;4;5;7mA\(csi)0m\(csi)1;1;1;1;1;10*y")
        // 'A' 0x41 + 0x10 + 0x20 + 0x40 + 0x80 = 0x131; the untouched rest does not count.
        #expect(box.take() == "\(esc)P1!~FECF\(esc)\\")
    }
}
