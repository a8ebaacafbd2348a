/// The fields of a PNG's `IHDR` chunk.
public struct PNGHeader: Hashable, Sendable {
    /// The PNG colour types.
    public enum ColorType: UInt8, Hashable, Sendable {
        case grayscale = 0, rgb = 2, palette = 3, grayscaleAlpha = 4, rgba = 6
    }

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits per sample (per palette index for palette images).
    public var bitDepth: Int
    /// The colour type.
    public var colorType: ColorType
    /// Whether the image is Adam7-interlaced.
    public var isInterlaced: Bool

    /// Parses the header of a chunked file (``PNGChunks/lex(_:)``).
    /// - Throws: ``PNGHeaderError``.
    public init(chunks: [PNGChunk], in bytes: [UInt8]) throws(PNGHeaderError) {
        guard let first = chunks.first, first.type == "IHDR" else {
            throw .missingHeader(firstChunk: chunks.first?.type ?? "")
        }
        guard first.length == 13 else { throw .invalidHeaderLength(first.length) }
        let at = first.dataOffset
        let width = PNGChunks.readUInt32(bytes, at: at)
        let height = PNGChunks.readUInt32(bytes, at: at + 4)
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw .invalidDimensions(width: width, height: height)
        }
        let depth = bytes[at + 8], type = bytes[at + 9]
        let allowed: [UInt8]
        switch ColorType(rawValue: type) {
        case .grayscale: allowed = [1, 2, 4, 8, 16]
        case .palette: allowed = [1, 2, 4, 8]
        case .rgb, .grayscaleAlpha, .rgba: allowed = [8, 16]
        case nil: allowed = []
        }
        guard let colorType = ColorType(rawValue: type), allowed.contains(depth) else {
            throw .invalidColorFormat(colorType: type, bitDepth: depth)
        }
        let compression = bytes[at + 10], filter = bytes[at + 11], interlace = bytes[at + 12]
        guard compression == 0, filter == 0, interlace <= 1 else {
            throw .invalidMethod(compression: compression, filter: filter, interlace: interlace)
        }
        self.width = Int(width)
        self.height = Int(height)
        self.bitDepth = Int(depth)
        self.colorType = colorType
        self.isInterlaced = interlace == 1
    }
}
