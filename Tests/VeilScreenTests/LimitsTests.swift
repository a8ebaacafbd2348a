import Testing
@testable import VeilScreen

/// Any input is safe: sizes are bounded, strings capped, side tables bounded.
@Suite struct LimitsTests {
    @Test func sizesOutsideOneToAThousandAreErrors() throws {
        #expect(throws: ScreenError.invalidSize(cols: 1001, rows: 24)) { try Terminal(cols: 1001, rows: 24) }
        #expect(throws: ScreenError.invalidSize(cols: 80, rows: 0)) { try Terminal(cols: 80, rows: 0) }
        var t = try Terminal(cols: 80, rows: 24)
        #expect(throws: ScreenError.invalidSize(cols: 80, rows: 1001)) { try t.resize(cols: 80, rows: 1001) }
        #expect(throws: Never.self) { try Terminal(cols: 1000, rows: 1000) }
    }

    @Test func fortyParametersAreSafe() {
        let params = (0..<40).map { _ in "1" }.joined(separator: ";")
        let t = terminal("\(csi)\(params)mA\(csi)\(params)H")
        #expect(t.screen.invariantViolation() == nil)
        #expect(t.screen[0, 0].attributes.contains(.bold))
    }

    @Test func aMegabyteOSCIsSwallowed() {
        let megabyte = String(repeating: "x", count: 1 << 20)
        let t = terminal("\u{1B}]2;\(megabyte)\u{7}ok\u{1B}]2;short\u{1B}\\")
        #expect(t.screen.lines()[0] == "ok")
        #expect(t.title == "short")
    }

    @Test func combiningMarksPerCellAreCapped() {
        let marks = String(repeating: "\u{301}", count: 100)
        let screen = terminal("e\(marks)x").screen
        #expect(screen.text(row: 0, col: 0).unicodeScalars.count == 1 + SideTables.maximumCombiningMarks)
        #expect(screen.lines()[0].hasSuffix("x"))
    }

    @Test func overlongLinksAreIgnored() {
        let uri = "http://" + String(repeating: "a", count: 3000)
        let screen = terminal("\u{1B}]8;;\(uri)\u{7}a\u{1B}]8;;http://ok\u{7}b").screen
        #expect(screen.link(of: screen[0, 0]) == nil)
        #expect(screen.link(of: screen[0, 1]) == "http://ok")
    }

    @Test func linksReasonsAndClustersStayBoundedOnHostileInput() {
        var t = try! Terminal(cols: 10, rows: 3)
        var input = ""
        for index in 0..<20_000 {
            input += "\u{1B}]8;;http://x/\(index)\u{7}L"
            input += "\u{1B}]7701;reason\(index)\u{7}R\u{1B}]7701;\u{7}"
            // A distinct combining cluster: base letter + marks encoding the index.
            input += "c" + String(String(index, radix: 4).map { Character(Unicode.Scalar(0x300 + Int(String($0))!)!) })
            if index % 500 == 0 {
                t.feed(input)
                input = ""
            }
        }
        t.feed(input)
        let screen = t.screen
        let bound = 2 * SideTables.minimumThreshold + 2 * 2 * 10 * 3
        #expect(screen.links.count <= bound)
        #expect(screen.sensitiveReasons.count <= bound)
        #expect(screen.clusters.count <= max(bound, 2 * 2 * 10 * 3 * 2 + 1))
        #expect(screen.invariantViolation() == nil)
        // What the cells reference survived the collections.
        for row in 0..<screen.rows {
            for col in 0..<screen.cols where screen[row, col].scalar == "c" {
                #expect(screen.text(of: screen[row, col]).unicodeScalars.count > 1)
            }
            for col in 0..<screen.cols where screen[row, col].scalar == "L" {
                #expect(screen.link(of: screen[row, col])?.hasPrefix("http://x/") == true)
            }
            for col in 0..<screen.cols where screen[row, col].scalar == "R" {
                #expect(screen.sensitiveReason(of: screen[row, col])?.hasPrefix("reason") == true)
            }
        }
    }

    @Test func repeatWithAHugeCountIsCheapAndExact() {
        // 1 + 65535 characters: 13107 full rows and one more character.
        let t = terminal("a\(csi)65535b", cols: 5, rows: 2)
        #expect(t.screen.lines() == ["aaaaa", "a"])
        #expect(t.cursor.col == 1)
        // The same as printing them one by one, for several sizes, widths and modes.
        for (cols, rows) in [(5, 2), (7, 3), (1, 1), (10, 4)] {
            for (character, prefix) in [
                ("x", ""), ("中", ""), ("y", "\(csi)?7l"), ("z", "\(csi)2;3r\(csi)2H"), ("w", "\(csi)4hAB\r"),
            ] {
                for count in [1, 7, 50, 333, 5000] {
                    let repeated = terminal("\(prefix)\(character)\(csi)\(count)b", cols: cols, rows: rows).screen
                    let printed = terminal(
                        prefix + String(repeating: character, count: count + 1), cols: cols, rows: rows
                    ).screen
                    #expect(
                        repeated == printed,
                        "\(cols)x\(rows) \(character.debugDescription) \(prefix.debugDescription) \(count)")
                }
            }
        }
    }

    @Test func hugeScreenWorks() throws {
        var t = try Terminal(cols: 1000, rows: 1000)
        t.feed("\(csi)1000;1000HZ\(csi)999;1H\(csi)2Sx")
        #expect(t.screen.invariantViolation() == nil)
        #expect(t.screen.lines()[998] == "x")
        #expect(t.screen.lines()[997].hasSuffix("Z") && t.screen.lines()[997].count == 1000)
    }
}
