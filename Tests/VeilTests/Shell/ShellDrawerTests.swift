import Foundation
import Testing
import VeilRedaction
import VeilScreen
import VeilTestSupport

@testable import Veil

/// `veil shell`'s drawer: what it writes, fed to an xterm-faithful terminal (Veil's own
/// model standing for the user's terminal), shows exactly the frame it was given, frame
/// after frame, however the screen changed in between; and it writes little for little
/// changes.
@Suite struct ShellDrawerTests {
    /// The user's terminal: Veil's model of an xterm, fed what the drawer writes.
    struct Outer {
        var terminal: Terminal
        var drawer: ShellDrawer
        var bytes: [UInt8] = []

        init(cols: Int, rows: Int, statusLine: Bool = false) throws {
            terminal = try Terminal(cols: cols, rows: rows)
            drawer = ShellDrawer(cols: cols, rows: rows, statusLine: statusLine)
            write(drawer.start())
        }

        mutating func write(_ data: [UInt8]) {
            terminal.feed(data)
            bytes += data
        }

        mutating func draw(_ frame: ShellScreen.Frame, modes: TerminalModes = TerminalModes(), status: String? = nil)
            -> [UInt8]
        {
            let data = drawer.draw(
                frame.screen, changedRows: frame.changedRows, scroll: frame.scroll, programModes: modes, status: status)
            write(data)
            return data
        }
    }

    /// The first difference between what the terminal shows (its top `frame.rows` rows) and
    /// the frame, or nil.
    static func difference(_ outer: Screen, _ frame: Screen) -> String? {
        for row in 0..<frame.rows {
            for col in 0..<frame.cols {
                let a = outer[row, col]
                let b = frame[row, col]
                let same =
                    outer.text(of: a) == frame.text(of: b) && a.width == b.width
                    && a.attributes.subtracting(.protected) == b.attributes.subtracting(.protected)
                    && a.foreground == b.foreground && a.background == b.background
                    && a.underlineStyle == b.underlineStyle && a.underlineColor == b.underlineColor
                    && (outer.link(of: a) ?? "") == (frame.link(of: b) ?? "")
                if !same {
                    return "row \(row) col \(col): shown \(outer.rowText(row).debugDescription), "
                        + "frame \(frame.rowText(row).debugDescription)"
                }
            }
            if row + 1 < frame.rows && outer.wrapped[row] != frame.wrapped[row] {
                return "row \(row): wrapped \(outer.wrapped[row]), frame \(frame.wrapped[row])"
            }
        }
        if outer.cursor.row != frame.cursor.row || outer.cursor.col != frame.cursor.col {
            return "cursor \(outer.cursor) != \(frame.cursor)"
        }
        if outer.cursor.isVisible != frame.cursor.isVisible { return "cursor visibility" }
        if outer.title != frame.title {
            return "title \(outer.title.debugDescription) != \(frame.title.debugDescription)"
        }
        if outer.isAlternateScreen != frame.isAlternateScreen { return "alternate screen" }
        return nil
    }

    /// A random program: text in colours, wide characters and links, line feeds at the
    /// bottom, cursor jumps, erases, scroll regions, insertions and deletions, the alternate
    /// screen, titles.
    static func randomProgram(seed: UInt64, cols: Int, rows: Int) -> [[UInt8]] {
        var random = SeededGenerator(seed: seed)
        var chunks: [[UInt8]] = []
        let words = ["ls", "total 48", "drwxr-xr-x", "README.md", "漢字", "テスト", "e\u{301}", "─┼─", "$", "ok", "ñandú"]
        for _ in 0..<Int.random(in: 20...60, using: &random) {
            var out = ""
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                switch Int.random(in: 0..<20, using: &random) {
                case 0...5: out += random.pick(words) + " "
                case 6: out += "\r\n"
                case 7:
                    out +=
                        "\u{1B}[\(Int.random(in: 1...rows, using: &random));\(Int.random(in: 1...cols, using: &random))H"
                case 8:
                    out += "\u{1B}[\(random.pick(["0", "1", "4", "7", "31", "38;5;208", "48;2;10;20;30", "4:3", "9"]))m"
                case 9: out += random.pick(["\u{1B}[K", "\u{1B}[1K", "\u{1B}[J", "\u{1B}[2J", "\u{1B}[3X"])
                case 10: out += "\u{1B}[\(Int.random(in: 1...rows, using: &random));\(rows)r\u{1B}[\(rows);1H\n\n"
                case 11: out += random.pick(["\u{1B}M", "\u{1B}[2L", "\u{1B}[L", "\u{1B}[M", "\u{1B}[2P", "\u{1B}[3@"])
                case 12: out += random.chance(50) ? "\u{1B}[?1049h" : "\u{1B}[?1049l"
                case 13: out += "\u{1B}]2;title \(Int.random(in: 0...9, using: &random))\u{07}"
                case 14:
                    out +=
                        "\u{1B}]8;;https://example.com/\(Int.random(in: 0...3, using: &random))\u{1B}\\link\u{1B}]8;;\u{1B}\\"
                case 15: out += String(repeating: "wrapping text ", count: Int.random(in: 1...4, using: &random))
                case 16: out += "\u{1B}[r"
                case 17: out += random.pick(["\u{1B}[?25l", "\u{1B}[?25h", "\u{1B}[5 q"])
                default: out += String(repeating: "\r\n", count: Int.random(in: 1...rows, using: &random)) + "scrolled"
                }
            }
            chunks.append(Array(out.utf8))
        }
        return chunks
    }

    @Test(arguments: [false, true]) func theTerminalShowsEveryFrameExactly(statusLine: Bool) throws {
        var checked = 0
        let count = ProcessInfo.processInfo.environment["VEIL_STRESS_COUNT"].flatMap { Int($0) } ?? 40
        for index in 0..<count {
            let seed = SeededGenerator.caseSeed(base: 0x5E11_D4A3_0000_0001, index: index)
            var random = SeededGenerator(seed: seed)
            let cols = Int.random(in: 8...50, using: &random)
            let rows = Int.random(in: 3...14, using: &random)
            var shell = try ShellScreen(cols: cols, rows: rows, rules: RuleSet(rules: []), style: .solid)
            var outer = try Outer(cols: cols, rows: rows + (statusLine ? 1 : 0), statusLine: statusLine)
            for chunk in Self.randomProgram(seed: random.next(), cols: cols, rows: rows) {
                shell.feed(chunk)
                let frame = shell.frame()
                _ = outer.draw(frame, modes: shell.modes, status: statusLine ? "status \(checked % 3)" : nil)
                if let difference = Self.difference(outer.terminal.screen, frame.screen) {
                    Issue.record("seed 0x\(String(seed, radix: 16)) (\(cols)x\(rows)): \(difference)")
                    return
                }
                if statusLine {
                    #expect(outer.terminal.screen.rowText(rows).hasPrefix("status "))
                }
                checked += 1
            }
        }
        #expect(checked > 500)
    }

    @Test func aResizeDrawsEverythingAgain() throws {
        var shell = try ShellScreen(cols: 30, rows: 6, rules: RuleSet(rules: []), style: .solid)
        var outer = try Outer(cols: 30, rows: 6)
        shell.feed(Array("one\r\ntwo\r\nthree".utf8))
        _ = outer.draw(shell.frame())
        try shell.resize(cols: 20, rows: 4)
        outer.drawer.resize(cols: 20, rows: 4)
        outer.terminal = try Terminal(cols: 20, rows: 4)  // a terminal that lost its content
        _ = outer.draw(shell.frame())
        #expect(Self.difference(outer.terminal.screen, shell.frame().screen) == nil)
    }

    @Test func oneKeyEchoedWritesAFewBytes() throws {
        var shell = try ShellScreen(cols: 200, rows: 60, rules: RuleSet.builtIn, style: .solid)
        var outer = try Outer(cols: 200, rows: 60)
        for row in 0..<59 { shell.feed(Array("\u{1B}[32mline \(row) of some coloured output\u{1B}[0m\r\n".utf8)) }
        shell.feed(Array("$ ".utf8))
        _ = outer.draw(shell.frame())
        shell.feed(Array("l".utf8))
        let echo = outer.draw(shell.frame())
        #expect(echo == Array("l".utf8), "\(String(decoding: echo, as: UTF8.self).debugDescription)")
    }

    @Test func outputScrollingIsAScroll() throws {
        var shell = try ShellScreen(cols: 40, rows: 10, rules: RuleSet(rules: []), style: .solid)
        var outer = try Outer(cols: 40, rows: 10)
        for row in 0..<10 { shell.feed(Array("row \(row)\r\n".utf8)) }
        _ = outer.draw(shell.frame())
        shell.feed(Array("row 10\r\nrow 11\r\n".utf8))
        let bytes = outer.draw(shell.frame())
        // Two line feeds at the bottom, then the two new rows: not ten rows drawn again.
        #expect(bytes.count < 60, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        #expect(bytes.filter { $0 == 0x0A }.count == 2)
        #expect(Self.difference(outer.terminal.screen, shell.frame().screen) == nil)
    }

    @Test func modesFollowTheProgramAndAreResetAtTheEnd() throws {
        var shell = try ShellScreen(cols: 20, rows: 5, rules: RuleSet(rules: []), style: .solid)
        var outer = try Outer(cols: 20, rows: 5)
        shell.feed(
            Array("\u{1B}[?1h\u{1B}=\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?1004h\u{1B}[?2004h\u{1B}[4 q\u{1B}[?25l".utf8))
        shell.feed(Array("\u{1B}[?1049h\u{1B}]2;editor\u{07}".utf8))
        _ = outer.draw(shell.frame(), modes: shell.modes)
        let modes = outer.terminal.modes
        #expect(modes.applicationCursorKeys && modes.applicationKeypad && modes.focusReporting && modes.bracketedPaste)
        #expect(modes.mouseTracking == .buttonEvent && modes.mouseEncoding == .sgr && modes.cursorStyle == 4)
        #expect(!modes.cursorVisible && outer.terminal.isAlternateScreen)
        outer.write(outer.drawer.release(cursorOnScreen: true))
        let after = outer.terminal.modes
        #expect(!after.applicationCursorKeys && !after.applicationKeypad && !after.focusReporting)
        #expect(!after.bracketedPaste && after.mouseTracking == .off && after.mouseEncoding == .legacy)
        #expect(after.cursorVisible && after.cursorStyle == 0 && !outer.terminal.isAlternateScreen)
        let text = String(decoding: outer.bytes, as: UTF8.self)
        #expect(text.contains("\u{1B}[22;0t") && text.hasSuffix("\u{1B}[23;0t\r\n"), "the title is pushed and popped")
    }
}
