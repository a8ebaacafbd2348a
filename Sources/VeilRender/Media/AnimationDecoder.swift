import CVeilMedia

/// Decodes a GIF (giflib) or a WebP, animated or still (libwebp), frame by frame, each frame
/// composed on the canvas as a viewer shows it, as RGBA, with its time.
///
/// ```swift
/// let decoder = AnimationDecoder(format: .gif)
/// let info = try decoder.decode(bytes) { frame in ocr(frame.rgba, frame.width, frame.height) }
/// ```
///
/// Decoding is bounded: the canvas (and each GIF frame) at most `maximumPixels`, at most
/// `maximumFrames` frames, and for GIF 2³¹ pixels of frames in all (LZW can expand a small
/// file thousands of times); past a limit the decoder throws ``MediaError/limitReached(format:)``.
public struct AnimationDecoder: Sendable {
    /// The formats this decoder reads.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        case gif, webp

        var library: MediaLibrary { self == .gif ? .giflib : .libwebp }
        var name: String { self == .gif ? "GIF" : "WebP" }

        /// The format whose signature `bytes` start with (`GIF87a`/`GIF89a`, `RIFF….WEBP`).
        public static func sniff(_ bytes: some Collection<UInt8>) -> Format? {
            let head = Array(bytes.prefix(12))
            if head.count >= 6, head[0..<6].elementsEqual("GIF87a".utf8) || head[0..<6].elementsEqual("GIF89a".utf8) {
                return .gif
            }
            if head.count >= 12, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) {
                return .webp
            }
            return nil
        }
    }

    /// The format read.
    public var format: Format
    /// The most pixels of the canvas (and of a GIF frame); at most ``MediaLimits/maximumPixels``.
    public var maximumPixels: Int
    /// The most frames read; at most ``MediaLimits/maximumFrames``.
    public var maximumFrames: Int

    /// A decoder of `format` with the given limits (the codec's own when larger).
    public init(
        format: Format, maximumPixels: Int = MediaLimits.maximumPixels, maximumFrames: Int = MediaLimits.maximumFrames
    ) {
        self.format = format
        self.maximumPixels = maximumPixels
        self.maximumFrames = maximumFrames
    }

    /// Calls `body` with every frame in order (the frame's pixels are copied for it); returns
    /// what was learnt of the whole animation.
    /// - Throws: ``MediaError`` (a missing library, a damaged file, a limit); whatever `body`
    ///   throws.
    @discardableResult
    public func decode(_ bytes: [UInt8], frame body: (DecodedFrame) throws -> Void) throws -> AnimationInfo {
        let codec: DecoderContext = format == .gif ? GIFDecoderContext() : WebPDecoderContext()
        let limitPixels = UInt32(clamping: max(1, maximumPixels))
        let limitFrames = UInt32(clamping: max(1, maximumFrames))
        try check(codec.setLimits(limitPixels, limitFrames), codec)
        guard !bytes.isEmpty else { throw MediaError.notDecodable(format: format.name, detail: "empty file") }
        try check(bytes.withUnsafeBufferPointer { codec.open($0.baseAddress!, $0.count) }, codec)
        let width = Int(codec.width), height = Int(codec.height)
        var count = 0
        var end = 0
        while true {
            var pixels: UnsafePointer<UInt8>?
            var start: UInt32 = 0
            var duration: UInt32 = 0
            let status = codec.next(&pixels, &start, &duration)
            if UInt32(bitPattern: status) == VEIL_MEDIA_END.rawValue { break }
            try check(status, codec)
            guard let pixels else { throw MediaError.notDecodable(format: format.name, detail: "no pixels") }
            let frame = DecodedFrame(
                width: width, height: height,
                rgba: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)),
                startMilliseconds: Int(start), durationMilliseconds: Int(duration))
            count += 1
            end = Int(start) + Int(duration)
            try body(frame)
        }
        let loop = Int(codec.loopCount)
        return AnimationInfo(
            width: width, height: height, loopCount: loop < 0 ? nil : loop, frameCount: count,
            durationMilliseconds: end)
    }

    /// Every frame, in memory.
    /// - Throws: ``MediaError``.
    public func frames(of bytes: [UInt8]) throws -> (info: AnimationInfo, frames: [DecodedFrame]) {
        var frames: [DecodedFrame] = []
        let info = try decode(bytes) { frames.append($0) }
        return (info, frames)
    }

    private func check(_ status: Int32, _ codec: DecoderContext) throws(MediaError) {
        if let error = MediaError.from(
            status, format: format.name, library: format.library, message: codec.message,
            width: Int(codec.width), height: Int(codec.height))
        {
            throw error
        }
    }
}

/// One decoder context of either codec, freed with the object.
private protocol DecoderContext: AnyObject {
    func setLimits(_ pixels: UInt32, _ frames: UInt32) -> Int32
    func open(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32
    var width: UInt32 { get }
    var height: UInt32 { get }
    var loopCount: Int32 { get }
    func next(_ rgba: inout UnsafePointer<UInt8>?, _ start: inout UInt32, _ duration: inout UInt32) -> Int32
    var message: String { get }
}

private final class GIFDecoderContext: DecoderContext {
    let ctx = veil_gif_decoder_new()
    deinit { veil_gif_decoder_free(ctx) }
    func setLimits(_ pixels: UInt32, _ frames: UInt32) -> Int32 {
        ctx == nil ? Int32(VEIL_MEDIA_ENOMEM.rawValue) : veil_gif_decoder_set_limits(ctx, pixels, frames)
    }
    func open(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 { veil_gif_decoder_open(ctx, data, count) }
    var width: UInt32 { veil_gif_decoder_width(ctx) }
    var height: UInt32 { veil_gif_decoder_height(ctx) }
    var loopCount: Int32 { veil_gif_decoder_loop_count(ctx) }
    func next(_ rgba: inout UnsafePointer<UInt8>?, _ start: inout UInt32, _ duration: inout UInt32) -> Int32 {
        veil_gif_decoder_next(ctx, &rgba, &start, &duration)
    }
    var message: String { String(cString: veil_gif_decoder_message(ctx)) }
}

private final class WebPDecoderContext: DecoderContext {
    let ctx = veil_webp_decoder_new()
    deinit { veil_webp_decoder_free(ctx) }
    func setLimits(_ pixels: UInt32, _ frames: UInt32) -> Int32 {
        ctx == nil ? Int32(VEIL_MEDIA_ENOMEM.rawValue) : veil_webp_decoder_set_limits(ctx, pixels, frames)
    }
    func open(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 { veil_webp_decoder_open(ctx, data, count) }
    var width: UInt32 { veil_webp_decoder_width(ctx) }
    var height: UInt32 { veil_webp_decoder_height(ctx) }
    var loopCount: Int32 { veil_webp_decoder_loop_count(ctx) }
    func next(_ rgba: inout UnsafePointer<UInt8>?, _ start: inout UInt32, _ duration: inout UInt32) -> Int32 {
        veil_webp_decoder_next(ctx, &rgba, &start, &duration)
    }
    var message: String { String(cString: veil_webp_decoder_message(ctx)) }
}
