import Foundation
import Testing
import VeilRedaction
import VeilScreen
import VeilTestSupport

@testable import Veil

/// The privacy stress sessions (planted secrets of every built-in detector, CJK, wraps,
/// scrolls, erases, in-band marks, titles, links) read by `veil shell` in random pieces, as
/// a pty hands them over: every frame hides at least what a snapshot of the same screen
/// hides, no byte written to the user's terminal holds a title's secret, and the terminal
/// shows exactly the frame.
@Suite struct ShellStressTests {
    static let baseSeed: UInt64 = 0x5E11_57E5_5000_0001

    @Test func everyFrameHidesWhatASnapshotOfItsScreenHides() throws {
        let rules = try RuleSet.builtIn
        let count = ProcessInfo.processInfo.environment["VEIL_STRESS_COUNT"].flatMap { Int($0) } ?? 60
        var frames = 0
        var intact = 0
        var failures: [String] = []
        for index in 0..<count {
            let seed = SeededGenerator.caseSeed(base: Self.baseSeed, index: index)
            let session = StressSession(seed: seed)
            var random = SeededGenerator(seed: seed ^ 0xA5A5)
            var shell = try ShellScreen(cols: session.cols, rows: session.rows, rules: rules, style: .solid)
            var outer = try ShellDrawerTests.Outer(cols: session.cols, rows: session.rows)
            let bytes = session.bytes
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + Int.random(in: 1...64, using: &random))
                shell.feed(Array(bytes[offset..<end]))
                offset = end
                let live = shell.terminal.screen
                let frame = shell.frame()
                let drawn = outer.draw(frame, modes: shell.modes)
                frames += 1
                // Everything a snapshot of the same screen hides is hidden (the frame may hide
                // more: values found before, marks that moved with their cells).
                let snapshot = try rules.findings(in: live)
                for finding in snapshot where finding.location == .screen {
                    for span in finding.spans {
                        for col in span.columns where frame.screen[span.row, col].background != RedactionStyle.maskColor
                        {
                            failures.append(
                                "seed 0x\(String(seed, radix: 16)) byte \(end): \(finding.ruleID) shown at \(span.row):\(col)"
                            )
                        }
                    }
                }
                let lines = PrivacyOracle.lines(of: live)
                for placement in session.placements {
                    intact += PrivacyOracle.expectedHiddenCells(placement, lines: lines).count
                }
                // A value on the grid may stand without its label for a moment (a line inserted
                // into it): any snapshot of that screen shows it, and the check above covers
                // every value that stands intact. Titles are judged whole every time.
                if let form = PrivacyOracle.leak(in: drawn, of: session.titleSecrets) {
                    failures.append("seed 0x\(String(seed, radix: 16)) byte \(end): the terminal was sent \(form)")
                }
                if let difference = ShellDrawerTests.difference(outer.terminal.screen, frame.screen) {
                    failures.append("seed 0x\(String(seed, radix: 16)) byte \(end): \(difference)")
                }
                if failures.count > 10 { break }
            }
            if failures.count > 10 { break }
        }
        for failure in failures.prefix(10) { Issue.record(Comment(rawValue: failure)) }
        #expect(intact > count, "too few secrets stood intact on a frame to be checked (\(intact))")
        #expect(frames > count * 10)
    }
}
