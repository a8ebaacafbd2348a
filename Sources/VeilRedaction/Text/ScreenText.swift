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
    /// The width of each cell, for mapping back (empty for a title).
    private let widths: [UInt8]

    /// Builds the text of `screen`.
    init(screen: Screen) {
        cols = screen.cols
        let cells = screen.cells
        var bytes: [UInt8] = []
        var origin: [Int32] = []
        bytes.reserveCapacity(cells.count + 16)
        origin.reserveCapacity(cells.count + 16)
        var widths = [UInt8](repeating: 1, count: cells.count)
        var lines: [Line] = []
        var lineStart = 0
        var firstRow = 0
        for row in 0..<screen.rows {
            let base = row * cols
            let continues = screen.wrapped[row] && row + 1 < screen.rows
            var lastCol = cols - 1
            if continues {
                // A wide character that did not fit in the last column wrapped and left
                // that column blank: it is not part of the text.
                if cells[base + lastCol].scalar == " " && cells[base + lastCol].width == 1
                    && cells[base + cols].width == 2 {
                    lastCol -= 1
                }
            } else {
                while lastCol >= 0 && cells[base + lastCol].scalar == " " && cells[base + lastCol].clusterIndex == 0 {
                    lastCol -= 1
                }
            }
            if lastCol >= 0 {
                for col in 0...lastCol {
                    let cell = cells[base + col]
                    widths[base + col] = cell.width
                    if cell.width == 0 { continue }
                    let index = Int32(base + col)
                    // Only the base character: combining marks (a cell's cluster) are
                    // decoration, and must not break a digit run ("4́111 …" is still a card).
                    if cell.scalar.value < 0x80 {
                        bytes.append(UInt8(truncatingIfNeeded: cell.scalar.value))
                        origin.append(index)
                    } else if cell.scalar.value == 0 {
                        // NUL never reaches a cell's text; keep the column as a blank.
                        bytes.append(ASCII.space)
                        origin.append(index)
                    } else {
                        for byte in UTF8.encode(cell.scalar)! {
                            bytes.append(byte)
                            origin.append(index)
                        }
                    }
                }
            }
            if !continues {
                lines.append(Line(range: lineStart..<bytes.count, firstRow: firstRow, lastRow: row))
                lineStart = bytes.count
                firstRow = row + 1
            }
        }
        self.bytes = bytes
        self.origin = origin
        self.lines = lines
        self.widths = widths
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
        self.widths = []
    }

    /// Whether this is the text of a title rather than of the grid.
    var isTitle: Bool { cols == 0 }

    /// The text of a byte range (the bytes always start and end on character boundaries).
    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The cells (or title characters) behind a byte range, as row runs: both halves of a
    /// wide character are included.
    func cellSpans(for range: Range<Int>) -> [CellSpan] {
        var spans: [CellSpan] = []
        var previous: Int32 = -1
        for offset in range {
            let index = origin[offset]
            if index == previous { continue }
            previous = index
            let cell = Int(index)
            if isTitle {
                spans.appendMerging(CellSpan(row: 0, col: cell, width: 1))
            } else {
                let width = widths[cell] == 2 ? 2 : 1
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
