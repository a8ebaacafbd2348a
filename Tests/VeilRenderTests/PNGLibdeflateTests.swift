import Foundation
import Testing
import VeilRender
import VeilScreen
import VeilTestSupport

/// The two ways the image data is compressed: libdeflate (when installed) and libpng's zlib.
/// Both must give the same pixels, decoded by libpng; libdeflate's file must be smaller.
@Suite struct PNGLibdeflateTests {
    static let libdeflateMissing =
        "libdeflate is not installed (Debian/Ubuntu: apt-get install libdeflate0): "
        + (PNGEncoder.libdeflateUnavailableReason ?? "")

    /// The snapshot settings, and the same with libdeflate turned off (the zlib path).
    static let standard = PNGEncoder(compression: .standard)
    static let zlibOnly: PNGEncoder = {
        var compression = PNGCompression.standard
        compression.libdeflateLevel = nil
        return PNGEncoder(compression: compression)
    }()

    /// A terminal screen with text in several colours, as snapshots have.
    static func sessionBitmap(cols: Int = 80, rows: Int = 24, scale: Int = 1) throws -> Bitmap {
        var screen = try Screen(cols: cols, rows: rows)
        var random = SeededGenerator(seed: 30)
        let words = ["veil", "snap", "secret", "token", "ls", "-la", "README.md", "build", "ok", "$"]
        for row in 0..<rows where row % 3 != 2 {
            var col = 0
            while col < cols - 10 {
                let word = words[Int.random(in: 0..<words.count, using: &random)]
                let colour = TerminalColor.indexed(UInt8(Int.random(in: 1...6, using: &random)))
                for scalar in word.unicodeScalars where col < cols {
                    screen.cells[row * cols + col] = Cell(scalar: scalar, foreground: colour)
                    col += 1
                }
                col += 1
            }
        }
        return try Rasterizer(font: try BitmapFont.unifont(), theme: .dark, options: RenderOptions(scale: scale))
            .rasterize(screen)
    }

    /// The data of every chunk but IDAT, in order, as (type, bytes).
    static func chunksButImageData(_ png: [UInt8]) throws -> [(String, [UInt8])] {
        try PNGChunks.lex(png).filter { $0.type != "IDAT" }
            .map { ($0.type, Array(png[$0.dataOffset..<($0.dataOffset + $0.length)])) }
    }

    @Test(.enabled(if: PNGEncoder.isLibdeflateAvailable, Comment(rawValue: libdeflateMissing)))
    func bothPathsGiveTheSamePixelsAndLibdeflateTheSmallerFile() throws {
        for (cols, rows, scale) in [(80, 24, 1), (80, 24, 2), (200, 60, 1)] {
            let bitmap = try Self.sessionBitmap(cols: cols, rows: rows, scale: scale)
            let fast = try Self.standard.encode(bitmap)
            let zlib = try Self.zlibOnly.encode(bitmap)
            #expect(fast != zlib, "\(cols)x\(rows) scale \(scale): the same bytes, libdeflate did not run")
            #expect(fast.count < zlib.count, "\(cols)x\(rows) scale \(scale): \(fast.count) ≥ zlib's \(zlib.count)")
            #expect(try PNGDecoder().decode(fast).rgbBytes() == bitmap.rgbBytes())
            #expect(try PNGDecoder().decode(zlib).rgbBytes() == bitmap.rgbBytes())
            // libpng writes the same chunks around the image data either way.
            let (fastChunks, zlibChunks) = (try Self.chunksButImageData(fast), try Self.chunksButImageData(zlib))
            #expect(fastChunks.map(\.0) == ["IHDR", "PLTE", "IEND"])
            #expect(fastChunks.map(\.0) == zlibChunks.map(\.0) && fastChunks.map(\.1) == zlibChunks.map(\.1))
            #expect(try PNGChunks.lex(fast).map(\.type) == ["IHDR", "PLTE", "IDAT", "IEND"])
        }
    }

    @Test(.enabled(if: PNGEncoder.isLibdeflateAvailable, Comment(rawValue: libdeflateMissing)))
    func everyBitDepthAndRGBRoundTripOnBothPaths() throws {
        var random = SeededGenerator(seed: 12)
        for colours in [1, 2, 3, 4, 5, 16, 17, 256, 0] {
            for width in [1, 7, 9, 64] {
                let count = width * 11
                let bitmap: Bitmap
                if colours == 0 {
                    let bytes = (0..<(count * 3)).map { _ in UInt8.random(in: 0...255, using: &random) }
                    bitmap = Bitmap(width: width, height: 11, pixels: .rgb(bytes))
                } else {
                    let palette = (0..<colours).map { _ in
                        RGBColor(hex: UInt32.random(in: 0...0xFF_FFFF, using: &random))
                    }
                    let pixels = (0..<count).map { _ in UInt8(Int.random(in: 0..<colours, using: &random)) }
                    bitmap = Bitmap(width: width, height: 11, pixels: .indexed(pixels, palette: palette))
                }
                for encoder in [Self.standard, Self.zlibOnly] {
                    let png = try encoder.encode(bitmap)
                    #expect(try PNGDecoder().decode(png).rgbBytes() == bitmap.rgbBytes(), "\(colours) \(width)")
                }
            }
        }
    }

    @Test(.enabled(if: PNGEncoder.isLibdeflateAvailable, Comment(rawValue: libdeflateMissing)))
    func everyLevelAndThreadsSharingNoCompressorGiveValidFiles() async throws {
        let bitmap = try Self.sessionBitmap(cols: 40, rows: 6)
        let expected = bitmap.rgbBytes()
        // Each thread keeps one compressor and replaces it when the level changes.
        let sizes = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for level in PNGCompression.libdeflateLevels {
                group.addTask {
                    var compression = PNGCompression.standard
                    compression.libdeflateLevel = level
                    let encoder = PNGEncoder(compression: compression)
                    var size = 0
                    for _ in 0..<3 {
                        let png = try encoder.encode(bitmap)
                        guard try PNGDecoder().decode(png).rgbBytes() == expected else { return (level, -1) }
                        size = png.count
                    }
                    return (level, size)
                }
            }
            return try await group.reduce(into: [Int: Int]()) { $0[$1.0] = $1.1 }
        }
        #expect(sizes.count == 12 && sizes.values.allSatisfy { $0 > 0 }, "\(sizes)")
        #expect(sizes[12]! < sizes[1]!, "\(sizes)")
    }

    @Test func theZlibPathIsTodaysFile() throws {
        // With libdeflate off, the standard settings are zlib level 6, default strategy.
        let bitmap = try Self.sessionBitmap(cols: 30, rows: 4)
        #expect(try Self.zlibOnly.encode(bitmap) == PNGEncoder(compression: PNGCompression(level: 6)).encode(bitmap))
        #expect(try PNGDecoder().decode(try Self.zlibOnly.encode(bitmap)).rgbBytes() == bitmap.rgbBytes())
    }

    @Test(arguments: [0, 13, -1])
    func aLibdeflateLevelOutsideOneToTwelveIsRejected(level: Int) {
        let bitmap = Bitmap(width: 1, height: 1, pixels: .indexed([0], palette: [RGBColor(0, 0, 0)]))
        #expect(throws: PNGError.invalidLibdeflateLevel(level)) {
            try PNGEncoder(compression: PNGCompression(level: 6, libdeflateLevel: level)).encode(bitmap)
        }
    }

    @Test(arguments: [2, 5, 17])
    func aPaletteIndexOutOfRangeIsCaughtOnBothPaths(colours: Int) {
        var bitmap = PNGEncoderTests.randomIndexed(width: 9, height: 4, colours: colours, seed: 11)
        if case .indexed(var pixels, let palette) = bitmap.pixels {
            pixels[3] = UInt8(colours)
            bitmap.pixels = .indexed(pixels, palette: palette)
        }
        for encoder in [Self.standard, Self.zlibOnly] {
            #expect(throws: PNGError.paletteIndexOutOfRange(paletteCount: colours)) {
                try encoder.encode(bitmap)
            }
        }
    }

    @Test func availabilityAndItsReasonAgree() {
        #expect(PNGEncoder.isLibdeflateAvailable == (PNGEncoder.libdeflateUnavailableReason == nil))
    }
}

extension PNGLibdeflateTests {
    @Test func anImageAboveTheWholeBufferLimitGoesThroughZlib() throws {
        // 4,736² RGB: 14,209 bytes a row with its filter byte, 67.3 MB in all, above 64 MiB.
        let side = 4736
        let bitmap = Bitmap(width: side, height: side, pixels: .rgb([UInt8](repeating: 7, count: side * side * 3)))
        let png = try Self.standard.encode(bitmap)
        #expect(png == (try Self.zlibOnly.encode(bitmap)))
    }
}
