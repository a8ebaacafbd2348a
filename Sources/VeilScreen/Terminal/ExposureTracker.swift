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
    struct Buffer: Sendable {
        var dirty: [Bool]
        var tags: [Int32]
        var offsets: [[Int]]

        /// Rows `top...bottom` move up (or down) by `n`; the `n` rows that enter are clean,
        /// untagged, with unknown offsets (their arrays are the leaving rows', reused).
        mutating func rotate(top: Int, bottom: Int, by n: Int, up: Bool) {
            let height = bottom - top + 1
            guard n > 0 && n <= height else { return }
            // Rotating left by n (up) or right by n (down) with three reversals, in place.
            func reverse<T>(_ array: inout [T], _ from: Int, _ to: Int) {
                var low = from
                var high = to
                while low < high {
                    array.swapAt(low, high)
                    low += 1
                    high -= 1
                }
            }
            func rotateInPlace<T>(_ array: inout [T]) {
                let split = up ? top + n : bottom - n + 1
                reverse(&array, top, split - 1)
                reverse(&array, split, bottom)
                reverse(&array, top, bottom)
            }
            rotateInPlace(&dirty)
            rotateInPlace(&tags)
            rotateInPlace(&offsets)
            let entering = up ? (bottom - n + 1)...bottom : top...(top + n - 1)
            for row in entering {
                dirty[row] = false
                tags[row] = 0
                offsets[row].withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
            }
        }

        init(cols: Int, rows: Int, dirty: Bool) {
            self.dirty = Array(repeating: dirty, count: rows)
            tags = Array(repeating: 0, count: rows)
            offsets = Array(repeating: Array(repeating: -1, count: cols), count: rows)
        }
    }

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
    var exposed: [ExposedLines] = []
    var departed: [Int32] = []

    init(mode: ExposureMode, cols: Int, rows: Int) {
        self.mode = mode
        shown = Buffer(cols: cols, rows: rows, dirty: true)
        hidden = Buffer(cols: cols, rows: rows, dirty: false)
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
            shown.tags[row] = 0
        }
    }

    /// The tracker for a resized terminal: rows keep their offsets from the top (after the
    /// `dropped` rows that left), cut or padded; every row is judged again.
    func resized(cols: Int, rows: Int, dropped: Int) -> ExposureTracker {
        var result = ExposureTracker(mode: mode, cols: cols, rows: rows)
        func copy(_ source: Buffer, dropping: Int, into target: inout Buffer) {
            for row in 0..<rows where row + dropping < source.offsets.count {
                let old = source.offsets[row + dropping]
                for col in 0..<min(cols, old.count) { target.offsets[row][col] = old[col] }
            }
        }
        copy(shown, dropping: dropped, into: &result.shown)
        copy(hidden, dropping: 0, into: &result.hidden)
        result.hidden.dirty = Array(repeating: true, count: rows)
        result.titleDirty = titleDirty
        result.nextOffset = nextOffset
        result.exposed = exposed
        result.departed = departed
        return result
    }
}
