import Foundation
import Testing
import VeilTestSupport
@testable import VeilRedaction

/// The stream gives what the whole text gives, piece by piece.
@Suite struct TextStreamTests {
    /// Random lines with planted secrets, cut into random pieces at line ends.
    static func randomText(seed: UInt64) -> (text: [UInt8], planted: [PlantedSecret]) {
        var random = SeededGenerator(seed: seed)
        var secrets = RandomSecrets(random: SeededGenerator(seed: seed &+ 1))
        var lines: [String] = []
        var planted: [PlantedSecret] = []
        let words = ["GET /index", "INFO started", "retry in 3s", "user=alice", "ok", "", "日志 完成", "→ done"]
        for _ in 0..<Int.random(in: 5...60, using: &random) {
            if random.chance(25) {
                let secret = secrets.any()
                planted.append(secret)
                lines += secret.lines
            } else {
                lines.append(random.pick(words))
            }
        }
        return (Array(lines.joined(separator: "\n").utf8) + (random.chance(50) ? [0x0A] : []), planted)
    }

    static func pieces(_ text: [UInt8], seed: UInt64) -> [[UInt8]] {
        var random = SeededGenerator(seed: seed)
        var pieces: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in text {
            current.append(byte)
            if byte == 0x0A && random.chance(30) {
                pieces.append(current)
                current = []
            }
        }
        pieces.append(current)
        return pieces
    }

    @Test func piecesGiveTheFindingsOfTheWholeText() throws {
        let rules = try RuleSet.builtIn
        for seed in 0..<60 as Range<UInt64> {
            let (text, planted) = Self.randomText(seed: seed)
            let whole = try rules.textFindings(inUTF8: text).filter { !$0.isRepeat }
            var stream = TextStream(rules: rules)
            var streamed: [TextFinding] = []
            var returned: [UInt8] = []
            var output: [UInt8] = []
            let pieces = Self.pieces(text, seed: seed)
            for (index, piece) in pieces.enumerated() {
                let isFinal = index == pieces.count - 1
                var copy = stream
                let (lines, findings) = try stream.next(piece, isFinal: isFinal)
                returned += lines
                streamed += findings
                output += try copy.redact(piece, isFinal: isFinal, style: .solid)
            }
            #expect(returned == text, "seed \(seed)")
            struct Place: Hashable {
                var rule: String; var start: TextPosition; var end: TextPosition; var bytes: Range<Int>
            }
            let expected = whole.map { Place(rule: $0.ruleID, start: $0.start, end: $0.end, bytes: $0.byteRange) }
            let actual = streamed.filter { !$0.isRepeat }.map {
                Place(rule: $0.ruleID, start: $0.start, end: $0.end, bytes: $0.byteRange)
            }
            #expect(Set(actual) == Set(expected), "seed \(seed)")
            #expect(output.filter { $0 == 0x0A }.count == text.filter { $0 == 0x0A }.count)
            let redacted = String(decoding: output, as: UTF8.self)
            for secret in planted {
                for form in secret.secrets {
                    #expect(!redacted.contains(form), "seed \(seed): \(secret.detector) leaked")
                }
            }
        }
    }

    @Test func theDashPrefilterFindsEveryRunOfFive() {
        var random = SeededGenerator(seed: 5)
        for _ in 0..<2_000 {
            let bytes = Array(random.string("-a-", count: Int.random(in: 0...40, using: &random)).utf8)
            let naive = String(decoding: bytes, as: UTF8.self).contains("-----")
            #expect(bytes.withUnsafeBufferPointer(TextStream.hasFiveDashes) == naive, "\(bytes)")
        }
    }

    @Test func aRepeatInALaterPieceIsHidden() throws {
        let rules = try RuleSet(
            yaml: """
                extend: {useDefault: false}
                rules:
                  - id: ticket
                    regex: 'ticket=([A-Z0-9]+)'
                    secretGroup: 1
                """)
        var stream = TextStream(rules: rules)
        var out = try stream.redact(Array("ticket=ZK81PLM3\n".utf8))
        out += try stream.redact(Array("echo ZK81PLM3\n".utf8))
        out += try stream.redact(Array("done".utf8), isFinal: true)
        #expect(String(decoding: out, as: UTF8.self) == "ticket=••••••••\necho ••••••••\ndone")
    }

    @Test func aPrivateKeyBlockSplitAcrossPiecesIsHeldUntilItsEnd() throws {
        var secrets = RandomSecrets(random: SeededGenerator(seed: 99))
        let key = secrets.make("private_key")
        var stream = TextStream(rules: try RuleSet.builtIn)
        var out: [UInt8] = []
        var returned = 0
        for line in ["log start"] + key.lines + ["log end"] {
            let piece = try stream.redact(Array((line + "\n").utf8))
            returned += piece.isEmpty ? 0 : 1
            out += piece
        }
        out += try stream.redact([], isFinal: true)
        let text = String(decoding: out, as: UTF8.self)
        for secret in key.secrets { #expect(!text.contains(secret)) }
        #expect(text.hasPrefix("log start\n") && text.hasSuffix("\nlog end\n"))
        // "log start", the whole block once its END line came, "log end".
        #expect(returned == 3)
    }

    @Test func aBlockTooLongToHoldStaysHiddenDownToItsEnd() throws {
        var stream = TextStream(rules: try RuleSet.builtIn)
        let body = String(
            repeating: String(repeating: "QUJD", count: 16) + "\n", count: TextStream.maximumHeldBytes / 64)
        var out = try stream.redact(Array("-----BEGIN RSA PRIVATE KEY-----\n\(body)".utf8))
        #expect(!out.isEmpty)
        out += try stream.redact(Array("\(body)-----END RSA PRIVATE KEY----- tail\nvisible\n".utf8))
        out += try stream.redact([], isFinal: true)
        let text = String(decoding: out, as: UTF8.self)
        #expect(!text.contains("QUJD"))
        #expect(!text.contains("BEGIN"))
        #expect(text.hasSuffix(" tail\nvisible\n"))
    }
}
