import CVeilPNG

/// Decodes a PNG into RGB pixels through libpng, for tests and audits.
///
/// The bytes are first checked layer by layer, as swift-png does: the chunk structure and
/// every CRC (``PNGChunkError``), then the header (``PNGHeaderError``); only a well-formed
/// file reaches libpng (``PNGError``). Any colour type libpng can expand is accepted; alpha
/// is dropped.
public struct PNGDecoder: Sendable {
    /// A decoder.
    public init() {}

    /// Decodes `bytes` into an RGB ``Bitmap``.
    /// - Throws: ``PNGChunkError``, ``PNGHeaderError`` or ``PNGError``.
    public func decode(_ bytes: [UInt8]) throws -> Bitmap {
        let chunks = try PNGChunks.lex(bytes)
        let header = try PNGHeader(chunks: chunks, in: bytes)
        _ = try PNGEncoder.checkSize(width: header.width, height: header.height)
        let context = try PNGContext()
        let status = bytes.withUnsafeBufferPointer { png in
            veil_png_decode_rgb(context.pointer, png.baseAddress, png.count)
        }
        try context.check(status, width: header.width, height: header.height)
        return Bitmap(width: context.width, height: context.height, pixels: .rgb(Array(context.output)))
    }
}
