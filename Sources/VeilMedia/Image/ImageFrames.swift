import CVeilMedia
import VeilRender

/// The frames of an image file as a viewer shows them, as RGBA: a PNG or JPEG's one, every
/// frame of a GIF or WebP animation composed on its canvas, each with its time.
///
/// Decoding is bounded before any pixel is decoded: the canvas at most ``maximumPixels``
/// (a 1×1 GIF that claims 65535×65535 is refused by its header), at most ``maximumFrames``
/// frames. PNG through libpng (CVeilPNG), GIF and WebP through giflib and libwebp, JPEG
/// through libjpeg, the last three opened only when needed.
public enum ImageFrames {
    /// One frame.
    public struct Frame: Sendable {
        public var rgba: [UInt8]
        /// When it shows, in seconds from the start.
        public var seconds: Double
        /// How long it shows, in seconds (0 for a still image).
        public var duration: Double = 0
    }

    /// The image formats.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case png = "PNG", gif = "GIF", webp = "WebP", jpeg = "JPEG"
    }

    /// The largest canvas read (16 Mpixels: a 300×80 terminal drawn at 32 pixels a cell).
    public static let maximumPixels = 1 << 24
    /// The most frames read (a 30-second animation at 60 frames a second is 1,800).
    public static let maximumFrames = 20_000

    /// Why an image could not be read.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The library it needs is not there (say so: the image is not audited).
        public var isMissingLibrary: Bool
        public var message: String
        public var description: String { message }
    }

    /// The format whose signature `bytes` start with.
    public static func format(of bytes: some Collection<UInt8>) -> Format? {
        switch MediaSniffer.kind(of: bytes.prefix(16)) {
        case .png: .png
        case .gif: .gif
        case .webp: .webp
        case .jpeg: .jpeg
        default: nil
        }
    }

    /// Decodes `bytes`; `frame` gets each frame as it is decoded (an animation is never held
    /// whole unless the caller keeps it).
    /// - Throws: ``Failure``.
    public static func decode(
        _ bytes: [UInt8], frame: (Frame, _ width: Int, _ height: Int) throws -> Void
    ) throws -> (format: Format, width: Int, height: Int, count: Int) {
        guard let format = format(of: bytes) else {
            throw Failure(isMissingLibrary: false, message: "not a PNG, GIF, WebP or JPEG image")
        }
        switch format {
        case .png:
            let (width, height) = try pngSize(bytes)
            let bitmap: Bitmap
            do {
                bitmap = try PNGDecoder().decode(bytes)
            } catch {
                throw Failure(isMissingLibrary: false, message: "a damaged PNG: \(error)")
            }
            let rgb = bitmap.rgbBytes()
            var rgba = [UInt8](repeating: 255, count: width * height * 4)
            for pixel in 0..<(width * height) {
                rgba[4 * pixel] = rgb[3 * pixel]
                rgba[4 * pixel + 1] = rgb[3 * pixel + 1]
                rgba[4 * pixel + 2] = rgb[3 * pixel + 2]
            }
            try frame(Frame(rgba: rgba, seconds: 0), width, height)
            return (format, width, height, 1)
        case .jpeg:
            var pointer: UnsafeMutablePointer<UInt8>?
            var width: UInt32 = 0
            var height: UInt32 = 0
            var message = [CChar](repeating: 0, count: 256)
            let status = bytes.withUnsafeBufferPointer { data in
                veil_jpeg_decode(
                    data.baseAddress, data.count, UInt32(maximumPixels), &pointer, &width, &height, &message,
                    message.count)
            }
            defer { veil_jpeg_free(pointer) }
            let text = String(cBuffer: message)
            guard status == Int32(VEIL_MEDIA_OK.rawValue), let pointer else {
                if status == Int32(VEIL_MEDIA_ENOLIB.rawValue) {
                    throw Failure(
                        isMissingLibrary: true,
                        message:
                            "JPEG needs libjpeg, which cannot be loaded (\(text)); Debian: apt-get install libjpeg62-turbo"
                    )
                }
                throw Failure(isMissingLibrary: false, message: "a damaged JPEG: \(text)")
            }
            let rgba = Array(UnsafeBufferPointer(start: pointer, count: Int(width) * Int(height) * 4))
            try frame(Frame(rgba: rgba, seconds: 0), Int(width), Int(height))
            return (format, Int(width), Int(height), 1)
        case .gif, .webp:
            let decoder = AnimationDecoder(
                format: format == .gif ? .gif : .webp, maximumPixels: maximumPixels, maximumFrames: maximumFrames)
            do {
                let info = try decoder.decode(bytes) { decoded in
                    try frame(
                        Frame(
                            rgba: decoded.rgba, seconds: Double(decoded.startMilliseconds) / 1000,
                            duration: Double(decoded.durationMilliseconds) / 1000), decoded.width, decoded.height)
                }
                return (format, info.width, info.height, info.frameCount)
            } catch let error as MediaError {
                if case .missingLibrary = error {
                    throw Failure(isMissingLibrary: true, message: "\(error)")
                }
                throw Failure(isMissingLibrary: false, message: "\(error)")
            }
        }
    }

    /// A PNG's size from its header, checked before libpng decodes anything.
    static func pngSize(_ bytes: [UInt8]) throws -> (Int, Int) {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else {
            throw Failure(isMissingLibrary: false, message: "a damaged PNG: no IHDR chunk first")
        }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (word(16), word(20))
        guard width > 0, height > 0, width * height <= maximumPixels else {
            throw Failure(
                isMissingLibrary: false,
                message: "a PNG of \(width)×\(height) pixels; the largest image read is \(maximumPixels >> 20) Mpixels")
        }
        return (width, height)
    }
}
