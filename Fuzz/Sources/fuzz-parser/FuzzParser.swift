import FuzzSupport
import VeilScreen

/// libFuzzer entry point for the terminal parser and screen update.
///
/// The first bytes choose the terminal size, how the payload is cut into chunks (so escape
/// sequences and UTF-8 are split at every place), a resize, an in-band sensitive marker
/// (OSC 7701) and an API mark; after every step the screen is read back and its invariants
/// checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ParserFuzzer.run(FuzzInput(data, size))
    return 0
}

enum ParserFuzzer {
    static func run(_ input: FuzzInput) {
        var input = input
        var cols = input.int(in: 1...160)
        var rows = input.int(in: 1...60)
        let chunkSeed = input.byte()
        let resizeCols = input.int(in: 1...200)
        let resizeRows = input.int(in: 1...80)
        let flags = input.byte()
        let markRow = input.int(in: 0...63)
        let markCol = input.int(in: 0...255)
        let markWidth = input.int(in: 1...32)
        let payload = Array(input.rest)

        guard var terminal = try? Terminal(cols: cols, rows: rows) else {
            fatalError("Terminal(cols: \(cols), rows: \(rows)) refused a valid size")
        }
        terminal.responseHandler = { _ in }
        terminal.unhandledSequenceHandler = { _ in }

        // Cut the payload into chunks of 1…(chunkSeed % 64 + 1) bytes, varying per chunk.
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        var step = UInt32(chunkSeed) | 1
        while start < payload.count {
            step = step &* 1_103_515_245 &+ 12345
            let length = chunkSeed == 0 ? payload.count : 1 + Int((step >> 16) % (UInt32(chunkSeed % 64) + 1))
            let end = min(payload.count, start + length)
            chunks.append(payload[start..<end])
            start = end
        }
        let resizeAt = chunks.isEmpty ? 0 : Int(chunkSeed) % chunks.count
        let checkEvery = max(1, chunks.count / 4)

        if flags & 1 != 0 { terminal.feed("\u{1B}]7701;fuzz reason\u{07}") }
        for (index, chunk) in chunks.enumerated() {
            terminal.feed(chunk)
            // DECCOLM (CSI ? 3 h/l with mode 40) legitimately changes the width.
            (cols, rows) = (terminal.cols, terminal.rows)
            if index == resizeAt && flags & 2 != 0 {
                do {
                    try terminal.resize(cols: resizeCols, rows: resizeRows)
                } catch {
                    fatalError("resize to \(resizeCols)x\(resizeRows) refused: \(error)")
                }
                cols = resizeCols
                rows = resizeRows
                check(terminal, cols: cols, rows: rows, readBack: false, "after resize")
            }
            if index == resizeAt && flags & 4 != 0 {
                let fits = markRow + 1 <= rows && markCol + markWidth <= cols
                do {
                    try terminal.markSensitive(row: markRow, col: markCol, width: markWidth, height: 1, reason: "api")
                    require(fits, "markSensitive accepted a rectangle outside the screen")
                } catch {
                    require(!fits, "markSensitive refused a rectangle inside the screen: \(error)")
                }
            }
            if index % checkEvery == 0 {
                check(terminal, cols: cols, rows: rows, readBack: false, "after chunk \(index)")
            }
        }
        if flags & 1 != 0 { terminal.feed("\u{1B}]7701;\u{1B}\\") }
        if flags & 8 != 0 { terminal.feed("after the marker") }
        (cols, rows) = (terminal.cols, terminal.rows)
        check(terminal, cols: cols, rows: rows, "at the end")
        _ = terminal.title
        _ = terminal.modes
        _ = terminal.paletteOverrides
        _ = terminal.reportedColors
        _ = terminal.isInSensitiveRun
    }

    static func check(_ terminal: Terminal, cols: Int, rows: Int, readBack: Bool = true, _ context: String) {
        require(terminal.cols == cols && terminal.rows == rows, "terminal size changed by itself \(context)")
        require(
            (1...Screen.maximumSize).contains(cols) && (1...Screen.maximumSize).contains(rows),
            "terminal size \(cols)x\(rows) out of range \(context)")
        let cursor = terminal.cursor
        require(
            (0..<rows).contains(cursor.row) && (0..<cols).contains(cursor.col),
            "cursor (\(cursor.row), \(cursor.col)) outside \(cols)x\(rows) \(context)")
        ScreenChecks.check(terminal.screen, cols: cols, rows: rows, readBack: readBack, context)
    }
}

/// The entry point SwiftPM links this executable with (see ``runFuzzer(argc:argv:_:)``).
@_cdecl("fuzz_parser_main")
public func fuzzParserMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzParser)
}
