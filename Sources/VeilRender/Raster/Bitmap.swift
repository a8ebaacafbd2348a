/// A rasterized image: indexed (one palette index byte per pixel) or RGB (3 bytes per pixel),
/// rows top to bottom without padding.
public struct Bitmap: Hashable, Sendable {
    /// The pixel storage.
    public enum Pixels: Hashable, Sendable {
        /// One byte per pixel indexing `palette` (at most 256 colours).
        case indexed([UInt8], palette: [RGBColor])
        /// Red, green, blue bytes per pixel.
        case rgb([UInt8])
    }

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The pixels.
    public var pixels: Pixels

    /// A bitmap from its parts; the encoder checks that they agree.
    public init(width: Int, height: Int, pixels: Pixels) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixels as RGB bytes (3 per pixel), expanding a palette.
    public func rgbBytes() -> [UInt8] {
        switch pixels {
        case .rgb(let bytes):
            return bytes
        case .indexed(let indices, let palette):
            var lookup = [UInt8](repeating: 0, count: 256 * 3)
            for (i, colour) in palette.prefix(256).enumerated() {
                lookup[3 * i] = colour.red
                lookup[3 * i + 1] = colour.green
                lookup[3 * i + 2] = colour.blue
            }
            return [UInt8](unsafeUninitializedCapacity: indices.count * 3) { out, count in
                lookup.withUnsafeBufferPointer { lookup in
                    indices.withUnsafeBufferPointer { indices in
                        var target = out.baseAddress!
                        for index in indices {
                            let from = lookup.baseAddress! + Int(index) * 3
                            target[0] = from[0]
                            target[1] = from[1]
                            target[2] = from[2]
                            target += 3
                        }
                    }
                }
                count = indices.count * 3
            }
        }
    }

    /// The colour of the pixel at (x, y); both must lie inside the image.
    public func color(x: Int, y: Int) -> RGBColor {
        let offset = y * width + x
        switch pixels {
        case .rgb(let bytes):
            return RGBColor(bytes[3 * offset], bytes[3 * offset + 1], bytes[3 * offset + 2])
        case .indexed(let indices, let palette):
            return palette[Int(indices[offset])]
        }
    }

    /// The number of palette entries, or nil for an RGB bitmap.
    public var paletteCount: Int? {
        if case .indexed(_, let palette) = pixels { return palette.count }
        return nil
    }
}
