/// The colour table of one GIF frame: exactly the colours its pixels use (at most 256), with
/// index 0 kept for transparency when the frame lets unchanged pixels through.
struct GIFPalette {
    /// The colours, `0xFFRRGGBB`, in index order (the transparent slot included).
    private(set) var colors: [UInt32] = []
    /// The index of the transparent slot, when there is one.
    private(set) var transparentIndex: Int?
    /// Open addressing from colour to index + 1 (0: empty); 1,024 slots for ≤ 256 colours.
    private var keys = [UInt32](repeating: 0, count: 1024)
    private var values = [UInt16](repeating: 0, count: 1024)

    var count: Int { colors.count }

    /// The colours as RGB triples, for giflib.
    var bytes: [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(colors.count * 3)
        for color in colors {
            bytes.append(UInt8(truncatingIfNeeded: color >> 16))
            bytes.append(UInt8(truncatingIfNeeded: color >> 8))
            bytes.append(UInt8(truncatingIfNeeded: color))
        }
        return bytes
    }

    /// Fills `out` (`rect.area` bytes) with the indices of the pixels of `rect`; where
    /// `previous` is given, pixels equal to it get the transparent index 0. False when the
    /// pixels need more than 256 indices.
    mutating func index(
        _ pixels: PixelRows, into out: UnsafeMutablePointer<UInt8>, rect: PixelRect, previous: PixelRows?
    ) -> Bool {
        if previous != nil {
            colors.append(0xFF00_0000)
            transparentIndex = 0
        }
        var colors = self.colors
        self.colors = []
        defer { self.colors = colors }
        return keys.withUnsafeMutableBufferPointer { keys in
            values.withUnsafeMutableBufferPointer { values in
                // The index of `color`, added if new; nil when the table is full.
                func lookUp(_ color: UInt32) -> UInt8? {
                    var slot = Int((color &* 0x9E37_79B1) >> 22)
                    while true {
                        let value = values[slot]
                        if value == 0 {
                            guard colors.count < 256 else { return nil }
                            colors.append(color)
                            keys[slot] = color
                            values[slot] = UInt16(colors.count)
                            return UInt8(colors.count - 1)
                        }
                        if keys[slot] == color { return UInt8(value - 1) }
                        slot = (slot + 1) & 1023
                    }
                }
                // Pixels are 0xFFRRGGBB: 0 matches none, so the first pixel is looked up.
                var lastColor: UInt32 = 0
                var lastIndex: UInt8 = 0
                var o = out
                for y in rect.y..<(rect.y + rect.height) {
                    let row = pixels.at(x: rect.x, y: y)
                    if let previous {
                        let before = previous.at(x: rect.x, y: y)
                        for x in 0..<rect.width {
                            let color = row[x]
                            if before[x] == color {
                                o[x] = 0
                            } else if color == lastColor {
                                o[x] = lastIndex
                            } else {
                                guard let index = lookUp(color) else { return false }
                                lastColor = color
                                lastIndex = index
                                o[x] = index
                            }
                        }
                    } else {
                        for x in 0..<rect.width {
                            let color = row[x]
                            if color != lastColor {
                                guard let index = lookUp(color) else { return false }
                                lastColor = color
                                lastIndex = index
                            }
                            o[x] = lastIndex
                        }
                    }
                    o += rect.width
                }
                return true
            }
        }
    }

    /// For a rectangle of more than 256 colours: the 256 most frequent, every other pixel in
    /// the nearest of them (no dithering).
    mutating func quantize(_ pixels: PixelRows, into indices: UnsafeMutablePointer<UInt8>, rect: PixelRect) {
        var counts: [UInt32: Int] = [:]
        for y in rect.y..<(rect.y + rect.height) {
            let row = pixels.at(x: rect.x, y: y)
            for x in 0..<rect.width { counts[row[x], default: 0] += 1 }
        }
        let kept = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(256).map(\.key)
        colors = kept
        transparentIndex = nil
        var nearest: [UInt32: UInt8] = [:]
        for (index, color) in kept.enumerated() { nearest[color] = UInt8(index) }
        var o = 0
        for y in rect.y..<(rect.y + rect.height) {
            let row = pixels.at(x: rect.x, y: y)
            for x in 0..<rect.width {
                let color = row[x]
                if let known = nearest[color] {
                    indices[o] = known
                } else {
                    let index = Self.closest(to: color, in: kept)
                    nearest[color] = index
                    indices[o] = index
                }
                o += 1
            }
        }
    }

    /// The index of the colour of `palette` nearest to `color` (squared RGB distance).
    static func closest(to color: UInt32, in palette: [UInt32]) -> UInt8 {
        func channels(_ c: UInt32) -> (Int, Int, Int) { (Int(c >> 16 & 0xFF), Int(c >> 8 & 0xFF), Int(c & 0xFF)) }
        let (r, g, b) = channels(color)
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in palette.enumerated() {
            let (cr, cg, cb) = channels(candidate)
            let distance = (r - cr) * (r - cr) + (g - cg) * (g - cg) + (b - cb) * (b - cb)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return UInt8(best)
    }
}
