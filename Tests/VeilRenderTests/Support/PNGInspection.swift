import VeilRender

/// What a test wants to know about an encoded PNG: its chunk types and header.
struct PNGInspection {
    let chunkTypes: [String]
    let header: PNGHeader

    init(_ png: [UInt8]) throws {
        let chunks = try PNGChunks.lex(png)
        chunkTypes = chunks.map(\.type)
        header = try PNGHeader(chunks: chunks, in: png)
    }

    /// Chunks that could carry text or a timestamp (none may ever be written).
    var metadataChunks: [String] {
        chunkTypes.filter { ["tEXt", "iTXt", "zTXt", "tIME"].contains($0) }
    }
}
