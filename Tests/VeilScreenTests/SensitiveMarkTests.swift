import Testing
@testable import VeilScreen

/// `OSC 7701 ; REASON ST` … `OSC 7701 ; ST`: cells printed in between are sensitive.
@Suite struct SensitiveMarkTests {
    let start = "\u{1B}]7701;password\u{1B}\\"
    let end = "\u{1B}]7701;\u{1B}\\"

    func marked(_ screen: Screen, row: Int) -> String {
        (0..<screen.cols).map { screen[row, $0].isSensitive ? "#" : "." }.joined()
    }

    @Test func printedCellsCarryTheMarkAndItsReason() {
        let screen = terminal("pw: \(start)hunter2\(end) ok").screen
        #expect(screen.lines()[0] == "pw: hunter")
        #expect(marked(screen, row: 0) == "....######")
        #expect(marked(screen, row: 1) == "#.........")
        #expect(screen.sensitiveReason(of: screen[0, 4]) == "password")
        #expect(screen.sensitiveReason(of: screen[0, 0]) == nil)
    }

    @Test func bellEndsTheMarkerToo() {
        let screen = terminal("\u{1B}]7701;card\u{7}4111\u{1B}]7701;\u{7}x").screen
        #expect(marked(screen, row: 0) == "####......")
        #expect(screen.sensitiveReason(of: screen[0, 0]) == "card")
    }

    @Test func wideCharactersAreMarkedWhole() {
        let screen = terminal("a\(start)密码\(end)b").screen
        #expect(marked(screen, row: 0) == ".####.....")
    }

    @Test func theMarkMovesWithScrolling() {
        let screen = terminal("\(start)secret\(end)\r\n2\r\n3\r\n4\r\n5").screen
        #expect(screen.lines() == ["2", "3", "4", "5"])
        #expect((0..<4).allSatisfy { !marked(screen, row: $0).contains("#") })
        let kept = terminal("1\r\n\(start)secret\(end)\r\n3\r\n4\r\n5").screen
        #expect(marked(kept, row: 0) == "######....")
        #expect(kept.sensitiveReason(of: kept[0, 0]) == "password")
    }

    @Test func theMarkMovesWithInsertAndDelete() {
        #expect(marked(terminal("ab\(start)cd\(end)\r\(csi)3@").screen, row: 0) == ".....##...")
        #expect(marked(terminal("ab\(start)cd\(end)\r\(csi)P").screen, row: 0) == ".##.......")
        #expect(marked(terminal("\(start)cd\(end)\(csi)H\(csi)L").screen, row: 1) == "##........")
        #expect(marked(terminal("x\r\n\(start)cd\(end)\(csi)H\(csi)M").screen, row: 0) == "##........")
    }

    @Test func erasedCellsAreNoLongerMarked() {
        #expect(marked(terminal("\(start)secret\(end)\r\(csi)2C\(csi)K").screen, row: 0) == "##........")
        #expect(marked(terminal("\(start)secret\(end)\r\(csi)2X").screen, row: 0) == "..####....")
        #expect(marked(terminal("\(start)secret\(end)\(csi)2J").screen, row: 0) == "..........")
        // Overwriting with unmarked text unmarks, as with SGR.
        #expect(marked(terminal("\(start)secret\(end)\rab").screen, row: 0) == "..####....")
        // Erasing with a background colour keeps only the colour (BCE).
        let bce = terminal("\(start)secret\u{1B}[44m\(csi)2J").screen
        #expect(bce[0, 0] == Cell.blank(background: .indexed(4)))
    }

    @Test func resetEndsTheRun() {
        var t = terminal("\(start)ab\u{1B}cxy")
        #expect(!t.isInSensitiveRun)
        #expect(marked(t.screen, row: 0) == "..........")
        t.feed("\(start)z")
        #expect(t.isInSensitiveRun)
    }

    @Test func markerSurvivesSGRResetAndCursorRestore() {
        let screen = terminal("\(start)a\(csi)0mb\u{1B}7\u{1B}8c\(end)d").screen
        #expect(marked(screen, row: 0) == "###.......")
    }

    @Test func apiMarksTheLiveGridAndTheMarkMovesWithIt() throws {
        var t = terminal("hello\r\nworld 中")
        try t.markSensitive(row: 1, col: 7, width: 1, height: 1, reason: "name")
        try t.markSensitive(row: 1, col: 0, width: 5, height: 1, reason: "name")
        #expect(marked(t.screen, row: 1) == "#####.##..")
        t.feed("\r\n\n\n")
        #expect(marked(t.screen, row: 0) == "#####.##..")
        #expect(t.screen.sensitiveReason(of: t.screen[0, 0]) == "name")
        #expect(throws: ScreenError.rectangleOutsideScreen(row: 3, col: 0, width: 1, height: 2)) {
            try t.markSensitive(row: 3, col: 0, width: 1, height: 2, reason: "x")
        }
    }

    @Test func reasonsAreCut() {
        let long = String(repeating: "r", count: 1000)
        let screen = terminal("\u{1B}]7701;\(long)\u{7}a").screen
        #expect(screen.sensitiveReason(of: screen[0, 0])?.utf8.count == SideTables.maximumReasonLength)
    }
}
