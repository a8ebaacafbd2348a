/// A cell's foreground or background colour as the terminal program set it.
///
/// Colours stay symbolic (palette index or RGB) so that a renderer's theme decides the
/// final pixel values; `default` is the theme's default foreground or background.
public enum TerminalColor: Hashable, Sendable {
    /// The default colour (SGR 39 / 49).
    case `default`
    /// A palette colour: 0–7 normal, 8–15 bright, 16–231 the 6×6×6 cube, 232–255 greys.
    case indexed(UInt8)
    /// A direct colour (SGR 38;2;r;g;b).
    case rgb(UInt8, UInt8, UInt8)
}

extension TerminalColor {
    /// The colour packed into 32 bits: 0 for default, `0x0100_00nn` for palette index
    /// `nn`, `0x02rr_ggbb` for a direct colour.
    @inlinable
    public var bits: UInt32 {
        switch self {
        case .default: return 0
        case .indexed(let index): return 0x0100_0000 | UInt32(index)
        case .rgb(let r, let g, let b): return 0x0200_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        }
    }

    /// The colour from its packed form (see ``bits``); unknown forms read as default.
    @inlinable
    public init(bits: UInt32) {
        switch bits >> 24 {
        case 1: self = .indexed(UInt8(truncatingIfNeeded: bits))
        case 2:
            self = .rgb(
                UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 8),
                UInt8(truncatingIfNeeded: bits))
        default: self = .default
        }
    }
}
