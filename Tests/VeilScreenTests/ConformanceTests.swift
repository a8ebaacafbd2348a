import Foundation
import Testing
@testable import VeilScreen

/// The screen model against real xterm (XTerm(379)) golden files.
@Suite struct ConformanceTests {
    @Test(arguments: XtermFixtures.cases("battery", inputExtension: "bin"))
    func battery(_ name: String) throws {
        let expected = try XtermFixtures.expected("battery", name)
        let bytes = try XtermFixtures.input("battery", name, extension: "bin")
        let problems = XtermFixtures.differences(bytes, expected: expected)
        #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))")
    }

    /// Cells whose attributes are left out of the comparison, where the spec asks for more
    /// than XTerm(379) does (their text and position are still compared):
    /// - `sgr_underline_styles`: xterm 379 has no underline styles (`4:x` sets the
    ///   foreground to palette 0 instead); Veil keeps `4:0`…`4:5`.
    /// - `sgr_overline_53_58`: xterm ignores 53/55/59 and reads `58;5;196` as 58, blink,
    ///   196, and `58:2::1:2:3` as foreground 0; Veil keeps overline and the underline colour.
    /// - `sgr_rgb_colon` cell (0, 2): in `38:2::17:34:51;48:2::68:85:102` xterm misreads
    ///   the second colon group and applies its last value, 102, as an SGR code (background
    ///   palette 10); Veil reads the background `#445566` that was sent.
    static let attributeExceptions: [String: Set<[Int]>] = [
        "sgr_underline_styles": Set((0..<8).map { [0, $0] }),
        "sgr_overline_53_58": Set((0..<6).map { [0, $0] }),
        "sgr_rgb_colon": [[0, 2]],
    ]

    @Test(arguments: XtermFixtures.attributeCases())
    func batteryAttributes(_ name: String) throws {
        let expected = try XtermFixtures.printedAttributes(name)
        var terminal = try Terminal(cols: expected.cols, rows: expected.rows)
        terminal.feed(try XtermFixtures.input("battery", name, extension: "bin"))
        let actual = XtermFixtures.printed(terminal.screen)
        let excepted = ConformanceTests.attributeExceptions[name] ?? []
        #expect(
            actual.filter { excepted.contains([$0.row, $0.col]) }.map { "\($0.row),\($0.col) \($0.text)" }
                == expected.cells.filter { excepted.contains([$0.row, $0.col]) }.map {
                    "\($0.row),\($0.col) \($0.text)"
                })
        let missing = expected.cells.filter { !excepted.contains([$0.row, $0.col]) && !actual.contains($0) }
        let extra = actual.filter { !excepted.contains([$0.row, $0.col]) && !expected.cells.contains($0) }
        #expect(missing.isEmpty && extra.isEmpty, "\(name)\nxterm only: \(missing)\nours only: \(extra)")
    }

    @Test(arguments: XtermFixtures.cases("alacritty", inputExtension: "bin"))
    func alacrittyRecording(_ name: String) throws {
        let expected = try XtermFixtures.expected("alacritty", name)
        let bytes = try XtermFixtures.input("alacritty", name, extension: "bin")
        let problems = XtermFixtures.differences(bytes, expected: expected)
        #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))")
    }

    @Test(arguments: XtermFixtures.attributeCases("programs"))
    func programAttributes(_ name: String) throws {
        let expected = try XtermFixtures.printedAttributes(name, in: "programs")
        var terminal = try Terminal(cols: expected.cols, rows: expected.rows)
        terminal.feed(try XtermFixtures.input("programs", name, extension: "bin"))
        let actual = XtermFixtures.printed(terminal.screen)
        let missing = expected.cells.filter { !actual.contains($0) }
        let extra = actual.filter { !expected.cells.contains($0) }
        #expect(
            missing.isEmpty && extra.isEmpty, "\(name)\nxterm only: \(missing.prefix(5))\nours only: \(extra.prefix(5))"
        )
    }

    @Test(arguments: XtermFixtures.cases("programs", inputExtension: "bin"))
    func programRecording(_ name: String) throws {
        let expected = try XtermFixtures.expected("programs", name)
        let bytes = try XtermFixtures.input("programs", name, extension: "bin")
        let problems = XtermFixtures.differences(bytes, expected: expected)
        #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))")
    }

    @Test(arguments: XtermFixtures.cases("xtermjs", inputExtension: "in"))
    func xtermjsAgainstOurXterm(_ name: String) throws {
        let expected = try XtermFixtures.expected("xtermjs", name)
        let bytes = XtermFixtures.crlf(try XtermFixtures.input("xtermjs", name, extension: "in"))
        let problems = XtermFixtures.differences(bytes, expected: expected)
        #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))")
    }

    /// The `.text` files were captured by the xterm.js project from an older xterm. Two
    /// cases differ from XTerm(379), which the model follows (see `xtermjs/README.md`):
    /// `t0060-DECSC` and `t0061-CSI_s` print `v` in the last column (pending wrap), save
    /// the cursor, scroll, restore it and print `^`. XTerm(379) saves and restores the
    /// pending wrap with the cursor (battery `pending_wrap_decsc`), so `^` wraps to the
    /// next row; the older xterm restored only the position and overwrote the last column.
    static let xtermjsKnownMisses: Set<String> = ["t0060-DECSC", "t0061-CSI_s"]

    @Test func xtermjsAgainstTheirText() throws {
        var matches: [String] = []
        var misses: [String: String] = [:]
        for name in XtermFixtures.cases("xtermjs", inputExtension: "in") {
            let bytes = XtermFixtures.crlf(try XtermFixtures.input("xtermjs", name, extension: "in"))
            let text = String(decoding: try XtermFixtures.input("xtermjs", name, extension: "text"), as: UTF8.self)
            var expected = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                var line = String($0)
                while line.unicodeScalars.last == " " { line.unicodeScalars.removeLast() }
                return line
            }
            while expected.count > 25 && expected.last == "" { expected.removeLast() }
            var terminal = try Terminal(cols: 80, rows: 25)
            terminal.feed(bytes)
            let actual = terminal.screen.visibleLines()
            if actual == expected {
                matches.append(name)
            } else {
                let row = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? -1
                misses[name] = "first differing row \(row)"
            }
        }
        #expect(matches.count >= 74, "matched \(matches.count)/76; misses: \(misses)")
        #expect(Set(misses.keys) == ConformanceTests.xtermjsKnownMisses, "\(misses)")
    }

    /// Every battery case gives the same screen when split in two at every byte, and when
    /// fed byte by byte (the goldens' streams were written whole).
    @Test(arguments: XtermFixtures.cases("battery", inputExtension: "bin"))
    func batterySplitAnywhere(_ name: String) throws {
        let expected = try XtermFixtures.expected("battery", name)
        let bytes = try XtermFixtures.input("battery", name, extension: "bin")
        var whole = try Terminal(cols: expected.cols, rows: expected.rows)
        whole.feed(bytes)
        let reference = whole.screen
        for cut in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 200)) {
            var split = try Terminal(cols: expected.cols, rows: expected.rows)
            split.feed(bytes[..<cut])
            split.feed(bytes[cut...])
            #expect(split.screen == reference, "\(name) split at \(cut)")
        }
        var single = try Terminal(cols: expected.cols, rows: expected.rows)
        for byte in bytes { single.feed(CollectionOfOne(byte)) }
        #expect(single.screen == reference, "\(name) byte by byte")
    }

    @Test func collectionsArePresent() {
        #expect(XtermFixtures.attributeCases().count >= 20)
        #expect(XtermFixtures.cases("programs", inputExtension: "bin").count >= 10)
        #expect(XtermFixtures.cases("battery", inputExtension: "bin").count >= 70)
        #expect(XtermFixtures.cases("alacritty", inputExtension: "bin").count == 45)
        #expect(XtermFixtures.cases("xtermjs", inputExtension: "in").count == 76)
    }
}

extension XtermFixtures {
    /// The xterm.js inputs assume the terminal turns LF into CRLF.
    static func crlf(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            if byte == 0x0A { result.append(0x0D) }
            result.append(byte)
        }
        return result
    }
}
