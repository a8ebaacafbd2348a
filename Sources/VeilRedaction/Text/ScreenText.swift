import VeilScreen

/// The text of a screen as the detectors read it: one UTF-8 buffer holding every
/// *logical* line (rows joined where the terminal soft-wrapped them), with the cell each
/// byte came from.
///
/// A wide character is one character of text (its continuation cell adds nothing); its
/// bytes map to its left cell, and ``cellSpans(for:)`` adds the right half back. A cell
/// with combining marks contributes its base character only.
struct ScreenText {
    /// One logical line: a byte range of ``bytes`` and the rows it covers.
    struct Line {
        var range: Range<Int>
        var firstRow: Int
        var lastRow: Int
    }

    /// Columns of the screen the text came from (0 for a title).
    let cols: Int
    /// The UTF-8 of every line, back to back.
    private(set) var bytes: [UInt8]
    /// For each byte, the index (`row * cols + col`) of its cell; for a title, the index of
    /// its character.
    private(set) var origin: [Int32]
    /// The logical lines in screen order.
    private(set) var lines: [Line]
    /// The screen's cells (shared with the screen, not copied), for the widths when mapping
    /// back; empty for a title.
    private let cells: [Cell]
    /// Whether any cell of the screen is marked sensitive (seen while reading the text, so
    /// the app-marks pass can be skipped without another walk over the grid).
    let hasMarkedCells: Bool

    /// Builds the text of `screen`.
    init(screen: borrowing Screen) {
        cols = screen.cols
        cells = screen.cells
        // Most cells are one byte of text (or none: blank row tails), so a buffer of one
        // byte per cell almost always suffices; when it does not, read again with room for
        // four (the longest UTF-8 of a cell's base character).
        let fitted = Self.read(screen, capacity: cells.count + 8)
        let text = fitted ?? Self.read(screen, capacity: 4 * cells.count + 8)!
        bytes = text.bytes
        origin = text.origin
        lines = text.lines
        hasMarkedCells = text.marked
    }

    /// The text of `screen` in buffers of `capacity` bytes, or nil when they are too small.
    private static func read(
        _ screen: Screen, capacity: Int
    ) -> (bytes: [UInt8], origin: [Int32], lines: [Line], marked: Bool)? {
        let cols = screen.cols
        let rows = screen.rows
        var lines: [Line] = []
        lines.reserveCapacity(rows)
        var marks: UInt16 = 0
        var fits = true
        var origin: [Int32] = []
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { bytes, byteCount in
            origin = [Int32](unsafeUninitializedCapacity: capacity) { origin, originCount in
                screen.cells.withUnsafeBufferPointer { cells in
                    var n = 0
                    /// Appends the text of the cell at `index`; false when the buffers are full.
                    func append(_ cell: Cell, at index: Int) -> Bool {
                        if cell.width == 0 { return true }
                        guard n + 4 <= capacity else { return false }
                        // Only the base character: combining marks (a cell's cluster) are
                        // decoration, and must not break a digit run ("4́111 …" is still a card).
                        let value = cell.scalar.value
                        if value < 0x80 {
                            bytes[n] = UInt8(truncatingIfNeeded: value)
                            origin[n] = Int32(index)
                            n += 1
                        } else {
                            for byte in UTF8.encode(cell.scalar)! {
                                bytes[n] = byte
                                origin[n] = Int32(index)
                                n += 1
                            }
                        }
                        return true
                    }
                    var lineStart = 0
                    var firstRow = 0
                    // Every cell is read once, front to back (the prefetcher follows; a backward
                    // search for the end of each row's text was 2.5x slower on a cold grid).
                    rowLoop: for row in 0..<rows {
                        let base = row * cols
                        let continues = screen.wrapped[row] && row + 1 < rows
                        if continues {
                            var lastCol = cols - 1
                            // A wide character that did not fit in the last column wrapped and
                            // left that column blank: it is not part of the text.
                            let last = cells[base + lastCol]
                            if last.scalar == " " && last.width == 1 && cells[base + cols].width == 2 {
                                marks |= last.sensitiveIndex
                                lastCol -= 1
                            }
                            for col in 0..<(lastCol + 1) {
                                let cell = cells[base + col]
                                marks |= cell.sensitiveIndex
                                guard append(cell, at: base + col) else { fits = false; break rowLoop }
                            }
                        } else {
                            // The blank tail of a row is no part of its text: one pass finds
                            // the last cell that is not blank (and the marks of every cell),
                            // then the cells up to it are read.
                            let rowCells = UnsafeBufferPointer(rebasing: cells[base..<(base + cols)])
                            var last = -1
                            var rowMarks: UInt16 = 0
                            for col in 0..<cols {
                                rowMarks |= rowCells[col].sensitiveIndex
                                if rowCells[col].scalar != " " || rowCells[col].clusterIndex != 0 { last = col }
                            }
                            marks |= rowMarks
                            if last >= 0 {
                                for col in 0...last {
                                    guard append(rowCells[col], at: base + col) else {
                                        fits = false
                                        break rowLoop
                                    }
                                }
                            }
                            lines.append(Line(range: lineStart..<n, firstRow: firstRow, lastRow: row))
                            lineStart = n
                            firstRow = row + 1
                        }
                    }
                    originCount = fits ? n : 0
                    byteCount = fits ? n : 0
                }
            }
        }
        guard fits else { return nil }
        return (bytes, origin, lines, marks != 0)
    }

    /// Builds the text of a window title: one line whose "cells" are its characters.
    init(title: String) {
        cols = 0
        var bytes: [UInt8] = []
        var origin: [Int32] = []
        var index: Int32 = 0
        for scalar in title.unicodeScalars {
            for byte in UTF8.encode(scalar)! {
                bytes.append(byte)
                origin.append(index)
            }
            index += 1
        }
        self.bytes = bytes
        self.origin = origin
        self.lines = [Line(range: 0..<bytes.count, firstRow: 0, lastRow: 0)]
        self.cells = []
        self.hasMarkedCells = false
    }

    /// Builds the text of plain lines (see ``TextLines``): `origin` holds each byte's
    /// character index in its line, and line `i` has `firstRow == lastRow == i`.
    init(characterBytes bytes: [UInt8], origin: [Int32], lines: [Line]) {
        cols = 0
        self.bytes = bytes
        self.origin = origin
        self.lines = lines
        self.cells = []
        self.hasMarkedCells = false
    }

    /// Whether this is the text of a title (or of plain lines) rather than of a grid.
    var isTitle: Bool { cols == 0 }

    /// The row (line) of the byte at `offset` of a title or of plain lines.
    func characterRow(ofByte offset: Int) -> Int {
        var low = 0
        var high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return lines.isEmpty ? 0 : lines[low].firstRow
    }

    /// Whether a byte of `range` comes from a cell that shows as hidden (``Cell/looksHidden``);
    /// false for a title or plain lines.
    func showsHiddenCell(bytes range: Range<Int>) -> Bool {
        guard !isTitle else { return false }
        var offset = range.lowerBound
        while offset < range.upperBound {
            let cell = Int(origin[offset])
            if cell < cells.count && cells[cell].looksHidden { return true }
            offset += 1
        }
        return false
    }

    /// The text of a byte range (the bytes always start and end on character boundaries).
    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The cells (or title characters) behind a byte range, as row runs: both halves of a
    /// wide character are included.
    func cellSpans(for range: Range<Int>) -> [CellSpan] {
        var spans: [CellSpan] = []
        var previous: Int32 = -1
        let characterRow = isTitle && !range.isEmpty ? characterRow(ofByte: range.lowerBound) : 0
        for offset in range {
            let index = origin[offset]
            if index == previous { continue }
            previous = index
            let cell = Int(index)
            if isTitle {
                spans.appendMerging(CellSpan(row: characterRow, col: cell, width: 1))
            } else {
                let width = cells[cell].width == 2 ? 2 : 1
                spans.appendMerging(CellSpan(row: cell / cols, col: cell % cols, width: min(width, cols - cell % cols)))
            }
        }
        return spans
    }

    /// The cell index (or title character) of the byte at `offset`.
    func cellIndex(ofByte offset: Int) -> Int { Int(origin[offset]) }
}

extension Array where Element == CellSpan {
    /// Appends `span`, extending the last span when it continues it on the same row.
    mutating func appendMerging(_ span: CellSpan) {
        if let last = self.last, last.row == span.row, span.col <= last.col + last.width, span.col >= last.col {
            let end = Swift.max(last.col + last.width, span.col + span.width)
            self[count - 1].width = end - last.col
        } else {
            append(span)
        }
    }
}
