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
    /// A whole row of `blankTemplateCell`, copied in one move to erase (usually the
    /// default blank; rebuilt when the erase colour changes).
    private var blankTemplate: [Cell]
    private var blankTemplateCell: Cell
    /// A row that scrolled in and is blank (all `pendingBlank`, not wrapped) but whose
    /// cells have not been written yet: the physical row id, or -1. Printing usually
    /// overwrites most of such a row, so it is filled only around what is printed.
    /// Every other access materialises it first (``materializePendingRow()``).
    private(set) var pendingRowID = -1
    private(set) var pendingBlank = Cell.blank

    init(cols: Int, rows: Int) {
        self.cols = cols
        self.rows = rows
        cells = Array(repeating: .blank, count: cols * rows)
        rowIDs = Array(0..<rows)
        wrappedByID = Array(repeating: false, count: rows)
        blankTemplate = Array(repeating: .blank, count: cols)
        blankTemplateCell = .blank
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
        if blank != blankTemplateCell {
            blankTemplate = Array(repeating: blank, count: cols)
            blankTemplateCell = blank
        }
        let start = base(row) + from
        blankTemplate.withUnsafeBufferPointer { template in
            cells.withUnsafeMutableBufferPointer { buffer in
                (buffer.baseAddress! + start).update(from: template.baseAddress!, count: to - from)
            }
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

    /// Writes the pending blank row's cells.
    @inline(__always)
    mutating func materializePendingRow() {
        guard pendingRowID >= 0 else { return }
        let id = pendingRowID
        pendingRowID = -1
        // The pending row scrolled in at the bottom of a region; search from the bottom.
        let row = rowIDs.lastIndex(of: id)!
        fill(row: row, from: 0, to: cols, with: pendingBlank)
    }

    /// Whether screen row `row` is the pending blank row.
    @inline(__always)
    func isPending(_ row: Int) -> Bool { pendingRowID >= 0 && rowIDs[row] == pendingRowID }

    /// Fills the pending row `row` around columns `from..<to`, which the caller writes.
    @inline(__always)
    mutating func materializePendingRow(_ row: Int, except from: Int, _ to: Int) {
        pendingRowID = -1
        fill(row: row, from: 0, to: from, with: pendingBlank)
        fill(row: row, from: to, to: cols, with: pendingBlank)
    }

    /// Scrolls rows `top...bottom` up by one, leaving the new bottom row pending (see
    /// ``pendingRowID``).
    mutating func scrollUpOneLazily(top: Int, bottom: Int, blank: Cell) {
        materializePendingRow()
        guard bottom > top else {
            clearRows(from: top, to: bottom + 1, with: blank)
            return
        }
        rotate(top: top, bottom: bottom, by: 1)
        pendingRowID = rowIDs[bottom]
        pendingBlank = blank
        wrappedByID[pendingRowID] = false
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
                let base = ids.baseAddress!
                (base + top).update(from: base + top + 1, count: height - 1)
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
        if pendingRowID < 0 && rowIDs.enumerated().allSatisfy({ $0.offset == $0.element }) { return cells }
        var result: [Cell] = []
        result.reserveCapacity(cells.count)
        for row in 0..<rows {
            if rowIDs[row] == pendingRowID {
                result.append(contentsOf: repeatElement(pendingBlank, count: cols))
                continue
            }
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
