import Testing
import VeilRedaction
import VeilScreen

@testable import Veil

/// Exposure over time of a REP storm (issue 31, item 7): the terminal clamps each REP to what
/// changes the screen, and the tracker does not copy again a leaving window whose text is the
/// window it copied just before (one character repeated over the same rows).
@Suite struct ExposureRepeatStormTests {
    @Test func aStormOfRepeatsCostsRowsNotWindowsAfterTheScreenFills() throws {
        for mode in [ExposureMode.everyMoment, .frames] {
            var t = try Terminal(cols: 1000, rows: 1000)
            let tracker = ExposureTracker(mode: mode, cols: 1000, rows: 1000)
            t.observer = tracker
            // 16 REPs of 65,535 fill the screen; from then on each scrolls one row of copies off.
            t.feed(String(repeating: "a\u{1B}[65535b", count: 20))
            let before = t.workDone
            t.feed(String(repeating: "a\u{1B}[65535b", count: 100))
            // A few rows' worth a REP (the bottom row's copies, the region test), not the
            // 6-row window copied for each row leaving (about 10,000).
            #expect((t.workDone - before) / 100 < 4_000, "\(mode): \(t.workDone - before)")
            #expect(!t.isOverWorkBudget)
            _ = tracker.takeBatches()
        }
    }

    @Test func repeatsAreJudgedAsTheirCopiesPrintedOneByOne() throws {
        // A value whose last character is repeated, and storms after it that scroll it off: the
        // same findings (rule, value, whether still visible) as the literal characters give.
        let scanner = ExposureScanner(rules: try RuleSet.builtIn)
        func findings(_ text: String, cols: Int, rows: Int) throws -> Set<String> {
            let report = try scanner.scan(.raw(Array(text.utf8)), cols: cols, rows: rows, path: "t.ans")
            return Set(report.exposures.map { "\($0.finding.ruleID) \($0.finding.fingerprint) \($0.stillVisible)" })
        }
        let cases: [(String, Int, String)] = [
            ("password: S3cr3t-P@ssw0rd", 5, ""), ("card 4539 1488 0344 1", 3, "\r\nx"),
            ("password: S3cr3t-P@ssw0rd!", 3, "\r\n" + String(repeating: "a\u{1B}[300b", count: 20)),
            ("api_key = Zq8vR2xT9mWp4", 6, "\r\n" + String(repeating: "b\u{1B}[97b", count: 50)),
        ]
        for (prefix, count, after) in cases {
            for (cols, rows) in [(40, 4), (12, 3)] {
                let last = String(prefix.last!)
                let repeated = try findings(prefix + "\u{1B}[\(count)b" + after, cols: cols, rows: rows)
                let literal = try findings(
                    prefix + String(repeating: last, count: count)
                        + after.replacingOccurrences(of: "\u{1B}[300b", with: String(repeating: "a", count: 300))
                        .replacingOccurrences(of: "\u{1B}[97b", with: String(repeating: "b", count: 97)),
                    cols: cols, rows: rows)
                #expect(repeated == literal, "\(prefix) ×\(count) at \(cols)x\(rows)")
                #expect(!literal.isEmpty, "\(prefix) ×\(count) at \(cols)x\(rows): nothing found")
            }
        }
    }

    @Test func aValueBeforeTheStormIsStillFoundAndTheStormIsAccepted() throws {
        let value = "S3cr3t-P@ssw0rd!"
        let bytes = "password: \(value)\r\n" + String(repeating: "a\u{1B}[65535b", count: 200)
        let report = try ExposureScanner(rules: RuleSet.builtIn).scan(
            .raw(Array(bytes.utf8)), cols: 1000, rows: 1000, path: "storm.ans")
        let exposure = try ExposureTests.only(report, "password.labelled")
        // 200 × 65,536 copies scrolled the value off the 1000-row screen.
        #expect(!exposure.stillVisible)
    }
}
