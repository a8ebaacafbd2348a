import Foundation
import Testing
import Veil
import VeilRedaction
import VeilScreen

/// Each way a secret leaves the screen: the exposure scan still finds it, with the time,
/// event and input position of the bytes that drew it.
@Suite struct ExposureTests {
    static let card = "4111 1111 1111 1111"
    static let aws = "AKIAQ4D3PXL2M7RT5JEW"

    static func scan(raw text: String) throws -> CaptureExposureReport {
        try ExposureScanner(rules: RuleSet.builtIn).scan(.raw(Array(text.utf8)), cols: nil, rows: nil, path: "t.ans")
    }

    /// A version 2 recording of `events` ([time, data]), one event a line after the header.
    static func cast(_ events: [(Double, String)], cols: Int = 80, rows: Int = 24) throws -> Asciicast {
        var lines = [#"{"version": 2, "width": \#(cols), "height": \#(rows)}"#]
        for (time, data) in events {
            let json = String(
                decoding: try JSONSerialization.data(withJSONObject: [time, "o", data], options: [.fragmentsAllowed]),
                as: UTF8.self)
            lines.append(json)
        }
        return try Asciicast(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), path: "t.cast")
    }

    static func scan(_ cast: Asciicast) throws -> CaptureExposureReport {
        try ExposureScanner(rules: RuleSet.builtIn).scan(.recording(cast), cols: nil, rows: nil, path: "t.cast")
    }

    static func only(_ report: CaptureExposureReport, _ rule: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> CaptureExposure
    {
        let matching = report.exposures.filter { $0.finding.ruleID == rule }
        #expect(matching.count == 1, "\(report.exposures.map(\.finding))", sourceLocation: sourceLocation)
        return try #require(matching.first, sourceLocation: sourceLocation)
    }

    /// Raw bytes: the card drawn at column `prefix + 1` of line 1, then removed by `removal`.
    @Test(arguments: [
        ("clear", "\u{1B}[H\u{1B}[2J\u{1B}[3J"),
        ("ED 2", "\u{1B}[2J"),
        ("EL after CR", "\r\u{1B}[K"),
        ("EL 2", "\u{1B}[2K"),
        ("backspaces", String(repeating: "\u{08}", count: 19) + String(repeating: " ", count: 19)),
        ("overwritten in place", "\r" + String(repeating: "x", count: 30)),
        ("overwritten char by char", (0..<24).map { "\u{1B}[1;\($0 + 1)H#" }.joined()),
        ("scrolled off", "\r\n" + String(repeating: "output line\r\n", count: 30)),
        ("deleted characters", "\r\u{1B}[30P"),
        ("deleted line", "\u{1B}[M"),
    ])
    func rawRemoval(name: String, removal: String) throws {
        let report = try Self.scan(raw: "card \(Self.card)" + removal + "done")
        let exposure = try Self.only(report, "card.pan")
        #expect(!exposure.stillVisible, "\(name)")
        #expect(exposure.firstOffset == 5, "\(name)")
        #expect(exposure.firstTime == nil)
        #expect(
            CaptureInput.raw(Array("card \(Self.card)".utf8)).region(ofOffset: 5, length: 19)
                == AuditRegion(line: 1, column: 6, length: 19))
    }

    @Test func rawPositionIsTheLineAndColumnOfTheBytes() throws {
        let text = "first line\r\nsecond: \u{1B}[1;31m\(Self.card)\u{1B}[0m\r\n\u{1B}[2J"
        let report = try Self.scan(raw: text)
        let exposure = try Self.only(report, "card.pan")
        let offset = try #require(exposure.firstOffset)
        #expect(CaptureInput.raw(Array(text.utf8)).region(ofOffset: offset) == AuditRegion(line: 2, column: 16))
    }

    @Test func alternateScreenThenLeft() throws {
        let report = try Self.scan(raw: "main\u{1B}[?1049h\u{1B}[H\(Self.card)\u{1B}[?1049lback")
        #expect(!(try Self.only(report, "card.pan")).stillVisible)
        let cast = try Self.cast([(0.5, "\u{1B}[?1049h\u{1B}[Hpay \(Self.card)"), (1.5, "\u{1B}[?1049l$ ")])
        let exposure = try Self.only(try Self.scan(cast), "card.pan")
        #expect(exposure.firstTime == 0.5)
        #expect(exposure.firstEvent == 0)
        #expect(exposure.lastSeen == 1.5)
        #expect(!exposure.stillVisible)
    }

    @Test func recordingShownThenCleared() throws {
        let cast = try Self.cast([(0.2, "$ cat creds\r\n"), (0.5, "aws \(Self.aws)\r\n"), (1.3, "\u{1B}[H\u{1B}[2J$ ")])
        let exposure = try Self.only(try Self.scan(cast), "aws.access_key")
        #expect(exposure.firstTime == 0.5)
        #expect(exposure.firstEvent == 1)
        #expect(exposure.visibleSeconds.map { abs($0 - 0.8) < 1e-9 } == true)
        #expect(!exposure.stillVisible)
        #expect(exposure.firstLine == 3)
    }

    /// A value printed across two events, split in its middle: the first frame shows half,
    /// the second the whole; the location is the event that drew its first byte.
    @Test func splitAcrossEvents() throws {
        let cast = try Self.cast([
            (0.1, "电话：\u{1B}[1;31m4111 11"), (0.4, "11 1111 1111\u{1B}[0m 完"), (2.0, "\u{1B}[2J"),
        ])
        let exposure = try Self.only(try Self.scan(cast), "card.pan")
        #expect(exposure.firstTime == 0.4)
        #expect(exposure.firstEvent == 1)
        #expect(exposure.spans == [CellSpan(row: 0, col: 6, width: 19)])
        let offset = try #require(exposure.firstOffset)
        // The output stream's offset of the card's first byte: inside the first event.
        #expect(offset == "电话：\u{1B}[1;31m".utf8.count)
        #expect(exposure.firstLine == 2)
        // The column of the card's first byte in that event's JSON line (RecordingPositionTests).
        #expect(exposure.firstColumn.map { $0 > 1 } == true)
        #expect(exposure.region(in: .recording(cast)) == AuditRegion(line: 2, column: exposure.firstColumn ?? 0))
    }

    @Test func recordingOverwrittenCharByCharInLaterEvents() throws {
        var events: [(Double, String)] = [(0.1, "pin \(Self.card)")]
        for index in 0..<19 { events.append((0.5 + Double(index) * 0.1, "\u{1B}[1;\(index + 5)H*")) }
        let exposure = try Self.only(try Self.scan(try Self.cast(events)), "card.pan")
        #expect(exposure.firstTime == 0.1)
        #expect(exposure.lastSeen == 0.5)
        #expect(!exposure.stillVisible)
    }

    @Test func scrolledOffWithinOneEventIsExposed() throws {
        let lines = String(repeating: "build output\r\n", count: 40)
        let cast = try Self.cast([(0.1, "token \(Self.aws)\r\n" + lines)])
        let exposure = try Self.only(try Self.scan(cast), "aws.access_key")
        #expect(exposure.firstTime == 0.1)
        #expect(!exposure.stillVisible)
    }

    /// A value soft-wrapped across two rows is judged whole.
    @Test func wrappedValueIsFound() throws {
        let report = try Self.scan(raw: String(repeating: "x", count: 70) + " " + Self.card + "\u{1B}[2J")
        let exposure = try Self.only(report, "card.pan")
        #expect(exposure.spans.map(\.row) == [0, 1])
    }

    @Test func stillVisibleAndOnceEach() throws {
        let cast = try Self.cast([(0.1, "a \(Self.card)\r\n"), (0.2, "b \(Self.card)\r\n"), (0.3, "\u{1B}[1;1Hz")])
        let report = try Self.scan(cast)
        let exposure = try Self.only(report, "card.pan")
        #expect(exposure.firstTime == 0.1)
        #expect(exposure.stillVisible)
        #expect(exposure.visibleSeconds.map { abs($0 - 0.2) < 1e-9 } == true)
    }

    @Test func titleIsJudged() throws {
        let report = try Self.scan(raw: "\u{1B}]2;card \(Self.card)\u{07}\u{1B}]2;done\u{07}")
        let exposure = try Self.only(report, "card.pan")
        #expect(exposure.finding.location == .title)
        #expect(!exposure.stillVisible)
    }

    /// Every cell written by the value's bytes is recorded, so a redacted replay can hide
    /// even the frames where it was only partly drawn.
    @Test func sensitiveOffsetsCoverEveryByteOfTheValue() throws {
        let cast = try Self.cast([(0.1, "x 4111 11"), (0.2, "11 1111 1111\r\n")])
        let report = try Self.scan(cast)
        let digits = Set(report.sensitiveOffsets.keys)
        #expect(digits == Set(2..<21))
    }
}

/// The event lines' fast path decodes JSON strings exactly as the general reader does.
@Suite struct AsciicastEventLineTests {
    @Test(arguments: [
        #"[0.5, "o", "plain"]"#,
        #"[1e-3,"o","esc \u001b[1m \\ \" \/ \b\f\n\r\t"]"#,
        #"[2, "o", "é 漢字 \u00e9\u6f22 \ud83d\ude00 😀"]"#,
        #"  [ 3.25 , "r" , "100x30" ]  "#,
        #"[4, "m", "chapter \"one\""]"#,
    ])
    func sameAsFoundation(line: String) throws {
        let text = "{\"version\": 2, \"width\": 80, \"height\": 24}\n" + line + "\n"
        let cast = try Asciicast(bytes: Array(text.utf8), path: "t.cast")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
        let event = try #require(cast.events.first)
        #expect(event.time == (object[0] as? NSNumber)?.doubleValue)
        let data = try #require(object[2] as? String)
        switch event.kind {
        case .output(let bytes): #expect(bytes == Array(data.utf8))
        case .resize(let cols, let rows): #expect("\(cols)x\(rows)" == data)
        case .other(let code, let value): #expect(code == object[1] as? String && value == data)
        }
    }

    /// Times are read to the same double as `Double(String)` (one correctly rounded division).
    @Test func timesAreExact() throws {
        var random = SystemRandomNumberGenerator()
        var lines = ["{\"version\": 2, \"width\": 80, \"height\": 24}"]
        var texts: [String] = []
        var clock = 0.0
        for _ in 0..<3000 {
            clock += Double(Int.random(in: 0...5_000_000, using: &random)) / 1_000_000
            let decimals = Int.random(in: 0...6, using: &random)
            var text = String(format: "%.\(decimals)f", clock)
            if decimals == 0 { text = String(Int(clock)) }
            guard let value = Double(text), value >= (texts.last.flatMap(Double.init) ?? 0) else { continue }
            texts.append(text)
            lines.append("[\(text), \"o\", \"x\"]")
        }
        let cast = try Asciicast(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), path: "t.cast")
        #expect(cast.events.map(\.time) == texts.map { Double($0)! })
    }

    @Test func otherShapesStillGoThroughTheGeneralReader() throws {
        let header = "{\"version\": 2, \"width\": 80, \"height\": 24}\n"
        let extra = try Asciicast(bytes: Array((header + #"[1, "o", "x", "extra"]"# + "\n").utf8), path: "t.cast")
        #expect(extra.events.count == 1)
        #expect(throws: InputError.self) {
            try Asciicast(bytes: Array((header + #"[1, "o", "\ud800"]x"# + "\n").utf8), path: "t.cast")
        }
        #expect(throws: InputError.self) {
            try Asciicast(bytes: Array((header + #"[-1, "o", "x"]"# + "\n").utf8), path: "t.cast")
        }
    }
}
