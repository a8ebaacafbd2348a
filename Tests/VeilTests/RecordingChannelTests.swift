import Foundation
import Testing
import VeilRedaction

@testable import Veil

/// Everything a recording holds besides what it draws: each channel with a planted value is
/// reported at its own place, and `veil redact`'s output of it audits clean, with none of
/// the value's bytes left.
@Suite struct RecordingChannelTests {
    static let token = "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"
    static let aws = "AKIAQ4D3PXL2M7RT5JEW"
    static let card = "4111 1111 1111 1111"
    static let tool = AuditReport.Tool(version: "0.0.0-test")

    static func json(_ value: Any) -> String {
        let data = try! JSONSerialization.data(
            withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    /// A planted value, the recording's lines, and where the finding must point.
    struct Channel: CustomTestStringConvertible, Sendable {
        var name: String
        var kind: MediaPlace.Kind
        var lines: [String]
        var value: String
        var line: Int
        /// A text the column must point at (the first character of the line from there).
        var columnText: String?
        var testDescription: String { name }
    }

    static let header2 = #"{"version": 2, "width": 40, "height": 5}"#
    static let header3 = #"{"version": 3, "term": {"cols": 40, "rows": 5}}"#

    static let channels: [Channel] = [
        Channel(
            name: "command", kind: .header,
            lines: [
                #"{"version": 2, "width": 40, "height": 5, "command": "deploy --token \#(token)"}"#,
                #"[0.1, "o", "$ "]"#,
            ],
            value: token, line: 1, columnText: token),
        Channel(
            name: "title", kind: .header,
            lines: [#"{"version": 2, "width": 40, "height": 5, "title": "key \#(aws)"}"#], value: aws, line: 1,
            columnText: aws),
        Channel(
            name: "env", kind: .header,
            lines: [#"{"version": 2, "width": 40, "height": 5, "env": {"SHELL": "/bin/sh", "GH": "\#(token)"}}"#],
            value: token, line: 1, columnText: token),
        Channel(
            name: "v3 term and tags", kind: .header,
            lines: [#"{"version": 3, "term": {"cols": 40, "rows": 5, "type": "xterm"}, "tags": ["demo", "\#(aws)"]}"#],
            value: aws, line: 1, columnText: aws),
        Channel(
            name: "unknown header field", kind: .header,
            lines: [#"{"version": 2, "width": 40, "height": 5, "x-notes": {"card": "\#(card)"}}"#], value: card,
            line: 1, columnText: card),
        Channel(
            name: "v3 comment", kind: .comment,
            lines: [header3, #"[0.1, "o", "hi"]"#, "# token \(token)"], value: token, line: 3, columnText: token),
        Channel(
            name: "typed input", kind: .input,
            lines: [header2, #"[0.1, "o", "Token: "]"#]
                + token.enumerated().map { #"[\#(0.2 + Double($0.offset) / 100), "i", "\#($0.element)"]"# }
                + [#"[0.9, "i", "\r"]"#],
            value: token, line: 3, columnText: "g"),
        Channel(
            name: "marker", kind: .marker, lines: [header2, #"[0.5, "m", "card \#(card)"]"#], value: card, line: 2,
            columnText: card),
        Channel(
            name: "exit", kind: .exit, lines: [header3, #"[0.5, "x", "\#(aws)"]"#], value: aws, line: 2, columnText: aws
        ),
        Channel(
            name: "unknown code", kind: .event, lines: [header2, #"[0.5, "z", "\#(token)"]"#], value: token, line: 2,
            columnText: token),
        Channel(
            name: "data of any JSON type", kind: .event,
            lines: [header2, #"[0.5, "z", {"note": ["\#(aws)"]}]"#], value: aws, line: 2, columnText: aws),
        Channel(
            name: "extra array field", kind: .event, lines: [header2, #"[0.5, "o", "ok", "\#(token)"]"#], value: token,
            line: 2, columnText: token),
        Channel(
            name: "OSC 1 icon name", kind: .escape, lines: [header2, #"[0.5, "o", "\u001b]1;\#(aws)\u0007ok"]"#],
            value: aws, line: 2, columnText: #"\u001b]1"#),
        Channel(
            name: "OSC 7 working directory", kind: .escape,
            lines: [header2, #"[0.5, "o", "\u001b]7;file://h/srv/\#(aws)\u001b\\"]"#], value: aws, line: 2,
            columnText: #"\u001b]7"#),
        Channel(
            name: "OSC 8 link target", kind: .escape,
            lines: [
                header2, #"[0.5, "o", "x\u001b]8;id=1;https://t.test/?token=\#(token)\u0007link\u001b]8;;\u0007"]"#,
            ],
            value: token, line: 2, columnText: #"\u001b]8;id"#),
        Channel(
            name: "OSC 8 id", kind: .escape,
            lines: [header2, #"[0.5, "o", "\u001b]8;id=\#(aws);https://t.test/\u0007link\u001b]8;;\u0007"]"#],
            value: aws, line: 2, columnText: #"\u001b]8;id"#),
        Channel(
            name: "OSC 52 clipboard, base64", kind: .escape,
            lines: [header2, #"[0.5, "o", "\u001b]52;c;\#(base64(token))\u0007"]"#], value: token, line: 2,
            columnText: #"\u001b]52"#),
        Channel(
            name: "OSC 133 shell integration", kind: .escape,
            lines: [header2, #"[0.5, "o", "\u001b]133;C;cmdline=curl -H \#(token)\u0007"]"#], value: token, line: 2,
            columnText: #"\u001b]133"#),
        Channel(
            name: "OSC 1337 CurrentDir", kind: .escape,
            lines: [header2, #"[0.5, "o", "\u001b]1337;CurrentDir=/home/\#(aws)\u0007"]"#], value: aws, line: 2,
            columnText: #"\u001b]1337"#),
        Channel(
            name: "OSC 1337 SetUserVar, base64", kind: .escape,
            lines: [header2, #"[0.5, "o", "\u001b]1337;SetUserVar=GH=\#(base64(token))\u0007"]"#], value: token,
            line: 2, columnText: #"\u001b]1337"#),
        Channel(
            name: "OSC split across events", kind: .escape,
            lines: [
                header2, #"[0.5, "o", "ok \u001b]2;\#(aws.prefix(8))"]"#,
                #"[0.6, "o", "\#(aws.dropFirst(8))\u0007\u001b]2;x\u0007"]"#,
            ],
            value: aws, line: 2, columnText: #"\u001b]2"#),
        Channel(
            name: "DCS", kind: .escape, lines: [header2, #"[0.5, "o", "\u001bP1$r key \#(aws)\u001b\\"]"#], value: aws,
            line: 2, columnText: #"\u001bP"#),
        Channel(
            name: "APC", kind: .escape, lines: [header2, #"[0.5, "o", "\u001b_\#(token)\u001b\\"]"#], value: token,
            line: 2, columnText: #"\u001b_"#),
        Channel(
            name: "PM", kind: .escape, lines: [header2, #"[0.5, "o", "\u001b^\#(token)\u001b\\"]"#], value: token,
            line: 2, columnText: #"\u001b^"#),
        Channel(
            name: "SOS", kind: .escape, lines: [header2, #"[0.5, "o", "\u001bX\#(aws)\u001b\\"]"#], value: aws, line: 2,
            columnText: #"\u001bX"#),
    ]

    static func folder(with files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-channels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder.path
    }

    static func audit(_ paths: [String], in folder: String) async -> AuditReport {
        let options = AuditOptions(paths: paths, jobs: 1, currentFolder: folder, tool: tool, timing: false)
        return await AuditEngine(options: options).run().report
    }

    @Test(arguments: channels)
    func plantedValueIsReportedAtItsPlace(_ channel: Channel) async throws {
        let text = channel.lines.joined(separator: "\n") + "\n"
        let folder = try Self.folder(with: ["c.cast": text])
        let report = await Self.audit(["c.cast"], in: folder)
        #expect(report.inputs.allSatisfy { $0.error == nil }, "\(report.inputs)")
        let found = report.findings.filter { $0.medium?.kind == channel.kind }
        #expect(found.count >= 1, "\(report.findings.map(\.message))")
        let finding = try #require(found.first)
        #expect(finding.location.region.startLine == channel.line)
        if let columnText = channel.columnText {
            let line = channel.lines[channel.line - 1]
            let expected = line.distance(from: line.startIndex, to: line.range(of: columnText)!.lowerBound) + 1
            #expect(finding.location.region.startColumn == expected, "\(finding.message)")
        }
        #expect(finding.fails)
        #expect(report.exitCode == 1)
        for output in AuditEngineTests.outputs(report).values {
            #expect(!output.contains(channel.value))
        }
    }

    /// The other way: `veil redact`'s recording holds none of the value and audits clean.
    @Test(arguments: channels)
    func redactedRecordingAuditsClean(_ channel: Channel) async throws {
        let text = channel.lines.joined(separator: "\n") + "\n"
        let folder = try Self.folder(with: ["c.cast": text])
        let input = try CaptureInput.read(path: folder + "/c.cast")
        let (bytes, _) = try CaptureRedactor(rules: .builtIn).redact(input, cols: nil, rows: nil, path: "c.cast")
        let redacted = String(decoding: bytes, as: UTF8.self)
        #expect(!redacted.contains(channel.value))
        #expect(!redacted.contains(channel.value.replacingOccurrences(of: " ", with: "")))
        #expect(!redacted.contains(Self.base64(channel.value)))
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/redacted.cast"))
        let report = await Self.audit(["redacted.cast"], in: folder)
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
        #expect(report.exitCode == 0)
    }

    @Test func theSpecsOwnV3ExampleIsRead() async throws {
        // docs.asciinema.org/manual/asciicast/v3, "asciicast v3 file looks like this".
        let example = """
            {"version": 3, "term": {"cols": 80, "rows": 24, "type": "xterm-256color"}, "timestamp": 1504467315, "title": "Demo", "env": {"SHELL": "/bin/zsh"}}
            # event stream follows the header
            [0.248, "o", "\\u001b[1;31mHello \\u001b[32mWorld!\\u001b[0m\\n"]
            [1.001, "o", "That was ok\\rThis is better."]
            [3.500, "m", ""]
            [0.143, "o", "Now... "]
            # terminal window resized to 90 cols and 30 rows
            [2.050, "r", "90x30"]
            [1.541, "o", "Bye!"]
            [0.887, "x", "0"]

            """
        let cast = try Asciicast(bytes: Array(example.utf8), path: "v3.cast")
        #expect(cast.events.count == 7)
        #expect(abs(cast.duration - 9.37) < 1e-9)
        let folder = try Self.folder(with: ["v3.cast": example])
        let report = await Self.audit(["v3.cast"], in: folder)
        #expect(report.exitCode == 0)
        var streamed: [Asciicast.Event] = []
        try AsciicastReader.forEachEvent(path: folder + "/v3.cast") { streamed.append($0) }
        #expect(streamed == cast.events)
    }

    @Test func commentsAreRefusedWhereTheFormatHasNone() throws {
        #expect(throws: InputError.self) {
            try Asciicast(bytes: Array("\(Self.header2)\n# no comments in v2\n".utf8), path: "v2.cast")
        }
        let first = #expect(throws: InputError.self) {
            try Asciicast(bytes: Array("# comment first\n\(Self.header3)\n".utf8), path: "v3.cast")
        }
        #expect(first?.message.contains("first line") == true)
    }

    @Test func eventDataOfAnyTypeIsKeptForCodesPlayersIgnore() throws {
        let cast = try Asciicast(
            bytes: Array("\(Self.header2)\n[0.5, \"z\", {\"a\": 1}]\n[0.6, \"m\", 3]\n".utf8), path: "x.cast")
        #expect(cast.events.map(\.kind) == [.other(code: "z", data: #"{"a":1}"#), .other(code: "m", data: "3")])
        #expect(throws: InputError.self) {
            try Asciicast(bytes: Array("\(Self.header2)\n[0.5, \"o\", 3]\n".utf8), path: "x.cast")
        }
    }

    @Test func aTitleTheScreensShowIsReportedOnce() async throws {
        let text = "\(Self.header2)\n[0.5, \"o\", \"\\u001b]2;key \(Self.aws)\\u0007ok\"]\n"
        let folder = try Self.folder(with: ["t.cast": text])
        let report = await Self.audit(["t.cast"], in: folder)
        #expect(report.findings.count == 1)
        #expect(report.findings.first?.medium == nil)
    }

    @Test func typedInputIsJudgedNextToItsPrompt() async throws {
        // A password typed at a prompt that does not echo: only the "i" events hold it.
        var lines = [Self.header2, #"[0.1, "o", "Password: "]"#]
        for (index, key) in "Tr0ub4dor&3xyzzy!".enumerated() {
            lines.append(#"[\#(0.2 + Double(index) / 100), "i", "\#(key)"]"#)
        }
        lines.append(#"[0.5, "i", "\r"]"#)
        let folder = try Self.folder(with: ["p.cast": lines.joined(separator: "\n") + "\n"])
        let report = await Self.audit(["p.cast"], in: folder)
        let finding = try #require(report.findings.first)
        #expect(finding.medium?.kind == .input)
        #expect(finding.medium?.seconds == 0.2)
        #expect(finding.location.region.startLine == 3)
    }

    @Test func rawCapturesStringsAreJudgedAtTheirLineAndColumn() async throws {
        let text = "line one\r\nab\u{1B}]52;c;\(Self.base64(Self.token))\u{07}cd\r\n"
        let folder = try Self.folder(with: ["s.ans": text])
        let report = await Self.audit(["s.ans"], in: folder)
        let finding = try #require(report.findings.first { $0.medium != nil })
        #expect(finding.location.region.startLine == 2)
        #expect(finding.location.region.startColumn == 3)
        #expect(finding.message.contains("capture's OSC 52 (clipboard), base64-decoded"))
    }

    @Test func imagesInsideARecordingAreNamedAsNotRead() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]).base64EncodedString()
        let text =
            "\(Self.header2)\n[0.5, \"o\", \"\\u001b]1337;File=inline=1:\(png)\\u0007\\u001bPq#0;2;0;0;0\\u001b\\\\\"]\n"
        let folder = try Self.folder(with: ["i.cast": text])
        let result = try RecordingChannels(rules: .builtIn).scan(
            try CaptureInput.read(path: folder + "/i.cast"), path: "i.cast")
        #expect(result.unread.count == 2)
        #expect(result.unread.allSatisfy { $0.hasPrefix("i.cast:2: ") })
    }
}
