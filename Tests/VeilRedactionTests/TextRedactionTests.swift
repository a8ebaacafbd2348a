import Foundation
import Testing
import VeilScreen
import VeilTestSupport
@testable import VeilRedaction

/// The text API: the same engine as screens, positions in characters and bytes, the three
/// styles, repeats of found values, and invalid UTF-8.
@Suite struct TextRedactionTests {
    /// Every case of the detection corpus: the characters each rule hides on the screen are
    /// the characters it hides in the text.
    @Test func textAndScreenAgreeOnTheCorpus() throws {
        let corpus = try CorpusTests.load()
        let rules = try RuleSet.builtIn
        var compared = 0
        for screen in corpus.screens {
            let text = screen.lines.joined(separator: "\n")
            let layout = try TextLayout(text, cols: screen.cols)
            var lineStarts: [Int] = []
            var offset = 0
            for line in screen.lines {
                lineStarts.append(offset)
                offset += line.unicodeScalars.count + 1
            }
            var cellToCharacter: [Int: Int] = [:]
            for (index, cell) in layout.cells.enumerated() { if let cell { cellToCharacter[cell] = index } }
            func onScreen(_ finding: Finding) -> Set<Int> {
                var hidden = Set<Int>()
                for span in finding.spans {
                    for col in span.columns {
                        if let character = cellToCharacter[span.row * screen.cols + col] { hidden.insert(character) }
                    }
                }
                return hidden
            }
            func inText(_ found: TextFinding) -> Set<Int> {
                Set(found.finding.spans.flatMap { span in span.columns.map { lineStarts[span.row] + $0 } })
            }
            struct Hidden: Hashable { var rule: String; var characters: Set<Int> }
            let screenSide = Set(
                try rules.findings(in: layout.screen).filter { $0.source == .rule }.map {
                    Hidden(rule: $0.ruleID, characters: onScreen($0))
                })
            let textSide = Set(
                try rules.textFindings(in: text).filter { !$0.isRepeat }.map {
                    Hidden(rule: $0.ruleID, characters: inText($0))
                })
            #expect(screenSide == textSide, "corpus screen \(screen.id)")
            compared += screenSide.count
        }
        #expect(compared > 100)
    }

    @Test func positionsCountCharactersAndBytes() throws {
        var secrets = RandomSecrets(random: SeededGenerator(seed: 20))
        for detector in ["card.pan", "aws.access_key", "email", "jwt", "github.token"] {
            let planted = secrets.make(detector)
            let line = "héllo → " + planted.lines[0]
            let text = "first line\n\n" + line + "\n"
            let found = try RuleSet.builtIn.textFindings(in: text).filter { $0.ruleID == detector }
            #expect(found.count == 1, "\(detector)")
            guard let finding = found.first, let range = line.range(of: planted.secrets[0]) else { continue }
            let column = line.unicodeScalars.distance(from: line.startIndex, to: range.lowerBound) + 1
            let byteColumn = line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1
            #expect(finding.start == TextPosition(line: 3, column: column, byteColumn: byteColumn), "\(detector)")
            #expect(finding.end.column == column + planted.secrets[0].unicodeScalars.count)
            let bytes = Array(text.utf8)
            #expect(Array(bytes[finding.byteRange]) == Array(planted.secrets[0].utf8))
            #expect(!finding.description.contains(planted.secrets[0]))
        }
    }

    @Test func longLinesHaveNoScreenWidth() throws {
        let padding = String(repeating: "x ", count: 5_000)
        let text = padding + "card 4111 1111 1111 1111"
        let found = try RuleSet.builtIn.textFindings(in: text)
        #expect(found.map(\.ruleID) == ["card.pan"])
        #expect(found.first?.start == TextPosition(line: 1, column: 10_006, byteColumn: 10_006))
    }

    @Test func stylesReplaceEachFinding() throws {
        let text = "pay 4111 1111 1111 1111 now\nok"
        let rules = try RuleSet.builtIn
        #expect(try rules.redact(text, style: .mask) == "pay ••••••••••••••••••• now\nok")
        #expect(try rules.redact(text, style: .solid) == "pay ███████████████████ now\nok")
        #expect(try rules.redact(text, style: .placeholder) == "pay [REDACTED:card.pan] now\nok")
        #expect(try rules.redact(text, style: .mask(character: "*")) == "pay ******************* now\nok")
        #expect(try rules.redact("nothing here\r\n", style: .mask) == "nothing here\r\n")
    }

    @Test func aPrivateKeyBlockIsHiddenDownToItsEndLine() throws {
        var secrets = RandomSecrets(random: SeededGenerator(seed: 7))
        let key = secrets.make("private_key")
        let text = "before\n" + key.lines.joined(separator: "\n") + "\nafter"
        let redacted = try RuleSet.builtIn.redact(text, style: .mask)
        let lines = redacted.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == key.lines.count + 2)
        #expect(lines.first == "before" && lines.last == "after")
        for secret in key.secrets { #expect(!redacted.contains(secret)) }
        let found = try RuleSet.builtIn.textFindings(in: text).filter { $0.ruleID == "private_key" }
        #expect(found.count == 1)
        #expect(found.first?.start.line == 2 && found.first?.end.line == key.lines.count + 1)
        // Without an END line, the block ends before the first line that cannot be its body.
        let open = "x\n" + key.lines.dropLast().joined(separator: "\n") + "\ntail of the log"
        let redactedOpen = try RuleSet.builtIn.redact(open, style: .placeholder)
        #expect(redactedOpen.hasSuffix("[REDACTED:private_key]\ntail of the log"))
        for secret in key.secrets { #expect(!redactedOpen.contains(secret)) }
    }

    @Test func foundValuesAreHiddenWhereverTheyAppearAgain() throws {
        let rules = try RuleSet(
            yaml: """
                extend: {useDefault: false}
                rules:
                  - id: ticket
                    regex: 'ticket=([A-Z0-9]+)'
                    secretGroup: 1
                """)
        let text = "echo QX7Z ZK81PLM3\nticket=ZK81PLM3 ticket=QX7Z\nagain ZK81PLM3, QX7Z"
        let found = try rules.textFindings(in: text)
        #expect(
            found.filter { !$0.isRepeat }.map(\.start) == [
                TextPosition(line: 2, column: 8, byteColumn: 8), TextPosition(line: 2, column: 24, byteColumn: 24),
            ])
        // The 8-character value everywhere (before and after), the 4-character one only where found.
        #expect(
            found.filter(\.isRepeat).map(\.start) == [
                TextPosition(line: 1, column: 11, byteColumn: 11), TextPosition(line: 3, column: 7, byteColumn: 7),
            ])
        #expect(
            try rules.redact(text, style: .mask)
                == "echo QX7Z ••••••••\nticket=•••••••• ticket=••••\nagain ••••••••, QX7Z")
    }

    /// The one-pass search for repeats finds what a naive search of each value finds.
    @Test func repeatSearchMatchesANaiveSearch() {
        var random = SeededGenerator(seed: 66)
        for _ in 0..<50 {
            let alphabet = "abcab\ncé"
            let text = random.string(alphabet, count: Int.random(in: 0...400, using: &random))
            let needles = (0..<Int.random(in: 1...20, using: &random)).map { _ in
                Array(random.string("abcé", count: Int.random(in: 4...9, using: &random)).utf8)
            }
            let lines = TextLines(Array(text.utf8))
            let fast = lines.text.occurrences(of: needles, directLimit: 0).map { "\($0.index) \($0.spans)" }
            var naive: [(Int, Int, String)] = []
            for (row, line) in lines.text.lines.enumerated() {
                let bytes = Array(lines.text.bytes[line.range])
                for (index, needle) in needles.enumerated() where needle.count >= 6 && needle.count <= bytes.count {
                    for start in 0...(bytes.count - needle.count)
                    where Array(bytes[start..<(start + needle.count)]) == needle {
                        let spans = lines.text.cellSpans(
                            for: (line.range.lowerBound + start)..<(line.range.lowerBound + start + needle.count))
                        naive.append((row, start * 100 + index, "\(index) \(spans)"))
                    }
                }
            }
            naive.sort { ($0.0, $0.1 / 100, $0.1 % 100) < ($1.0, $1.1 / 100, $1.1 % 100) }
            #expect(fast == naive.map(\.2))
            let direct = lines.text.occurrences(of: needles, directLimit: .max).map { "\($0.index) \($0.spans)" }
            #expect(direct == naive.map(\.2))
        }
    }

    @Test func invalidUTF8IsScannedWithCorrectPositions() throws {
        // A stray continuation, a truncated 3-byte sequence, an overlong form: each byte is one character.
        let prefix: [UInt8] = [0x80, 0x20, 0xE2, 0x82, 0x20, 0xC0, 0xAF, 0x20]
        let bytes = Array("line one \u{FF}\n".utf8) + prefix + Array("card 4111 1111 1111 1111 \u{E9}".utf8) + [0xFF]
        let found = try RuleSet.builtIn.textFindings(inUTF8: bytes)
        #expect(found.map(\.ruleID) == ["card.pan"])
        #expect(found.first?.start == TextPosition(line: 2, column: 14, byteColumn: 14))
        let redacted = try RuleSet.builtIn.redact(utf8: bytes, style: .mask)
        let expected = Array("line one \u{FF}\n".utf8) + prefix + Array("card \("•" * 19) \u{E9}".utf8) + [0xFF]
        #expect(redacted == expected)
    }

    @Test func randomBytesNeverCrashAndNeverLeak() throws {
        var random = SeededGenerator(seed: 2020)
        var secrets = RandomSecrets(random: SeededGenerator(seed: 2021))
        let rules = try RuleSet.builtIn
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            var planted: [PlantedSecret] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                bytes += (0..<Int.random(in: 0...40, using: &random)).map { _ in
                    random.chance(20) ? 0x0A : UInt8.random(in: 0...255, using: &random)
                }
                let secret = secrets.any()
                planted.append(secret)
                bytes += Array(("\n" + secret.lines.joined(separator: "\n") + "\n").utf8)
            }
            let redacted = try rules.redact(utf8: bytes, style: .solid)
            #expect(redacted.filter { $0 == 0x0A }.count == bytes.filter { $0 == 0x0A }.count)
            let output = String(decoding: redacted, as: UTF8.self)
            for secret in planted {
                for form in secret.secrets { #expect(!output.contains(form), "\(secret.detector) leaked") }
            }
        }
    }
}

private func * (text: String, count: Int) -> String { String(repeating: text, count: count) }
