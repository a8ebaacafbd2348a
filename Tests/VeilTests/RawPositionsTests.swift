import Testing
import VeilTestSupport

@testable import Veil

/// Positions found walking forward through raw bytes are those counted from the start.
@Suite struct RawPositionsTests {
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("\n".utf8), Array("é".utf8), Array("漢".utf8), Array("😀".utf8), [0x1B], [0x80],
        [0xBF], [0xC3], [0xE6, 0xBC], [0xF0, 0x9F, 0x98], [0xFF], [0xC0], Array("\r\n".utf8),
    ]

    @Test(arguments: Array(UInt64(1)...UInt64(60)))
    func agreesWithCountingFromTheStart(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...80, using: &random) { bytes += random.pick(Self.pieces) }
        let input = CaptureInput.raw(bytes)
        var positions = RawPositions(bytes)
        var offset = 0
        for _ in 0..<40 {
            // Mostly forward, sometimes the same offset or back.
            offset =
                Int.random(in: 0..<10, using: &random) == 0
                ? Int.random(in: 0..<bytes.count, using: &random)
                : min(bytes.count, offset + Int.random(in: 0...6, using: &random))
            #expect(
                positions.region(ofOffset: offset) == input.region(ofOffset: offset),
                "seed \(seed), offset \(offset) of \(bytes)")
        }
    }
}
