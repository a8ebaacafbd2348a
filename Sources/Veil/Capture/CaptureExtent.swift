import VeilScreen

/// How much room the content of a terminal capture takes.
///
/// It is read from the bytes alone (no screen): the widest line and how far down content
/// was drawn. ``TerminalCapture`` sizes a capture's screen from it and warns when content
/// falls outside the screen.
///
/// It is a ``ParserReceiver`` run by the real ``Parser``, so escape sequences, UTF-8 and
/// character widths are read exactly as the screen reads them. Rows are counted on an
/// unbounded sheet: LF moves down, cursor addressing (`CUP`, `VPA`) moves to its row, and
/// nothing scrolls, so a row past the screen's last is a row that scrolled off its top.
public struct CaptureExtent: ParserReceiver, Sendable {
    /// The widest line the content fits in, in columns, counting only lines of at most
    /// ``widestInferredLine`` columns (a longer line is a long line that wraps, not a
    /// terminal that wide).
    public private(set) var widestLine = 0
    /// The widest line of all, in columns.
    public private(set) var widestContent = 0
    /// The number of rows from the top of the sheet to the lowest row holding content.
    public private(set) var contentRows = 0
    /// The number of rows from the top of the sheet to the lowest row the cursor reached
    /// (blank lines below the content, such as the empty rows `tmux capture-pane` prints for
    /// a pane's unused bottom, still scroll the screen when they pass its last row).
    public private(set) var reachedRows = 0
    /// The lowest row that cursor addressing drew on (1-based), or 0; rows below
    /// ``tallestInferredScreen`` do not count (`CSI 999;1H` means "the bottom", not a
    /// terminal 999 rows tall).
    public private(set) var addressedRows = 0
    /// Whether the bytes never place the cursor on a row of their own (a stream such as
    /// `ls` output, which a terminal scrolls), as opposed to a full-screen program.
    public var isStream: Bool { addressedRows == 0 }

    /// Lines wider than this are taken to wrap rather than to tell the terminal's width.
    public static let widestInferredLine = 300
    /// Cursor addressing below this row does not tell the terminal's height.
    public static let tallestInferredScreen = 200

    private var col = 0
    private var row = 0
    /// Lines moved down since cursor addressing went past ``tallestInferredScreen`` (the
    /// screen's bottom row, whatever the height); nil while the row is known.
    private var belowBottom: Int?
    /// The most lines content was drawn below the bottom row after such addressing: lines
    /// that scrolled off the top whatever the screen's height.
    public private(set) var linesBelowBottom = 0
    private var lineWidth = 0
    private var rowIsAddressed = false

    public init() {}

    /// The extent of `bytes` fed in `mode`.
    public static func measure(_ bytes: [UInt8], mode: InputMode) -> CaptureExtent {
        var extent = CaptureExtent()
        var parser = Parser()
        mode.forEachPiece(of: bytes) { piece, _ in piece.withUnsafeBufferPointer { parser.advance($0, into: &extent) } }
        extent.endLine()
        return extent
    }

    private mutating func drew(width: Int) {
        guard width > 0 else { return }
        col = min(col + width, Parameters.maximumValue)
        lineWidth = max(lineWidth, col)
        if let belowBottom {
            linesBelowBottom = max(linesBelowBottom, belowBottom)
            return
        }
        contentRows = max(contentRows, row + 1)
        if rowIsAddressed && row < Self.tallestInferredScreen { addressedRows = max(addressedRows, row + 1) }
    }

    private mutating func endLine() {
        widestContent = max(widestContent, lineWidth)
        if lineWidth <= Self.widestInferredLine { widestLine = max(widestLine, lineWidth) }
        lineWidth = 0
    }

    private mutating func moveTo(row newRow: Int) {
        if newRow != row { endLine() }
        if let below = belowBottom {
            // Down from the bottom scrolls; up leaves it (approximately: as if still at it).
            belowBottom = max(0, below + newRow - row)
        }
        // The sheet is unbounded: a long stream moves down past any parameter's maximum.
        row = max(0, newRow)
        if belowBottom == nil && row < Self.tallestInferredScreen { reachedRows = max(reachedRows, row + 1) }
    }

    /// Cursor addressing to a 0-based row.
    private mutating func address(row newRow: Int) {
        moveTo(row: newRow)
        belowBottom = newRow >= Self.tallestInferredScreen ? 0 : nil
        rowIsAddressed = true
    }

    /// How many lines of content scrolled off the top of a screen `rows` high: the rows the
    /// cursor went past the bottom, as far as content reached (blank lines moving down also
    /// scroll the content above them away).
    public func linesScrolledOff(rows: Int) -> Int {
        max(min(contentRows, max(contentRows, reachedRows) - rows), linesBelowBottom, 0)
    }

    /// The rows a screen needs to keep every line of content: down to the lowest row the
    /// cursor reached below it.
    public var rowsNeeded: Int { max(contentRows, reachedRows) }

    public mutating func print(_ scalar: Unicode.Scalar) {
        drew(width: CharacterWidth.of(scalar))
    }

    public mutating func printASCII(_ bytes: UnsafeBufferPointer<UInt8>) {
        drew(width: bytes.count)
    }

    public mutating func execute(_ byte: UInt8) {
        switch byte {
        case 0x0D: col = 0
        case 0x08: col = max(0, col - 1)
        case 0x09: col = min((col / 8 + 1) * 8, Parameters.maximumValue)
        case 0x0A, 0x0B, 0x0C:
            moveTo(row: row + 1)
            rowIsAddressed = false
        default: break
        }
    }

    public mutating func escDispatch(_ intermediates: Intermediates, final: UInt8, ignore: Bool) {
        guard intermediates.count == 0 else { return }
        switch final {
        case UInt8(ascii: "E"):  // NEL
            col = 0
            moveTo(row: row + 1)
            rowIsAddressed = false
        case UInt8(ascii: "D"):  // IND
            moveTo(row: row + 1)
            rowIsAddressed = false
        case UInt8(ascii: "M"):  // RI
            moveTo(row: row - 1)
        default: break
        }
    }

    public mutating func csiDispatch(_ sequence: ControlSequence) {
        guard sequence.privateMarker == 0, sequence.intermediates.count == 0, !sequence.ignore else { return }
        let parameters = sequence.parameters
        let first = max(1, parameters.value(0, default: 1))
        switch sequence.final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):  // CUP, HVP
            address(row: first - 1)
            col = max(1, parameters.value(1, default: 1)) - 1
        case UInt8(ascii: "d"):  // VPA
            address(row: first - 1)
        case UInt8(ascii: "G"), UInt8(ascii: "`"):  // CHA, HPA
            col = first - 1
        case UInt8(ascii: "C"), UInt8(ascii: "a"):  // CUF, HPR
            col = min(col + first, Parameters.maximumValue)
        case UInt8(ascii: "D"):  // CUB
            col = max(0, col - first)
        case UInt8(ascii: "A"):  // CUU
            moveTo(row: row - first)
        case UInt8(ascii: "B"), UInt8(ascii: "e"):  // CUD, VPR
            moveTo(row: row + first)
        case UInt8(ascii: "E"):  // CNL
            col = 0
            moveTo(row: row + first)
        case UInt8(ascii: "F"):  // CPL
            col = 0
            moveTo(row: row - first)
        default: break
        }
    }
}
