import CVeilMedia

/// Encodes canvas frames (``FrameCanvas``) as a lossless animated WebP through libwebp's
/// animation encoder, which keeps of each frame only the rectangle that changed. The file
/// can only be assembled at the end (WebP puts sizes in front); the frames it holds until
/// then are compressed.
///
/// ```swift
/// var webp = try WebPAnimationEncoder(width: canvas.width, height: canvas.height, loopCount: 0)
/// try webp.add(canvas.pixels, atMilliseconds: 0)
/// let bytes = try webp.finish(atMilliseconds: 3000)
/// ```
public final class WebPAnimationEncoder {
    /// The canvas size.
    public let width: Int
    public let height: Int
    private let context: WebPEncoderContext
    /// The number of frames added.
    public private(set) var frameCount = 0

    /// libwebp's lossless effort used (0 fastest … 9 smallest).
    public static let defaultEffort = 4

    /// Starts an animation of `width`×`height`; `loopCount` 0 plays forever, n > 0 n times.
    /// - Throws: ``MediaError`` (libwebp missing, a size out of range).
    public init(width: Int, height: Int, loopCount: Int = 0, effort: Int = defaultEffort) throws(MediaError) {
        self.width = width
        self.height = height
        context = WebPEncoderContext()
        guard (1...MediaLimits.maximumDimension).contains(width), (1...MediaLimits.maximumDimension).contains(height),
            width * height <= MediaLimits.maximumPixels
        else { throw .invalidSize(width: width, height: height) }
        try context.check(
            veil_webp_encoder_start(context.ctx, UInt32(width), UInt32(height), Int32(loopCount), Int32(effort)),
            width: width, height: height)
    }

    /// Adds the canvas as it is from `milliseconds` on (non-decreasing).
    /// - Throws: ``MediaError``.
    public func add(_ pixels: [UInt32], atMilliseconds milliseconds: Int) throws(MediaError) {
        guard pixels.count == width * height else { throw .misuse("a frame of the wrong size") }
        let status = pixels.withUnsafeBufferPointer {
            veil_webp_encoder_add_frame(context.ctx, $0.baseAddress, UInt32(clamping: milliseconds))
        }
        try context.check(status, width: width, height: height)
        frameCount += 1
    }

    /// Ends the animation at `milliseconds` and returns the whole file.
    /// - Throws: ``MediaError``.
    public func finish(atMilliseconds milliseconds: Int) throws(MediaError) -> [UInt8] {
        try context.check(
            veil_webp_encoder_finish(context.ctx, UInt32(clamping: milliseconds)), width: width, height: height)
        var length = 0
        guard let base = veil_webp_encoder_output(context.ctx, &length), length > 0 else { return [] }
        let bytes = Array(UnsafeBufferPointer(start: base, count: length))
        veil_webp_encoder_clear_output(context.ctx)
        return bytes
    }
}

/// Owns one libwebp encoder context.
final class WebPEncoderContext {
    let ctx = veil_webp_encoder_new()
    deinit { veil_webp_encoder_free(ctx) }

    func check(_ status: Int32, width: Int, height: Int) throws(MediaError) {
        if ctx == nil { throw .outOfMemory }
        if let error = MediaError.from(
            status, format: "WebP", library: .libwebp, message: String(cString: veil_webp_encoder_message(ctx)),
            width: width, height: height)
        {
            throw error
        }
    }
}
