/// The size of the characters of one screen row: DEC double-width and double-height lines
/// (`ESC # 6`, `ESC # 3`, `ESC # 4`; `ESC # 5` back to single). A double-size row shows
/// only its first `cols / 2` cells, each drawn twice as wide; a double-height row shows the
/// top or the bottom half of its glyphs, twice as tall. The cells past the half stay in the
/// model (xterm keeps and prints them) but are not drawn.
public enum LineSize: UInt8, Hashable, Sendable {
    /// Normal characters (DECSWL, `ESC # 5`).
    case single = 0
    /// Double-width characters (DECDWL, `ESC # 6`).
    case doubleWidth = 1
    /// The top half of double-width, double-height characters (DECDHL, `ESC # 3`).
    case doubleHeightTop = 2
    /// The bottom half of double-width, double-height characters (DECDHL, `ESC # 4`).
    case doubleHeightBottom = 3

    /// Whether the row shows half its cells, each twice as wide.
    public var isDouble: Bool { self != .single }

    /// The columns a row of this size shows on a screen `cols` wide.
    public func visibleColumns(_ cols: Int) -> Int { self == .single ? cols : max(1, cols / 2) }
}

extension LineSize {
    /// The escape sequence that sets this size on the cursor's row (`ESC # 5/6/3/4`: DECSWL,
    /// DECDWL, DECDHL top and bottom).
    public var escapeSequence: [UInt8] {
        switch self {
        case .single: [0x1B, 0x23, 0x35]
        case .doubleWidth: [0x1B, 0x23, 0x36]
        case .doubleHeightTop: [0x1B, 0x23, 0x33]
        case .doubleHeightBottom: [0x1B, 0x23, 0x34]
        }
    }
}
