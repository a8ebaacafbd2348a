import Foundation
import Testing
import VeilTestSupport
import VeilScreen
@testable import VeilRedaction

/// The shortcuts of the detection hot path give the same answers as the straightforward
/// code: fingerprints, the screen's text, the app-marks check, the scanners' dispatch and
/// the resident ID's date check.
@Suite struct DetectionFastPathTests {
    let rules: RuleSet
    init() throws { rules = try RuleSet.builtIn }

    // MARK: Fingerprints

    /// HMAC-SHA256 of the normalized text, first 16 hex digits, computed independently
    /// (Python's `hmac`): baselines written by earlier versions must keep matching.
    static let goldenFingerprints: [(text: String, defaultSalt: String, salt1to16: String)] = [
        ("4111 1111 1111 1111", "50f7470817259fbd", "68eeae409207315e"),
        ("4111-1111-1111-1111", "50f7470817259fbd", "68eeae409207315e"),
        ("Password: hunter22", "c81a5f9f9019a3d3", "e6123e45428cdbb2"),
        ("ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d", "0090aa93528e46d1", "988e21c5f8aa1943"),
        ("密码：abc 12345", "a0f347cd73967738", "366e60b6e13f7cae"),
        ("张\u{3000}三丰", "bf178ad3fca5b447", "b368809d991178a6"),
        ("a\u{A0}b\tc\nd", "fda298a522350183", "20a5934f887ee9c0"),
        ("", "fd65d041b6960a78", "2ad378248836d787"),
    ]

    @Test func fingerprintsMatchTheirGoldenValues() {
        let salt = Array(UInt8(1)...UInt8(16))
        for (text, expected, expectedSalted) in Self.goldenFingerprints {
            #expect(Fingerprint.of(text, salt: Fingerprint.defaultSalt) == expected, "\(text)")
            #expect(Fingerprint.of(text, salt: []) == expected, "\(text): empty salt means the default")
            #expect(Fingerprint.compute(Fingerprint.normalize(text), salt: Fingerprint.defaultSalt) == expected)
            #expect(Fingerprint.of(text, salt: salt) == expectedSalted, "\(text)")
            #expect(Fingerprint.compute(Fingerprint.normalize(text), salt: salt) == expectedSalted)
        }
    }

    @Test func theASCIIShortcutEqualsNormalizingFirst() {
        var generator = ScannerFuzzTests.SplitMix(seed: 7)
        let pieces = [
            "a", "Z", "0", "9", " ", "-", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "_", "=", "/", "é", "密",
            "\u{3000}", "\u{A0}", "\u{2028}", "😀", "\u{301}",
        ]
        for _ in 0..<500 {
            let length = Int(generator.next() % 24)
            let text = (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let normalizedFirst = Fingerprint.compute(Fingerprint.normalize(text), salt: Fingerprint.defaultSalt)
            let scalars = Array(text.unicodeScalars)
            #expect(Fingerprint.of(text, salt: Fingerprint.defaultSalt) == normalizedFirst, "\(scalars)")
        }
    }

    @Test func aFindingsFingerprintIsItsNormalizedMatchsHMAC() throws {
        let finding = try #require(try rules.findings(in: TestScreen("card 4111 1111 1111 1111").screen).first)
        #expect(finding.fingerprint == "50f7470817259fbd")
        #expect(finding.fingerprint(salt: Array(UInt8(1)...UInt8(16))) == "68eeae409207315e")
        // Reading it twice, or from concurrent tasks, gives the same value.
        #expect(finding.fingerprint == finding.fingerprint)
    }

    @Test func fingerprintsAreStableAcrossThreads() async {
        let results = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { Fingerprint.of("4111 1111 1111 1111", salt: Fingerprint.defaultSalt) } }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(results == ["50f7470817259fbd"])
    }

    // MARK: The screen's text

    @Test func screenTextEqualsTheCellByCellReading() throws {
        var generator = ScannerFuzzTests.SplitMix(seed: 42)
        for round in 0..<400 {
            let screen = try Self.randomScreen(&generator)
            let text = ScreenText(screen: screen)
            let reference = ReferenceText(screen: screen)
            #expect(text.bytes == reference.bytes, "round \(round)")
            #expect(text.origin == reference.origin, "round \(round)")
            #expect(
                text.lines.map { [$0.range.lowerBound, $0.range.upperBound, $0.firstRow, $0.lastRow] }
                    == reference.lines, "round \(round)")
            #expect(text.hasMarkedCells == screen.cells.contains { $0.sensitiveIndex != 0 }, "round \(round)")
        }
    }

    @Test func screenTextOfAScreenFullOfLongCharacters() throws {
        // Box-drawing characters: three UTF-8 bytes per narrow cell, more than the first
        // buffer (one byte per cell) holds.
        var screen = try Screen(cols: 7, rows: 3)
        for index in screen.cells.indices { screen.cells[index].scalar = "─" }
        let text = ScreenText(screen: screen)
        #expect(text.bytes == Array(String(repeating: "───────", count: 3).utf8))
        #expect(text.bytes == ReferenceText(screen: screen).bytes)
        #expect(text.lines.count == 3)
    }

    // MARK: App marks

    /// The cells the app marked, and the cells the `app.marked` findings cover.
    func marks(_ screen: Screen) throws -> (marked: Set<[Int]>, found: Set<[Int]>) {
        var marked = Set<[Int]>()
        for row in 0..<screen.rows {
            for col in 0..<screen.cols where screen[row, col].isSensitive { marked.insert([row, col]) }
        }
        var found = Set<[Int]>()
        for finding in try rules.findings(in: screen) where finding.ruleID == "app.marked" {
            for span in finding.spans { for col in span.columns { found.insert([span.row, col]) } }
        }
        return (marked, found)
    }

    func expectMarks(
        _ terminal: Terminal, _ expected: Set<[Int]>, _ comment: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let (marked, found) = try marks(terminal.screen)
        #expect(marked == expected, comment, sourceLocation: sourceLocation)
        #expect(found == expected, comment, sourceLocation: sourceLocation)
    }

    static let markStart = "\u{1B}]7701;pin\u{07}"
    static let markEnd = "\u{1B}]7701;\u{07}"

    @Test func marksFollowScrolling() throws {
        var terminal = try Terminal(cols: 20, rows: 3)
        terminal.feed("top\r\nPIN \(Self.markStart)4821\(Self.markEnd)")
        try expectMarks(terminal, [[1, 4], [1, 5], [1, 6], [1, 7]], "marked on row 1")
        terminal.feed("\r\nnext\r\n")
        try expectMarks(terminal, [[0, 4], [0, 5], [0, 6], [0, 7]], "scrolled up one row")
        terminal.feed("more\r\n")
        try expectMarks(terminal, [], "scrolled off the screen")
        terminal.feed("\u{1B}[2;3r\u{1B}[2;1H\(Self.markStart)ab\(Self.markEnd)\u{1B}[3;1H\n")
        try expectMarks(terminal, [], "scrolled out of a scroll region")
        terminal.feed("\u{1B}[r\u{1B}[1;1H\(Self.markStart)cd\(Self.markEnd)\u{1B}[1;1H\u{1B}M")
        try expectMarks(terminal, [[1, 0], [1, 1]], "scrolled down by reverse index")
    }

    @Test func marksGoWithErasedCells() throws {
        var terminal = try Terminal(cols: 20, rows: 4)
        terminal.feed("a \(Self.markStart)12345\(Self.markEnd)\r\nb \(Self.markStart)678\(Self.markEnd)")
        try expectMarks(
            terminal, [[0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [1, 2], [1, 3], [1, 4]], "two marked runs")
        terminal.feed("\u{1B}[1;3H\u{1B}[2X")
        try expectMarks(terminal, [[0, 4], [0, 5], [0, 6], [1, 2], [1, 3], [1, 4]], "erase characters (ECH)")
        terminal.feed("\u{1B}[2;1H\u{1B}[2K")
        try expectMarks(terminal, [[0, 4], [0, 5], [0, 6]], "erase line (EL 2)")
        terminal.feed("\u{1B}[2J")
        try expectMarks(terminal, [], "erase display (ED 2)")
        terminal.feed("\u{1B}[1;1H\(Self.markStart)xy\(Self.markEnd)\u{1B}[1;1H\u{1B}[P")
        try expectMarks(terminal, [[0, 0]], "delete character (DCH) shifts the run left")
    }

    @Test func marksSurviveAndAreCutByResizing() throws {
        var terminal = try Terminal(cols: 20, rows: 4)
        terminal.feed("key \(Self.markStart)abcdef\(Self.markEnd)")
        let all: Set<[Int]> = Set((4..<10).map { [0, $0] })
        try expectMarks(terminal, all, "before resizing")
        try terminal.resize(cols: 30, rows: 6)
        try expectMarks(terminal, all, "wider and taller")
        let (marked, found) = try marks(terminal.screen)
        try terminal.resize(cols: 7, rows: 2)
        let after = try marks(terminal.screen)
        #expect(after.found == after.marked, "narrower: whatever the marks became, detection sees all of them")
        #expect(!after.marked.isEmpty)
        #expect(marked == found)
    }

    @Test func marksBelongToTheirScreenBuffer() throws {
        var terminal = try Terminal(cols: 20, rows: 4)
        terminal.feed("main \(Self.markStart)pw\(Self.markEnd)")
        try expectMarks(terminal, [[0, 5], [0, 6]], "main screen")
        terminal.feed("\u{1B}[?1049h")
        try expectMarks(terminal, [], "the alternate screen starts clear")
        terminal.feed("\u{1B}[2;1Halt \(Self.markStart)9\(Self.markEnd)")
        try expectMarks(terminal, [[1, 4]], "marked on the alternate screen")
        terminal.feed("\u{1B}[?1049l")
        try expectMarks(terminal, [[0, 5], [0, 6]], "back on the main screen")
    }

    @Test func marksOnBlankCellsAndWrappedRowEndsAreFound() throws {
        // Blank cells at the end of a row are no part of the text, but a mark on them counts.
        var terminal = try Terminal(cols: 10, rows: 3)
        terminal.feed("ab")
        try terminal.markSensitive(row: 0, col: 6, width: 3, height: 2, reason: "blank")
        try expectMarks(terminal, [[0, 6], [0, 7], [0, 8], [1, 6], [1, 7], [1, 8]], "blank tails")
        // The last column left blank when a wide character wraps is skipped as text too.
        var wrapping = try Terminal(cols: 5, rows: 3)
        wrapping.feed("abcd张")
        #expect(wrapping.screen.wrapped[0])
        try wrapping.markSensitive(row: 0, col: 4, width: 1, height: 1, reason: "edge")
        try expectMarks(wrapping, [[0, 4]], "the blank before a wrapped wide character")
    }

    @Test func marksWrittenStraightIntoCellsAreFound() throws {
        var screen = try TestScreen("nothing to see\nhere").screen
        #expect(try marks(screen).found.isEmpty)
        screen.cells[screen.cols + 2].sensitiveIndex = screen.internSensitiveReason("direct")
        screen.cells[screen.cols * 2 - 1].sensitiveIndex = 1
        let (marked, found) = try marks(screen)
        #expect(marked == [[1, 2], [1, screen.cols - 1]])
        #expect(found == marked)
    }

    // MARK: Scanners and validators

    @Test func staticDispatchRunsTheSameScanners() throws {
        var lines = try CorpusTests.load().screens.flatMap(\.lines)
        var random = ScannerFuzzTests.SplitMix(seed: 11)
        for _ in 0..<500 {
            let count = Int.random(in: 1...16, using: &random)
            lines.append((0..<count).map { _ in ScannerFuzzTests.pieces.randomElement(using: &random)! }.joined())
        }
        var mismatches: [String] = []
        var previous: [UInt8] = []
        for line in lines {
            let bytes = Array(line.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                previous.withUnsafeBufferPointer { above in
                    for detector in BuiltInDetector.allCases {
                        var viaSwitch: [Candidate] = []
                        var viaExistential: [Candidate] = []
                        detector.scan(buffer, previous: above, into: &viaSwitch)
                        detector.scanner.scan(buffer, previous: above, into: &viaExistential)
                        if viaSwitch != viaExistential { mismatches.append(detector.rawValue) }
                    }
                }
            }
            previous = bytes
        }
        #expect(lines.count > 500)
        #expect(mismatches.isEmpty)
    }

    @Test func theKeywordPrefilterSelectsTheRulesANaiveSearchSelects() throws {
        let rules =
            self.rules.rules + [
                Rule(id: "one-byte", matcher: .builtIn(.email), keywords: ["@", "."]),
                Rule(id: "mixed", matcher: .builtIn(.email), keywords: ["TOKEN", "令牌", "x"], isEnabled: true),
                Rule(id: "off", matcher: .builtIn(.email), keywords: ["a"], isEnabled: false),
            ]
        let index = KeywordIndex(rules: rules)
        var random = ScannerFuzzTests.SplitMix(seed: 5)
        var lines = ["", "@", ".", "a", "x", "eyj", "EYJ", "akia", "password", "令牌", "Pass word", "secret_access_KEY"]
        for _ in 0..<1000 {
            let count = Int.random(in: 1...10, using: &random)
            lines.append((0..<count).map { _ in ScannerFuzzTests.pieces.randomElement(using: &random)! }.joined())
        }
        for line in lines {
            let lowered = Array(line.utf8).map(ASCII.lower)
            var bits = [UInt64](repeating: 0, count: index.keywordWords)
            _ = Array(line.utf8).withUnsafeBufferPointer { index.mark($0, bits: &bits) }
            for (r, rule) in rules.enumerated() {
                let naive =
                    rule.isEnabled
                    && (rule.keywords.isEmpty
                        || rule.keywords.contains { keyword in
                            KeywordAutomatonTests.naiveHolds(lowered, keyword)
                        })
                #expect(index.runs(r, bits: bits) == naive, "\(rule.id) on \(line.debugDescription)")
            }
        }
    }

    @Test func civilDatesAgreeWithTheGregorianCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = ScannerFuzzTests.SplitMix(seed: 3)
        // From 1700 to 2300, both sides of the epoch, and the seconds around midnight.
        var instants: [Double] = [0, -1, 86_399, 86_400, -86_400, -86_401, 951_782_400, 951_868_799]
        for _ in 0..<2000 { instants.append(Double(Int64(generator.next() % 18_934_560_000) - 8_520_000_000) + 0.5) }
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            let expected = calendar.dateComponents([.year, .month, .day], from: date)
            let civil = ResidentID.utcDate(of: date)
            #expect(
                [civil.year, civil.month, civil.day] == [expected.year, expected.month, expected.day], "\(instant)")
        }
    }

    @Test func birthDatesAreCheckedAgainstToday() {
        let today = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 UTC
        #expect(ResidentID.isPastDate(year: 2023, month: 11, day: 14, today: today))
        #expect(!ResidentID.isPastDate(year: 2023, month: 11, day: 15, today: today))
        #expect(ResidentID.isPastDate(year: 2000, month: 2, day: 29, today: today))
        #expect(!ResidentID.isPastDate(year: 1900, month: 2, day: 29, today: today))
        #expect(!ResidentID.isPastDate(year: 1999, month: 4, day: 31, today: today))
        #expect(!ResidentID.isPastDate(year: 1799, month: 12, day: 31, today: today))
    }

    // MARK: Helpers

    /// A random small screen: blanks, ASCII, accented and box-drawing letters, wide CJK and
    /// emoji with continuation cells, clusters, NUL cells, marks and soft wraps.
    static func randomScreen(_ generator: inout ScannerFuzzTests.SplitMix) throws -> Screen {
        let cols = 1 + Int(generator.next() % 12)
        let rows = 1 + Int(generator.next() % 6)
        var screen = try Screen(cols: cols, rows: rows)
        screen.clusters.append("e\u{301}")
        let narrow: [Unicode.Scalar] = ["a", "7", "-", "@", "é", "─", "Я", "\u{0}"]
        let wide: [Unicode.Scalar] = ["张", "😀", "가"]
        for row in 0..<rows {
            let blankFrom = Int(generator.next() % UInt64(cols + 1))
            var col = 0
            while col < cols {
                let roll = generator.next() % 10
                var cell = Cell.blank
                if col >= blankFrom || roll < 2 {
                    cell = .blank
                } else if roll < 3 {
                    cell = Cell(scalar: " ", clusterIndex: 1)  // a space with a combining mark
                } else if roll < 5, col + 1 < cols {
                    cell = Cell(scalar: wide[Int(generator.next() % UInt64(wide.count))], width: 2)
                } else if roll < 6 {
                    cell = Cell(scalar: "e", clusterIndex: 1)
                } else {
                    cell = Cell(scalar: narrow[Int(generator.next() % UInt64(narrow.count))])
                }
                if generator.next() % 9 == 0 { cell.sensitiveIndex = 1 }
                screen[row, col] = cell
                if cell.width == 2 {
                    var continuation = Cell(scalar: "\u{0}", width: 0)
                    continuation.sensitiveIndex = generator.next() % 9 == 0 ? 1 : 0
                    screen[row, col + 1] = continuation
                    col += 2
                } else {
                    col += 1
                }
            }
            screen.wrapped[row] = generator.next() % 3 == 0
        }
        return screen
    }
}

/// The screen's text read as before the fast path: row by row, the blank tail found from
/// the right, every byte appended.
struct ReferenceText {
    var bytes: [UInt8] = []
    var origin: [Int32] = []
    var lines: [[Int]] = []

    init(screen: Screen) {
        let cols = screen.cols
        let cells = screen.cells
        var lineStart = 0
        var firstRow = 0
        for row in 0..<screen.rows {
            let base = row * cols
            let continues = screen.wrapped[row] && row + 1 < screen.rows
            var lastCol = cols - 1
            if continues {
                if cells[base + lastCol].scalar == " " && cells[base + lastCol].width == 1
                    && cells[base + cols].width == 2
                {
                    lastCol -= 1
                }
            } else {
                while lastCol >= 0 && cells[base + lastCol].scalar == " " && cells[base + lastCol].clusterIndex == 0 {
                    lastCol -= 1
                }
            }
            if lastCol >= 0 {
                for col in 0...lastCol {
                    let cell = cells[base + col]
                    if cell.width == 0 { continue }
                    for byte in UTF8.encode(cell.scalar)! {
                        bytes.append(byte)
                        origin.append(Int32(base + col))
                    }
                }
            }
            if !continues {
                lines.append([lineStart, bytes.count, firstRow, row])
                lineStart = bytes.count
                firstRow = row + 1
            }
        }
    }
}

/// ``RegexPattern/matches(_:)`` skips ICU only where the answer is certain.
@Suite struct RegexPrefilterTests {
    static let patterns = [
        "EXAMPLE", "^[*•●]+$", "^\\$\\{[^}]*\\}$", "^\\{\\{.*\\}\\}$", "^\\$[A-Za-z_][A-Za-z0-9_]*$",
        "^%[A-Za-z_]+%$",
        "^<[^>]*>$", "(?i)^(?:changeme|none|x{4,})$", "(?i)\\.(?:test|example)$", "^a|b", "^a*", "^a?b", "^a{0,2}b",
        "^[^x]", "^\\d+", "^[a-z]", "^•+$", "a.b", "密码", "^密", "^\\-", "^[-x]", "^\\Qa\\E", "^ab", "^[ab]c",
    ]
    static let texts = [
        "", "EXAMPLE", "AKIAEXAMPLEKEY", "example", "******", "•••", "●●x", "*", "${DB}", "{{.x}}", "$HOME",
        "%PATH%", "<value>", "changeme", "ci@runner.test",
        "a", "b", "ab", "xb", "aab", "cab", "x", "7", "abc", "a-b", "密码：",
        "密", "-", "x-", "ac", "bc", "$", "{", "%", "<",
    ]

    @Test func prefilteredAnswersEqualICUs() throws {
        for source in Self.patterns {
            let pattern = try RegexPattern(source)
            for text in Self.texts {
                let range = NSRange(location: 0, length: text.utf16.count)
                let icu = pattern.regex.firstMatch(in: text, range: range) != nil
                #expect(pattern.matches(text) == icu, "\(source) on \(text)")
            }
        }
    }

    @Test func prefiltersAreDerivedOnlyWhereCertain() throws {
        #expect(try RegexPattern("EXAMPLE").prefilter == .literal(Array("EXAMPLE".utf8)))
        #expect(try RegexPattern("^[*•●]+$").prefilter == .firstScalar([0x2A, 0x2022, 0x25CF]))
        #expect(try RegexPattern("^\\$\\{[^}]*\\}$").prefilter == .firstScalar([0x24]))
        for source in ["^a|b", "^a*", "^a?b", "^a{0,2}b", "^[^x]", "^\\d+", "^[a-z]", "(?i)^abc", "a.b", "^\\Qa\\E"] {
            #expect(try RegexPattern(source).prefilter == .none, "\(source)")
        }
    }
}
