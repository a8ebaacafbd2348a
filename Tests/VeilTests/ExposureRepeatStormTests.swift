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
