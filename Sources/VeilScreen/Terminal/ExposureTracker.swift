/// How a capture's moments are judged (see DESIGN.md, "Exposure over time").
public enum ExposureMode: Sendable, Hashable {
    /// A recording: what a player shows is the screen after each output event, so rows are
    /// judged when a frame ends (``Terminal/takeExposures(endingFrame:)``); rows that scroll
    /// off the top of the main screen are judged as they leave (they live on in the
    /// scrollback), whether or not a frame showed them.
    case frames
    /// Raw bytes: a terminal may draw at any moment, so a row is also judged just before a
    /// change destroys content written since it was last judged (erase, scroll, a jump of
    /// the cursor onto text, the other screen buffer, a resize, a new title).
    case everyMoment
    /// Judges nothing: only which input byte wrote each cell (``Terminal/cellOffsets``),
    /// for replaying a capture already judged.
    case offsetsOnly
}

/// Rows of the screen, copied when they were judged, with the input offset that wrote each
/// cell.
public struct ExposedLines: Sendable {
    /// The screen row of the first line, or -1 for the window title.
    public var row: Int
    /// The lines: a row with its soft-wrapped neighbours (so a value split by wrapping is
    /// whole), or a one-row screen carrying only the title.
    public var screen: Screen
    /// For each cell of `screen` (row-major): the offset in the input of the byte that wrote
    /// it, or -1 when unknown (blank, or written before tracking started).
    public var offsets: [Int]
    /// Whether the lines were copied just before they were destroyed (erased, overwritten,
    /// scrolled away); false when they are still on screen at the end of a frame.
    public var isLeaving: Bool
    /// Whether these are the window title.
    public var isTitle: Bool { row < 0 }
}

/// What a terminal keeps to judge every moment (internal; see ``Terminal/trackExposure(_:)``):
/// per screen row whether it changed since it was last judged and a caller's tag; per cell
/// the input offset that wrote it; the lines copied before they were destroyed.
struct ExposureTracker: Sendable {
    /// One screen buffer's rows. A row's offsets are stored only once something was written
    /// on it (`hasOffsets`); a row without holds -1 everywhere, so rows that scroll in or are
    /// erased whole cost O(1), not O(columns). Counts of dirty, tagged and offset-holding rows
    /// let storms over clean rows skip the per-row work (see DESIGN.md "Exposure over time").
    struct Buffer: Sendable {
        private(set) var dirty: [Bool]
        private(set) var tags: [Int32]
        private(set) var hasOffsets: [Bool]
        /// Each row's offsets: `cols` entries when `hasOffsets`, else empty or stale.
        private(set) var offsets: [[Int]]
        private(set) var dirtyCount = 0
        private(set) var tagCount = 0
        private(set) var offsetRowCount = 0
        let cols: Int

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

        /// Makes `row`'s offsets writable; returns the cells that had to be initialised.
        @inline(__always)
        mutating func prepareOffsets(_ row: Int) -> Int {
            guard !hasOffsets[row] else { return 0 }
            hasOffsets[row] = true
            offsetRowCount += 1
            if offsets[row].count == cols {
                offsets[row].withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
            } else {
                offsets[row] = Array(repeating: -1, count: cols)
            }
            return cols
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

        init(cols: Int, rows: Int, dirty: Bool) {
            self.cols = cols
            self.dirty = Array(repeating: dirty, count: rows)
            dirtyCount = dirty ? rows : 0
            tags = Array(repeating: 0, count: rows)
            hasOffsets = Array(repeating: false, count: rows)
            offsets = Array(repeating: [], count: rows)
        }
    }

    /// The characters of context copied on each side of a changed row (clipped to its
    /// soft-wrapped line): a value is found whole when it is at most this long. Longer runs
    /// of wrapped text are judged in overlapping windows, so copying never costs more than
    /// about `2 × windowCharacters` cells plus a row per exposure (DESIGN.md "Exposure over
    /// time").
    static let windowCharacters = 4096
    /// The copied cells that may wait for ``Terminal/takeExposures(endingFrame:)``; past it
    /// the terminal's work budget is spent (the input is refused, never held in memory).
    static let pendingCellLimit = 1 << 22
    /// Work units charged per cell copied for judging (the copy, and detection over it).
    static let copyCost = 1

    let mode: ExposureMode
    var shown: Buffer
    var hidden: Buffer
    var titleDirty = false
    var titleTag: Int32 = 0
    /// The feed in progress: its buffer's address and length, and the input offset of its
    /// first byte.
    var feedBase: UInt = 0
    var feedLength = 0
    var feedOffset = 0
    /// The offset after the last printed text (for characters printed one at a time).
    var nextOffset = 0
    /// Where the last write ended: a write that continues there is one sequential write.
    var lastWriteRow = -1
    var lastWriteCol = -1
    /// The lines copied since they were last taken: batches finished (by a resize, a
    /// collection of the side tables, or a full batch), and the one being filled.
    var finished: [ExposureBatch] = []
    var builder: ExposureBatchBuilder
    /// The cells copied since they were last taken (bounded by ``pendingCellLimit``).
    var pendingCells = 0
    var departed: [Int32] = []
    /// The caller's frame number, stamped on each group copied (``Terminal/exposureFrame``).
    var frame = 0
    /// The cells a new batch makes room for at once (``Terminal/exposureBatchCells``).
    var batchCells = 0
    /// The next tag for a copied group (never 0).
    var nextTag: Int32 = 1

    /// A fresh tag for a copied group.
    mutating func newTag() -> Int32 {
        let tag = nextTag
        nextTag = nextTag == Int32.max ? 1 : nextTag + 1
        return tag
    }

    /// The tracker of a terminal that tracks nothing (``TerminalState/tracksExposure`` false).
    static let idle = ExposureTracker(mode: .offsetsOnly, cols: 0, rows: 0)

    init(mode: ExposureMode, cols: Int, rows: Int) {
        self.mode = mode
        shown = Buffer(cols: cols, rows: rows, dirty: true)
        hidden = Buffer(cols: cols, rows: rows, dirty: false)
        builder = ExposureBatchBuilder(cols: cols)
    }

    /// Ends the batch being filled (its cells keep the side tables' indices of now).
    mutating func finishBatch(tables: SideTables) {
        guard !builder.groups.isEmpty else { return }
        finished.append(builder.batch(tables: tables))
        let sweeping = builder.sweepRow >= -1
        builder = ExposureBatchBuilder(cols: builder.cols, reserving: batchCells)
        if sweeping { builder.sweepRow = -1 }
    }

    /// The batches copied since the last call (the one being filled is finished).
    mutating func takeBatches(tables: SideTables) -> [ExposureBatch] {
        finishBatch(tables: tables)
        let batches = finished
        finished = []
        pendingCells = 0
        return batches
    }

    var everyMoment: Bool { mode == .everyMoment }

    /// The input offset of a byte of the feed in progress (or the running offset for bytes
    /// from elsewhere, such as REP's copies).
    @inline(__always)
    func offset(of pointer: UnsafePointer<UInt8>) -> Int {
        let delta = Int(bitPattern: UInt(bitPattern: pointer) &- feedBase)
        return feedBase != 0 && delta >= 0 && delta < feedLength ? feedOffset + delta : nextOffset
    }

    mutating func depart(row: Int) {
        let tag = shown.tags[row]
        if tag != 0 {
            departed.append(tag)
            shown.setTag(row, 0)
        }
    }

    /// The tracker for a resized terminal: rows keep their offsets from the top (after the
    /// `dropped` rows that left), cut or padded; every row is judged again.
    func resized(cols: Int, rows: Int, dropped: Int, tables: SideTables) -> ExposureTracker {
        var result = ExposureTracker(mode: mode, cols: cols, rows: rows)
        func copy(_ source: Buffer, dropping: Int, into target: inout Buffer) {
            for row in 0..<rows where row + dropping < source.offsets.count && source.hasOffsets[row + dropping] {
                let old = source.offsets[row + dropping]
                _ = target.prepareOffsets(row)
                for col in 0..<min(cols, old.count) { target.setOffset(row, col, old[col]) }
            }
        }
        copy(shown, dropping: dropped, into: &result.shown)
        copy(hidden, dropping: 0, into: &result.hidden)
        result.hidden.setAllDirty(true)
        result.titleDirty = titleDirty
        result.nextOffset = nextOffset
        result.finished = finished
        if !builder.groups.isEmpty { result.finished.append(builder.batch(tables: tables)) }
        result.pendingCells = pendingCells
        result.departed = departed
        result.frame = frame
        result.batchCells = batchCells
        result.nextTag = nextTag
        return result
    }
}
