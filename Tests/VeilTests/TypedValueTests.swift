import Testing
import Veil
import VeilRedaction
import VeilScreen

/// A value typed key by key (issue 31, "every moment, one value"): one finding with its first
/// moment, and every moment judged with the whole value known.
@Suite struct TypedValueTests {
    /// `prompt`, then `value` one character per event 0.1 s apart, then a new prompt.
    static func typed(_ prompt: String, _ value: String, cols: Int = 60) throws -> Asciicast {
        var events: [(Double, String)] = [(0.1, prompt)]
        for (index, character) in value.enumerated() { events.append((0.2 + Double(index) / 10, String(character))) }
        events.append((0.3 + Double(value.count) / 10, "\r\n$ "))
        return try ExposureTests.cast(events, cols: cols, rows: 5)
    }

    @Test func theGrowingPrefixesOfATypedValueAreOneFinding() throws {
        let report = try ExposureTests.scan(try Self.typed("$ export PASSWORD=", "Tr0ub4dor&3xKq9zLm"))
        #expect(report.exposures.count == 1, "\(report.exposures.map(\.finding))")
        let exposure = try #require(report.exposures.first)
        // The whole value (its 18 characters), first shown when its first part was judged one.
        #expect(exposure.finding.ruleID == "password.labelled")
        #expect(exposure.finding.masked.count == 18)
        #expect(exposure.spans == [CellSpan(row: 0, col: 18, width: 18)])
        let whole = try RuleSet.builtIn.findings(in: try Self.screen("$ export PASSWORD=Tr0ub4dor&3xKq9zLm"))
        #expect(exposure.finding.fingerprint == whole.first?.fingerprint)
        #expect(exposure.firstTime == 0.5)
        #expect(exposure.stillVisible)
    }

    /// A value that wraps onto the next row as it is typed, and a redrawn line (each key
    /// rewrites the line from its start) are one finding too.
    @Test func aValueTypedAcrossAWrapOrRedrawnAtEachKeyIsOneFinding() throws {
        let wrapped = try ExposureTests.scan(
            try Self.typed("$ export PASSWORD=", "Tr0ub4dor&3xKq9zLmWv7Jp2Hs", cols: 30))
        #expect(wrapped.exposures.count == 1, "\(wrapped.exposures.map(\.finding))")
        let value = "Tr0ub4dor&3xKq9zLm"
        var events: [(Double, String)] = []
        for length in 1...value.count {
            events.append((Double(length) / 10, "\r\u{1B}[K$ export PASSWORD=" + value.prefix(length)))
        }
        let redrawn = try ExposureTests.scan(try ExposureTests.cast(events, cols: 60, rows: 5))
        #expect(redrawn.exposures.count == 1, "\(redrawn.exposures.map(\.finding))")
    }

    /// Two different values at one place are two findings (the later does not extend the
    /// earlier), and a value is not merged with a shorter one of another rule.
    @Test func differentValuesAtOnePlaceStayApart() throws {
        let cast = try ExposureTests.cast([
            (0.1, "$ export PASSWORD=Tr0ub4dor&3xKq9zLm"), (0.2, "\r\u{1B}[K$ export PASSWORD=Zq8Vn2Lp5Xc7Wm4R"),
        ])
        let report = try ExposureTests.scan(cast)
        #expect(report.exposures.count == 2)
    }

    /// `veil scan --at`: a card number typed key by key, judged half-way, is the card's
    /// finding on the cells typed so far (the moment knows the value the whole recording
    /// shows), with the card's fingerprint.
    @Test func aMomentIsJudgedWithEveryValueTheRecordingShows() throws {
        let cast = try Self.typed("$ pay ", "4539 1488 0343 6467")
        let redactor = CaptureRedactor(rules: try RuleSet.builtIn)
        let moment = try redactor.moment(of: .recording(cast), at: 1.2, cols: nil, rows: nil, path: "t.cast")
        #expect(moment.screen.rowText(0).hasPrefix("$ pay 4539 1488 0"))
        let card = try #require(moment.findings.first)
        #expect(moment.findings.count == 1)
        #expect(card.ruleID == "card.pan")
        #expect(card.spans == [CellSpan(row: 0, col: 6, width: 11)])
        #expect(card.fingerprint == moment.report.exposures.first?.finding.fingerprint)
        // Before the first digit nothing shows; the end shows the whole card.
        #expect(
            try redactor.moment(of: .recording(cast), at: 0.15, cols: nil, rows: nil, path: "t.cast").findings.isEmpty)
        let end = try redactor.moment(of: .recording(cast), at: nil, cols: nil, rows: nil, path: "t.cast")
        #expect(end.findings.map(\.ruleID) == ["card.pan"])
        #expect(end.findings.first?.spans == [CellSpan(row: 0, col: 6, width: 19)])
    }

    static func screen(_ text: String) throws -> Screen {
        var terminal = try Terminal(cols: 60, rows: 5)
        terminal.feed(text)
        return terminal.screen
    }
}
