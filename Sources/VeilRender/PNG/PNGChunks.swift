/// One chunk of a PNG file: its type and where its data lies in the file's bytes.
public struct PNGChunk: Hashable, Sendable {
    /// The four-letter type, e.g. `IHDR`.
    public var type: String
    /// The offset of the chunk's data in the file.
    public var dataOffset: Int
    /// The length of the chunk's data.
    public var length: Int
}

/// The chunk layer of PNG: splits a file into chunks and checks every CRC.
public enum PNGChunks {
    /// The 8-byte PNG signature.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunks of `bytes` up to and including `IEND` (bytes after it are ignored, as
    /// decoders do).
    /// - Throws: ``PNGChunkError``.
    public static func lex(_ bytes: [UInt8]) throws(PNGChunkError) -> [PNGChunk] {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .missingSignature }
        var chunks: [PNGChunk] = []
        var offset = 8
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else { throw .truncatedChunkHeader(offset: offset) }
            let length = readUInt32(bytes, at: offset)
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw .invalidChunkType(offset: offset)
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= 0x7FFF_FFFF else { throw .invalidChunkLength(type: type, length: length) }
            let available = bytes.count - offset - 8
            guard available >= Int(length) + 4 else {
                throw .truncatedChunkBody(type: type, declared: Int(length) + 4, available: available)
            }
            let dataOffset = offset + 8
            let declared = readUInt32(bytes, at: dataOffset + Int(length))
            let computed = CRC32.checksum(bytes[(offset + 4)..<(dataOffset + Int(length))])
            guard declared == computed else {
                throw .invalidChunkChecksum(type: type, declared: declared, computed: computed)
            }
            chunks.append(PNGChunk(type: type, dataOffset: dataOffset, length: Int(length)))
            if type == "IEND" { return chunks }
            offset = dataOffset + Int(length) + 4
        }
        throw .missingEnd
    }

    static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}

/// The CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320, reflected).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
