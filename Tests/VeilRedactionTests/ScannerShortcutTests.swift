import Testing
import VeilTestSupport

@testable import VeilRedaction

/// Shortcuts of the scan loop that must not change a candidate: the shared digit pass
/// (``DigitRuns``), which skips the digit-based scanners on lines that cannot hold their
/// matches, and the entropy scanner's bitmask of run characters.
@Suite struct ScannerShortcutTests {
    /// Pieces the digit-based scanners react to, denser in digits and separators than
    /// ``ScannerFuzzTests/pieces`` so that many lines reach the bounds.
    static let digitPieces = [
        "0", "1", "2", "3", "5", "7", "8", "9", "13", "86", "138", "1234", "5678", "4111", "19", "20", "X", "x",
        " ", "-", "+", "(", ")", ".", "  ", "--", "DE", "GB", "a", "Z", "张", "　", "/", ":",
    ]

    /// Each scanner's candidates with and without the skip, on `line`; nil when they agree.
    static func mismatch(_ line: String, previous: String) -> String? {
        let bytes = Array(line.utf8)
        let above = Array(previous.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            above.withUnsafeBufferPointer { aboveBuffer in
                let runs = DigitRuns(buffer)
                for detector in BuiltInDetector.allCases {
                    var everyLine: [Candidate] = []
                    detector.scan(buffer, previous: aboveBuffer, into: &everyLine)
                    var skipping: [Candidate] = []
                    if detector.mayMatch(runs) { detector.scan(buffer, previous: aboveBuffer, into: &skipping) }
                    if everyLine != skipping { return "\(detector.rawValue) on \(line.debugDescription)" }
                }
                return nil
            }
        }
    }

    @Test func skippingChangesNoCandidateOnTheCorpus() throws {
        let screens = try CorpusTests.load().screens
        var mismatches: [String] = []
        var lines = 0
        var found = 0
        for screen in screens {
            var previous = ""
            for line in screen.lines {
                if let problem = Self.mismatch(line, previous: previous) { mismatches.append(problem) }
                lines += 1
                let bytes = Array(line.utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    for detector in BuiltInDetector.allCases {
                        var candidates: [Candidate] = []
                        detector.scan(buffer, previous: buffer, into: &candidates)
                        found += candidates.count
                    }
                }
                previous = line
            }
        }
        #expect(lines > 500)
        #expect(found > 100, "the corpus exercises the scanners")
        #expect(mismatches.isEmpty)
    }

    @Test func skippingChangesNoCandidateOnRandomLines() {
        var random = ScannerFuzzTests.SplitMix(seed: 23)
        var mismatches: [String] = []
        var previous = ""
        var skipped = 0
        for round in 0..<6000 {
            let pieces = round.isMultiple(of: 2) ? Self.digitPieces : ScannerFuzzTests.pieces
            let count = Int.random(in: 1...40, using: &random)
            let line = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
            if let problem = Self.mismatch(line, previous: previous) { mismatches.append(problem) }
            let runs = Array(line.utf8).withUnsafeBufferPointer { DigitRuns($0) }
            skipped += BuiltInDetector.allCases.filter { !$0.mayMatch(runs) }.count
            previous = line
        }
        #expect(skipped > 1000, "the random lines reach both sides of the bounds")
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// On a quiet line, every gated detector's bound fails: skipping them all at once
    /// skips nothing that would run.
    @Test func aQuietLineRunsNoGatedDetector() {
        var random = ScannerFuzzTests.SplitMix(seed: 43)
        var quiet = 0
        var loud = 0
        for round in 0..<6000 {
            let pieces = round.isMultiple(of: 2) ? Self.digitPieces : ScannerFuzzTests.pieces
            let count = Int.random(in: 1...40, using: &random)
            let line = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
            let runs = Array(line.utf8).withUnsafeBufferPointer { DigitRuns($0) }
            let gated = BuiltInDetector.allCases.filter(\.isGated)
            if runs.isQuiet {
                quiet += 1
                #expect(!gated.contains { $0.mayMatch(runs) }, "\(line.debugDescription)")
            } else {
                loud += 1
            }
        }
        #expect(quiet > 500 && loud > 500, "both kinds of line: \(quiet), \(loud)")
    }

    @Test func theEightByteTestFindsEveryDigitAndPlus() {
        var random = ScannerFuzzTests.SplitMix(seed: 47)
        for round in 0..<20_000 {
            // Bytes near the digits half the time, any byte otherwise.
            let bytes = (0..<8).map { _ in
                round.isMultiple(of: 2)
                    ? UInt8.random(in: 0x28...0x40, using: &random) : UInt8.random(in: 0...255, using: &random)
            }
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            let expected = bytes.contains { ASCII.isDigit($0) || $0 == ASCII.plus }
            #expect(DigitRuns.holdsDigitOrPlus(word) == expected, "\(bytes)")
        }
    }

    @Test func boundsAtTheirEdges() {
        // Each line is a shortest match of one detector, or one digit short of it.
        let cases: [(String, BuiltInDetector, Bool)] = [
            ("4111 1111 1111 1", .cardNumber, true), ("4111 1111 1111", .cardNumber, false),
            ("4111-1111 1111  1", .cardNumber, false),
            ("11010519491231002X", .residentID, true), ("1101051949123100 2X", .residentID, false),
            ("123-45-6789", .ssn, true), ("123-45-678", .ssn, false),
            ("138 1234 5678", .chineseMobile, true), ("+86 138 1234-567", .chineseMobile, true),
            ("138 1234 567", .chineseMobile, false),
            ("+44 20 7946", .internationalPhone, true), ("+44 20 794", .internationalPhone, false),
            ("(212) 555-1234", .internationalPhone, true), ("(212) 555-12", .internationalPhone, false),
            ("030 901820", .internationalPhone, true), ("030 90182", .internationalPhone, false),
            ("12  34 5678 90", .internationalPhone, false), ("+1 (212) 555:0100", .internationalPhone, false),
            ("DE89 3704", .iban, true), ("De89 3704", .iban, false), ("D E89", .iban, false),
            ("no digits at all", .entropy, false), ("x abcdefghij/ABCDEFGHI_ y", .entropy, true),
            ("x abcdefghij/ABCDEFGH y abcdefghij-ABCDEFGH", .entropy, false),
            ("AC0123456789abcdef0123456789abcdef", .twilioKey, true),
            ("AC0123456789abcdef0123456789abcde", .twilioKey, false),
        ]
        for (line, detector, expected) in cases {
            let runs = Array(line.utf8).withUnsafeBufferPointer { DigitRuns($0) }
            #expect(detector.mayMatch(runs) == expected, "\(detector.rawValue) on \(line.debugDescription)")
        }
    }

    @Test func countsOfALine() {
        let runs = Array("ab 12-345 6789 +x 1234567".utf8).withUnsafeBufferPointer { DigitRuns($0) }
        #expect(
            runs
                == DigitRuns(
                    digits: 16, longestRun: 7, longestChain: 9, longestPhoneChain: 9, hasPlus: true,
                    hasLettersThenDigits: false, longTokenRun: 0))
    }

    /// The longest run of token characters, by its skipping search, equals the longest run
    /// counted byte by byte (when it reaches the minimum).
    @Test func longTokenRunsEqualACountByteByByte() {
        var random = ScannerFuzzTests.SplitMix(seed: 41)
        let pieces = ["a", "Z", "0", "=", "+", "/", "_", "-", " ", ".", "张", "abcdefghij", "0123456789abcdef", ":"]
        var long = 0
        for _ in 0..<5000 {
            let count = Int.random(in: 0...60, using: &random)
            let line = Array((0..<count).map { _ in pieces.randomElement(using: &random)! }.joined().utf8)
            var longest = 0
            var run = 0
            for b in line {
                run = EntropyScanner.isRunCharacter(b) ? run + 1 : 0
                longest = max(longest, run)
            }
            let expected = longest >= DigitRuns.longTokenRunMinimum ? longest : 0
            if expected > 0 { long += 1 }
            let counted = line.withUnsafeBufferPointer { DigitRuns.longestTokenRun($0) }
            #expect(counted == expected, "\(String(decoding: line, as: UTF8.self).debugDescription)")
        }
        #expect(long > 500, "the random lines reach both sides of the minimum")
    }

    @Test func entropyRunCharactersAreTheDocumentedClass() {
        for value in 0...255 {
            let b = UInt8(value)
            let spelledOut =
                ASCII.isAlnum(b) || b == ASCII.plus || b == ASCII.slash || b == ASCII.equals
                || b == ASCII.underscore || b == ASCII.dash
            #expect(EntropyScanner.isRunCharacter(b) == spelledOut, "byte \(value)")
        }
    }

    @Test func keywordBitsSelectTheRulesANaiveSearchSelects() throws {
        // More than 64 keywords, so the bit set takes two words or more.
        let many = (0..<70).map { "kw\($0)x" }
        let rules =
            try RuleSet.builtIn.rules + [
                Rule(id: "many", matcher: .builtIn(.email), keywords: many),
                Rule(id: "last", matcher: .builtIn(.email), keywords: ["kw69x"]),
                Rule(id: "off", matcher: .builtIn(.email), keywords: ["a"], isEnabled: false),
            ]
        let index = KeywordIndex(rules: rules)
        #expect(index.keywordCount > 64 && index.keywordWords == (index.keywordCount + 63) / 64)
        var random = ScannerFuzzTests.SplitMix(seed: 31)
        var lines = ["", "kw69x", "KW3X", "password", "eyJ", "nothing"]
        for _ in 0..<1000 {
            let count = Int.random(in: 1...12, using: &random)
            lines.append(
                (0..<count).map { _ in
                    Bool.random(using: &random)
                        ? ScannerFuzzTests.pieces.randomElement(using: &random)!
                        : many.randomElement(using: &random)!
                }.joined())
        }
        var mismatches: [String] = []
        var selected = 0
        for line in lines {
            let lowered = Array(line.utf8).map(ASCII.lower)
            var bits = [UInt64](repeating: 0, count: index.keywordWords)
            let any = Array(line.utf8).withUnsafeBufferPointer { index.mark($0, bits: &bits) }
            if any != bits.contains(where: { $0 != 0 }) { mismatches.append("mark's answer on \(line)") }
            // A line without keywords runs the rules without keywords, and only those.
            if !any && index.unconditional != rules.indices.filter({ index.runs($0, bits: bits) }) {
                mismatches.append("unconditional rules on \(line)")
            }
            for (r, rule) in rules.enumerated() {
                // The naive answer: the rule is enabled and has no keyword or one occurs.
                let naive =
                    rule.isEnabled
                    && (rule.keywords.isEmpty
                        || rule.keywords.contains { keyword in
                            KeywordAutomatonTests.naiveHolds(lowered, keyword)
                        })
                if naive != index.runs(r, bits: bits) {
                    mismatches.append("\(rule.id) on \(line.debugDescription)")
                }
                if naive && !rule.keywords.isEmpty { selected += 1 }
            }
        }
        #expect(selected > 500)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
