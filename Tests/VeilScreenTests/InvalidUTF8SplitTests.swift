import Testing
import VeilTestSupport

@testable import VeilScreen

/// An invalid UTF-8 sequence split across writes shows U+FFFD, as xterm does (battery
/// `invalid_utf8`), never U+FFFF or anything else, on every path that feeds bytes in
/// pieces: plain writes, writes with their input positions (an observer following), byte by byte.
/// `veil screen --actions` shows the parser's side: `print "A\u{FFFD}B"` for `A E2 82 B`.
@Suite struct InvalidUTF8SplitTests {
    static let inputs: [[UInt8]] = [
        [0x41, 0xE2, 0x82, 0x42],  // three-byte sequence cut short
        [0x41, 0xF0, 0x9F, 0x98, 0x42],  // four-byte sequence cut short
        [0x41, 0xC0, 0xAF, 0x42],  // overlong
        [0x41, 0xED, 0xA0, 0x80, 0x42],  // surrogate
        [0x41, 0x80, 0x42],  // stray continuation
    ]

    @Test(arguments: inputs)
    func everySplitShowsOneReplacementCharacter(_ bytes: [UInt8]) throws {
        for cut in 1..<bytes.count {
            var plain = try Terminal(cols: 10, rows: 2)
            plain.feed(Array(bytes[..<cut]))
            plain.feed(Array(bytes[cut...]))
            var tracked = try Terminal(cols: 10, rows: 2)
            tracked.observer = ScreenChangeRecorder()
            tracked.feed(Array(bytes[..<cut]), at: 0)
            tracked.feed(Array(bytes[cut...]), at: cut)
            for terminal in [plain, tracked] {
                #expect(terminal.screen.visibleLines()[0] == "A\u{FFFD}B", "\(bytes) cut at \(cut)")
                #expect(!terminal.screen.cells.contains { $0.scalar == "\u{FFFF}" })
            }
        }
    }
}
