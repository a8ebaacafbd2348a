import Foundation
import Testing
import VeilRender
import VeilScreen

/// Renders every fixture screen, encodes and decodes it, and compares the decoded pixels
/// with the independent reference renderer's dumps (Scripts/render-goldens/render.py).
@Suite struct GoldenRenderTests {
    static let fixtureNames = (try? ScreenFixture.names()) ?? []

    @Test func thereAreGoldenFixtures() {
        #expect(Self.fixtureNames.count >= 12)
    }

    @Test(arguments: fixtureNames)
    func decodedPixelsMatchTheReferenceRenderer(name: String) throws {
        let fixture = try ScreenFixture(name: name)
        let font = try BitmapFont.unifont()
        for scale in fixture.scales {
            let bitmap = try Rasterizer(font: font, theme: fixture.theme, options: fixture.options(scale: scale))
                .rasterize(fixture.screen)
            #expect(bitmap.width == (fixture.screen.cols * 8 + 2 * fixture.padding) * scale)
            #expect(
                bitmap.height == (fixture.screen.rows * 16 + 2 * fixture.padding + (fixture.windowFrame ? 20 : 0))
                    * scale)
            let golden = try Fixtures.bytes("screens/\(name).s\(scale).rgb")
            // Both ways of compressing: libdeflate (when installed) and zlib.
            for encoder in [PNGEncoder(), PNGLibdeflateTests.zlibOnly] {
                let png = try encoder.encode(bitmap)
                let decoded = try PNGDecoder().decode(png)
                let mismatch = Self.firstMismatch(decoded.rgbBytes(), golden, width: bitmap.width)
                #expect(mismatch == nil, "\(name) at scale \(scale), \(encoder.compression): \(mismatch ?? "")")
                #expect(decoded.rgbBytes() == bitmap.rgbBytes())
                try PNGChecks.expectWellFormed(png, for: bitmap)
            }
        }
    }

    static func firstMismatch(_ actual: [UInt8], _ expected: [UInt8], width: Int) -> String? {
        guard actual.count == expected.count else { return "\(actual.count) bytes, golden has \(expected.count)" }
        var differing = 0
        var first: Int?
        for pixel in 0..<(actual.count / 3)
        where actual[3 * pixel..<3 * pixel + 3] != expected[3 * pixel..<3 * pixel + 3] {
            differing += 1
            if first == nil { first = pixel }
        }
        guard let first else { return nil }
        let got = actual[3 * first..<3 * first + 3].map { String($0) }.joined(separator: ",")
        let want = expected[3 * first..<3 * first + 3].map { String($0) }.joined(separator: ",")
        return "\(differing) pixels differ; first at x \(first % width) y \(first / width): got \(got), golden \(want)"
    }
}
