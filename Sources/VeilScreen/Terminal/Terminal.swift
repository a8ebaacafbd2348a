/// An xterm-compatible terminal without a display: feed it the bytes a program writes,
/// read back the ``Screen`` a real xterm would show.
///
/// `Terminal` is a struct: copying it copies the whole terminal state (both screen
/// buffers, cursor, modes, parser state), and `feed` is `mutating`. Keeping it a value
/// lets the parser report straight into the state with no reference counting or
/// exclusivity checks on the hot path.
///
/// ```swift
/// var terminal = try Terminal(cols: 80, rows: 24)
/// terminal.feed(Array("\u{1B}[1mHello\u{1B}[0m, world\r\n".utf8))
/// terminal.screen.lines()[0]   // "Hello, world"
/// ```
public struct Terminal: Sendable {
    var parser = Parser()
    var state: TerminalState
    /// Bytes fed so far, and where the work budget ran out (see ``workBudgetExceededAtByte``).
    var bytesFed = 0
    var exceededAtByte: Int?

    /// The work budget a terminal starts with, in work units (see ``workBudget``):
    /// 2^30, about 3 s of the costliest actions on this project's 2-core reference machine.
    public static let defaultWorkBudget = 1 << 30
    /// The bytes fed between two checks of the work budget (the position an exceeded
    /// budget is reported at is the end of such a chunk). 16 KiB: each chunk is one call
    /// into the parser, and 4 KiB chunks cost 3 % of the plain-text throughput.
    public static let workCheckInterval = 16384

    /// Creates a terminal with a blank screen.
    /// - Throws: ``ScreenError/invalidSize(cols:rows:)`` unless both are 1…1000.
    public init(cols: Int, rows: Int) throws {
        guard (1...Screen.maximumSize).contains(cols), (1...Screen.maximumSize).contains(rows) else {
            throw ScreenError.invalidSize(cols: cols, rows: rows)
        }
        state = TerminalState(cols: cols, rows: rows)
    }

    /// Number of columns.
    public var cols: Int { state.cols }
    /// Number of rows.
    public var rows: Int { state.rows }

    /// Called with the bytes of each answer to a query, for a live program in a pty: DA1/2/3,
    /// DSR and DECDSR, DECRQM, DECRQSS, XTVERSION, XTWINOPS reports, DECRQCRA, OSC 4/10–19
    /// colour queries (Docs/sequences.md, "Answers to queries"). Nil: queries cost nothing
    /// and are not answered.
    public var responseHandler: (@Sendable ([UInt8]) -> Void)? {
        get { state.responseHandler }
        set { state.responseHandler = newValue }
    }

    /// Called with a readable form (`CSI ? 999 z`, `ESC # 3`, `OSC 52`) of each escape
    /// sequence that had no effect, for debugging; unknown sequences are never printed.
    public var unhandledSequenceHandler: (@Sendable (String) -> Void)? {
        get { state.unhandledSequenceHandler }
        set { state.unhandledSequenceHandler = newValue }
    }

    /// What the terminal reports about itself: cell size, version name, which window and
    /// checksum reports it answers (defaults: xterm's, see ``ReportSettings``).
    public var reportSettings: ReportSettings {
        get { state.reportSettings }
        set { state.reportSettings = newValue }
    }

    /// The RGB colours reported to OSC 10 / OSC 11 queries (default xterm's black on white)
    /// until a program sets them; OSC 12–19 and xterm's special colours 256–260 default to one of them.
    public var reportedColors: (foreground: (UInt8, UInt8, UInt8), background: (UInt8, UInt8, UInt8)) {
        get { (state.defaultForeground, state.defaultBackground) }
        set {
            state.defaultForeground = newValue.foreground
            state.defaultBackground = newValue.background
        }
    }

    // MARK: - Work budget

    /// The most work this terminal does, in work units; past it, it stops changing (see
    /// ``isOverWorkBudget``). Every byte fed costs a unit; so does every row that scrolls,
    /// is inserted, deleted or erased whole, and every cell written other than by printing
    /// one character per byte (a row written out after an erase, a selective erase, REP, a
    /// shift of a row's cells, a resize's copy, a side-table collection). Scrolling and
    /// erasing cost rows, not cells, so only input that makes the screen do far more work
    /// than its size runs out: 1 MB of `CSI 999 L` at 1000×1000 fits, 1 MB of REP does not.
    public var workBudget: Int {
        get { state.workLimit }
        set { state.workLimit = newValue }
    }

    /// The work units spent so far.
    public var workDone: Int { state.workUsed }

    /// Whether the work budget ran out. From then on the terminal ignores what it is fed
    /// and its screen is the one of the moment the budget ran out (plus at most the rest
    /// of that chunk's printing): callers must refuse the input, not show that screen.
    public var isOverWorkBudget: Bool { exceededAtByte != nil || state.workExhausted }

    /// The number of bytes fed by the end of the chunk in which the work budget ran out
    /// (chunks of ``workCheckInterval`` bytes), or nil while it has not.
    public var workBudgetExceededAtByte: Int? {
        exceededAtByte ?? (state.workExhausted ? bytesFed : nil)
    }

    // MARK: - Feeding bytes

    /// Feeds bytes written by the program; they may be split anywhere between calls.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        feed(bytes.bindMemory(to: UInt8.self))
    }

    /// Feeds bytes written by the program. Their input positions (reported to an
    /// ``observer`` with what they write) continue from the bytes fed before.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard exceededAtByte == nil else { return }
        if state.observer != nil {
            state.inputBase = UInt(bitPattern: bytes.baseAddress)
            state.inputLength = bytes.count
            state.inputPosition = bytesFed
            // A character whose first bytes came in the last feed keeps their position.
            if parser.utf8Remaining == 0 { state.nextPosition = bytesFed }
        }
        defer {
            if state.observer != nil {
                state.inputBase = 0
                if parser.utf8Remaining == 0 { state.nextPosition = bytesFed }
            }
        }
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Terminal.workCheckInterval)
            state.extraWork &+= end - start
            parser.advance(UnsafeBufferPointer(rebasing: bytes[start..<end]), into: &state)
            if state.workExhausted {
                exceededAtByte = bytesFed + end
                bytesFed += bytes.count
                return
            }
            start = end
        }
        bytesFed += bytes.count
    }

    /// Feeds bytes written by the program.
    public mutating func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { feed($0) }
    }

    /// Feeds bytes from any sequence (contiguous storage is used directly, anything
    /// else is copied through a small buffer).
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { feed($0) }
        if done != nil { return }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(4096)
        for byte in bytes {
            chunk.append(byte)
            if chunk.count == 4096 {
                feed(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { feed(chunk) }
    }

    /// Feeds the UTF-8 bytes of `text`.
    public mutating func feed(_ text: String) {
        var text = text
        text.withUTF8 { feed($0) }
    }

    // MARK: - Reading the screen

    /// The visible grid as a value: cells, wrap flags, cursor, title, buffer and tables.
    /// Built on each access (O(rows × cols)); keep the value when reading it repeatedly.
    public var screen: Screen { state.screen }

    /// The cursor (position and visibility). With a pending wrap it stays on the last column.
    public var cursor: Cursor { state.cursor }

    /// The modes the program has set.
    public var modes: TerminalModes { state.modes }

    /// The window title (OSC 0/2).
    public var title: String { state.title }

    /// Whether the alternate screen buffer is shown.
    public var isAlternateScreen: Bool { state.isAlternateScreen }

    /// Whether a sensitive run (`OSC 7701 ; REASON ST`) is in effect for printed cells.
    public var isInSensitiveRun: Bool { state.pen.sensitiveIndex != 0 }

    /// Colours changed with OSC 4 (palette index → RGB), until OSC 104 resets them.
    public var paletteOverrides: [UInt8: (red: UInt8, green: UInt8, blue: UInt8)] {
        state.paletteOverrides.mapValues { (red: $0.0, green: $0.1, blue: $0.2) }
    }

    // MARK: - Changing the grid

    /// Marks a rectangle of the live grid sensitive with `reason`, like the in-band marker;
    /// a rectangle that cuts a wide character marks both halves. The mark moves with the
    /// cells until they are erased or overwritten. Each cell costs a unit of the work budget;
    /// once it has run out, marking does nothing (see ``isOverWorkBudget``).
    /// - Throws: ``ScreenError/rectangleOutsideScreen(row:col:width:height:)``.
    public mutating func markSensitive(row: Int, col: Int, width: Int, height: Int, reason: String) throws {
        guard row >= 0, col >= 0, width >= 1, height >= 1, row + height <= rows, col + width <= cols else {
            throw ScreenError.rectangleOutsideScreen(row: row, col: col, width: width, height: height)
        }
        // Charged per cell marked (a uniform row marked whole: per row): 100,000 marks of a
        // full 1000×1000 screen would be 10^11 cells.
        guard !state.workExhausted else { return }
        let index = state.internReason(TerminalState.reason(from: Array(reason.utf8)))
        state.report(.modify(ScreenRect(rows: row..<(row + height), cols: col..<(col + width))))
        for r in row..<(row + height) {
            var first = col
            var last = col + width - 1
            if state.grid[r, first].width == 0, first > 0 { first -= 1 }
            if state.grid[r, last].width == 2, last + 1 < cols { last += 1 }
            state.grid.setSensitiveIndex(index, row: r, from: first, to: last + 1)
        }
    }

    /// Changes the size. Cells keep their position from the top-left; when rows are
    /// removed and the cursor would fall off, the top rows leave instead (as xterm).
    /// The scroll region is reset; tab stops continue every 8 columns.
    /// - Throws: ``ScreenError/invalidSize(cols:rows:)`` unless both are 1…1000.
    public mutating func resize(cols newCols: Int, rows newRows: Int) throws {
        guard (1...Screen.maximumSize).contains(newCols), (1...Screen.maximumSize).contains(newRows) else {
            throw ScreenError.invalidSize(cols: newCols, rows: newRows)
        }
        guard exceededAtByte == nil, !state.workExhausted else { return }
        state.display = (newCols, newRows)  // the window's display follows its owner's size
        guard newCols != cols || newRows != rows else { return }
        state.resize(cols: newCols, rows: newRows)
    }
}
