import Foundation
import Testing
import Veil
import VeilRedaction
import VeilScreen

/// `veil redact`: every way a secret leaves the screen, the redacted recording holds none of
/// its bytes, judges clean, and replays to the original's screens except for hidden cells.
@Suite struct RedactedRecordingTests {
    static let card = "4111 1111 1111 1111"
    static let aws = "AKIAQ4D3PXL2M7RT5JEW"
    static let email = "bob.smith@acme-corp.io"

    static let leaks: [(String, [(Double, String)])] = [
        ("clear", [(0.1, "card \(card)\r\n"), (0.9, "\u{1B}[H\u{1B}[2J\u{1B}[3J$ ")]),
        ("ED 2", [(0.1, "key \(aws)"), (0.5, "\u{1B}[2J")]),
        ("EL after CR", [(0.1, "key \(aws)"), (0.5, "\r\u{1B}[K$ ")]),
        ("backspaces", [(0.1, "\(email)"), (0.4, String(repeating: "\u{08} \u{08}", count: 22))]),
        (
            "overwritten char by char",
            [(0.1, "pin \(card)")] + (0..<19).map { (0.2 + Double($0) / 10, "\u{1B}[1;\($0 + 5)H*") }
        ),
        ("scrolled off", [(0.1, "mail \(email)\r\n"), (0.3, String(repeating: "line\r\n", count: 30))]),
        ("alternate screen", [(0.1, "$ vim\r\n"), (0.2, "\u{1B}[?1049h\u{1B}[H\(card)"), (0.6, "\u{1B}[?1049l$ ")]),
        ("split in the value", [(0.1, "aws AKIAQ4D3PX"), (0.2, "L2M7RT5JEW done\r\n"), (0.5, "\u{1B}[2J")]),
        (
            "split around wide text",
            [(0.1, "电话：\u{1B}[1;31m4111 11"), (0.4, "11 1111 1111\u{1B}[0m 完"), (1.0, "\u{1B}[2J")]
        ),
        ("wide and coloured", [(0.1, "卡号\u{1B}[38;5;196;48;2;0;0;90m\(card)\u{1B}[0m名前"), (0.3, "\u{1B}[2K")]),
        (
            "combining marks",
            [
                (0.1, "cafe\u{301} n\u{303}o \(card)"), (0.2, "\r\ne\u{301}"),
                (0.3, "\u{1B}[?1049h\u{1B}[?1049l\u{1B}[2J"),
            ]
        ),
        ("title", [(0.1, "\u{1B}]2;mail \(email)\u{07}ok"), (0.3, "\u{1B}]2;done\u{07}")]),
        (
            "hyperlink",
            [(0.1, "\u{1B}]8;;https://x.test/?k=\(aws)\u{1B}\\link \(aws)\u{1B}]8;;\u{1B}\\"), (0.3, "\u{1B}[2J")]
        ),
    ]

    static func values(_ events: [(Double, String)]) -> [String] {
        let text = events.map(\.1).joined()
        return [card, aws, email].filter { text.contains($0) || text.contains("4111 11") && $0 == card }
    }

    static func screens(of cast: Asciicast) throws -> [Screen] {
        var terminal = try Terminal(cols: cast.cols, rows: cast.rows)
        var screens: [Screen] = []
        var byTime: [Double: Screen] = [:]
        for event in cast.events {
            switch event.kind {
            case .output(let bytes): terminal.feed(bytes)
            case .resize(let cols, let rows): try terminal.resize(cols: cols, rows: rows)
            case .other: continue
            }
            byTime[event.time] = terminal.screen
        }
        _ = byTime
        screens.append(terminal.screen)
        return screens
    }

    /// The screen of `cast` after its last event at or before each of `times`.
    static func screens(of cast: Asciicast, at times: [Double]) throws -> [Screen] {
        try times.map { try TerminalCapture.screen(of: cast, cols: nil, rows: nil, at: $0, path: "x.cast") }
    }

    @Test(arguments: leaks.map(\.0))
    func redactedRecordingHidesEveryByte(name: String) throws {
        let events = try #require(Self.leaks.first { $0.0 == name }?.1)
        let original = try ExposureTests.cast(events)
        let rules = try RuleSet.builtIn
        let (bytes, report) = try CaptureRedactor(rules: rules).redact(
            .recording(original), cols: nil, rows: nil, path: "t.cast")
        #expect(!report.exposures.isEmpty, "\(name): nothing exposed")
        let text = String(decoding: bytes, as: UTF8.self)
        let squeezed = text.replacingOccurrences(of: " ", with: "")
        for value in Self.values(events) {
            #expect(!text.contains(value), "\(name): the redacted recording holds \(value.prefix(4))…")
            #expect(!squeezed.contains(value.replacingOccurrences(of: " ", with: "")), "\(name): spaces removed")
        }
        // Re-judged, it exposes nothing.
        let redacted = try Asciicast(bytes: bytes, path: "r.cast")
        let again = try ExposureScanner(rules: rules).scan(.recording(redacted), cols: nil, rows: nil, path: "r.cast")
        #expect(again.exposures.isEmpty, "\(name): \(again.exposures.map(\.finding))")
        // Each moment looks the same, except hidden cells.
        let times = original.events.map(\.time)
        for (before, after) in zip(try Self.screens(of: original, at: times), try Self.screens(of: redacted, at: times))
        {
            Self.expectSameExceptHidden(before, after, name)
        }
    }

    /// Cells equal in text and rendition, or hidden (a solid mask cell) in `after`.
    static func expectSameExceptHidden(
        _ before: Screen, _ after: Screen, _ name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard before.cols == after.cols && before.rows == after.rows else {
            Issue.record(
                "\(name): size \(after.cols)x\(after.rows), expected \(before.cols)x\(before.rows)",
                sourceLocation: sourceLocation)
            return
        }
        var differing = 0
        for row in 0..<before.rows {
            for col in 0..<before.cols {
                let a = before[row, col], b = after[row, col]
                if b.background == RedactionStyle.maskColor && b.foreground == RedactionStyle.maskColor { continue }
                if a.width == 0 && b.width == 0 { continue }
                let same =
                    before.text(of: a) == after.text(of: b) && a.attributes.subtracting(.protected) == b.attributes
                    && a.foreground == b.foreground && a.background == b.background
                if !same { differing += 1 }
            }
        }
        #expect(
            differing == 0,
            "\(name): \(differing) visible cells differ\n\(before.lines().joined(separator: "\n"))\n---\n\(after.lines().joined(separator: "\n"))",
            sourceLocation: sourceLocation)
    }

    @Test func rawCaptureRedacted() throws {
        let text = "card \(Self.card)\r\n\u{1B}[2Jmail \(Self.email)\r\nok\r\n"
        let rules = try RuleSet.builtIn
        let (bytes, report) = try CaptureRedactor(rules: rules).redact(
            .raw(Array(text.utf8)), cols: nil, rows: nil, path: "t.ans")
        #expect(report.exposures.count == 2)
        let out = String(decoding: bytes, as: UTF8.self)
        #expect(!out.contains(Self.card) && !out.contains(Self.email) && !out.contains("4111111111111111"))
        var original = try Terminal(cols: 80, rows: 24)
        original.feed(Array(text.utf8))
        var replay = try Terminal(cols: 80, rows: 24)
        replay.feed(bytes)
        Self.expectSameExceptHidden(original.screen, replay.screen, "raw")
        let again = try ExposureScanner(rules: rules).scan(.raw(bytes), cols: nil, rows: nil, path: "r.ans")
        #expect(again.exposures.isEmpty)
    }

    @Test func versionThreeTimingResizeAndMarkersKept() throws {
        let lines = [
            #"{"version": 3, "term": {"cols": 30, "rows": 5}, "timestamp": 1700000000, "title": "\#(Self.card)"}"#,
            #"[0.5, "o", "card \#(Self.card)"]"#,
            #"[0.25, "m", "chapter 1"]"#,
            #"[0.25, "m", "see \#(Self.email)"]"#,
            #"[0.1, "i", "hunter2"]"#,
            #"[0.4, "r", "40x6"]"#,
            #"[1.0, "o", "\r\n$ "]"#,
            #"[0.5, "x", "0"]"#,
        ]
        let original = try Asciicast(bytes: Array(lines.joined(separator: "\n").utf8), path: "v3.cast")
        let (bytes, _) = try CaptureRedactor(rules: try RuleSet.builtIn).redact(
            .recording(original), cols: nil, rows: nil, path: "v3.cast")
        let redacted = try Asciicast(bytes: bytes, path: "r.cast")
        #expect(redacted.version == 3)
        #expect(redacted.cols == 30 && redacted.rows == 5)
        #expect(redacted.timestamp == 1_700_000_000)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains(Self.card) && !text.contains(Self.email) && !text.contains("hunter2"))
        let kinds = redacted.events.map { event -> String in
            switch event.kind {
            case .output: "o@\(event.time)"
            case .resize(let c, let r): "r\(c)x\(r)@\(event.time)"
            case .other(let code, let data): "\(code)\(data)@\(event.time)"
            }
        }
        #expect(kinds == ["o@0.5", "mchapter 1@0.75", "m@1.0", "r40x6@1.5", "o@1.5", "o@2.5", "x0@3.0"])
    }

    @Test func outputStaysNearTheInputSize() throws {
        var events: [(Double, String)] = []
        for index in 0..<2000 {
            events.append(
                (Double(index) / 100, "\u{1B}[32m-rw-r--r--\u{1B}[0m 1 user staff \(index * 37) file\(index).txt\r\n"))
        }
        events.append((21, "mail \(Self.email)\r\n"))
        let original = try ExposureTests.cast(events)
        let input = events.map(\.1.utf8.count).reduce(0, +)
        let (bytes, _) = try CaptureRedactor(rules: try RuleSet.builtIn).redact(
            .recording(original), cols: nil, rows: nil, path: "t.cast")
        let output = bytes.count
        #expect(Double(output) <= 1.5 * Double(input + 60 * events.count), "\(output) bytes for \(input)")
    }
}
