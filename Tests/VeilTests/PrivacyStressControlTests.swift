import Foundation
import Testing
import VeilRedaction
import VeilRender
import VeilScreen
import VeilTestSupport

@testable import Veil

/// Controls for the privacy stress test: each of its checks does fail when the thing it
/// guards against happens (a detector missing, content reaching the pixels, a secret in a
/// PNG chunk or in the compressed pixel stream).
@Suite struct PrivacyStressControlTests {
    /// The first stress session (by index) holding an intact planted secret of `detector`.
    static func session(with detector: String) throws -> (StressSession, Screen) {
        for index in 0..<400 {
            let session = StressSession(seed: SeededGenerator.caseSeed(base: PrivacyStressTests.baseSeed, index: index))
            let screen = try PrivacyStressTests.screen(of: session)
            let lines = PrivacyOracle.lines(of: screen)
            let intact = session.placements.contains { placement in
                placement.secret.detector == detector
                    && !PrivacyOracle.expectedHiddenCells(placement, lines: lines).isEmpty
                    && !PrivacyOracle.expectedHiddenCells(placement, lines: lines).joined().contains {
                        screen.cells[$0].isSensitive
                    }
            }
            if intact { return (session, screen) }
        }
        throw Inflate.Failure(description: "no session with an intact \(detector)")
    }

    @Test(arguments: ["card.pan", "email", "us.ssn"])
    func aMissingDetectorIsCaught(detector: String) throws {
        let (session, _) = try Self.session(with: detector)
        let rig = try PrivacyStressTests.Rig(rules: RuleSet.builtIn.disabling([detector]))
        let result = try PrivacyStressTests.check(session, rig: rig, deep: false)
        #expect(result.failures.contains { $0.contains("\(detector) secret") && $0.contains("left visible") })
        #expect(result.failures.allSatisfy { $0.contains("VEIL_STRESS_SEED=0x") })
    }

    @Test func scramblingHiddenCellsChangesTheUnredactedImage() throws {
        let (_, screen) = try Self.session(with: "card.pan")
        let plan = try Redactor(rules: RuleSet.builtIn).plan(for: screen)
        let hidden = PrivacyOracle.hiddenCells(plan, on: screen)
        var random = SeededGenerator(seed: 9)
        let scrambled = PrivacyOracle.scrambled(screen, hidden: hidden, random: &random)
        let renderer = try SnapshotRenderer()
        #expect(!hidden.isEmpty)
        #expect(try renderer.png(for: scrambled) != renderer.png(for: screen))
        #expect(scrambled.invariantViolation() == nil)
    }

    @Test func leaksInChunksAndInThePixelStreamAreFound() throws {
        let secret = PlantedSecret(
            detector: "card.pan", lines: ["4111 1111 1111 1111"], secrets: ["4111 1111 1111 1111"])
        #expect(secret.leakForms == ["4111 1111 1111 1111", "4111111111111111"])
        let png = try SnapshotRenderer().png(for: try Screen(cols: 4, rows: 1))
        // A tEXt chunk with the digits, spliced in before IEND.
        var tampered = Array(png.dropLast(12))
        let text = Array("Comment\u{0}4111111111111111".utf8)
        tampered += [0, 0, 0, UInt8(text.count)] + Array("tEXt".utf8) + text + [0, 0, 0, 0] + png.suffix(12)
        #expect(PrivacyOracle.leak(in: tampered, of: [secret]) == "4111111111111111")
        #expect(PrivacyOracle.leak(in: png, of: [secret]) == nil)
        // A zlib stream of one stored block holding the secret.
        let payload = Array("xx4111 1111 1111 1111yy".utf8)
        var stream: [UInt8] = [0x78, 0x01, 0x01, UInt8(payload.count), 0, ~UInt8(payload.count), 0xFF] + payload
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in payload { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        let adler = b << 16 | a
        stream += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        #expect(try Inflate.zlib(stream) == payload)
        #expect(PrivacyOracle.leak(in: try Inflate.zlib(stream), of: [secret]) == "4111 1111 1111 1111")
        stream[stream.count - 1] ^= 1
        #expect(throws: Inflate.Failure.self) { try Inflate.zlib(stream) }
    }

    @Test func inflatedIDATHasOneFilteredRowPerLine() throws {
        for scale in 1...3 {
            var terminal = try Terminal(cols: 20, rows: 3)
            terminal.feed("\u{1B}[38;2;1;2;3mhello 世界\u{1B}[7m e\u{301}")
            let renderer = try SnapshotRenderer(options: RenderOptions(scale: scale))
            let png = try renderer.png(for: terminal.screen)
            let bitmap = try PNGDecoder().decode(png)
            let chunks = try PNGChunks.lex(png)
            let header = try PNGHeader(chunks: chunks, in: png)
            let idat = chunks.filter { $0.type == "IDAT" }.flatMap {
                Array(png[$0.dataOffset..<($0.dataOffset + $0.length)])
            }
            let raw = try Inflate.zlib(idat)
            let rowBytes = (bitmap.width * header.bitDepth * (header.colorType == .rgb ? 3 : 1) + 7) / 8
            #expect(raw.count == bitmap.height * (1 + rowBytes))
        }
    }
}
