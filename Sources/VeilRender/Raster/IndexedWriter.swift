#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes palette indices, one byte per pixel, adding a colour to the palette only when a
/// pixel of it is actually painted, so the palette holds exactly the image's colours.
struct IndexedWriter: PixelWriter {
    let pixels: UnsafeMutablePointer<UInt8>
    let width: Int
    let scale: Int
    private let table: [UInt64]
    private(set) var palette: [RGBColor] = []
    private var indices: [UInt32: UInt8] = [:]
    /// The two most recent lookups (a cell's foreground and background alternate).
    private var recentColors: (UInt32, UInt32) = (.max, .max)
    private var recentIndices: (UInt8, UInt8) = (0, 0)

    init(pixels: UnsafeMutablePointer<UInt8>, width: Int, scale: Int) {
        self.pixels = pixels
        self.width = width
        self.scale = scale
        self.table = ScaleTables.tables[scale - 1]
    }

    /// The palette index of `color`, adding it; nil when the palette is full.
    @inline(__always)
    private mutating func index(of color: RGBColor) -> UInt8? {
        let key = color.hex
        if key == recentColors.0 { return recentIndices.0 }
        if key == recentColors.1 { return recentIndices.1 }
        let index: UInt8
        if let known = indices[key] {
            index = known
        } else {
            guard palette.count < 256 else { return nil }
            index = UInt8(palette.count)
            palette.append(color)
            indices[key] = index
        }
        recentColors = (key, recentColors.0)
        recentIndices = (index, recentIndices.0)
        return index
    }

    mutating func fill(x: Int, y: Int, width fillWidth: Int, height: Int, color: RGBColor) -> Bool {
        guard fillWidth > 0, height > 0 else { return true }
        guard let index = index(of: color) else { return false }
        for row in y..<(y + height) { memset(pixels + row * width + x, Int32(index), fillWidth) }
        return true
    }

    mutating func paint(
        x: Int, y: Int, span: Int, masks: UnsafePointer<UInt16>,
        foreground: RGBColor, background: RGBColor
    ) -> Bool {
        let full = Self.fullMask(span: span)
        var anyForeground = false
        var anyBackground = false
        for row in 0..<16 {
            anyForeground = anyForeground || masks[row] != 0
            anyBackground = anyBackground || masks[row] != full
        }
        var fg: UInt8 = 0
        var bg: UInt8 = 0
        if anyForeground {
            guard let index = index(of: foreground) else { return false }
            fg = index
        }
        if anyBackground {
            guard let index = index(of: background) else { return false }
            bg = index
        }
        let fgPattern = UInt64(fg) &* 0x0101_0101_0101_0101
        let bgPattern = UInt64(bg) &* 0x0101_0101_0101_0101
        let words = span * scale  // 64-bit words (8 output pixels each) per output row
        table.withUnsafeBufferPointer { table in
            for row in 0..<16 {
                let mask = masks[row]
                let target = UnsafeMutableRawPointer(pixels + (y + row * scale) * width + x)
                if mask == 0 || mask == full {
                    let pattern = mask == 0 ? bgPattern : fgPattern
                    for copy in 0..<scale {
                        let line = target + copy * width
                        for word in 0..<words { line.storeBytes(of: pattern, toByteOffset: 8 * word, as: UInt64.self) }
                    }
                    continue
                }
                var byteOffset = 0
                for half in 0..<span {
                    let bits = Int(half == 0 ? mask >> 8 : mask & 0xFF)
                    for word in 0..<scale {
                        let set = table[bits * scale + word]
                        let value = (bgPattern & ~set) | (fgPattern & set)
                        for copy in 0..<scale {
                            target.storeBytes(of: value, toByteOffset: copy * width + byteOffset, as: UInt64.self)
                        }
                        byteOffset += 8
                    }
                }
            }
        }
        return true
    }
}
