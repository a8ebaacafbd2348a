import CVeilPNG

/// Errors of the PNG codec layer (encoding bitmaps, decoding images through libpng).
///
/// Each case carries its evidence. Structural problems of a PNG file are found before
/// libpng sees it and are ``PNGChunkError`` or ``PNGHeaderError``.
public enum PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Width or height is 0, negative or above ``PNGEncoder/maximumDimension``.
    case invalidDimensions(width: Int, height: Int)
    /// `width × height` overflows or exceeds ``PNGEncoder/maximumPixelCount``.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The pixel buffer does not hold `width × height` pixels.
    case pixelCountMismatch(expected: Int, actual: Int)
    /// A palette with no colours or more than 256.
    case invalidPalette(count: Int)
    /// A pixel's index is not below the palette's count.
    case paletteIndexOutOfRange(paletteCount: Int)
    /// A zlib level outside 0...9.
    case invalidCompressionLevel(Int)
    /// A libdeflate level outside 1...12.
    case invalidLibdeflateLevel(Int)
    /// Memory ran out inside the codec.
    case outOfMemory
    /// The data does not start with the PNG signature.
    case notPNG
    /// The data ends before the image does.
    case truncated
    /// libpng stopped with this message.
    case libpng(message: String)
    /// The byte sink refused the output.
    case sinkFailed(description: String)

    public var description: String {
        switch self {
        case let .invalidDimensions(width, height):
            return "invalid image size \(width)x\(height): each side must be 1…\(PNGEncoder.maximumDimension)"
        case let .tooManyPixels(width, height, limit):
            return "image \(width)x\(height) has more than \(limit) pixels"
        case let .pixelCountMismatch(expected, actual):
            return "pixel buffer holds \(actual) values, the image needs \(expected)"
        case let .invalidPalette(count):
            return "palette has \(count) colours; it must have 1…256"
        case let .paletteIndexOutOfRange(count):
            return "a pixel's palette index is not below the palette's \(count) colours"
        case let .invalidCompressionLevel(level):
            return "zlib level \(level) is not 0…9"
        case let .invalidLibdeflateLevel(level):
            return "libdeflate level \(level) is not 1…12"
        case .outOfMemory:
            return "out of memory while encoding or decoding PNG"
        case .notPNG:
            return "not a PNG file (signature missing)"
        case .truncated:
            return "PNG data is truncated"
        case let .libpng(message):
            return "libpng: \(message)"
        case let .sinkFailed(description):
            return "could not write the PNG: \(description)"
        }
    }
}
