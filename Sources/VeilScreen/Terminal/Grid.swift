/// One screen buffer (main or alternate): cells stored by physical row, with a map from
/// screen rows to physical rows so that scrolling moves row numbers, not cells.
struct Grid: Sendable {
    let cols: Int
    let rows: Int
    /// Cells of physical row `p` are `cells[p * cols ..< (p + 1) * cols]`.
    var cells: [Cell]
    /// `rowIDs[row]` is the physical row shown at screen row `row`.
    var rowIDs: [Int]
    /// Soft-wrap flag per physical row.
    var wrappedByID: [Bool]

    init(cols: Int, rows: Int) {
        self.cols = cols
        self.rows = rows
        cells = Array(repeating: .blank, count: cols * rows)
        rowIDs = Array(0..<rows)
        wrappedByID = Array(repeating: false, count: rows)
    }

    /// Index in `cells` of the first cell of screen row `row`.
    @inline(__always)
    func base(_ row: Int) -> Int { rowIDs[row] &* cols }

    @inline(__always)
    subscript(row: Int, col: Int) -> Cell {
        get { cells[base(row) + col] }
        set { cells[base(row) + col] = newValue }
    }

    func isWrapped(_ row: Int) -> Bool { wrappedByID[rowIDs[row]] }

    mutating func setWrapped(_ row: Int, _ value: Bool) { wrappedByID[rowIDs[row]] = value }

    /// Fills columns `from..<to` of `row` with `blank`.
    mutating func fill(row: Int, from: Int, to: Int, with blank: Cell) {
        guard from < to else { return }
        let start = base(row)
        cells.withUnsafeMutableBufferPointer { buffer in
            for index in (start + from)..<(start + to) { buffer[index] = blank }
        }
    }

    /// Clears whole rows `from..<to` and their wrap flags.
    mutating func clearRows(from: Int, to: Int, with blank: Cell) {
        guard from < to else { return }
        for row in from..<to {
            fill(row: row, from: 0, to: cols, with: blank)
            wrappedByID[rowIDs[row]] = false
        }
    }

    /// Scrolls rows `top...bottom` up by `count`: the top rows leave, blank rows enter at the bottom.
    mutating func scrollUp(top: Int, bottom: Int, count: Int, blank: Cell) {
        let height = bottom - top + 1
        guard count > 0, height > 0 else { return }
        let n = min(count, height)
        if n < height {
            rotate(top: top, bottom: bottom, by: n)
        }
        clearRows(from: bottom - n + 1, to: bottom + 1, with: blank)
    }

    /// Scrolls rows `top...bottom` down by `count`: blank rows enter at the top.
    mutating func scrollDown(top: Int, bottom: Int, count: Int, blank: Cell) {
        let height = bottom - top + 1
        guard count > 0, height > 0 else { return }
        let n = min(count, height)
        if n < height {
            rotate(top: top, bottom: bottom, by: height - n)
        }
        clearRows(from: top, to: top + n, with: blank)
    }

    /// Rotates the row map of `top...bottom` left by `n`.
    private mutating func rotate(top: Int, bottom: Int, by n: Int) {
        rowIDs.withUnsafeMutableBufferPointer { ids in
            let height = bottom - top + 1
            if n == 1 {
                let first = ids[top]
                for row in top..<bottom { ids[row] = ids[row + 1] }
                ids[bottom] = first
            } else {
                let saved = Array(ids[top...bottom])
                for offset in 0..<height { ids[top + offset] = saved[(offset + n) % height] }
            }
        }
    }

    /// Blanks orphaned halves of wide characters in `row` (after cells were shifted).
    mutating func repairWideCharacters(row: Int) {
        let start = base(row)
        let cols = self.cols
        cells.withUnsafeMutableBufferPointer { buffer in
            var col = 0
            while col < cols {
                let width = buffer[start + col].width
                if width == 2 {
                    if col + 1 < cols && buffer[start + col + 1].width == 0 {
                        col += 2
                        continue
                    }
                    buffer[start + col].blankKeepingRendition()
                } else if width == 0 {
                    buffer[start + col].blankKeepingRendition()
                }
                col += 1
            }
        }
    }

    /// The screen rows' cells in order, row-major.
    func orderedCells() -> [Cell] {
        if rowIDs.enumerated().allSatisfy({ $0.offset == $0.element }) { return cells }
        var result: [Cell] = []
        result.reserveCapacity(cells.count)
        for row in 0..<rows {
            let start = base(row)
            result.append(contentsOf: cells[start..<(start + cols)])
        }
        return result
    }

    /// The wrap flags in screen-row order.
    func orderedWrapped() -> [Bool] { rowIDs.map { wrappedByID[$0] } }
}

extension Cell {
    /// Turns the cell into a narrow blank that keeps its colours and marks (used for the
    /// surviving half of a wide character whose other half was overwritten).
    @inline(__always)
    mutating func blankKeepingRendition() {
        scalar = " "
        width = 1
        clusterIndex = 0
    }
}
