import Testing
import Veil
import VeilRedaction
import VeilScreen

/// A word after a hidden labelled value stays visible in every output (`veil redact`, `veil
/// snap` of raw bytes and of a moment, the animations), and what Veil redacted is clean when
/// judged again. The masked readings and the second judging of a redacted frame see the
/// hidden value as mask-coloured blanks, which a label takes for its hidden value.
@Suite struct HiddenValueNeighbourTests {
    static let token = "ghp_R8x2Kq9ZtLm4Vn7Wp3YbC5dF1gH6jK0sT2uX"

    static func rowsText(_ screen: Screen) -> String {
        (0..<screen.rows).map { screen.rowText($0) }.joined(separator: "\n")
    }

    @Test func rawBytesHideTheValueOnly() throws {
        let bytes = Array("GITHUB_TOKEN=\(Self.token) okay\r\npassword: hunter2xyz fine\r\n".utf8)
        let rules = try RuleSet.builtIn
        let redactor = CaptureRedactor(rules: rules)
        let (redacted, report) = try redactor.redact(.raw(bytes), cols: 80, rows: 24, path: "t.ans")
        let text = String(decoding: redacted, as: UTF8.self)
        #expect(report.exposures.count == 2, "\(report.exposures.map(\.finding.ruleID))")
        #expect(text.contains("okay") && text.contains("fine"), "\(text)")
        #expect(!text.contains("R8x2Kq9") && !text.contains("hunter2"))
        let (screen, exposed) = try redactor.finalScreen(of: .raw(bytes), cols: 80, rows: 24, path: "t.ans")
        let outcome = try Snapshotter(settings: SnapshotSettings(rules: rules)).snapshot(
            of: screen, alsoHiding: exposed)
        let shown = Self.rowsText(outcome.redacted)
        #expect(outcome.hiddenSpans == 2, "\(shown)")
        #expect(shown.contains("okay") && shown.contains("fine"), "\(shown)")
        // `veil redact`'s output judged again (`veil scan`, `veil audit` in CI) finds nothing.
        let again = try ExposureScanner(rules: rules).scan(.raw(redacted), cols: 80, rows: 24, path: "r.ans")
        #expect(again.exposures.isEmpty, "\(again.exposures.map(\.finding.ruleID))")
    }

    @Test func everyPictureOfARecordingKeepsTheNextWord() throws {
        let cast = try ExposureTests.cast([
            (0.2, "$ export GITHUB_TOKEN="), (0.5, String(Self.token.prefix(10))),
            (0.8, "\(Self.token.dropFirst(10)) okay\r\n"), (1.2, "password: hunter2xyz fine\r\n$ "),
        ])
        let rules = try RuleSet.builtIn
        for time in [0.6, 0.9, 1.2] {
            let picture = try CaptureRedactor(rules: rules)
                .picture(of: .recording(cast), at: time, cols: nil, rows: nil, path: "t.cast")
            let shown = Self.rowsText(picture.screen)
            #expect(!shown.contains("R8x2Kq9") && !shown.contains("hunter2"), "\(time): \(shown)")
            if time > 0.8 { #expect(shown.contains("okay"), "\(time): \(shown)") }
            if time >= 1.2 { #expect(shown.contains("fine") && picture.hiddenSpans == 2, "\(time): \(shown)") }
        }
        var svg: [UInt8] = []
        _ = try RedactedAnimation(format: .svg, rules: rules, settings: AnimationSettings())
            .write(.recording(cast), cols: nil, rows: nil, path: "t.cast") { svg += $0 }
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains("okay") && text.contains("fine"))
        #expect(!text.contains("R8x2Kq9") && !text.contains("hunter2"))
        let (bytes, report) = try CaptureRedactor(rules: rules).redact(
            .recording(cast), cols: nil, rows: nil, path: "t.cast")
        #expect(report.exposures.count == 2)
        let again = try ExposureScanner(rules: rules).scan(
            .recording(try Asciicast(bytes: bytes, path: "r.cast")), cols: nil, rows: nil, path: "r.cast")
        #expect(again.exposures.isEmpty, "\(again.exposures.map(\.finding.ruleID))")
    }
}
