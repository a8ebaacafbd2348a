import CVeilPNG

/// The deflate settings of an encode: a zlib level 0...9 and strategy, and the libdeflate
/// level used instead of them when libdeflate is installed.
///
/// libdeflate is opened at run time the first time a PNG is written (Debian/Ubuntu package
/// `libdeflate0`, Homebrew `libdeflate`); without it, or with ``libdeflateLevel`` `nil`,
/// libpng's zlib compresses with ``level`` and ``strategy``. Both give the same pixels;
/// at ``standard`` libdeflate's files are 1–3 % smaller for terminal screens, and faster to make.
public struct PNGCompression: Hashable, Sendable {
    /// The zlib strategy.
    public enum Strategy: Hashable, Sendable {
        case `default`, filtered, huffmanOnly, rle, fixed
    }

    /// The libdeflate levels accepted: 1 (fastest) ... 12 (smallest).
    public static let libdeflateLevels = 1...12

    /// zlib level, 0 (store) ... 9 (smallest).
    public var level: Int
    /// zlib strategy.
    public var strategy: Strategy
    /// libdeflate level (1...12) when libdeflate is installed; `nil` for zlib only.
    public var libdeflateLevel: Int?

    /// Settings from zlib's level and strategy and, optionally, a libdeflate level; the
    /// encoder rejects a zlib level outside 0...9 and a libdeflate level outside 1...12.
    public init(level: Int, strategy: Strategy = .default, libdeflateLevel: Int? = nil) {
        self.level = level
        self.strategy = strategy
        self.libdeflateLevel = libdeflateLevel
    }

    /// libdeflate level 7 when installed, else zlib level 6: what snapshots use. Level 7 is the
    /// highest that encodes no slower than zlib 6, within the snapshot time targets; level 10
    /// would be 10–14 % smaller at four to six times the encode time (Docs/performance.md).
    public static let standard = PNGCompression(level: 6, libdeflateLevel: 7)
    /// zlib's run-length matching only: several times faster, somewhat larger.
    public static let fast = PNGCompression(level: 1, strategy: .rle)

    var cStrategy: Int32 {
        switch strategy {
        case .default: return VEIL_PNG_STRATEGY_DEFAULT
        case .filtered: return VEIL_PNG_STRATEGY_FILTERED
        case .huffmanOnly: return VEIL_PNG_STRATEGY_HUFFMAN_ONLY
        case .rle: return VEIL_PNG_STRATEGY_RLE
        case .fixed: return VEIL_PNG_STRATEGY_FIXED
        }
    }
}
