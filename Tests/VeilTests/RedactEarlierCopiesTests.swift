import Foundation
import Testing
import Veil
import VeilRedaction

/// Issue #26, item 5: `veil redact` hides every earlier complete copy of a value that became
/// detectable only later (the input is a file: every value found anywhere is known from its
/// first byte), as Docs/exposure.md promises; and a marker's label is judged as text even when
/// the rules do not scan the window title.
@Suite struct RedactEarlierCopiesTests {
    static let value = "hunter2xyzQ!"

    static func redacted(_ events: [(Double, String)], rules: RuleSet? = nil) throws -> String {
        let original = try ExposureTests.cast(events)
        let (bytes, report) = try CaptureRedactor(rules: try rules ?? RuleSet.builtIn).redact(
            .recording(original), cols: nil, rows: nil, path: "t.cast")
        #expect(!report.exposures.isEmpty)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aBareCopyBeforeTheLabelledOneIsHidden() throws {
        let text = try Self.redacted([
            (0.5, "\(Self.value)\r\n"), (1.0, "\u{1B}[2J\u{1B}[Hpassword: \(Self.value)\r\n"),
        ])
        #expect(!text.contains("hunter2"), "\(text)")
    }

    @Test func aBareCopyThatScrolledAwayLongBeforeIsHidden() throws {
        let filler = (0..<30).map { (1.0 + Double($0) / 10, "filler line \($0)\r\n") }
        let text = try Self.redacted(
            [(0.5, "\(Self.value)\r\n")] + filler + [(5.0, "password: \(Self.value)\r\n")])
        #expect(!text.contains("hunter2"), "\(text)")
    }

    /// GIF, WebP and SVG are drawn from the same redaction: the SVG (text) and the picture of
    /// the moment the bare copy alone is on screen (`veil snap --at`) hold none of it.
    @Test func everyPictureOfTheRecordingHidesTheBareCopy() throws {
        let cast = try ExposureTests.cast([
            (0.5, "\(Self.value)\r\n"), (1.0, "\u{1B}[2J\u{1B}[Hpassword: \(Self.value)\r\n"),
        ])
        var svg: [UInt8] = []
        _ = try RedactedAnimation(format: .svg, rules: try RuleSet.builtIn, settings: AnimationSettings())
            .write(.recording(cast), cols: nil, rows: nil, path: "t.cast") { svg += $0 }
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains("<svg"))
        #expect(!text.contains("hunter2"))
        let picture = try CaptureRedactor(rules: try RuleSet.builtIn)
            .picture(of: .recording(cast), at: 0.7, cols: nil, rows: nil, path: "t.cast")
        let shown = (0..<picture.screen.rows).map { picture.screen.rowText($0) }.joined(separator: "\n")
        #expect(!shown.contains("hunter2"), "\(shown)")
        #expect(picture.hiddenSpans >= 1)
    }

    @Test func aMarkerLabelIsJudgedEvenWithoutTitleScanning() throws {
        let rules = try RuleSet(yaml: "scanTitle: false\n")
        let lines = [
            #"{"version": 2, "width": 80, "height": 24}"#, #"[0.5, "o", "card 4111 1111 1111 1111\r\n"]"#,
            #"[0.7, "m", "4111 1111 1111 1111"]"#,
        ]
        let cast = try Asciicast(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), path: "m.cast")
        let (bytes, _) = try CaptureRedactor(rules: rules).redact(
            .recording(cast), cols: nil, rows: nil, path: "m.cast")
        #expect(!String(decoding: bytes, as: UTF8.self).contains("4111 1111 1111 1111"))
    }
}
