/// One glyph of a bitmap font: 16 rows of 8 or 16 pixels. Keeps its font (and so the
/// font's mapping) alive.
public struct Glyph: Sendable {
    /// The font the glyph's rows live in.
    public let font: BitmapFont
    let bits: GlyphBits

    /// 16 for a 16 × 16 glyph, 8 for an 8 × 16 glyph.
    public var pixelWidth: Int { bits.pixelWidth }
    /// For a combining mark, its x offset from the end of its base (≤ 0); nil otherwise.
    public var combiningOffset: Int? { bits.combiningOffset }

    /// Row `y` (0...15) as a 16-bit value whose bit 15 is the leftmost pixel.
    public func row(_ y: Int) -> UInt16 {
        precondition((0..<16).contains(y), "a glyph has rows 0...15")
        return bits.row(y)
    }
}

/// A glyph's rows read in place from a font's mapping, without keeping the font alive: the
/// rasterizer's hot path, used only while its font is held elsewhere.
struct GlyphBits: @unchecked Sendable {
    /// 16 bytes (narrow) or 32 bytes (wide, two bytes per row, left byte first); the most
    /// significant bit is the leftmost pixel. Immutable memory of the font's mapping.
    let pointer: UnsafePointer<UInt8>
    let pixelWidth: Int
    let combiningOffset: Int?

    @inline(__always)
    func row(_ y: Int) -> UInt16 {
        pixelWidth == 16 ? UInt16(pointer[2 * y]) << 8 | UInt16(pointer[2 * y + 1]) : UInt16(pointer[y]) << 8
    }
}
