/// One screen buffer's rows as the exposure tracker keeps them: per row whether it changed
/// since it was last judged, a caller's tag, and the input offset that wrote each cell. A
/// row's offsets are stored only once something was written on it (`hasOffsets`); a row
/// without holds -1 everywhere, so rows that scroll in or are erased whole cost O(1), not
/// O(columns). Counts of dirty, tagged and offset-holding rows let storms over clean rows
/// skip the per-row work (see DESIGN.md "Exposure over time").
struct ExposureRows: Sendable {
    private(set) var dirty: [Bool]
    private(set) var tags: [Int32]
    private(set) var hasOffsets: [Bool]
    /// Each row's offsets: `cols` entries when `hasOffsets`, else empty or stale.
    private(set) var offsets: [[Int]]
    private(set) var dirtyCount = 0
    private(set) var tagCount = 0
    private(set) var offsetRowCount = 0
    let cols: Int

    init(cols: Int, rows: Int, dirty: Bool) {
        self.cols = cols
        self.dirty = Array(repeating: dirty, count: rows)
        dirtyCount = dirty ? rows : 0
        tags = Array(repeating: 0, count: rows)
        hasOffsets = Array(repeating: false, count: rows)
        offsets = Array(repeating: [], count: rows)
    }

    /// Whether every row is clean, untagged and without offsets.
    var isPristine: Bool { dirtyCount == 0 && tagCount == 0 && offsetRowCount == 0 }

    @inline(__always)
    mutating func setDirty(_ row: Int, _ value: Bool) {
        guard dirty[row] != value else { return }
        dirty[row] = value
        dirtyCount += value ? 1 : -1
    }

    mutating func setAllDirty(_ value: Bool) {
        dirty = Array(repeating: value, count: dirty.count)
        dirtyCount = value ? dirty.count : 0
    }

    @inline(__always)
    mutating func setTag(_ row: Int, _ tag: Int32) {
        if tags[row] == 0 && tag != 0 { tagCount += 1 } else if tags[row] != 0 && tag == 0 { tagCount -= 1 }
        tags[row] = tag
    }

    /// The offsets of `row` (-1 everywhere when none is known).
    func rowOffsets(_ row: Int) -> [Int] {
        hasOffsets[row] ? offsets[row] : Array(repeating: -1, count: cols)
    }

    /// Forgets every offset of `row` (O(1)).
    @inline(__always)
    mutating func clearOffsets(_ row: Int) {
        guard hasOffsets[row] else { return }
        hasOffsets[row] = false
        offsetRowCount -= 1
    }

    /// Makes `row`'s offsets writable (-1 where none was known).
    @inline(__always)
    mutating func prepareOffsets(_ row: Int) {
        guard !hasOffsets[row] else { return }
        hasOffsets[row] = true
        offsetRowCount += 1
        if offsets[row].count == cols {
            offsets[row].withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
        } else {
            offsets[row] = Array(repeating: -1, count: cols)
        }
    }

    @inline(__always)
    mutating func setOffset(_ row: Int, _ col: Int, _ value: Int) { offsets[row][col] = value }

    /// Sets `count` offsets of `row` from `col` (clipped to the row): `offset` for each, or
    /// `offset`, `offset + 1`, … for a run of one-byte characters; -1 when `offset` is.
    @inline(__always)
    mutating func setOffsets(_ row: Int, from col: Int, count: Int, offset: Int, run: Bool) {
        let end = min(col + count, cols)
        guard col < end else { return }
        offsets[row].withUnsafeMutableBufferPointer { buffer in
            if offset < 0 || !run {
                for index in col..<end { buffer[index] = offset < 0 ? -1 : offset }
            } else {
                for index in col..<end { buffer[index] = offset + (index - col) }
            }
        }
    }

    /// Replaces the offsets of `row` (which must hold offsets).
    mutating func setRowOffsets(_ row: Int, _ values: [Int]) { offsets[row] = values }

    /// Whether rows `top...bottom` are all clean, untagged and without offsets.
    func isPristine(top: Int, bottom: Int) -> Bool {
        if isPristine { return true }
        guard dirtyCount == 0 && tagCount == 0 else { return false }
        for row in top...bottom where hasOffsets[row] { return false }
        return true
    }

    /// Rows `top...bottom` move up (or down) by `n`; the `n` rows that enter are clean,
    /// untagged, with unknown offsets (their arrays are the leaving rows', reused). Costs
    /// nothing when the rows are all pristine (rotating them changes nothing).
    mutating func rotate(top: Int, bottom: Int, by n: Int, up: Bool) {
        let height = bottom - top + 1
        guard n > 0 && n <= height else { return }
        guard !isPristine(top: top, bottom: bottom) else { return }
        // Rotating left by n (up) or right by n (down) with three reversals, in place, on
        // buffer pointers: swaps are moves (no retain and release of a row's offsets).
        let split = up ? top + n : bottom - n + 1
        dirty.withUnsafeMutableBufferPointer { Self.rotate($0, top, split, bottom) }
        tags.withUnsafeMutableBufferPointer { Self.rotate($0, top, split, bottom) }
        hasOffsets.withUnsafeMutableBufferPointer { Self.rotate($0, top, split, bottom) }
        offsets.withUnsafeMutableBufferPointer { Self.rotate($0, top, split, bottom) }
        let entering = up ? (bottom - n + 1)...bottom : top...(top + n - 1)
        for row in entering {
            setDirty(row, false)
            setTag(row, 0)
            clearOffsets(row)
        }
    }

    /// Rotates `buffer[top...bottom]` so that `split` comes first.
    @inline(__always)
    private static func rotate<T>(
        _ buffer: UnsafeMutableBufferPointer<T>, _ top: Int, _ split: Int, _ bottom: Int
    ) {
        buffer[top..<split].reverse()
        buffer[split..<(bottom + 1)].reverse()
        buffer[top..<(bottom + 1)].reverse()
    }

    /// These rows at a new size: rows keep their offsets from the top (after the `dropping`
    /// rows that left), cut or padded; nothing dirty or tagged.
    func resized(cols newCols: Int, rows newRows: Int, dropping: Int) -> ExposureRows {
        var result = ExposureRows(cols: newCols, rows: newRows, dirty: false)
        for row in 0..<newRows where row + dropping < offsets.count && hasOffsets[row + dropping] {
            let old = offsets[row + dropping]
            result.prepareOffsets(row)
            for col in 0..<min(newCols, old.count) { result.setOffset(row, col, old[col]) }
        }
        return result
    }
}
