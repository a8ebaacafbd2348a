import Testing
@testable import VeilScreen
import VeilTestSupport

/// Terminal-like random input: text (ASCII, CJK, emoji, combining marks), invalid UTF-8,
/// controls and escape sequences of every kind.
func randomTerminalInput(_ rng: inout SeededGenerator, pieces: Int) -> [UInt8] {
    let fragments: [String] = [
        "hello", "ls -l", " ", "中文字", "😀", "👨‍👩‍👧", "e\u{301}", "\u{301}", "한국어", "\u{FE0F}",
        "\r", "\n", "\r\n", "\u{8}", "\t", "\u{7}", "\u{E}", "\u{F}",
        "\u{1B}[H", "\u{1B}[2J", "\u{1B}[K", "\u{1B}[1K", "\u{1B}[3@", "\u{1B}[2P", "\u{1B}[L", "\u{1B}[M",
        "\u{1B}[2;3r", "\u{1B}[r", "\u{1B}[S", "\u{1B}[T", "\u{1B}[5X", "\u{1B}[3b", "\u{1B}[I", "\u{1B}[Z",
        "\u{1B}[1;31m", "\u{1B}[38:2::1:2:3m", "\u{1B}[48;5;200m", "\u{1B}[0m", "\u{1B}[7;4:3m",
        "\u{1B}[?7l", "\u{1B}[?7h", "\u{1B}[4h", "\u{1B}[4l", "\u{1B}[?6h", "\u{1B}[?6l", "\u{1B}[?1049h",
        "\u{1B}[?1049l", "\u{1B}[?47h", "\u{1B}[?45h", "\u{1B}[20h", "\u{1B}7", "\u{1B}8", "\u{1B}M", "\u{1B}D",
        "\u{1B}E", "\u{1B}c", "\u{1B}(0", "\u{1B}(B", "\u{1B}#8", "\u{1B}[!p", "\u{1B}]2;title\u{7}",
        "\u{1B}]8;;http://a\u{1B}\\", "\u{1B}]8;;\u{7}", "\u{1B}]7701;pin\u{7}", "\u{1B}]7701;\u{7}",
        "\u{1B}P1$qm\u{1B}\\", "\u{1B}_apc\u{1B}\\", "\u{1B}[1\"q", "\u{1B}[?2J", "\u{1B}[2 @", "\u{1B}[2'}",
    ]
    var bytes: [UInt8] = []
    for _ in 0..<pieces {
        switch rng.next() % 10 {
        case 0:
            // Invalid or partial UTF-8.
            let junk: [[UInt8]] = [[0xFF], [0xC0, 0xAF], [0xE4, 0xB8], [0xF0, 0x9F], [0x80], [0xED, 0xA0, 0x80]]
            bytes += junk[Int(rng.next() % UInt64(junk.count))]
        case 1:
            // A cursor move with random parameters.
            let finals = Array("ABCDEFGHdefa`")
            bytes += Array(
                "\u{1B}[\(rng.next() % 30);\(rng.next() % 90)\(finals[Int(rng.next() % UInt64(finals.count))])".utf8)
        default:
            bytes += Array(fragments[Int(rng.next() % UInt64(fragments.count))].utf8)
        }
    }
    return bytes
}

@Suite struct PropertyTests {
    /// The screen does not depend on how the input is split into `feed` calls.
    @Test func wholeByteByByteAndRandomPiecesGiveTheSameScreen() throws {
        var rng = SeededGenerator(seed: 0x5EED)
        for round in 0..<150 {
            let cols = 1 + Int(rng.next() % 30)
            let rows = 1 + Int(rng.next() % 10)
            let bytes = randomTerminalInput(&rng, pieces: 20 + Int(rng.next() % 80))
            var whole = try Terminal(cols: cols, rows: rows)
            whole.feed(bytes)
            var single = try Terminal(cols: cols, rows: rows)
            for byte in bytes { single.feed([byte]) }
            var pieces = try Terminal(cols: cols, rows: rows)
            var offset = 0
            while offset < bytes.count {
                let length = 1 + Int(rng.next() % 17)
                let end = min(bytes.count, offset + length)
                pieces.feed(Array(bytes[offset..<end]))
                offset = end
            }
            let expected = whole.screen
            #expect(single.screen == expected, "round \(round): byte by byte differs")
            #expect(pieces.screen == expected, "round \(round): random pieces differ")
            #expect(expected.invariantViolation() == nil, "round \(round)")
        }
    }

    /// Random bytes never crash the model and keep its invariants.
    @Test func randomBytesKeepTheInvariants() throws {
        var rng = SeededGenerator(seed: 42)
        for round in 0..<120 {
            let cols = 1 + Int(rng.next() % 120)
            let rows = 1 + Int(rng.next() % 40)
            var t = try Terminal(cols: cols, rows: rows)
            for step in 0..<4 {
                var bytes: [UInt8] = []
                let count = Int(rng.next() % 1500)
                for _ in 0..<count {
                    // Bias towards ESC, '[', digits and ';' so that sequences happen.
                    let pick = rng.next() % 8
                    switch pick {
                    case 0: bytes.append(0x1B)
                    case 1: bytes.append(UInt8(ascii: "["))
                    case 2: bytes.append(UInt8(0x30 + rng.next() % 12))
                    default: bytes.append(UInt8(truncatingIfNeeded: rng.next()))
                    }
                }
                t.feed(bytes)
                let screen = t.screen
                #expect(screen.invariantViolation() == nil, "round \(round) step \(step)")
                #expect(screen.cursor.row < screen.rows && screen.cursor.col < screen.cols)
                if step == 1 {
                    try t.resize(cols: 1 + Int(rng.next() % 120), rows: 1 + Int(rng.next() % 40))
                }
            }
        }
    }

    /// Structured random input keeps the invariants at every step, on many sizes.
    @Test func structuredInputKeepsTheInvariants() throws {
        var rng = SeededGenerator(seed: 7)
        for round in 0..<200 {
            var t = try Terminal(cols: 1 + Int(rng.next() % 12), rows: 1 + Int(rng.next() % 6))
            for _ in 0..<5 {
                t.feed(randomTerminalInput(&rng, pieces: 30))
                #expect(t.screen.invariantViolation() == nil, "round \(round)")
            }
        }
    }
}
