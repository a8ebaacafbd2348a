#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns screens into the terminal bytes that draw them, frame after frame: each frame is
/// encoded as the difference from the one before (changed cells, a scroll, the cursor, the
/// title), so a recording re-encoded from its screens stays about its original size.
///
/// The bytes are plain xterm: CUP, SGR, LF at the bottom row to scroll, OSC 2 for the title,
/// the alternate screen (1049) when the screen is the alternate one, `ESC # 3/4/5/6` for
/// double-size rows. They never rely on
/// autowrap, character sets or hyperlinks (OSC 8 links are not drawn, so not written).
///
/// ```swift
/// var encoder = ScreenEncoder(cols: 80, rows: 24)
/// let bytes = encoder.encode(screen)        // what turns the last screen into `screen`
/// ```
public struct ScreenEncoder: Sendable {
    /// The screen the bytes so far draw (main buffer, or alternate when `isAlternate`).
    private var shown: Screen
    /// The main buffer as last drawn, while the alternate one is shown.
    private var savedMain: Screen?
    /// The rendition the terminal's pen has (only the fields SGR sets).
    private var pen = Cell.blank
    private var cursorRow = 0
    private var cursorCol = 0
    private var cursorVisible = true
    private var started = false
    /// The shown screen's clusters by text, so a long recording adds each text once.
    private var clusterIndexes: [String: UInt32] = [:]

    /// Starts from a blank `cols`×`rows` screen (a fresh terminal).
    public init(cols: Int, rows: Int) {
        shown = (try? Screen(cols: cols, rows: rows)) ?? (try! Screen(cols: 1, rows: 1))
    }

    /// The bytes that turn the last encoded screen into `screen` (empty when nothing
    /// visible changed). A screen of another size is drawn whole (the caller writes the
    /// resize first).
    public mutating func encode(_ screen: Screen) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        if !started {
            started = true
            out += Array("\u{1B}(B\u{1B}[0m".utf8)  // ASCII in G0, default rendition
        }
        if screen.cols != shown.cols || screen.rows != shown.rows {
            shown = try! Screen(cols: screen.cols, rows: screen.rows)
            clusterIndexes = [:]
            savedMain = nil
            out += Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
            pen = .blank
            cursorRow = 0
            cursorCol = 0
        }
        if screen.isAlternateScreen != shown.isAlternateScreen {
            // Default rendition first: entering clears the alternate screen in the pen's colour.
            out += Array("\u{1B}[0m".utf8)
            pen = .blank
            // 1049 saves and restores the cursor: its place is unknown until the next move.
            cursorRow = -1
            cursorCol = -1
            if screen.isAlternateScreen {
                savedMain = shown
                out += Array("\u{1B}[?1049h".utf8)
                shown = try! Screen(cols: screen.cols, rows: screen.rows)
                shown.isAlternateScreen = true
                rebuildClusterIndexes()
                shown.title = savedMain?.title ?? ""
            } else {
                out += Array("\u{1B}[?1049l".utf8)
                let title = shown.title
                shown = savedMain ?? (try! Screen(cols: screen.cols, rows: screen.rows))
                rebuildClusterIndexes()
                shown.isAlternateScreen = false
                shown.title = title
                savedMain = nil
            }
        }
        scrollIfShifted(to: screen, into: &out)
        let sized = screen.lineSizes.count == screen.rows && shown.lineSizes.count == shown.rows
        if sized {
            // A double-size row shows only half its cells: it is made single while drawn.
            for row in 0..<screen.rows where shown.lineSizes[row] != .single {
                let changed = screen.lineSizes[row] != shown.lineSizes[row] || !sameRow(screen, row, shown, row)
                if changed { setLineSize(.single, row: row, into: &out) }
            }
        }
        for row in 0..<screen.rows { drawRow(row, of: screen, into: &out) }
        if sized {
            for row in 0..<screen.rows where screen.lineSizes[row] != shown.lineSizes[row] {
                setLineSize(screen.lineSizes[row], row: row, into: &out)
            }
        }
        for row in 0..<screen.rows where screen.wrapped[row] != shown.wrapped[row] {
            setWrap(row, of: screen, into: &out)
        }
        if screen.title != shown.title {
            out += Array("\u{1B}]2;".utf8)
            for scalar in screen.title.unicodeScalars where !Self.isControl(scalar) {
                out += Array(String(scalar).utf8)
            }
            out.append(0x07)
            shown.title = screen.title
        }
        let cursor = screen.cursor
        if !out.isEmpty || cursor.row != cursorRow || cursor.col != cursorCol {
            if cursor.row != cursorRow || cursor.col != cursorCol {
                moveCursor(row: cursor.row, col: cursor.col, into: &out)
            }
        }
        if cursor.isVisible != cursorVisible {
            out += Array((cursor.isVisible ? "\u{1B}[?25h" : "\u{1B}[?25l").utf8)
            cursorVisible = cursor.isVisible
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    /// When the new screen is the shown one moved up by k rows (output scrolling), scrolls
    /// the terminal with k line feeds at the bottom row, so the rows go to its scrollback as
    /// they did in the original and need not be drawn again.
    private mutating func scrollIfShifted(to screen: Screen, into out: inout [UInt8]) {
        let rows = screen.rows
        guard rows > 2, !sameRow(screen, 0, shown, 0),
            screen.cells[0..<screen.cols].contains(where: { $0.scalar != " " || $0.width != 1 })
        else { return }
        var best = 0
        for k in 1..<rows where sameRow(screen, 0, shown, k) {
            var matches = 0
            for row in 0..<(rows - k) where sameRow(screen, row, shown, row + k) { matches += 1 }
            if matches * 2 > rows - k && matches > 0 { best = k; break }
        }
        guard best > 0 else { return }
        if pen != .blank {
            out += Array("\u{1B}[0m".utf8)
            pen = .blank
        }
        moveCursor(row: rows - 1, col: 0, into: &out)
        out += Array(repeating: 0x0A, count: best)
        let cols = shown.cols
        shown.cells.removeFirst(best * cols)
        shown.cells += Array(repeating: .blank, count: best * cols)
        shown.wrapped.removeFirst(best)
        shown.wrapped += Array(repeating: false, count: best)
        shown.lineSizes.removeFirst(best)
        shown.lineSizes += Array(repeating: .single, count: best)
    }

    /// `ESC # 3/4/5/6` on row `row` (from its first column, where no cursor is clamped).
    private mutating func setLineSize(_ size: LineSize, row: Int, into out: inout [UInt8]) {
        moveCursor(row: row, col: 0, into: &out)
        out += size.escapeSequence
        shown.lineSizes[row] = size
    }

    private func sameRow(_ a: Screen, _ rowA: Int, _ b: Screen, _ rowB: Int) -> Bool {
        let cols = a.cols
        return Self.sameBytes(a, rowA, b, rowB)
            || a.cells[(rowA * cols)..<((rowA + 1) * cols)].elementsEqual(b.cells[(rowB * cols)..<((rowB + 1) * cols)])
            {
                Self.looksSame($0, a, $1, b)
            }
    }

    /// Whether row `rowA` of `a` and row `rowB` of `b` (of one width) are the same bytes, with
    /// the same texts in any clusters (indices into two tables): then they look the same. The
    /// quick answer for most rows of a frame; false says only that they must be compared cell
    /// by cell.
    private static func sameBytes(_ a: Screen, _ rowA: Int, _ b: Screen, _ rowB: Int) -> Bool {
        guard Cell.comparesAsBytes else { return false }
        let cols = a.cols
        return a.cells.withUnsafeBufferPointer { x in
            b.cells.withUnsafeBufferPointer { y in
                let p = x.baseAddress! + rowA * cols, q = y.baseAddress! + rowB * cols
                return memcmp(p, q, cols * MemoryLayout<Cell>.stride) == 0
                    && !(0..<cols).contains { p[$0].clusterIndex != 0 && a.text(of: p[$0]) != b.text(of: q[$0]) }
            }
        }
    }

    /// Whether two cells draw the same (text and rendition; marks and links do not show).
    @inline(__always)
    private static func looksSame(_ x: Cell, _ a: Screen, _ y: Cell, _ b: Screen) -> Bool {
        if x == y && x.clusterIndex == 0 { return true }
        guard x.scalar == y.scalar, x.width == y.width, x.attributes == y.attributes,
            x.foreground == y.foreground, x.background == y.background,
            x.underlineStyle == y.underlineStyle, x.underlineColor == y.underlineColor
        else { return false }
        if x.clusterIndex == 0 && y.clusterIndex == 0 { return true }
        return a.text(of: x) == b.text(of: y)
    }

    /// The first and last columns of `row` that draw differently on `screen` than on `shown`
    /// (both of one width), or nil. Every row of every frame is compared: over the cells'
    /// storage, from both ends.
    static func changedColumns(_ row: Int, of screen: Screen, shown: Screen) -> (first: Int, last: Int)? {
        // Most rows did not change.
        if sameBytes(screen, row, shown, row) { return nil }
        let cols = screen.cols
        let base = row * cols
        return screen.cells.withUnsafeBufferPointer { now in
            shown.cells.withUnsafeBufferPointer { before in
                var first = 0
                while first < cols && looksSame(now[base + first], screen, before[base + first], shown) { first += 1 }
                guard first < cols else { return nil }
                var last = cols - 1
                while last > first && looksSame(now[base + last], screen, before[base + last], shown) { last -= 1 }
                return (first, last)
            }
        }
    }

    private mutating func drawRow(_ row: Int, of screen: Screen, into out: inout [UInt8]) {
        let cols = screen.cols
        guard var (first, last) = Self.changedColumns(row, of: screen, shown: shown) else { return }
        // Whole wide characters: start on a left half, end on a right half.
        if screen[row, first].width == 0 && first > 0 { first -= 1 }
        if shown[row, first].width == 0 && first > 0 { first -= 1 }
        if last + 1 < cols && (screen[row, last].width == 2 || shown[row, last].width == 2) { last += 1 }
        moveCursor(row: row, col: first, into: &out)
        var col = first
        while col <= last {
            let cell = screen[row, col]
            if cell.width == 0 {
                // An orphan continuation (never drawn by itself): a blank in its rendition.
                var blank = cell
                blank.scalar = " "
                blank.width = 1
                blank.clusterIndex = 0
                emit(blank, text: " ", into: &out)
                shown[row, col] = blank
                col += 1
                continue
            }
            if cell.width == 2 && col + 1 >= cols {
                var blank = cell
                blank.scalar = " "
                blank.width = 1
                emit(blank, text: " ", into: &out)
                shown[row, col] = blank
                col += 1
                continue
            }
            var copy = cell
            if cell.clusterIndex == 0 {
                emit(cell, scalar: cell.scalar, into: &out)
            } else {
                let text = screen.text(of: cell)
                emit(cell, text: text, into: &out)
                copy.clusterIndex = internCluster(text)
            }
            shown[row, col] = copy
            if cell.width == 2 {
                shown[row, col + 1] = screen[row, col + 1]
                col += 2
            } else {
                col += 1
            }
        }
        cursorCol = min(col, cols - 1)
        cursorRow = row
        // After the last column the terminal has a pending wrap: place the cursor anew.
        if col >= cols { cursorCol = -1 }
    }

    /// Makes row `row` soft-wrapped into the next one, or not, as in `screen` (the wrap
    /// decides which rows a reader joins into one line): a wrap is made by printing the
    /// row's last character and the next row's first one with autowrap; it is undone by
    /// erasing the last character (ECH) and printing it again.
    private mutating func setWrap(_ row: Int, of screen: Screen, into out: inout [UInt8]) {
        let cols = screen.cols
        let last = screen[row, cols - 1].width == 0 && cols >= 2 ? cols - 2 : cols - 1
        func draw(_ row: Int, _ col: Int) {
            let cell = screen[row, col]
            if cell.clusterIndex == 0 {
                emit(cell, scalar: cell.width == 0 ? " " : cell.scalar, into: &out)
            } else {
                emit(cell, text: screen.text(of: cell), into: &out)
            }
        }
        if screen.wrapped[row] {
            guard row + 1 < screen.rows else { return }
            moveCursor(row: row, col: last, into: &out)
            draw(row, last)
            draw(row + 1, 0)
        } else {
            moveCursor(row: row, col: last, into: &out)
            out += Array("\u{1B}[\(cols - last)X".utf8)
            draw(row, last)
        }
        shown.wrapped[row] = screen.wrapped[row]
        // The cursor is past what was drawn: its place is set anew by the next move.
        cursorRow = -1
        cursorCol = -1
    }

    private mutating func emit(_ cell: Cell, text: String, into out: inout [UInt8]) {
        if !Self.sameRendition(cell, pen) {
            out += Array(Self.sgr(for: cell).utf8)
            pen = cell
        }
        for scalar in text.unicodeScalars { Self.append(scalar, to: &out) }
    }

    @inline(__always)
    private mutating func emit(_ cell: Cell, scalar: Unicode.Scalar, into out: inout [UInt8]) {
        if !Self.sameRendition(cell, pen) {
            out += Array(Self.sgr(for: cell).utf8)
            pen = cell
        }
        Self.append(scalar, to: &out)
    }

    /// The UTF-8 bytes of `scalar` (a space for a control character).
    @inline(__always)
    private static func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        if scalar.value < 0x80 {
            out.append(scalar.value < 0x20 || scalar.value == 0x7F ? 0x20 : UInt8(scalar.value))
        } else if isControl(scalar) {
            out.append(0x20)
        } else {
            out.append(contentsOf: scalar.utf8)
        }
    }

    private mutating func rebuildClusterIndexes() {
        clusterIndexes = [:]
        for (index, text) in shown.clusters.enumerated() where index > 0 && clusterIndexes[text] == nil {
            clusterIndexes[text] = UInt32(index)
        }
    }

    /// The index of `text` in the shown screen's cluster table (added once).
    private mutating func internCluster(_ text: String) -> UInt32 {
        if let index = clusterIndexes[text] { return index }
        let index = UInt32(shown.clusters.count)
        shown.clusters.append(text)
        clusterIndexes[text] = index
        return index
    }

    private static func sameRendition(_ a: Cell, _ b: Cell) -> Bool {
        a.attributes.subtracting(.protected) == b.attributes.subtracting(.protected) && a.foreground == b.foreground
            && a.background == b.background && a.underlineStyle == b.underlineStyle
            && a.underlineColor == b.underlineColor
    }

    /// `ESC [ 0 ; … m` for a cell's rendition.
    public static func sgr(for cell: Cell) -> String {
        var parts = ["0"]
        let a = cell.attributes
        if a.contains(.bold) { parts.append("1") }
        if a.contains(.dim) { parts.append("2") }
        if a.contains(.italic) { parts.append("3") }
        if a.contains(.underline) {
            switch cell.underlineStyle {
            case .none, .single: parts.append("4")
            case .double: parts.append("4:2")
            case .curly: parts.append("4:3")
            case .dotted: parts.append("4:4")
            case .dashed: parts.append("4:5")
            }
        }
        if a.contains(.blink) { parts.append("5") }
        if a.contains(.inverse) { parts.append("7") }
        if a.contains(.invisible) { parts.append("8") }
        if a.contains(.strikethrough) { parts.append("9") }
        if a.contains(.overline) { parts.append("53") }
        switch cell.foreground {
        case .default: break
        case .indexed(let i) where i < 8: parts.append("\(30 + Int(i))")
        case .indexed(let i) where i < 16: parts.append("\(90 + Int(i) - 8)")
        case .indexed(let i): parts.append("38;5;\(i)")
        case .rgb(let r, let g, let b): parts.append("38;2;\(r);\(g);\(b)")
        }
        switch cell.background {
        case .default: break
        case .indexed(let i) where i < 8: parts.append("\(40 + Int(i))")
        case .indexed(let i) where i < 16: parts.append("\(100 + Int(i) - 8)")
        case .indexed(let i): parts.append("48;5;\(i)")
        case .rgb(let r, let g, let b): parts.append("48;2;\(r);\(g);\(b)")
        }
        switch cell.underlineColor {
        case .default: break
        case .indexed(let i): parts.append("58;5;\(i)")
        case .rgb(let r, let g, let b): parts.append("58;2;\(r);\(g);\(b)")
        }
        return "\u{1B}[" + parts.joined(separator: ";") + "m"
    }

    private mutating func moveCursor(row: Int, col: Int, into out: inout [UInt8]) {
        guard row != cursorRow || col != cursorCol else { return }
        out += Array("\u{1B}[\(row + 1);\(col + 1)H".utf8)
        cursorRow = row
        cursorCol = col
    }
}
