import Testing
import VeilRender
import VeilTestSupport

@Suite struct PNGEncoderTests {
    static func randomIndexed(width: Int, height: Int, colours: Int, seed: UInt64) -> Bitmap {
        var random = SeededGenerator(seed: seed)
        let palette = (0..<colours).map { _ in RGBColor(hex: UInt32.random(in: 0...0xFF_FFFF, using: &random)) }
        let pixels = (0..<(width * height)).map { _ in UInt8(Int.random(in: 0..<colours, using: &random)) }
        return Bitmap(width: width, height: height, pixels: .indexed(pixels, palette: palette))
    }

    @Test(arguments: [(1, 1), (2, 1), (3, 2), (4, 2), (5, 4), (16, 4), (17, 8), (200, 8), (256, 8)])
    func paletteImageUsesTheSmallestBitDepthAndRoundTrips(colours: Int, depth: Int) throws {
        for width in [1, 3, 7, 8, 9, 13, 64] {
            let bitmap = Self.randomIndexed(
                width: width, height: 5, colours: colours, seed: UInt64(colours * 100 + width))
            let png = try PNGEncoder().encode(bitmap)
            let inspection = try PNGInspection(png)
            #expect(inspection.header.colorType == .palette)
            #expect(inspection.header.bitDepth == depth)
            #expect(inspection.chunkTypes.first == "IHDR" && inspection.chunkTypes.last == "IEND")
            #expect(Set(inspection.chunkTypes) == ["IHDR", "PLTE", "IDAT", "IEND"])
            let decoded = try PNGDecoder().decode(png)
            #expect(decoded.width == width && decoded.height == 5)
            #expect(decoded.rgbBytes() == bitmap.rgbBytes())
        }
    }

    @Test func rgbImageIsEightBitTruecolourAndRoundTrips() throws {
        var random = SeededGenerator(seed: 7)
        let bytes = (0..<(31 * 9 * 3)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let bitmap = Bitmap(width: 31, height: 9, pixels: .rgb(bytes))
        for compression in [
            PNGCompression.standard, .fast, PNGCompression(level: 0), PNGCompression(level: 9, strategy: .filtered),
        ] {
            let png = try PNGEncoder(compression: compression).encode(bitmap)
            let inspection = try PNGInspection(png)
            #expect(inspection.header.colorType == .rgb && inspection.header.bitDepth == 8)
            #expect(!inspection.header.isInterlaced)
            #expect(Set(inspection.chunkTypes) == ["IHDR", "IDAT", "IEND"])
            #expect(try PNGDecoder().decode(png).rgbBytes() == bytes)
        }
    }

    @Test func encodingIntoASinkGivesTheSameBytes() throws {
        let bitmap = Self.randomIndexed(width: 40, height: 3, colours: 9, seed: 3)
        var sink: [UInt8] = [1, 2]
        try PNGEncoder().encode(bitmap, to: &sink)
        #expect(sink == [1, 2] + (try PNGEncoder().encode(bitmap)))
    }

    struct RefusingSink: ByteSink {
        struct Full: Error {}
        mutating func write(_ bytes: UnsafeRawBufferPointer) throws { throw Full() }
    }

    @Test func aRefusingSinkGivesAThrownError() {
        var sink = RefusingSink()
        #expect(throws: PNGError.sinkFailed(description: "Full()")) {
            try PNGEncoder().encode(Self.randomIndexed(width: 2, height: 2, colours: 2, seed: 1), to: &sink)
        }
    }

    @Test(arguments: [(0, 5), (5, 0), (-1, 5), (5, -3), (1_000_001, 1), (1, 1_000_001), (Int.max, 2)])
    func invalidDimensionsAreRejected(width: Int, height: Int) {
        let bitmap = Bitmap(width: width, height: height, pixels: .indexed([0], palette: [RGBColor(0, 0, 0)]))
        #expect(throws: PNGError.invalidDimensions(width: width, height: height)) {
            try PNGEncoder().encode(bitmap)
        }
    }

    @Test func aPixelCountAboveTheLimitIsRejectedBeforeAnyAllocation() {
        let bitmap = Bitmap(width: 1_000_000, height: 1_000_000, pixels: .rgb([]))
        #expect(throws: PNGError.tooManyPixels(width: 1_000_000, height: 1_000_000, limit: 1 << 28)) {
            try PNGEncoder().encode(bitmap)
        }
    }

    @Test func mismatchedBuffersAndPalettesAreRejected() {
        let black = RGBColor(0, 0, 0)
        #expect(throws: PNGError.pixelCountMismatch(expected: 6, actual: 5)) {
            try PNGEncoder().encode(Bitmap(width: 3, height: 2, pixels: .indexed([0, 0, 0, 0, 0], palette: [black])))
        }
        #expect(throws: PNGError.pixelCountMismatch(expected: 6, actual: 7)) {
            try PNGEncoder().encode(Bitmap(width: 3, height: 2, pixels: .rgb([UInt8](repeating: 0, count: 21))))
        }
        #expect(throws: PNGError.invalidPalette(count: 0)) {
            try PNGEncoder().encode(Bitmap(width: 1, height: 1, pixels: .indexed([0], palette: [])))
        }
        #expect(throws: PNGError.invalidPalette(count: 257)) {
            try PNGEncoder().encode(
                Bitmap(width: 1, height: 1, pixels: .indexed([0], palette: Array(repeating: black, count: 257))))
        }
        #expect(throws: PNGError.invalidCompressionLevel(10)) {
            try PNGEncoder(compression: PNGCompression(level: 10)).encode(
                Bitmap(width: 1, height: 1, pixels: .indexed([0], palette: [black])))
        }
    }

    @Test(arguments: [1, 2, 3, 5, 17])
    func aPaletteIndexOutOfRangeIsCaughtInC(colours: Int) {
        var bitmap = Self.randomIndexed(width: 9, height: 4, colours: colours, seed: 11)
        if case .indexed(var pixels, let palette) = bitmap.pixels {
            pixels[pixels.count - 2] = UInt8(colours)
            bitmap.pixels = .indexed(pixels, palette: palette)
        }
        #expect(throws: PNGError.paletteIndexOutOfRange(paletteCount: colours)) {
            try PNGEncoder().encode(bitmap)
        }
    }
}
