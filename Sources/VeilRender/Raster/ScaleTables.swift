/// Precomputed expansions of one byte of a glyph row (8 pixels, MSB leftmost) into 8·scale
/// pixel bytes, 0xFF where the pixel is set: `scale` little-endian 64-bit words per byte
/// value, so a row segment is painted with a few word stores instead of per-pixel work.
enum ScaleTables {
    static let tables: [[UInt64]] = (1...3).map(makeTable)

    private static func makeTable(scale: Int) -> [UInt64] {
        var table = [UInt64](repeating: 0, count: 256 * scale)
        for value in 0..<256 {
            for pixel in 0..<(8 * scale) {
                let sourceBit = 7 - pixel / scale
                guard value >> sourceBit & 1 == 1 else { continue }
                table[value * scale + pixel / 8] |= 0xFF << (UInt64(pixel % 8) * 8)
            }
        }
        return table
    }
}
