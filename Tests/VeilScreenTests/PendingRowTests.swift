import Testing
@testable import VeilScreen

@Suite struct PendingRowTests {
    /// A row that scrolled in with a background colour is written lazily; whatever
    /// happens next, it must read as that blank until something is printed on it.
    @Test func scrolledInRowsReadAsTheirBlank() {
        let blue = Cell.blank(background: .indexed(4))
        var t = terminal("a\r\nb\r\nc\r\nd\u{1B}[44m\n")
        #expect((0..<10).allSatisfy { t.screen[3, $0] == blue })
        t.feed("\u{1B}[?1049h\u{1B}c")
        #expect(t.screen.cells.allSatisfy { $0 == .blank })
        t.feed("\u{1B}[44m\n\n\n\n\u{1B}[?1049h\u{1B}[?1049l")
        #expect((0..<10).allSatisfy { t.screen[3, $0] == blue })
        t.feed("\u{1B}[0mxy")
        #expect(t.screen.lines()[3] == "xy")
        #expect(t.screen[3, 2] == blue)
    }
}
