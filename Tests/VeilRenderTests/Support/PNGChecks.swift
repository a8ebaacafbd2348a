import Testing
import VeilRender

/// Checks every PNG a test writes: decodes to the bitmap's pixels, the bit depth fits the
/// palette, and no chunk could carry text or a time.
enum PNGChecks {
    static func expectedBitDepth(paletteCount: Int) -> Int {
        switch paletteCount {
        case ...2: return 1
        case ...4: return 2
        case ...16: return 4
        default: return 8
        }
    }

    static func expectWellFormed(_ png: [UInt8], for bitmap: Bitmap, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let inspection = try PNGInspection(png)
        #expect(inspection.metadataChunks.isEmpty, sourceLocation: sourceLocation)
        #expect(
            Set(inspection.chunkTypes).isSubset(of: ["IHDR", "PLTE", "IDAT", "IEND"]), sourceLocation: sourceLocation)
        #expect(!inspection.header.isInterlaced, sourceLocation: sourceLocation)
        if let count = bitmap.paletteCount {
            #expect(inspection.header.colorType == .palette, sourceLocation: sourceLocation)
            #expect(inspection.header.bitDepth == expectedBitDepth(paletteCount: count), sourceLocation: sourceLocation)
            if case .indexed(let indices, _) = bitmap.pixels {
                // The palette holds exactly the colours that appear, so the depth is minimal.
                var used = [Bool](repeating: false, count: 256)
                for index in indices { used[Int(index)] = true }
                #expect(used.filter { $0 }.count == count, sourceLocation: sourceLocation)
            }
        } else {
            #expect(
                inspection.header.colorType == .rgb && inspection.header.bitDepth == 8, sourceLocation: sourceLocation)
        }
        #expect(try PNGDecoder().decode(png).rgbBytes() == bitmap.rgbBytes(), sourceLocation: sourceLocation)
    }
}
