import Testing
@testable import VeilScreen

/// Byte → screen scripts per feature (libvterm's `t/6x_screen_*.test` style).
@Suite struct ScreenFeatureTests {
    // MARK: Tabs

    @Test func tabStops() {
        #expect(cursor("\t", cols: 20) == [0, 8])
        #expect(cursor("\t\t\t", cols: 20) == [0, 19])
        #expect(cursor("\(csi)3G\(esc)H\r\t", cols: 20) == [0, 2])
        #expect(cursor("\(csi)9G\(csi)g\r\t", cols: 20) == [0, 16])
        #expect(cursor("\(csi)3g\t", cols: 20) == [0, 19])
        #expect(cursor("\(csi)2I", cols: 20) == [0, 16])
        #expect(cursor("\(csi)20G\(csi)2Z", cols: 20) == [0, 8])
        #expect(cursor("\(csi)3g\u{1B}c\t", cols: 20) == [0, 8])
    }

    // MARK: SGR

    @Test func graphicRendition() {
        let screen = terminal("\(csi)1;3;4;7;9;31;42mA\(csi)22;23;24;27;29;39;49mB\(csi)91;104mC\(csi)0mD").screen
        let a = screen[0, 0]
        #expect(a.attributes == [.bold, .italic, .underline, .inverse, .strikethrough])
        #expect(a.foreground == .indexed(1) && a.background == .indexed(2))
        #expect(screen[0, 1].attributes.isEmpty && screen[0, 1].foreground == .default)
        #expect(screen[0, 2].foreground == .indexed(9) && screen[0, 2].background == .indexed(12))
        #expect(screen[0, 3] == Cell(scalar: "D"))
    }

    @Test func extendedColoursInBothForms() {
        let screen = terminal(
            "\(csi)38;5;200mA\(csi)38:5:201mB\(csi)38;2;1;2;3mC\(csi)38:2::4:5:6mD\(csi)38:2:7:8:9mE\(csi)48:2:0:10:11:12mF"
        ).screen
        #expect(screen[0, 0].foreground == .indexed(200))
        #expect(screen[0, 1].foreground == .indexed(201))
        #expect(screen[0, 2].foreground == .rgb(1, 2, 3))
        #expect(screen[0, 3].foreground == .rgb(4, 5, 6))
        #expect(screen[0, 4].foreground == .rgb(7, 8, 9))
        #expect(screen[0, 5].background == .rgb(10, 11, 12))
    }

    @Test func underlineStylesOverlineAndUnderlineColour() {
        let screen = terminal("\(csi)4:3mA\(csi)4:0mB\(csi)21mC\(csi)24;53;58;5;9mD\(csi)55;59mE").screen
        #expect(screen[0, 0].underlineStyle == .curly && screen[0, 0].attributes.contains(.underline))
        #expect(!screen[0, 1].attributes.contains(.underline))
        #expect(screen[0, 2].underlineStyle == .double)
        #expect(screen[0, 3].attributes == [.overline] && screen[0, 3].underlineColor == .indexed(9))
        #expect(screen[0, 4].attributes.isEmpty && screen[0, 4].underlineColor == .default)
    }

    @Test func eraseUsesTheBackgroundColour() {
        let screen = terminal("abc\(csi)41;1m\(csi)2J").screen
        #expect(screen[0, 0] == Cell.blank(background: .indexed(1)))
        #expect(screen[3, 9] == Cell.blank(background: .indexed(1)))
        let scrolled = terminal("\(csi)44m\n\n\n\n").screen
        #expect(scrolled[3, 0].background == .indexed(4))
    }

    // MARK: Modes

    @Test func insertModeShiftsTheLine() {
        #expect(lines("abcdef\r\(csi)4hXY\(csi)4lZ") == ["XYZbcdef", "", "", ""])
        #expect(lines("abcdefghij\r\(csi)4hX") == ["Xabcdefghi", "", "", ""])
    }

    @Test func newlineModeReturnsTheCarriage() {
        #expect(cursor("ab\n") == [1, 2])
        #expect(cursor("\(csi)20hab\n") == [1, 0])
    }

    @Test func originModeAddressesTheRegion() {
        #expect(cursor("\(csi)2;3r\(csi)?6h") == [1, 0])
        #expect(cursor("\(csi)2;3r\(csi)?6h\(csi)9;2H") == [2, 1])
        #expect(cursor("\(csi)2;3r\(csi)?6h\(csi)?6l") == [0, 0])
        var reports: [UInt8] = []
        var t = try! Terminal(cols: 10, rows: 4)
        final class Box: @unchecked Sendable { var bytes: [UInt8] = [] }
        let box = Box()
        t.responseHandler = { box.bytes += $0 }
        t.feed("\(csi)2;3r\(csi)?6h\(csi)2;2H\(csi)6n")
        reports = box.bytes
        #expect(String(decoding: reports, as: UTF8.self) == "\(csi)2;2R")
    }

    @Test func autowrapOff() {
        #expect(lines("\(csi)?7l0123456789AB") == ["012345678B", "", "", ""])
        #expect(lines("\(csi)?7l0123456789A\(csi)?7hBC") == ["012345678A", "BC", "", ""])
    }

    @Test func trackedModesChangeNothingOnScreen() {
        let t = terminal("a\(csi)?1004h\(csi)?2004h\(csi)?1000h\(csi)?1006h\(csi)?2026h\(csi)?25l\(csi)?1h\(esc)=b")
        #expect(t.screen.lines()[0] == "ab")
        #expect(t.modes.focusReporting && t.modes.bracketedPaste && t.modes.synchronizedOutput)
        #expect(t.modes.mouseTracking == .normal && t.modes.mouseEncoding == .sgr)
        #expect(!t.cursor.isVisible && !t.screen.cursor.isVisible)
        #expect(t.modes.applicationCursorKeys && t.modes.applicationKeypad)
    }

    // MARK: Save, restore, reset

    @Test func saveAndRestoreCursor() {
        #expect(lines("\(csi)2;3H\(esc)7\(csi)31m\(csi)HX\(esc)8Y") == ["X", "  Y", "", ""])
        #expect(terminal("\(csi)31m\(esc)7\(csi)0m\(esc)8A").screen[0, 0].foreground == .indexed(1))
        #expect(cursor("\(csi)2;3H\(csi)s\(csi)H\(csi)u") == [1, 2])
        #expect(cursor("\(csi)2;3H\(esc)8") == [0, 0])
        #expect(lines("\(esc)(0\(esc)7\(esc)(Bq\(esc)8q") == ["─", "", "", ""])
    }

    @Test func softResetKeepsTheScreen() {
        let t = terminal("ab\(csi)2;3r\(csi)?6h\(csi)4h\(csi)?7l\(csi)31m\(csi)?25l\(csi)!pX")
        #expect(t.screen.lines()[0] == "ab" && t.screen.lines()[1] == "X")  // the cursor stays
        #expect(t.modes.autowrap && !t.modes.insert && !t.modes.origin && t.cursor.isVisible)
        #expect(t.screen[0, 0].foreground == .default)
    }

    @Test func fullReset() {
        let t = terminal("\(esc)]2;keep\u{7}ab\(csi)?1049h\(csi)31mcd\(esc)c")
        #expect(t.screen.lines() == ["", "", "", ""])
        #expect(!t.isAlternateScreen && t.cursor == Cursor(row: 0, col: 0, isVisible: true))
        #expect(t.title == "keep")
    }

    // MARK: Alternate screen

    @Test func alternateScreens() {
        #expect(lines("main\(csi)?47halt\(csi)?47l") == ["main", "", "", ""])
        #expect(lines("main\(csi)?47halt\(csi)?47l\(csi)?47h") == ["    alt", "", "", ""])
        #expect(lines("main\(csi)?1047halt\(csi)?1047l\(csi)?1047h") == ["", "", "", ""])
        #expect(cursor("\(csi)2;2H\(csi)?1049h\(csi)4;4H\(csi)?1049l") == [1, 1])
        #expect(cursor("\(csi)2;2H\(csi)?1048h\(csi)4;4H\(csi)?1048l") == [1, 1])
    }

    // MARK: Characters

    @Test func ukCharsetAndSingleShifts() {
        #expect(lines("\(esc))A\u{E}#\u{F}#") == ["£#", "", "", ""])
        #expect(lines("\(esc)*0\(esc)Nqq") == ["─q", "", "", ""])
    }

    @Test func wideCharactersAtTheEdges() {
        #expect(lines("中", cols: 1, rows: 1) == [""])
        // xterm 379 does not place a wide character at the last column without autowrap
        // (battery `wide_last_column_autowrap_off`).
        #expect(lines("\(csi)?7l012345678中", cols: 10, rows: 2) == ["012345678", ""])
        let split = terminal("中文字\r\(csi)C\(csi)X").screen
        #expect(split.lines()[0] == "  文字")  // erasing a continuation erases the whole character
        #expect(split.invariantViolation() == nil)
        #expect(terminal("a中b\r\(csi)2@").screen.lines()[0] == "  a中b")
        #expect(terminal("a中b\r\(csi)C\(csi)P").screen.lines()[0] == "a b")
    }

    @Test func zeroWidthFormatCharactersAreDropped() {
        let screen = terminal("a\u{200D}b\u{200B}c").screen
        #expect(screen.lines()[0] == "abc")
        #expect(screen.cursor.col == 3)
    }

    @Test func emojiAndVariationSelectors() {
        let screen = terminal("❤\u{FE0F}x😀y").screen
        #expect(screen.text(row: 0, col: 0) == "❤\u{FE0F}")
        #expect(screen[0, 2].width == 2)  // ❤ is narrow (EAW N); VS16 does not widen it
        #expect(screen.cursor.col == 5)
    }

    // MARK: OSC

    @Test func hyperlinksArePerCell() {
        let screen = terminal("a\(esc)]8;id=1;https://example.com\(esc)\\link\(esc)]8;;\(esc)\\b").screen
        #expect(screen.link(of: screen[0, 0]) == nil)
        #expect((1...4).allSatisfy { screen.link(of: screen[0, $0]) == "https://example.com" })
        #expect(screen.link(of: screen[0, 5]) == nil)
    }

    @Test func paletteChangesAndQueries() {
        final class Box: @unchecked Sendable { var bytes: [UInt8] = [] }
        let box = Box()
        var t = try! Terminal(cols: 10, rows: 2)
        t.responseHandler = { box.bytes += $0 }
        t.feed("\(esc)]4;1;rgb:ff/80/00\u{7}\(esc)]4;1;?\u{7}\(esc)]4;2;#102030\(esc)\\")
        #expect(t.paletteOverrides[1]! == (255, 128, 0))
        #expect(t.paletteOverrides[2]! == (16, 32, 48))
        #expect(String(decoding: box.bytes, as: UTF8.self) == "\(esc)]4;1;rgb:ffff/8080/0000\u{7}")
        t.feed("\(esc)]104;1\u{7}")
        #expect(t.paletteOverrides[1] == nil && t.paletteOverrides[2] != nil)
        t.feed("\(esc)]104\u{7}")
        #expect(t.paletteOverrides.isEmpty)
    }

    @Test func deviceAttributesAndModeReports() {
        final class Box: @unchecked Sendable { var bytes: [UInt8] = [] }
        let box = Box()
        var t = try! Terminal(cols: 10, rows: 2)
        t.responseHandler = { box.bytes += $0 }
        t.feed("\(csi)c\(csi)>c\(csi)?25$p\(csi)?9999$p\(csi)4$p\(csi)?6n")
        #expect(
            String(decoding: box.bytes, as: UTF8.self)
                == "\(csi)?64;1;2;6;9;15;16;17;18;21;22;28c\(csi)>41;379;0c\(csi)?25;1$y\(csi)?9999;0$y\(csi)4;2$y\(csi)?1;1;1R"
        )
    }

    // MARK: Resize

    @Test func resizeKeepsTheTopLeftAndTheCursorVisible() throws {
        var t = terminal("1\r\n2\r\n3\r\n4abc")
        try t.resize(cols: 3, rows: 2)
        #expect(t.screen.lines() == ["3", "4ab"])
        #expect(t.cursor.row == 1 && t.cursor.col == 2)
        try t.resize(cols: 6, rows: 3)
        #expect(t.screen.lines() == ["3", "4ab", ""])
        t.feed("\(csi)3;1Hxyz")
        #expect(t.screen.lines()[2] == "xyz")
        #expect(t.screen.invariantViolation() == nil)
        var wide = terminal("ab中")
        try wide.resize(cols: 3, rows: 4)
        #expect(wide.screen.lines()[0] == "ab")
        #expect(wide.screen.invariantViolation() == nil)
    }

    @Test func columnModeSwitchNeedsMode40() {
        #expect(terminal("\(csi)?3h").cols == 10)
        let t = terminal("abc\(csi)?40h\(csi)?3h")
        #expect(t.cols == 132 && t.screen.lines()[0].isEmpty)
        #expect(terminal("\(csi)?40h\(csi)?3h\(csi)?3l").cols == 80)
    }

    // MARK: Unknown sequences

    @Test func unknownSequencesAreSwallowed() {
        #expect(lines("a\(csi)?999;5zb\(esc)[>1;2;3~c\(esc)%Gd\(esc)P+q544e\(esc)\\e") == ["abcde", "", "", ""])
    }
}
