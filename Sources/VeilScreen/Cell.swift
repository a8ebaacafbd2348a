/// One cell of the screen grid: a character (with any combining marks), its width and
/// its rendition.
///
/// A wide character occupies two cells: the left one has `width == 2` and holds the
/// text; the right one is a continuation cell with `width == 0` and empty text. A blank
/// cell holds a space. Cells are small values so that a 1000×1000 screen stays compact:
/// the text of a combining sequence and the strings of sensitive reasons and hyperlinks
/// live in tables of the ``Screen`` and are referenced by index.
///
/// The colours are stored packed (see ``TerminalColor``'s 32-bit form) so that a cell is a
/// plain 28-byte value that the emulator copies with a few wide moves; `foreground`,
/// `background` and `underlineColor` are computed properties over that storage.
public struct Cell: Hashable, Sendable {
    /// The base character (first scalar); a space for a blank cell, NUL for a continuation.
    public var scalar: Unicode.Scalar
    /// The packed foreground colour.
    @usableFromInline var foregroundBits: UInt32
    /// The packed background colour.
    @usableFromInline var backgroundBits: UInt32
    /// The packed underline colour.
    @usableFromInline var underlineColorBits: UInt32
    /// Index into ``Screen/clusters`` of the full text when the cell holds combining
    /// marks after `scalar`; 0 when `scalar` alone is the text.
    public var clusterIndex: UInt32
    /// The SGR attributes.
    public var attributes: CellAttributes
    /// Index into ``Screen/sensitiveReasons`` when the cell is marked sensitive; 0 when not.
    public var sensitiveIndex: UInt16
    /// Index into ``Screen/links`` of the cell's OSC 8 hyperlink; 0 when none.
    public var linkIndex: UInt16
    /// Columns this cell spans: 1 for narrow, 2 for the left half of a wide character,
    /// 0 for the right half (a continuation cell).
    public var width: UInt8
    /// The underline style when `attributes` holds `.underline`.
    public var underlineStyle: UnderlineStyle

    /// Whether two cells are equal exactly when their bytes are: every stored field compares
    /// by its bytes, and they fill the cell with no padding between them (a field added here
    /// and not to this sum makes it false, and callers compare field by field).
    static let comparesAsBytes =
        MemoryLayout<Cell>.size
        == MemoryLayout<Unicode.Scalar>.size + 4 * MemoryLayout<UInt32>.size + MemoryLayout<CellAttributes>.size
        + 2 * MemoryLayout<UInt16>.size + MemoryLayout<UInt8>.size + MemoryLayout<UnderlineStyle>.size

    /// The foreground colour.
    @inlinable
    public var foreground: TerminalColor {
        get { TerminalColor(bits: foregroundBits) }
        set { foregroundBits = newValue.bits }
    }

    /// The background colour.
    @inlinable
    public var background: TerminalColor {
        get { TerminalColor(bits: backgroundBits) }
        set { backgroundBits = newValue.bits }
    }

    /// The underline colour (SGR 58), kept even if not drawn.
    @inlinable
    public var underlineColor: TerminalColor {
        get { TerminalColor(bits: underlineColorBits) }
        set { underlineColorBits = newValue.bits }
    }

    /// Creates a cell; the defaults give a blank cell with the default rendition.
    public init(
        scalar: Unicode.Scalar = " ",
        width: UInt8 = 1,
        foreground: TerminalColor = .default,
        background: TerminalColor = .default,
        attributes: CellAttributes = [],
        underlineStyle: UnderlineStyle = .none,
        underlineColor: TerminalColor = .default,
        clusterIndex: UInt32 = 0,
        sensitiveIndex: UInt16 = 0,
        linkIndex: UInt16 = 0
    ) {
        self.scalar = scalar
        self.width = width
        self.foregroundBits = foreground.bits
        self.backgroundBits = background.bits
        self.attributes = attributes
        self.underlineStyle = underlineStyle
        self.underlineColorBits = underlineColor.bits
        self.clusterIndex = clusterIndex
        self.sensitiveIndex = sensitiveIndex
        self.linkIndex = linkIndex
    }

    /// A blank cell with the default rendition.
    public static let blank = Cell()

    /// A blank cell whose background is `background` (erase with BCE).
    public static func blank(background: TerminalColor) -> Cell {
        Cell(background: background)
    }

    /// The right half of a wide character.
    public var isContinuation: Bool { width == 0 }

    /// Whether the cell is marked sensitive (by the in-band marker or the API).
    public var isSensitive: Bool { sensitiveIndex != 0 }
}
