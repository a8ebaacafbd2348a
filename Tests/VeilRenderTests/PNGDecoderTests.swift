import Testing
import VeilRender

@Suite struct PNGDecoderTests {
    /// Files made by hand (Scripts/render-goldens/make-png-fixtures.py), not by our encoder.
    @Test(arguments: ["rgba16-interlaced", "grey2", "palette-trns", "good-rgb"])
    func otherColourTypesExpandToRGB(name: String) throws {
        let decoded = try PNGDecoder().decode(try Fixtures.bytes("png/\(name).png"))
        if name == "good-rgb" {
            let row = (0..<12).map { UInt8($0 * 20) }
            #expect(decoded.rgbBytes() == Array([row, row, row, row].joined()))
        } else {
            #expect(decoded.rgbBytes() == (try Fixtures.bytes("png/\(name).rgb")))
        }
    }

    /// The error a corrupt file must give, from whichever layer finds it.
    enum Expected: Sendable, CustomStringConvertible {
        case chunk(PNGChunkError), header(PNGHeaderError), codec(PNGError)

        func matches(_ error: any Error) -> Bool {
            switch self {
            case .chunk(let expected): return error as? PNGChunkError == expected
            case .header(let expected): return error as? PNGHeaderError == expected
            case .codec(let expected): return error as? PNGError == expected
            }
        }

        var description: String {
            switch self {
            case .chunk(let error): return "\(error)"
            case .header(let error): return "\(error)"
            case .codec(let error): return "\(error)"
            }
        }
    }

    static let corruptFiles: [(String, Expected)] = [
        ("corrupt-no-signature", .chunk(.missingSignature)),
        ("corrupt-truncated", .chunk(.truncatedChunkBody(type: "IDAT", declared: 28, available: 20))),
        ("corrupt-ihdr-crc", .chunk(.invalidChunkChecksum(type: "IHDR", declared: 0x1234_5678, computed: 0x2693_0929))),
        ("corrupt-no-iend", .chunk(.missingEnd)),
        ("corrupt-first-chunk", .header(.missingHeader(firstChunk: "IDAT"))),
        ("corrupt-ihdr-length", .header(.invalidHeaderLength(12))),
        ("corrupt-ihdr-depth", .header(.invalidColorFormat(colorType: 3, bitDepth: 16))),
        ("corrupt-ihdr-zero-width", .header(.invalidDimensions(width: 0, height: 4))),
        ("corrupt-ihdr-too-wide", .codec(.invalidDimensions(width: 2_000_000, height: 1))),
        ("corrupt-ihdr-bomb", .codec(.tooManyPixels(width: 20_000, height: 20_000, limit: 1 << 28))),
        ("corrupt-zlib-header", .codec(.libpng(message: "IDAT: incorrect header check"))),
        ("corrupt-short-idat", .codec(.libpng(message: "Not enough image data"))),
    ]

    @Test(arguments: corruptFiles)
    func corruptFilesGiveTheExactError(name: String, expected: Expected) throws {
        let bytes = try Fixtures.bytes("png/\(name).png")
        do {
            _ = try PNGDecoder().decode(bytes)
            Issue.record("\(name) decoded without an error")
        } catch {
            #expect(expected.matches(error), "\(name): got \(error)")
        }
    }

    @Test func everyPrefixOfAGoodFileIsAnErrorNotACrash() throws {
        let good = try Fixtures.bytes("png/rgba16-interlaced.png")
        for length in 0..<good.count {
            #expect(throws: (any Error).self) { try PNGDecoder().decode(Array(good[0..<length])) }
        }
    }

    @Test func flippingAnyBitOfAGoodFileNeverCrashes() throws {
        let good = try Fixtures.bytes("png/palette-trns.png")
        for index in 0..<good.count {
            var bytes = good
            bytes[index] ^= 0x10
            _ = try? PNGDecoder().decode(bytes)
        }
    }
}
