/// Writes one 32-bit word per pixel, `0xFFRRGGBB` (opaque ARGB, the order libwebp takes),
/// into a canvas `stride` pixels wide: the pixels of animation frames, drawn by the same
/// rasterizer code as every snapshot.
struct ColorWriter: PixelWriter {
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int
    let scale: Int

    /// The word of a colour.
    @inline(__always)
    static func word(_ color: RGBColor) -> UInt32 { 0xFF00_0000 | color.hex }

    mutating func fill(x: Int, y: Int, width: Int, height: Int, color: RGBColor) -> Bool {
        guard width > 0, height > 0 else { return true }
        let word = Self.word(color)
        for row in y..<(y + height) { (pixels + row * stride + x).update(repeating: word, count: width) }
        return true
    }

    mutating func paint(
        x: Int, y: Int, span: Int, masks: UnsafePointer<UInt16>,
        foreground: RGBColor, background: RGBColor
    ) -> Bool {
        let fg = Self.word(foreground)
        let bg = Self.word(background)
        let cellWidth = 8 * span * scale
        let full = Self.fullMask(span: span)
        for row in 0..<16 {
            let mask = masks[row]
            let line = pixels + (y + row * scale) * stride + x
            if mask == 0 || mask == full {
                line.update(repeating: mask == 0 ? bg : fg, count: cellWidth)
            } else {
                var out = line
                for bit in 0..<(8 * span) {
                    let word = mask & (0x8000 >> UInt16(bit)) != 0 ? fg : bg
                    out.update(repeating: word, count: scale)
                    out += scale
                }
            }
            for copy in 1..<scale {
                (line + copy * stride).update(from: line, count: cellWidth)
            }
        }
        return true
    }
}
