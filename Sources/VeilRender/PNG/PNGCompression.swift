import CVeilPNG

/// The zlib settings of an encode: a level 0...9 and a strategy.
public struct PNGCompression: Hashable, Sendable {
    /// The zlib strategy.
    public enum Strategy: Hashable, Sendable {
        case `default`, filtered, huffmanOnly, rle, fixed
    }

    /// zlib level, 0 (store) ... 9 (smallest).
    public var level: Int
    /// zlib strategy.
    public var strategy: Strategy

    /// Settings from a level and a strategy; the encoder rejects a level outside 0...9.
    public init(level: Int, strategy: Strategy = .default) {
        self.level = level
        self.strategy = strategy
    }

    /// Level 6, default strategy: the size/time balance for snapshots.
    public static let standard = PNGCompression(level: 6)
    /// Run-length matching only: several times faster, somewhat larger.
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
