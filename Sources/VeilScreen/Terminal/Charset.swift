/// A 94-character set that can be designated into G0…G3 (`ESC ( F` and friends).
enum Charset: UInt8, Sendable {
    /// US ASCII (`B`).
    case ascii
    /// DEC Special Graphics (`0`): line drawing.
    case decSpecialGraphics
    /// United Kingdom (`A`): `#` is `£`.
    case british

    /// The character set designated by final byte `final`, or nil for one not supported.
    init?(final: UInt8) {
        switch final {
        case UInt8(ascii: "B"): self = .ascii
        case UInt8(ascii: "0"): self = .decSpecialGraphics
        case UInt8(ascii: "A"): self = .british
        default: return nil
        }
    }

    /// Maps an ASCII scalar through the set.
    @inline(__always)
    func map(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch self {
        case .ascii:
            return scalar
        case .british:
            return scalar == "#" ? "£" : scalar
        case .decSpecialGraphics:
            let value = scalar.value
            guard value >= 0x5F && value <= 0x7E else { return scalar }
            return Charset.specialGraphicsTable[Int(value - 0x5F)]
        }
    }

    /// DEC Special Graphics 0x5F…0x7E as Unicode (the mapping xterm uses).
    private static let specialGraphicsTable: [Unicode.Scalar] = [
        " ",  // _ blank
        "◆", "▒", "␉", "␌", "␍", "␊", "°", "±",  // ` a b c d e f g
        "␤", "␋", "┘", "┐", "┌", "└", "┼", "⎺",  // h i j k l m n o
        "⎻", "─", "⎼", "⎽", "├", "┤", "┴", "┬",  // p q r s t u v w
        "│", "≤", "≥", "π", "≠", "£", "·",  // x y z { | } ~
    ]
}
