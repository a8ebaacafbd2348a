/// One glyph of a bitmap font: 16 rows of 8 or 16 pixels, read in place from the font file.
public struct Glyph: @unchecked Sendable {
    /// The rows: 16 bytes (narrow) or 32 bytes (wide, two bytes per row, left byte first);
    /// the most significant bit is the leftmost pixel. Points into the font's mapping,
    /// which lives as long as the font (the bundled font lives for the whole process).
    let bits: UnsafePointer<UInt8>
    /// 16 for a 16 × 16 glyph, 8 for an 8 × 16 glyph.
    public let pixelWidth: Int
    /// For a combining mark, its x offset from the end of its base (≤ 0); nil otherwise.
    public let combiningOffset: Int?

    /// Row `y` (0...15) as a 16-bit value whose bit 15 is the leftmost pixel.
    @inline(__always)
    public func row(_ y: Int) -> UInt16 {
        pixelWidth == 16 ? UInt16(bits[2 * y]) << 8 | UInt16(bits[2 * y + 1]) : UInt16(bits[y]) << 8
    }
}
