/// One screen buffer (main or alternate), addressed by screen row.
///
/// Work is charged per row, not per cell, wherever xterm and alacritty make it so:
/// - Cells are stored by physical row; a ring of row references maps screen rows to
///   physical rows, so scrolling the whole screen moves the ring's start (O(1)) and
///   scrolling a region or inserting/deleting lines moves row references (O(height)),
///   never cells.
/// - A row that is erased whole (or scrolls in, or is filled by DECALN) becomes *uniform*:
///   every cell is one cell (`RowInfo.cell`), and its stored cells are stale. It costs O(1), like a
///   shared blank row, and is written out (copy on write) only when a cell of it changes.
///
/// ``work`` counts what the buffer did in work units (one per row moved or made uniform,
/// one per cell written out), for the terminal's work budget.
struct Grid: Sendable {
    let cols: Int
    let rows: Int
    /// Cells of physical row `p` are `cells[p * cols ..< (p + 1) * cols]`; stale while
    /// `isUniform[p]`. Written directly only at a ``writableBase(_:)``.
    var cells: [Cell]
    /// The ring of row references: screen row `row` shows physical row
    /// `rowIDs[(ringStart + row) % rows]`.
    private var rowIDs: [Int]
    private var ringStart = 0
    /// Per physical row: soft-wrapped, uniform, and the cell of a uniform row.
    private var info: [RowInfo]
    /// How many physical rows are uniform.
    private var uniformCount: Int
    /// A whole row of `blankTemplateCell`, copied in one move to fill.
    private var blankTemplate: [Cell]
    private var blankTemplateCell: Cell
    /// Work units spent so far (see the type's documentation).
    private(set) var work = 0
    /// How many physical rows are double-size (DECDWL/DECDHL): 0 keeps printing on its fast path.
    private(set) var doubleRows = 0
    /// Work units per cell copied by a resize: the copy goes to a fresh buffer whose pages
    /// are touched for the first time, about 8 times the cost of a cell written in place.
    static let resizeCopyCost = 8
    /// What debug builds put in storage that was never written: a wide noncharacter on a
    /// background no test input sets, so that a stale read changes the screen visibly.
    static let neverWritten = Cell(scalar: Unicode.Scalar(0xFDD0 as UInt32)!, width: 2, background: .rgb(1, 2, 3))

    init(cols: Int, rows: Int) {
        self.cols = cols
        self.rows = rows
        // Every row starts uniform, so the cells need no initial value: a fresh buffer of a
        // 1000×1000 screen costs O(rows), and its pages are touched only when written.
        #if DEBUG
            // Debug builds (the tests) fill it with `neverWritten`, so that a read of a cell
            // that was never written shows on the screen on every run, not by chance.
            cells = Array(repeating: Grid.neverWritten, count: cols * rows)
        #else
            cells = Array(unsafeUninitializedCapacity: cols * rows) { _, count in count = cols * rows }
        #endif
        rowIDs = Array(0..<rows)
        info = Array(repeating: RowInfo(), count: rows)
        uniformCount = rows
        blankTemplate = Array(repeating: .blank, count: cols)
        blankTemplateCell = .blank
    }

    /// The physical row shown at screen row `row`.
    @inline(__always)
    func id(_ row: Int) -> Int {
        let index = ringStart &+ row
        return rowIDs[index >= rows ? index &- rows : index]
    }

    /// Index in `cells` of the first cell of screen row `row`; the row must not be uniform
    /// (see ``writableBase(_:)``).
    @inline(__always)
    func base(_ row: Int) -> Int { id(row) &* cols }

    /// Index in `cells` of the first cell of screen row `row`, after writing out the row
    /// when it is uniform: the caller may write its cells directly.
    @inline(__always)
    mutating func writableBase(_ row: Int) -> Int {
        let id = id(row)
        if info[id].isUniform { writeOut(id: id, except: 0, 0) }
        return id &* cols
    }

    subscript(row: Int, col: Int) -> Cell {
        get {
            let id = id(row)
            return info[id].isUniform ? info[id].cell : cells[id &* cols &+ col]
        }
        set {
            let base = writableBase(row)
            cells[base + col] = newValue
        }
    }

    /// Whether screen row `row` is uniform: all its cells are one cell, not written out.
    @inline(__always)
    func isUniform(_ row: Int) -> Bool { info[id(row)].isUniform }

    func isWrapped(_ row: Int) -> Bool { info[id(row)].isWrapped }

    mutating func setWrapped(_ row: Int, _ value: Bool) { info[id(row)].isWrapped = value }

    /// The line size of screen row `row` (it moves with the row when rows scroll).
    @inline(__always)
    func lineSize(_ row: Int) -> LineSize { doubleRows == 0 ? .single : info[id(row)].size }

    mutating func setLineSize(_ row: Int, _ size: LineSize) {
        let id = id(row)
        doubleRows += (size.isDouble ? 1 : 0) - (info[id].size.isDouble ? 1 : 0)
        info[id].size = size
    }

    /// The line sizes in screen-row order.
    func orderedLineSizes() -> [LineSize] { (0..<rows).map { lineSize($0) } }

    /// Fills columns `from..<to` of `row` with `blank`; a whole row becomes uniform.
    mutating func fill(row: Int, from: Int, to: Int, with blank: Cell) {
        guard from < to else { return }
        let id = id(row)
        if from == 0 && to == cols {
            let size = info[id].size
            makeUniform(id, blank)
            info[id].size = size
            if size.isDouble { doubleRows += 1 }
            return
        }
        if info[id].isUniform {
            if info[id].cell == blank { return }
            writeOut(id: id, except: 0, 0)
        }
        fillPhysical(id &* cols + from, count: to - from, with: blank)
    }

    /// Clears whole rows `from..<to` and their wrap flags (each becomes uniform).
    mutating func clearRows(from: Int, to: Int, with blank: Cell) {
        guard from < to else { return }
        work &+= to - from
        let cleared = RowInfo(isWrapped: false, isUniform: true, cell: blank, size: .single)
        let (rows, ringStart) = (self.rows, self.ringStart)
        var newlyUniform = 0
        var single = 0
        // One pass over the row references (ED 2, DECALN and RIS storms clear every row).
        rowIDs.withUnsafeBufferPointer { ids in
            info.withUnsafeMutableBufferPointer { info in
                for row in from..<to {
                    let index = ringStart + row
                    let id = ids[index >= rows ? index - rows : index]
                    if !info[id].isUniform { newlyUniform += 1 }
                    if info[id].size.isDouble { single += 1 }
                    info[id] = cleared
                }
            }
        }
        uniformCount += newlyUniform
        doubleRows -= single
    }

    /// Makes every row uniform with `blank` and not wrapped (a full reset), keeping the storage.
    mutating func reset(with blank: Cell = .blank) {
        clearRows(from: 0, to: rows, with: blank)
    }

    /// Index in `cells` of the first cell of screen row `row`, for a caller that writes
    /// columns `from..<to`: a uniform row is written out around them only.
    @inline(__always)
    mutating func writableBase(_ row: Int, writing from: Int, _ to: Int) -> Int {
        let id = id(row)
        // The caller looks at the first and last cell it overwrites (for halves of wide
        // characters) before writing them: those two are written out too, never stale.
        if info[id].isUniform { writeOut(id: id, except: from + 1, max(from + 1, to - 1)) }
        return id &* cols
    }

    /// Writes out the uniform physical row `id` except columns `from..<to` (one pass over
    /// the storage: this runs once per line printed).
    private mutating func writeOut(id: Int, except from: Int, _ to: Int) {
        let fill = info[id].cell
        info[id].isUniform = false
        uniformCount -= 1
        let cols = self.cols
        work &+= cols - (to - from)
        if fill != blankTemplateCell { setTemplate(fill) }
        let base = id &* cols
        blankTemplate.withUnsafeBufferPointer { template in
            cells.withUnsafeMutableBufferPointer { buffer in
                let start = buffer.baseAddress! + base
                if from > 0 { start.update(from: template.baseAddress!, count: from) }
                if to < cols { (start + to).update(from: template.baseAddress!, count: cols - to) }
            }
        }
    }

    private mutating func setTemplate(_ cell: Cell) {
        for index in blankTemplate.indices { blankTemplate[index] = cell }
        blankTemplateCell = cell
    }

    /// Makes physical row `id` uniform with `cell`, not wrapped.
    @inline(__always)
    private mutating func makeUniform(_ id: Int, _ cell: Cell) {
        work &+= 1
        if !info[id].isUniform { uniformCount += 1 }
        if info[id].size.isDouble { doubleRows -= 1 }
        info[id] = RowInfo(isWrapped: false, isUniform: true, cell: cell, size: .single)
    }

    /// Writes `count` copies of `blank` from `cells[start]` (charged per cell).
    private mutating func fillPhysical(_ start: Int, count: Int, with blank: Cell) {
        guard count > 0 else { return }
        work &+= count
        if blank != blankTemplateCell { setTemplate(blank) }
        blankTemplate.withUnsafeBufferPointer { template in
            cells.withUnsafeMutableBufferPointer { buffer in
                (buffer.baseAddress! + start).update(from: template.baseAddress!, count: count)
            }
        }
    }

    /// Sets the sensitive mark of columns `from..<to` of `row` (a uniform row marked whole
    /// stays uniform, for one unit of work; otherwise a unit per cell).
    mutating func setSensitiveIndex(_ index: UInt16, row: Int, from: Int, to: Int) {
        let id = id(row)
        if info[id].isUniform {
            if from == 0 && to == cols {
                work &+= 1
                info[id].cell.sensitiveIndex = index
                return
            }
            writeOut(id: id, except: 0, 0)
        }
        work &+= to - from
        let base = id &* cols
        cells.withUnsafeMutableBufferPointer { buffer in
            for cell in (base + from)..<(base + to) { buffer[cell].sensitiveIndex = index }
        }
    }

    /// Charges work done on the buffer's cells by the caller (shifting cells in a row).
    mutating func charge(_ units: Int) { work &+= units }

    /// Scrolls rows `top...bottom` up by `count`: the top rows leave, uniform blank rows
    /// enter at the bottom.
    mutating func scrollUp(top: Int, bottom: Int, count: Int, blank: Cell) {
        if count == 1 && top == 0 && bottom == rows - 1 && rows > 1 {
            // LF at the bottom of the screen: the ring's start moves, the old top row returns
            // at the bottom, blank.
            work &+= 1
            let leaving = rowIDs[ringStart]
            ringStart = ringStart + 1 == rows ? 0 : ringStart + 1
            makeUniform(leaving, blank)
            return
        }
        let height = bottom - top + 1
        guard count > 0, height > 0 else { return }
        let n = min(count, height)
        if n < height {
            rotate(top: top, bottom: bottom, by: n)
        }
        clearRows(from: bottom - n + 1, to: bottom + 1, with: blank)
    }

    /// Scrolls rows `top...bottom` down by `count`: uniform blank rows enter at the top.
    mutating func scrollDown(top: Int, bottom: Int, count: Int, blank: Cell) {
        let height = bottom - top + 1
        guard count > 0, height > 0 else { return }
        let n = min(count, height)
        if n < height {
            rotate(top: top, bottom: bottom, by: height - n)
        }
        clearRows(from: top, to: top + n, with: blank)
    }

    /// Rotates the row references of `top...bottom` left by `n` (0 < n < height): the
    /// whole screen by moving the ring's start, a region by moving its references.
    private mutating func rotate(top: Int, bottom: Int, by n: Int) {
        let height = bottom - top + 1
        if height == rows {
            work &+= 1
            ringStart = (ringStart + n) % rows
            return
        }
        work &+= height
        let first = ringStart + top
        let rows = self.rows
        rowIDs.withUnsafeMutableBufferPointer { ids in
            let base = ids.baseAddress!
            if first + height <= rows && n == 1 {
                // Contiguous in the ring (the usual case): one move.
                let leaving = base[first]
                (base + first).update(from: base + first + 1, count: height - 1)
                base[first + height - 1] = leaving
                return
            }
            func slot(_ offset: Int) -> Int {
                let index = first + offset
                return index >= rows ? index - rows : index
            }
            let saved = (0..<height).map { ids[slot($0)] }
            for offset in 0..<height {
                let source = offset + n
                ids[slot(offset)] = saved[source >= height ? source - height : source]
            }
        }
    }

    /// Blanks orphaned halves of wide characters in `row` (after cells were shifted).
    mutating func repairWideCharacters(row: Int) {
        guard !isUniform(row) else { return }  // a uniform row holds narrow cells only
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

    /// The cells of screen row `row` (a uniform row repeats its cell).
    func rowCells(_ row: Int) -> [Cell] {
        let id = id(row)
        if info[id].isUniform { return Array(repeating: info[id].cell, count: cols) }
        return Array(cells[(id * cols)..<((id + 1) * cols)])
    }

    /// The screen rows' cells in order, row-major.
    func orderedCells() -> [Cell] {
        if uniformCount == 0 && ringStart == 0 && rowIDs.enumerated().allSatisfy({ $0.offset == $0.element }) {
            return cells
        }
        var result: [Cell] = []
        result.reserveCapacity(cols * rows)
        for row in 0..<rows {
            let id = id(row)
            if info[id].isUniform {
                result.append(contentsOf: repeatElement(info[id].cell, count: cols))
            } else {
                result.append(contentsOf: cells[(id * cols)..<((id + 1) * cols)])
            }
        }
        return result
    }

    /// The wrap flags in screen-row order.
    func orderedWrapped() -> [Bool] { (0..<rows).map { info[id($0)].isWrapped } }

    /// Sets `used[index]` for each side-table index a cell of this buffer references.
    func markUsedIndices(clusters: inout [Bool], reasons: inout [Bool], links: inout [Bool]) {
        for id in 0..<rows {
            if info[id].isUniform {
                let cell = info[id].cell
                clusters[Int(cell.clusterIndex)] = true
                reasons[Int(cell.sensitiveIndex)] = true
                links[Int(cell.linkIndex)] = true
                continue
            }
            cells.withUnsafeBufferPointer { buffer in
                for cell in buffer[(id * cols)..<((id + 1) * cols)] {
                    clusters[Int(cell.clusterIndex)] = true
                    reasons[Int(cell.sensitiveIndex)] = true
                    links[Int(cell.linkIndex)] = true
                }
            }
        }
    }

    /// Renumbers the side-table indices of every cell through the maps (old → new).
    mutating func remapIndices(clusters: [UInt32], reasons: [UInt32], links: [UInt32]) {
        func remap(_ cell: inout Cell) {
            if cell.clusterIndex != 0 { cell.clusterIndex = clusters[Int(cell.clusterIndex)] }
            if cell.sensitiveIndex != 0 { cell.sensitiveIndex = UInt16(reasons[Int(cell.sensitiveIndex)]) }
            if cell.linkIndex != 0 { cell.linkIndex = UInt16(links[Int(cell.linkIndex)]) }
        }
        let cols = self.cols
        for id in 0..<rows {
            if info[id].isUniform {
                remap(&info[id].cell)
                continue
            }
            cells.withUnsafeMutableBufferPointer { buffer in
                for index in (id * cols)..<((id + 1) * cols) { remap(&buffer[index]) }
            }
        }
    }

    /// A copy of this buffer at a new size: the rows from `dropping` on, cut or padded,
    /// uniform rows staying uniform (charged ``resizeCopyCost`` per cell copied, to the copy).
    func resized(dropping: Int, cols newCols: Int, rows newRows: Int) -> Grid {
        var result = Grid(cols: newCols, rows: newRows)
        result.work = work
        let width = min(cols, newCols)
        for row in 0..<min(rows - dropping, newRows) {
            let source = id(row + dropping)
            result.info[row].isWrapped = info[source].isWrapped && newCols == cols
            if info[source].isUniform {
                result.info[row].cell = info[source].cell
                continue
            }
            result.info[row].isUniform = false
            result.uniformCount -= 1
            result.work &+= Grid.resizeCopyCost * newCols
            let target = row * newCols
            cells.withUnsafeBufferPointer { from in
                result.cells.withUnsafeMutableBufferPointer { to in
                    (to.baseAddress! + target).update(from: from.baseAddress! + source * cols, count: width)
                }
            }
            if newCols > cols { result.fillPhysical(target + width, count: newCols - width, with: .blank) }
            result.repairWideCharacters(row: row)
        }
        return result
    }
}

/// What a buffer keeps per physical row besides its cells.
struct RowInfo: Sendable {
    /// The row continues on the next one (soft wrap).
    var isWrapped = false
    /// Every cell of the row is `cell`; the stored cells are stale.
    var isUniform = true
    var cell = Cell.blank
    /// DECDWL/DECDHL; erasing whole rows (not a row's cells) makes it single again.
    var size = LineSize.single
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
