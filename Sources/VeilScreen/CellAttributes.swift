/// The rendition of a cell (SGR attributes other than colours).
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1 << 0)  // SGR 1
    public static let dim = CellAttributes(rawValue: 1 << 1)  // SGR 2
    public static let italic = CellAttributes(rawValue: 1 << 2)  // SGR 3
    public static let underline = CellAttributes(rawValue: 1 << 3)  // SGR 4, 4:1..4:5, 21
    public static let blink = CellAttributes(rawValue: 1 << 4)  // SGR 5, 6
    public static let inverse = CellAttributes(rawValue: 1 << 5)  // SGR 7
    public static let invisible = CellAttributes(rawValue: 1 << 6)  // SGR 8
    public static let strikethrough = CellAttributes(rawValue: 1 << 7)  // SGR 9
    public static let overline = CellAttributes(rawValue: 1 << 8)  // SGR 53
    /// Protected from selective erase (DECSCA `CSI 1 " q`); not drawn.
    public static let protected = CellAttributes(rawValue: 1 << 9)  // DECSCA 1
}

/// The style of an underline (SGR 4:x); `single` for plain SGR 4, `double` for SGR 21 / 4:2.
public enum UnderlineStyle: UInt8, Hashable, Sendable {
    case none = 0, single, double, curly, dotted, dashed
}
