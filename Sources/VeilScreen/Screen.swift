/// The visible grid of a terminal: rows × columns of ``Cell``s, the cursor, the title,
/// and the tables that cells reference (combining clusters, sensitive reasons, links).
///
/// `Screen` is a value: redaction produces a new screen and the original is untouched.
/// It is what the renderer draws and what detectors read.
///
/// ```swift
/// var screen = try Screen(cols: 80, rows: 24)
/// screen[0, 0] = Cell(scalar: "A")
/// try screen.markSensitive(row: 5, col: 10, width: 19, height: 1, reason: "card")
/// print(screen.lines()[0])   // "A"
/// ```
public struct Screen: Hashable, Sendable {
    /// The largest number of columns or rows a screen may have.
    public static let maximumSize = 1000

    /// Number of columns.
    public private(set) var cols: Int
    /// Number of rows.
    public private(set) var rows: Int
    /// The cells, row-major: the cell at (row, col) is `cells[row * cols + col]`.
    public var cells: [Cell]
    /// `wrapped[r]` is true when row `r` was soft-wrapped into row `r + 1` (autowrap).
    public var wrapped: [Bool]
    /// `lineSizes[r]` is row `r`'s DEC line size (double-width / double-height rows show
    /// only their first `cols / 2` cells, drawn twice as wide).
    public var lineSizes: [LineSize]
    /// The cursor.
    public var cursor: Cursor
    /// The window title (OSC 0/2).
    public var title: String
    /// Whether the alternate screen buffer is shown.
    public var isAlternateScreen: Bool
    /// Full texts of cells with combining marks; index 0 is unused.
    public var clusters: [String]
    /// Reasons of sensitive marks (e.g. `password`); index 0 means "not sensitive".
    public var sensitiveReasons: [String]
    /// OSC 8 hyperlink URIs; index 0 means "no link".
    public var links: [String]

    /// Creates a blank screen.
    /// - Throws: ``ScreenError/invalidSize(cols:rows:)`` unless both are 1…1000.
    public init(cols: Int, rows: Int) throws {
        guard (1...Screen.maximumSize).contains(cols), (1...Screen.maximumSize).contains(rows) else {
            throw ScreenError.invalidSize(cols: cols, rows: rows)
        }
        self.cols = cols
        self.rows = rows
        self.cells = Array(repeating: .blank, count: cols * rows)
        self.wrapped = Array(repeating: false, count: rows)
        self.lineSizes = Array(repeating: .single, count: rows)
        self.cursor = Cursor()
        self.title = ""
        self.isAlternateScreen = false
        self.clusters = [""]
        self.sensitiveReasons = [""]
        self.links = [""]
    }

    /// A screen of `cells` (row-major) and soft wraps `wrapped` whose side-table indices point
    /// into `clusters`, `sensitiveReasons` and `links`; every row single size.
    /// - Throws: ``ScreenError/invalidSize(cols:rows:)`` unless both are 1…1000.
    /// - Precondition: `cells.count == cols * rows` and `wrapped.count == rows`.
    public init(
        cols: Int, rows: Int, cells: [Cell], wrapped: [Bool], clusters: [String], sensitiveReasons: [String],
        links: [String]
    ) throws {
        guard (1...Screen.maximumSize).contains(cols), (1...Screen.maximumSize).contains(rows) else {
            throw ScreenError.invalidSize(cols: cols, rows: rows)
        }
        precondition(cells.count == cols * rows && wrapped.count == rows, "cells or wrap flags do not fit the size")
        self.init(
            cols: cols, rows: rows, cells: cells, wrapped: wrapped, clusters: clusters, reasons: sensitiveReasons,
            links: links)
    }

    /// A screen of the given cells and wrap flags (`cells.count == cols * rows`, `wrapped.count
    /// == rows`), with the side tables given, every row single size; the size is the caller's
    /// to check.
    init(cols: Int, rows: Int, cells: [Cell], wrapped: [Bool], clusters: [String], reasons: [String], links: [String]) {
        self.cols = cols
        self.rows = rows
        self.cells = cells
        self.wrapped = wrapped
        self.lineSizes = Array(repeating: .single, count: rows)
        self.cursor = Cursor()
        self.title = ""
        self.isAlternateScreen = false
        self.clusters = clusters
        self.sensitiveReasons = reasons
        self.links = links
    }

    /// The cell at a 0-based row and column.
    public subscript(row: Int, col: Int) -> Cell {
        get { cells[row * cols + col] }
        set { cells[row * cols + col] = newValue }
    }

    /// The text of a cell: its character with any combining marks, "" for a continuation.
    public func text(of cell: Cell) -> String {
        if cell.width == 0 { return "" }
        if cell.clusterIndex != 0, Int(cell.clusterIndex) < clusters.count {
            return clusters[Int(cell.clusterIndex)]
        }
        return String(Character(cell.scalar))
    }

    /// The text of the cell at (row, col).
    public func text(row: Int, col: Int) -> String { text(of: self[row, col]) }

    /// The reason of a sensitive cell's mark, or nil when the cell is not sensitive.
    public func sensitiveReason(of cell: Cell) -> String? {
        guard cell.sensitiveIndex != 0, Int(cell.sensitiveIndex) < sensitiveReasons.count else {
            return cell.sensitiveIndex != 0 ? "" : nil
        }
        return sensitiveReasons[Int(cell.sensitiveIndex)]
    }

    /// The OSC 8 link of a cell, or nil.
    public func link(of cell: Cell) -> String? {
        guard cell.linkIndex != 0, Int(cell.linkIndex) < links.count else { return nil }
        return links[Int(cell.linkIndex)]
    }

    /// A row's characters, a wide character once, trailing spaces kept.
    public func rowText(_ row: Int) -> String { rowText(row, invisibleAsSpaces: false) }

    /// Every row's text with trailing spaces removed.
    public func lines() -> [String] { lines(invisibleAsSpaces: false) }

    /// Returns the index for `reason` in ``sensitiveReasons``, adding it when new.
    public mutating func internSensitiveReason(_ reason: String) -> UInt16 {
        if let index = sensitiveReasons.firstIndex(of: reason), index != 0 { return UInt16(index) }
        guard sensitiveReasons.count < Int(UInt16.max) else { return UInt16(sensitiveReasons.count - 1) }
        sensitiveReasons.append(reason)
        return UInt16(sensitiveReasons.count - 1)
    }

    /// Marks a rectangle of cells sensitive with `reason`, as the in-band marker does.
    /// A rectangle that cuts a wide character marks both of its halves.
    /// - Throws: ``ScreenError/rectangleOutsideScreen(row:col:width:height:)``.
    public mutating func markSensitive(row: Int, col: Int, width: Int, height: Int, reason: String) throws {
        guard row >= 0, col >= 0, width >= 1, height >= 1, row + height <= rows, col + width <= cols else {
            throw ScreenError.rectangleOutsideScreen(row: row, col: col, width: width, height: height)
        }
        let index = internSensitiveReason(reason)
        for r in row..<(row + height) {
            var first = col
            var last = col + width - 1
            if cells[r * cols + first].width == 0, first > 0 { first -= 1 }
            if cells[r * cols + last].width == 2, last + 1 < cols { last += 1 }
            for c in first...last { cells[r * cols + c].sensitiveIndex = index }
        }
    }
}

extension Screen {
    /// A row as it is seen: like ``rowText(_:)`` but invisible cells (SGR 8) show as
    /// spaces, as xterm draws and prints them.
    public func visibleRowText(_ row: Int) -> String { rowText(row, invisibleAsSpaces: true) }

    /// Every row as it is seen (invisible cells as spaces), trailing spaces removed: what
    /// `veil screen --format text` prints.
    public func visibleLines() -> [String] { lines(invisibleAsSpaces: true) }

    private func rowText(_ row: Int, invisibleAsSpaces: Bool) -> String {
        var out = String()
        out.reserveCapacity(cols)
        let base = row * cols
        for col in 0..<cols {
            let cell = cells[base + col]
            if cell.width == 0 { continue }
            if invisibleAsSpaces && cell.attributes.contains(.invisible) {
                out.unicodeScalars.append(" ")
                if cell.width == 2 { out.unicodeScalars.append(" ") }
            } else if cell.clusterIndex == 0 {
                out.unicodeScalars.append(cell.scalar)
            } else {
                out += text(of: cell)
            }
        }
        return out
    }

    private func lines(invisibleAsSpaces: Bool) -> [String] {
        (0..<rows).map { row in
            // Trailing spaces go in one cut: removing them one scalar at a time is quadratic.
            let scalars = rowText(row, invisibleAsSpaces: invisibleAsSpaces).unicodeScalars
            guard let last = scalars.lastIndex(where: { $0 != " " }) else { return "" }
            return String(scalars[...last])
        }
    }
}
