/// Errors of the header layer: a PNG whose `IHDR` chunk is missing or invalid.
public enum PNGHeaderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The first chunk is not `IHDR`.
    case missingHeader(firstChunk: String)
    /// `IHDR` does not hold exactly 13 bytes.
    case invalidHeaderLength(Int)
    /// Width or height is 0 or above 2³¹ − 1.
    case invalidDimensions(width: UInt32, height: UInt32)
    /// A colour type and bit depth that PNG does not allow together.
    case invalidColorFormat(colorType: UInt8, bitDepth: UInt8)
    /// A compression, filter or interlace method other than those PNG defines.
    case invalidMethod(compression: UInt8, filter: UInt8, interlace: UInt8)

    public var description: String {
        switch self {
        case let .missingHeader(first):
            return "first chunk is \(first), not IHDR"
        case let .invalidHeaderLength(length):
            return "IHDR holds \(length) bytes, not 13"
        case let .invalidDimensions(width, height):
            return "IHDR size \(width)x\(height) is invalid"
        case let .invalidColorFormat(colorType, bitDepth):
            return "IHDR colour type \(colorType) with bit depth \(bitDepth) is invalid"
        case let .invalidMethod(compression, filter, interlace):
            return "IHDR methods compression \(compression), filter \(filter), interlace \(interlace) are invalid"
        }
    }
}
