/// Errors of the chunk layer: the signature, chunk framing and CRCs of a PNG file.
public enum PNGChunkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data does not start with the 8-byte PNG signature.
    case missingSignature
    /// A chunk's 8-byte length and type header does not fit in the data.
    case truncatedChunkHeader(offset: Int)
    /// A chunk's length field is above 2³¹ − 1.
    case invalidChunkLength(type: String, length: UInt32)
    /// A chunk's type is not four ASCII letters.
    case invalidChunkType(offset: Int)
    /// A chunk's data and CRC do not fit in the data.
    case truncatedChunkBody(type: String, declared: Int, available: Int)
    /// A chunk's stored CRC differs from the CRC of its type and data.
    case invalidChunkChecksum(type: String, declared: UInt32, computed: UInt32)
    /// The data ends without an `IEND` chunk.
    case missingEnd

    public var description: String {
        switch self {
        case .missingSignature:
            return "not a PNG file (signature missing)"
        case let .truncatedChunkHeader(offset):
            return "chunk header at byte \(offset) is truncated"
        case let .invalidChunkLength(type, length):
            return "chunk \(type) declares length \(length), above 2^31-1"
        case let .invalidChunkType(offset):
            return "chunk at byte \(offset) has an invalid type"
        case let .truncatedChunkBody(type, declared, available):
            return "chunk \(type) declares \(declared) bytes of data and CRC, only \(available) remain"
        case let .invalidChunkChecksum(type, declared, computed):
            return "chunk \(type) CRC is \(hex(declared)), computed \(hex(computed))"
        case .missingEnd:
            return "PNG data ends without an IEND chunk"
        }
    }

    private func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16) }
}
