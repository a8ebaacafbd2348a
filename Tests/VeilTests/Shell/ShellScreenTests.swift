import Foundation
import Testing
import VeilRedaction
import VeilScreen

@testable import Veil

/// `veil shell`'s judge: every frame is judged before it is drawn, values found once stay
/// hidden, and anything that cannot be judged is hidden.
@Suite struct ShellScreenTests {
    static let token = "ghp_" + "R8fK2mQ7xW4pL9vN3cJ6hT1yB5sD0aE8uG2i"

    static func screen(cols: Int = 60, rows: Int = 8, rules: RuleSet? = nil) throws -> ShellScreen {
        try ShellScreen(cols: cols, rows: rows, rules: rules ?? RuleSet.builtIn, style: .solid)
    }

    /// The row's text with hidden (mask-coloured) cells as `#`.
    static func seen(_ screen: Screen, row: Int) -> String {
        var text = ""
        for col in 0..<screen.cols {
            let cell = screen[row, col]
            if cell.width == 0 { continue }
            text += cell.background == RedactionStyle.maskColor ? "#" : screen.text(of: cell)
        }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// The screen's rows, one a line.
    static func text(_ screen: Screen) -> String { screen.lines().joined(separator: "\n") }

    static func contains(_ screen: Screen, _ text: String) -> Bool { Self.text(screen).contains(text) }

    @Test func aValueIsHiddenInTheFirstFrameThatShowsIt() throws {
        var shell = try Self.screen()
        shell.feed(Array("$ export TOKEN=\(Self.token)\r\n".utf8))
        let frame = shell.frame()
        let shown = Self.contains(frame.screen, Self.token)
        #expect(!shown)
        #expect(Self.seen(frame.screen, row: 0) == "$ export TOKEN=" + String(repeating: "#", count: Self.token.count))
        #expect(frame.changedRows == nil, "the first frame is drawn whole")
    }

    /// The status line counts the values of the frame it is drawn with: the frame that first
    /// hides a value says so (it was a frame late, and stayed so when nothing more came).
    @Test func theStatusLineCountsTheValuesOfItsOwnFrame() throws {
        var framer = ShellFramer(
            screen: try Self.screen(), drawer: ShellDrawer(cols: 60, rows: 8, statusLine: true))
        var outer = try Terminal(cols: 60, rows: 8)
        outer.feed(framer.drawer.start())
        framer.screen.feed(Array("$ cat secrets\r\ntoken \(Self.token)\r\ncard 4111 1111 1111 1111\r\n".utf8))
        var asked: [Int] = []
        let frame = framer.frame(midStream: false) { count in
            asked.append(count)
            return " veil shell · \(count) hidden"
        }
        outer.feed(frame.bytes)
        #expect(asked == [2])
        #expect(outer.screen.rowText(7).hasPrefix(" veil shell · 2 hidden"), "\(outer.screen.lines())")
    }

    @Test func aValueCutByTheTopOfTheScreenIsHiddenThoughItsStartWasNeverDrawn() throws {
        // A long line wraps over three rows and scrolls up before any frame: only its last two
        // rows are on screen, the key's first characters gone with its label.
        var shell = try ShellScreen(cols: 20, rows: 3, rules: RuleSet.builtIn, style: .solid)
        _ = shell.frame()
        shell.feed(Array("TWILIO_API_KEY=SK7e8df33809cd89bf6e31c021f6b75d27\r\nnext".utf8))
        let frame = shell.frame()
        #expect(Self.seen(frame.screen, row: 0) == String(repeating: "#", count: 20))
        #expect(Self.seen(frame.screen, row: 1) == String(repeating: "#", count: 9))
        #expect(Self.seen(frame.screen, row: 2) == "next")
        // A long line with nothing sensitive, cut the same way, shows.
        shell.feed(Array("\r\nmake: Entering directory '/home/veil/src/project/build'\r\nok".utf8))
        let plain = shell.frame()
        #expect(Self.seen(plain.screen, row: 0) == "tory '/home/veil/src")
        #expect(Self.seen(plain.screen, row: 1) == "/project/build'")
    }

    @Test func aValueFoundOnceIsHiddenEverywhereAfter() throws {
        var shell = try Self.screen()
        // On screen first where no rule finds it (a bare word), then labelled.
        let password = "Lantern-7-Harbor"
        shell.feed(Array("notes: \(password)\r\n".utf8))
        var frame = shell.frame()
        #expect(Self.text(frame.screen).contains(password), "a bare word is not a finding")
        shell.feed(Array("password: \(password)\r\n".utf8))
        frame = shell.frame()
        #expect(!Self.text(frame.screen).contains(password), "both copies hidden the moment it is found")
        #expect(frame.changedRows?[0] == true, "the row that did not change is drawn again")
        // Printed again later, bare, it is still hidden.
        shell.feed(Array("echo \(password)x\r\n".utf8))
        frame = shell.frame()
        #expect(!Self.text(frame.screen).contains(password))
    }

    @Test func marksMoveWithTheCellsAndLeaveWhenTheyAreErased() throws {
        var shell = try Self.screen(rows: 4)
        shell.feed(Array("password: Lantern-7-Harbor\r\n".utf8))
        _ = shell.frame()
        // Scrolled up: still hidden (the mark moved with the cells), even once its label
        // scrolled away.
        shell.feed(Array("one\r\ntwo\r\nthree".utf8))
        var frame = shell.frame()
        #expect(!Self.text(frame.screen).contains("Lantern"))
        shell.feed(Array("\u{1B}[2J\u{1B}[Hfresh text here".utf8))
        frame = shell.frame()
        #expect(Self.seen(frame.screen, row: 0) == "fresh text here", "erased cells lose their mark")
    }

    @Test func theLineBelowAChangedLineIsJudgedAgain() throws {
        var shell = try Self.screen()
        // A bare 9-digit number is an SSN only next to an SSN word, here printed above it
        // after it (a form redrawn bottom-up).
        shell.feed(Array("\r\n536228714\r\n".utf8))
        var frame = shell.frame()
        var shown = Self.contains(frame.screen, "536228714")
        #expect(shown, "a bare number alone is not a finding")
        shell.feed(Array("\u{1B}[1;1HSSN".utf8))
        frame = shell.frame()
        shown = Self.contains(frame.screen, "536228714")
        #expect(!shown, "\(frame.screen.lines())")
    }

    @Test func rowsThatCannotBeJudgedAreHiddenWholeUntilTheyCanBe() throws {
        struct Failing: CustomDetector {
            struct Failure: Error {}
            func matches(in line: String) throws -> [Range<String.Index>] {
                if line.contains("BOOM") { throw Failure() }
                return []
            }
        }
        let rules = RuleSet(rules: [Rule(id: "failing", matcher: .custom(Failing()))])
        var shell = try Self.screen(rules: rules)
        shell.feed(Array("fine line\r\nBOOM here\r\n".utf8))
        var frame = shell.frame()
        #expect(frame.failed)
        #expect(Self.seen(frame.screen, row: 1) == String(repeating: "#", count: 60))
        #expect(Self.seen(frame.screen, row: 0) == String(repeating: "#", count: 60), "judged together: hidden too")
        shell.feed(Array("\u{1B}[2;1H\u{1B}[2K".utf8))
        frame = shell.frame()
        #expect(!frame.failed)
        #expect(Self.seen(frame.screen, row: 0) == "fine line")
    }

    @Test func titlesAreJudgedAndLinksWithSecretsAreDropped() throws {
        var shell = try Self.screen()
        let url = "postgres://app:Quartz-Falcon-93@db.internal/app"
        shell.feed(Array("\u{1B}]2;deploy \(Self.token)\u{07}".utf8))
        shell.feed(Array("\u{1B}]8;;https://example.com/docs\u{1B}\\docs\u{1B}]8;;\u{1B}\\ ".utf8))
        shell.feed(Array("\u{1B}]8;;\(url)\u{1B}\\db\u{1B}]8;;\u{1B}\\".utf8))
        let frame = shell.frame()
        #expect(!frame.screen.title.contains(Self.token))
        #expect(frame.screen.title.hasPrefix("deploy "))
        #expect(frame.screen.link(of: frame.screen[0, 0]) == "https://example.com/docs")
        #expect(frame.screen.link(of: frame.screen[0, 5]) == nil, "a link holding a password is dropped")
        #expect(!frame.screen.links.contains(url))
    }

    @Test func nothingChangedGivesTheLastFrameWithoutJudging() throws {
        var shell = try Self.screen()
        shell.feed(Array("hello\r\n".utf8))
        _ = shell.frame()
        shell.feed(Array("\u{1B}[3;4H".utf8))  // only the cursor moves
        let frame = shell.frame()
        #expect(frame.changedRows == Array(repeating: false, count: 8))
        #expect(frame.screen.cursor.row == 2 && frame.screen.cursor.col == 3)
    }

    @Test func rowsToJudgeTakeWholeLinesAndTheLineAfter() {
        let changed = [false, true, false, false, false, false]
        let wrapped = [true, false, true, false, false, false]
        // Row 1 continues row 0; rows 2 and 3 are the next line.
        #expect(
            ShellScreen.rowsToJudge(changed, wrapped: wrapped) == [true, true, true, true, false, false])
    }
}
