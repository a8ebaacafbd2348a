import VeilScreen

/// Turns the frames of `veil shell` into the bytes that draw them on the user's terminal,
/// as tmux's `tty.c` draws a pane: from the redacted screen alone, never from the program's
/// bytes. It keeps what the terminal shows now and writes only what differs, row by row
/// (the rows a frame says may have changed), a scroll as a scroll (line feeds at the bottom
/// of the scrolled region, so a shell's output reaches the terminal's scrollback as it would
/// without veil), and can always draw everything again (start, resize).
///
/// The bytes are xterm's: CUP, SGR (16, 256 and true colour, underline styles), EL, DECSTBM,
/// the alternate screen (1049), OSC 2 titles (the old title pushed and popped, XTWINOPS 22/23),
/// OSC 8 hyperlinks, the modes of ``OuterModes``, BEL, and synchronized output (2026) around
/// frames of some size (ignored by terminals without it).
struct ShellDrawer {
    /// The terminal's size.
    private(set) var cols: Int
    private(set) var rows: Int
    /// Whether the bottom row is veil's status line.
    let statusLine: Bool
    /// The rows the program's screen takes.
    var screenRows: Int { max(1, statusLine ? rows - 1 : rows) }

    /// What the terminal shows of the program's screen (nil: unknown, drawn whole next).
    private var shown: Screen?
    /// The main screen as drawn, while the alternate one is shown.
    private var savedMain: Screen?
    private var alternate = false
    /// The rendition and hyperlink in effect.
    private var pen = Cell.blank
    private var penLink = ""
    /// Where the cursor is (-1: unknown).
    private var cursorRow = -1
    private var cursorCol = -1
    /// The modes set on the terminal now.
    private(set) var modes = OuterModes()
    private var title: String?
    private var titlePushed = false
    private var status: String?
    private var scrollRegionSet = false

    /// Frames whose bytes pass this size are wrapped in synchronized output (2026).
    static let synchronizedThreshold = 512

    /// A drawer for a `cols`×`rows` terminal.
    init(cols: Int, rows: Int, statusLine: Bool) {
        self.cols = max(1, cols)
        self.rows = max(1, rows)
        self.statusLine = statusLine && rows >= 2
    }

    /// The bytes that start a session: the terminal's content goes up into its scrollback
    /// (line feeds at the bottom row), so the program starts on a blank screen and nothing
    /// the user had on screen is lost.
    mutating func start() -> [UInt8] {
        var out = Array("\u{1B}[0m\u{1B}[\(rows);1H".utf8)
        out += [UInt8](repeating: 0x0A, count: rows)
        out += Array("\u{1B}[H".utf8)
        cursorRow = 0
        cursorCol = 0
        shown = nil
        return out
    }

    /// The terminal is now `cols`×`rows`: the next frame is drawn whole.
    mutating func resize(cols: Int, rows: Int) {
        self.cols = max(1, cols)
        self.rows = max(1, rows)
        invalidate()
    }

    /// Forgets what the terminal shows (it may have been changed behind veil's back): the
    /// next frame clears it and draws everything.
    mutating func invalidate() {
        shown = nil
        savedMain = nil
        status = nil
        cursorRow = -1
        cursorCol = -1
        scrollRegionSet = false
    }

    /// The bytes that turn what the terminal shows into `screen` (the redacted frame, at most
    /// `cols`×``screenRows``), with the program's `programModes`, the status text (when the
    /// drawer has a status line) and a bell when `bell`. `changedRows` says which rows may
    /// differ from the last frame (nil: any).
    mutating func draw(
        _ screen: Screen, changedRows: [Bool]?, scroll: ShellChanges.Scroll? = nil, programModes: TerminalModes,
        status: String? = nil, bell: Bool = false
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        var candidates = changedRows
        var scroll = scroll
        if screen.isAlternateScreen != alternate {
            switchBuffer(to: screen.isAlternateScreen, into: &out)
            candidates = nil
            scroll = nil
        }
        if shown == nil || shown!.cols != screen.cols || shown!.rows != screen.rows {
            clear(for: screen, into: &out)
            candidates = nil
            scroll = nil
        }
        if let scroll, scroll.up != 0, abs(scroll.up) < scroll.rows.count, scroll.rows.upperBound <= screen.rows {
            // The terminal said which rows moved: the same scroll here.
            perform(top: scroll.rows.lowerBound, bottom: scroll.rows.upperBound - 1, shift: scroll.up, into: &out)
        } else if scroll == nil, candidates?.filter({ $0 }).count ?? screen.rows >= 3,
            detectScroll(toward: screen, into: &out)
        {
            candidates = nil
        }
        drawRows(of: screen, candidates: candidates, into: &out)
        if screen.title != (title ?? "") { setTitle(screen.title, into: &out) }
        let wanted = OuterModes(programModes, cursorVisible: screen.cursor.isVisible)
        if wanted != modes {
            out += modes.changes(to: wanted)
            modes = wanted
        }
        if statusLine, let status, status != self.status { drawStatus(status, into: &out) }
        if bell { out.append(0x07) }
        let cursor = screen.cursor
        if cursor.row != cursorRow || cursor.col != cursorCol {
            moveCursor(row: min(cursor.row, screenRows - 1), col: min(cursor.col, cols - 1), into: &out)
        }
        if out.count > Self.synchronizedThreshold {
            out = Array("\u{1B}[?2026h".utf8) + out + Array("\u{1B}[?2026l".utf8)
        }
        return out
    }

    /// The bytes that put the terminal back as veil found it: every mode veil set reset, the
    /// main screen shown, the status line and scroll region gone, the old title back, the
    /// default rendition; the cursor at the start of a fresh line below the program's last
    /// output (`cursorOnScreen`: the cursor is where the program left it on the main screen).
    func resetBytes(cursorOnScreen: Bool) -> [UInt8] {
        var out = "\u{1B}[?2026l"
        if !penLink.isEmpty { out += "\u{1B}]8;;\u{1B}\\" }
        out += "\u{1B}[0m"
        if alternate { out += "\u{1B}[?1049l" }
        if statusLine {
            // Keep the cursor: DECSTBM moves it home, so it is saved around the change.
            out += "\u{1B}7\u{1B}[r\u{1B}[\(rows);1H\u{1B}[2K\u{1B}8"
        }
        out += String(decoding: modes.changes(to: OuterModes()), as: UTF8.self)
        if titlePushed { out += "\u{1B}[23;0t" }
        if !cursorOnScreen || alternate || cursorCol != 0 { out += "\r\n" }
        return Array(out.utf8)
    }

    /// ``resetBytes(cursorOnScreen:)``, after which the drawer takes the terminal for one
    /// nobody changed (the next frame sets every mode again and draws everything).
    mutating func release(cursorOnScreen: Bool) -> [UInt8] {
        let bytes = resetBytes(cursorOnScreen: cursorOnScreen)
        modes = OuterModes()
        alternate = false
        pen = .blank
        penLink = ""
        title = nil
        titlePushed = false
        invalidate()
        return bytes
    }

    // MARK: - Buffers, clearing, scrolling

    private mutating func switchBuffer(to alternateScreen: Bool, into out: inout [UInt8]) {
        resetPen(into: &out)
        if alternateScreen {
            savedMain = shown
            out += Array("\u{1B}[?1049h".utf8)
            // 1049 clears the alternate screen.
            shown = shown.map { Self.blank(like: $0, alternate: true) }
        } else {
            out += Array("\u{1B}[?1049l".utf8)
            shown = savedMain
            savedMain = nil
        }
        alternate = alternateScreen
        // 1049 saves and restores the cursor; the alternate screen has no status line.
        cursorRow = -1
        cursorCol = -1
        if alternateScreen { status = nil }
    }

    private static func blank(like screen: Screen, alternate: Bool) -> Screen {
        var blank = (try? Screen(cols: screen.cols, rows: screen.rows)) ?? screen
        blank.isAlternateScreen = alternate
        blank.title = screen.title
        return blank
    }

    /// Clears the terminal's rows for `screen` (the status line, when there is one, is drawn
    /// again after).
    private mutating func clear(for screen: Screen, into out: inout [UInt8]) {
        resetPen(into: &out)
        if statusLine {
            out += Array("\u{1B}[1;\(screenRows)r".utf8)
            scrollRegionSet = true
        }
        out += Array("\u{1B}[H\u{1B}[2J".utf8)
        cursorRow = 0
        cursorCol = 0
        status = nil
        var blank = (try? Screen(cols: screen.cols, rows: screen.rows)) ?? screen
        blank.isAlternateScreen = screen.isAlternateScreen
        blank.title = title ?? ""
        shown = blank
    }

    /// When a block of `screen`'s rows is the shown one moved up or down and the terminal
    /// did not say so (a frame after the buffers switched or every row changed), scrolls that
    /// region of the terminal so the rows need not be drawn again.
    private mutating func detectScroll(toward screen: Screen, into out: inout [UInt8]) -> Bool {
        guard let old = shown, screen.rows >= 3 else { return false }
        let rows = screen.rows
        let new = (0..<rows).map { Self.rowKey(screen, $0) }
        let was = (0..<rows).map { Self.rowKey(old, $0) }
        var moved = 0
        for row in 0..<rows where new[row] != was[row] { moved += 1 }
        guard moved >= 3 else { return false }
        // The shift that keeps the longest run of rows that are not blank.
        var best: (top: Int, bottom: Int, shift: Int, length: Int)?
        for shift in 1..<rows {
            for direction in [1, -1] {
                let k = shift * direction
                var run = 0
                var start = 0
                for row in 0..<rows {
                    let source = row + k
                    if source >= 0 && source < rows && new[row] == was[source] && new[row] != was[row] {
                        if run == 0 { start = row }
                        run += 1
                        if run > (best?.length ?? 2) && !Self.isBlank(screen, row) {
                            best = (start, row, k, run)
                        }
                    } else {
                        run = 0
                    }
                }
            }
            if let best, best.length >= rows - shift { break }
        }
        guard let best, best.length >= 3 else { return false }
        // The region: the run's rows and those it moves from.
        perform(
            top: min(best.top, best.top + best.shift), bottom: max(best.bottom, best.bottom + best.shift),
            shift: best.shift, into: &out)
        return true
    }

    /// Scrolls rows `top...bottom` of the terminal up `shift` rows (down when negative): line
    /// feeds at the bottom of the region, reverse index at its top (a region of the whole
    /// screen without a status line scrolls into the terminal's scrollback).
    private mutating func perform(top: Int, bottom: Int, shift: Int, into out: inout [UInt8]) {
        guard let old = shown, top >= 0, bottom < old.rows, top < bottom else { return }
        let k = abs(shift)
        resetPen(into: &out)
        let whole = top == 0 && bottom == screenRows - 1
        if !whole || statusLine { out += Array("\u{1B}[\(top + 1);\(bottom + 1)r".utf8) }
        if shift > 0 {
            moveCursor(row: bottom, col: 0, into: &out, force: !whole || statusLine)
            out += [UInt8](repeating: 0x0A, count: k)
        } else {
            moveCursor(row: top, col: 0, into: &out, force: !whole || statusLine)
            for _ in 0..<k { out += [0x1B, 0x4D] }
        }
        if !whole || statusLine {
            out += Array((statusLine ? "\u{1B}[1;\(screenRows)r" : "\u{1B}[r").utf8)
            cursorRow = -1
            cursorCol = -1
        }
        // What the terminal shows now.
        var scrolled = old
        let cols = old.cols
        for row in top...bottom {
            let source = row + shift
            if source >= top && source <= bottom {
                for col in 0..<cols { scrolled[row, col] = old[source, col] }
                scrolled.wrapped[row] = old.wrapped[source]
                scrolled.lineSizes[row] = old.lineSizes[source]
            } else {
                for col in 0..<cols { scrolled[row, col] = .blank }
                scrolled.wrapped[row] = false
                scrolled.lineSizes[row] = .single
            }
        }
        shown = scrolled
    }

    /// A row's look, for finding moved rows.
    private static func rowKey(_ screen: Screen, _ row: Int) -> Int {
        var hasher = Hasher()
        for col in 0..<screen.cols {
            let cell = screen[row, col]
            hasher.combine(cell.scalar)
            hasher.combine(cell.width)
            hasher.combine(cell.attributes.rawValue)
            hasher.combine(cell.foreground)
            hasher.combine(cell.background)
            if cell.clusterIndex != 0 { hasher.combine(screen.text(of: cell)) }
            if cell.linkIndex != 0 { hasher.combine(screen.link(of: cell)) }
        }
        hasher.combine(screen.wrapped[row])
        return hasher.finalize()
    }

    private static func isBlank(_ screen: Screen, _ row: Int) -> Bool {
        (0..<screen.cols).allSatisfy { screen[row, $0] == .blank }
    }

    // MARK: - Rows

    private mutating func drawRows(of screen: Screen, candidates: [Bool]?, into out: inout [UInt8]) {
        guard var shown else { return }
        let sized = screen.lineSizes.count == screen.rows && shown.lineSizes.count == shown.rows
        for row in 0..<min(screen.rows, screenRows) where candidates?[row] ?? true {
            if sized && shown.lineSizes[row] != .single && !Self.sameRow(screen, shown, row) {
                // A double-size row shows half its cells: made single while it is drawn.
                setLineSize(.single, row: row, on: &shown, into: &out)
            }
            drawRow(row, of: screen, on: &shown, into: &out)
            if sized && screen.lineSizes[row] != shown.lineSizes[row] {
                setLineSize(screen.lineSizes[row], row: row, on: &shown, into: &out)
            }
        }
        for row in 0..<min(screen.rows, screenRows) where screen.wrapped[row] != shown.wrapped[row] {
            setWrap(row, of: screen, on: &shown, into: &out)
        }
        shown.title = title ?? ""
        shown.isAlternateScreen = screen.isAlternateScreen
        self.shown = shown
    }

    private static func sameRow(_ a: Screen, _ b: Screen, _ row: Int) -> Bool {
        (0..<a.cols).allSatisfy { looksSame(a[row, $0], a, b[row, $0], b) }
    }

    /// Whether two cells draw the same: text, rendition and link (marks do not show).
    @inline(__always)
    private static func looksSame(_ x: Cell, _ a: Screen, _ y: Cell, _ b: Screen) -> Bool {
        if x == y && x.clusterIndex == 0 && x.linkIndex == 0 { return true }
        guard x.scalar == y.scalar, x.width == y.width,
            x.attributes.subtracting(.protected) == y.attributes.subtracting(.protected),
            x.foreground == y.foreground, x.background == y.background, x.underlineStyle == y.underlineStyle,
            x.underlineColor == y.underlineColor
        else { return false }
        if (x.clusterIndex != 0 || y.clusterIndex != 0) && a.text(of: x) != b.text(of: y) { return false }
        if (x.linkIndex != 0 || y.linkIndex != 0) && (a.link(of: x) ?? "") != (b.link(of: y) ?? "") { return false }
        return true
    }

    private mutating func drawRow(_ row: Int, of screen: Screen, on shown: inout Screen, into out: inout [UInt8]) {
        let cols = screen.cols
        var first = -1
        var last = -1
        for col in 0..<cols where !Self.looksSame(screen[row, col], screen, shown[row, col], shown) {
            if first < 0 { first = col }
            last = col
        }
        guard first >= 0 else { return }
        // Whole wide characters: start on a left half, end on a right half.
        if first > 0 && (screen[row, first].width == 0 || shown[row, first].width == 0) { first -= 1 }
        if last + 1 < cols && (screen[row, last].width == 2 || shown[row, last].width == 2) { last += 1 }
        // Trailing blanks in the default rendition are erased (EL) rather than written.
        var blankFrom = cols
        while blankFrom > first && screen[row, blankFrom - 1] == .blank { blankFrom -= 1 }
        let erase = last >= blankFrom && cols - blankFrom >= 4
        let drawEnd = erase ? blankFrom - 1 : last
        moveCursor(row: row, col: first, into: &out)
        var col = first
        while col <= drawEnd {
            var cell = screen[row, col]
            var text: String? = nil
            if cell.width == 0 || (cell.width == 2 && col + 1 >= cols) {
                // An orphan half, or a wide character cut by the edge: a blank in its rendition.
                cell.scalar = " "
                cell.width = 1
                cell.clusterIndex = 0
            } else if cell.clusterIndex != 0 {
                text = screen.text(of: cell)
            }
            emit(cell, text: text, link: cell.linkIndex == 0 ? "" : (screen.link(of: cell) ?? ""), into: &out)
            shown[row, col] = screen[row, col]
            if shown[row, col].clusterIndex != 0 || shown[row, col].linkIndex != 0 {
                shown[row, col] = Self.rehomed(screen[row, col], from: screen, into: &shown)
            }
            if cell.width == 2 {
                shown[row, col + 1] = screen[row, col + 1]
                col += 2
            } else {
                col += 1
            }
        }
        cursorRow = row
        cursorCol = col >= cols ? -1 : col  // past the last column: a pending wrap
        if erase {
            if col < blankFrom { moveCursor(row: row, col: col, into: &out) }
            if cursorCol < 0 { moveCursor(row: row, col: blankFrom, into: &out) }
            resetPen(into: &out)
            out += Array("\u{1B}[K".utf8)
            for c in max(col, blankFrom)..<cols { shown[row, c] = .blank }
            shown.wrapped[row] = false  // EL ends a soft wrap (xterm's ClearRight)
        }
    }

    /// `cell` with its cluster and link indices pointing into `shown`'s tables.
    private static func rehomed(_ cell: Cell, from screen: Screen, into shown: inout Screen) -> Cell {
        var copy = cell
        if cell.clusterIndex != 0 {
            let text = screen.text(of: cell)
            if let index = shown.clusters.firstIndex(of: text), index != 0 {
                copy.clusterIndex = UInt32(index)
            } else {
                shown.clusters.append(text)
                copy.clusterIndex = UInt32(shown.clusters.count - 1)
            }
        }
        if cell.linkIndex != 0, let link = screen.link(of: cell) {
            if let index = shown.links.firstIndex(of: link), index != 0 {
                copy.linkIndex = UInt16(index)
            } else if shown.links.count < Int(UInt16.max) {
                shown.links.append(link)
                copy.linkIndex = UInt16(shown.links.count - 1)
            } else {
                copy.linkIndex = 0
            }
        }
        return copy
    }

    /// Makes row `row` soft-wrapped into the next one, or not, as in `screen` (what a
    /// selection in the terminal joins into one line): a wrap is made by printing the row's
    /// last character and the next row's first one with autowrap; it is undone by erasing the
    /// last character (ECH) and printing it again.
    private mutating func setWrap(_ row: Int, of screen: Screen, on shown: inout Screen, into out: inout [UInt8]) {
        let cols = screen.cols
        let last = screen[row, cols - 1].width == 0 && cols >= 2 ? cols - 2 : cols - 1
        func draw(_ row: Int, _ col: Int) {
            var cell = screen[row, col]
            if cell.width == 0 || (cell.width == 2 && col + 1 >= cols) {
                cell.scalar = " "
                cell.width = 1
                cell.clusterIndex = 0
            }
            let text = cell.clusterIndex != 0 ? screen.text(of: cell) : nil
            emit(cell, text: text, link: cell.linkIndex == 0 ? "" : (screen.link(of: cell) ?? ""), into: &out)
        }
        if screen.wrapped[row] {
            // Not at the bottom of the region: the wrap would scroll it.
            guard row + 1 < min(screen.rows, screenRows) else { return }
            moveCursor(row: row, col: last, into: &out, force: true)
            draw(row, last)
            draw(row + 1, 0)
        } else {
            moveCursor(row: row, col: last, into: &out, force: true)
            out += Array("\u{1B}[\(cols - last)X".utf8)
            draw(row, last)
        }
        shown.wrapped[row] = screen.wrapped[row]
        cursorRow = -1
        cursorCol = -1
    }

    /// `ESC # 3/4/5/6` on row `row` (from its first column).
    private mutating func setLineSize(_ size: LineSize, row: Int, on shown: inout Screen, into out: inout [UInt8]) {
        moveCursor(row: row, col: 0, into: &out)
        out += size.escapeSequence
        shown.lineSizes[row] = size
    }

    // MARK: - Cells, title, status

    @inline(__always)
    private mutating func emit(_ cell: Cell, text: String?, link: String, into out: inout [UInt8]) {
        if link != penLink {
            out += Array("\u{1B}]8;;".utf8)
            Self.appendPrintable(link, to: &out)
            out += [0x1B, 0x5C]
            penLink = link
        }
        if !Self.sameRendition(cell, pen) {
            out += Array(ScreenEncoder.sgr(for: cell).utf8)
            pen = cell
        }
        if let text {
            for scalar in text.unicodeScalars { Self.append(scalar, to: &out) }
        } else {
            Self.append(cell.scalar, to: &out)
        }
    }

    /// Default rendition, no link (before erasing, scrolling, switching buffers).
    private mutating func resetPen(into out: inout [UInt8]) {
        if !penLink.isEmpty {
            out += Array("\u{1B}]8;;\u{1B}\\".utf8)
            penLink = ""
        }
        if !Self.sameRendition(pen, .blank) {
            out += Array("\u{1B}[0m".utf8)
            pen = .blank
        }
    }

    private static func sameRendition(_ a: Cell, _ b: Cell) -> Bool {
        a.attributes.subtracting(.protected) == b.attributes.subtracting(.protected) && a.foreground == b.foreground
            && a.background == b.background && a.underlineStyle == b.underlineStyle
            && a.underlineColor == b.underlineColor
    }

    /// The UTF-8 of `scalar`, a space for a control character.
    @inline(__always)
    private static func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) {
            out.append(0x20)
        } else if scalar.value < 0x80 {
            out.append(UInt8(scalar.value))
        } else {
            out.append(contentsOf: scalar.utf8)
        }
    }

    /// `text` without control characters (a title or link target inside a string sequence).
    private static func appendPrintable(_ text: String, to out: inout [UInt8]) {
        for scalar in text.unicodeScalars where !(scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0))
        {
            out.append(contentsOf: scalar.utf8)
        }
    }

    private mutating func setTitle(_ text: String, into out: inout [UInt8]) {
        if !titlePushed {
            // The title the user had comes back at the end (XTWINOPS: push, pop).
            out += Array("\u{1B}[22;0t".utf8)
            titlePushed = true
        }
        out += Array("\u{1B}]2;".utf8)
        Self.appendPrintable(text, to: &out)
        out.append(0x07)
        title = text
    }

    private mutating func drawStatus(_ text: String, into out: inout [UInt8]) {
        resetPen(into: &out)
        moveCursor(row: rows - 1, col: 0, into: &out, force: true)
        var line: [UInt8] = []
        var width = 0
        for scalar in text.unicodeScalars where width < cols {
            let w = CharacterWidth.of(scalar)
            guard w > 0, width + w <= cols else { continue }
            Self.append(scalar, to: &line)
            width += w
        }
        out += Array("\u{1B}[7m".utf8) + line + [UInt8](repeating: 0x20, count: cols - width) + Array("\u{1B}[0m".utf8)
        status = text
        cursorRow = -1
        cursorCol = -1
    }

    private mutating func moveCursor(row: Int, col: Int, into out: inout [UInt8], force: Bool = false) {
        guard force || row != cursorRow || col != cursorCol else { return }
        out += Array("\u{1B}[\(row + 1);\(col + 1)H".utf8)
        cursorRow = row
        cursorCol = col
    }
}
