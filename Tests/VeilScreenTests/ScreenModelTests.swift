import Testing
@testable import VeilScreen

@Test func screenRejectsSizesOutsideOneToAThousand() {
    #expect(throws: ScreenError.invalidSize(cols: 0, rows: 24)) { try Screen(cols: 0, rows: 24) }
    #expect(throws: ScreenError.invalidSize(cols: 80, rows: 1001)) { try Screen(cols: 80, rows: 1001) }
    #expect(throws: Never.self) { try Screen(cols: 1000, rows: 1000) }
}

@Test func rectangleMarksWidenToWholeWideCharacters() throws {
    var screen = try Screen(cols: 4, rows: 1)
    screen[0, 0] = Cell(scalar: "密", width: 2)
    screen[0, 1] = Cell(scalar: "\0", width: 0)
    try screen.markSensitive(row: 0, col: 1, width: 1, height: 1, reason: "password")
    #expect(screen[0, 0].isSensitive && screen[0, 1].isSensitive)
    #expect(!screen[0, 2].isSensitive)
    #expect(screen.sensitiveReason(of: screen[0, 0]) == "password")
    #expect(screen.invariantViolation() == nil)
    #expect(screen.lines() == ["密"])
}

@Test func cellsArePackedForTheFastWriter() {
    #expect(MemoryLayout<Cell>.size == 28)
    #expect(Cell.hasPackedLayout)
    var cell = Cell(scalar: "x", foreground: .rgb(1, 2, 3), background: .indexed(7), underlineColor: .indexed(200))
    #expect(cell.foreground == .rgb(1, 2, 3) && cell.background == .indexed(7) && cell.underlineColor == .indexed(200))
    cell.foreground = .default
    #expect(cell.foreground == .default)
    for color in [TerminalColor.default, .indexed(0), .indexed(255), .rgb(0, 0, 0), .rgb(255, 255, 255)] {
        #expect(TerminalColor(bits: color.bits) == color)
    }
}
