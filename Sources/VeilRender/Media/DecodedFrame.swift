/// One frame of a GIF or WebP animation as a viewer shows it: composed on the canvas with
/// the frames before it (disposal, transparency, blending), as RGBA.
public struct DecodedFrame: Hashable, Sendable {
    /// The canvas width in pixels.
    public var width: Int
    /// The canvas height in pixels.
    public var height: Int
    /// Red, green, blue, alpha bytes per pixel, rows top to bottom.
    public var rgba: [UInt8]
    /// When the frame shows, in milliseconds from the start (the delays before it).
    public var startMilliseconds: Int
    /// How long it shows, in milliseconds.
    public var durationMilliseconds: Int

    /// A frame from its parts.
    public init(width: Int, height: Int, rgba: [UInt8], startMilliseconds: Int, durationMilliseconds: Int) {
        self.width = width
        self.height = height
        self.rgba = rgba
        self.startMilliseconds = startMilliseconds
        self.durationMilliseconds = durationMilliseconds
    }

    /// The colour of the pixel at (x, y), alpha dropped.
    public func color(x: Int, y: Int) -> RGBColor {
        let offset = 4 * (y * width + x)
        return RGBColor(rgba[offset], rgba[offset + 1], rgba[offset + 2])
    }

    /// The frame as an RGB ``Bitmap`` (alpha dropped), to compare with a decoded PNG.
    public var bitmap: Bitmap {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for pixel in 0..<(width * height) {
            rgb[3 * pixel] = rgba[4 * pixel]
            rgb[3 * pixel + 1] = rgba[4 * pixel + 1]
            rgb[3 * pixel + 2] = rgba[4 * pixel + 2]
        }
        return Bitmap(width: width, height: height, pixels: .rgb(rgb))
    }
}

/// What a decoder learnt about a whole animation.
public struct AnimationInfo: Hashable, Sendable {
    /// The canvas size in pixels.
    public var width: Int
    public var height: Int
    /// How often it plays: nil once (no loop), 0 forever, n > 0 as the file says (GIF: n more
    /// times after the first; WebP: n times).
    public var loopCount: Int?
    /// The number of frames.
    public var frameCount: Int
    /// The sum of the frames' durations in milliseconds.
    public var durationMilliseconds: Int
}
