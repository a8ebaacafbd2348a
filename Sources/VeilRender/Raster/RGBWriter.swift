/// Writes RGB bytes, for the rare screen with more than 256 colours.
struct RGBWriter: PixelWriter {
    let pixels: UnsafeMutablePointer<UInt8>
    let width: Int
    let scale: Int

    @inline(__always)
    private func put(_ color: RGBColor, x: Int, y: Int, count: Int) {
        var offset = 3 * (y * width + x)
        for _ in 0..<count {
            pixels[offset] = color.red
            pixels[offset + 1] = color.green
            pixels[offset + 2] = color.blue
            offset += 3
        }
    }

    mutating func fill(x: Int, y: Int, width fillWidth: Int, height: Int, color: RGBColor) -> Bool {
        for row in y..<(y + height) { put(color, x: x, y: row, count: fillWidth) }
        return true
    }

    mutating func paint(
        x: Int, y: Int, span: Int, masks: UnsafePointer<UInt16>,
        foreground: RGBColor, background: RGBColor
    ) -> Bool {
        for row in 0..<16 {
            for pixel in 0..<(8 * span) {
                let set = masks[row] & (0x8000 >> UInt16(pixel)) != 0
                for dy in 0..<scale {
                    put(set ? foreground : background, x: x + pixel * scale, y: y + row * scale + dy, count: scale)
                }
            }
        }
        return true
    }
}
