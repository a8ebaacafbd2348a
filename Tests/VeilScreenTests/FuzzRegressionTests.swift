import Foundation
import Testing
@testable import VeilScreen

/// Inputs found by `Fuzz/fuzz-parser`, replayed through the same steps as the fuzz target
/// (`Fuzz/Sources/fuzz-parser/FuzzParser.swift`): 9 control bytes choose the size, the chunk
/// split, a resize, an OSC 7701 run and an API mark; the rest is fed chunk by chunk.
@Suite struct FuzzRegressionTests {
    static let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/fuzz-regressions/parser")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test(arguments: inputs)
    func parserInputKeepsTheScreenWellFormed(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        #expect(try Self.replay(bytes) == nil)
    }

    @Test func everyRecordedInputIsReplayed() {
        #expect(Self.inputs.contains("deccolm-width-change"))
    }

    /// DECCOLM (mode 3, allowed by mode 40) changes the width to 132 columns: the fuzz target
    /// first took that for a size change from nowhere. The screen must follow it and stay whole.
    @Test func deccolmChangesTheWidthAndKeepsTheGridWhole() throws {
        var terminal = try Terminal(cols: 80, rows: 24)
        terminal.feed("\u{1B}[?40h\u{1B}[?3h中文\u{1B}[?3l")
        #expect(terminal.cols == 80)
        terminal.feed("\u{1B}[?3h")
        #expect(terminal.cols == 132 && terminal.rows == 24)
        #expect(terminal.screen.invariantViolation() == nil)
    }

    /// `lines()` trimmed trailing spaces one scalar at a time, which made the fuzz target
    /// spend most of its time there (quadratic in the row width); the cut must stay exact.
    @Test func linesTrimOnlyTrailingSpaces() throws {
        var terminal = try Terminal(cols: 1000, rows: 3)
        terminal.feed(" a 中\u{0301} \r\n\r\n\u{1B}[8mhidden  ")
        let screen = terminal.screen
        #expect(screen.lines() == [" a 中\u{0301}", "", "hidden"])
        #expect(screen.visibleLines() == [" a 中\u{0301}", "", ""])
    }

    /// Runs the fuzz target's steps; returns the first broken invariant, or nil.
    static func replay(_ bytes: [UInt8]) throws -> String? {
        var offset = 0
        func byte() -> UInt8 {
            defer { offset += 1 }
            return offset < bytes.count ? bytes[offset] : 0
        }
        func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(byte()) % range.count }
        var cols = int(1...160), rows = int(1...60)
        let chunkSeed = byte()
        let resizeCols = int(1...200), resizeRows = int(1...80)
        let flags = byte()
        let markRow = int(0...63), markCol = int(0...255), markWidth = int(1...32)
        let payload = Array(bytes[min(offset, bytes.count)...])

        var terminal = try Terminal(cols: cols, rows: rows)
        terminal.responseHandler = { _ in }
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        var step = UInt32(chunkSeed) | 1
        while start < payload.count {
            step = step &* 1_103_515_245 &+ 12345
            let length = chunkSeed == 0 ? payload.count : 1 + Int((step >> 16) % (UInt32(chunkSeed % 64) + 1))
            chunks.append(payload[start..<min(payload.count, start + length)])
            start = min(payload.count, start + length)
        }
        let resizeAt = chunks.isEmpty ? 0 : Int(chunkSeed) % chunks.count
        if flags & 1 != 0 { terminal.feed("\u{1B}]7701;fuzz reason\u{07}") }
        for (index, chunk) in chunks.enumerated() {
            terminal.feed(chunk)
            (cols, rows) = (terminal.cols, terminal.rows)
            if index == resizeAt && flags & 2 != 0 {
                try terminal.resize(cols: resizeCols, rows: resizeRows)
                (cols, rows) = (resizeCols, resizeRows)
            }
            if index == resizeAt && flags & 4 != 0 {
                let fits = markRow + 1 <= rows && markCol + markWidth <= cols
                let marked =
                    (try? terminal.markSensitive(row: markRow, col: markCol, width: markWidth, height: 1, reason: "api"))
                    != nil
                if marked != fits {
                    return "markSensitive(\(markRow), \(markCol), \(markWidth)) on \(cols)x\(rows): \(marked)"
                }
            }
            if let problem = check(terminal) { return "after chunk \(index): \(problem)" }
        }
        if flags & 1 != 0 { terminal.feed("\u{1B}]7701;\u{1B}\\") }
        if flags & 8 != 0 { terminal.feed("after the marker") }
        return check(terminal)
    }

    static func check(_ terminal: Terminal) -> String? {
        let screen = terminal.screen
        guard screen.cols == terminal.cols, screen.rows == terminal.rows else {
            return "screen size differs from terminal"
        }
        if let violation = screen.invariantViolation() { return violation }
        guard screen.lines().count == screen.rows else { return "lines() count" }
        for row in 0..<screen.rows {
            let width = (0..<screen.cols).reduce(0) { $0 + Int(screen[row, $1].width) }
            if width != screen.cols { return "row \(row) width \(width)" }
        }
        return nil
    }
}
