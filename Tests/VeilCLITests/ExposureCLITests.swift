import Foundation
import Testing

/// `veil audit`, `veil scan` and `veil redact` on a recording that shows secrets and clears
/// them: the issue's first example ("1 snapshot (1 clean) … passed" must not happen again).
@Suite struct ExposureCLITests {
    static let recording = """
        {"version": 2, "width": 80, "height": 24}
        [0.2, "o", "$ cat creds\\r\\n"]
        [0.5, "o", "aws AKIAQ4D3PXL2M7RT5JEW\\r\\ncard 4111 1111"]
        [0.6, "o", " 1111 1111\\r\\n"]
        [1.3, "o", "\\u001b[H\\u001b[2J$ "]

        """

    static func folder() throws -> URL {
        let folder = try Temp.folder()
        try Data(recording.utf8).write(to: folder.appendingPathComponent("leak.cast"))
        return folder
    }

    @Test func auditFindsWhatWasClearedWithTimeAndPlace() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try CLI.run(["audit", "leak.cast"], in: folder)
        #expect(text.status == 1, "\(text)")
        // The line of the event that drew each value's first byte, and the column where that
        // byte's JSON text starts (found here by searching the recording's line).
        let line3 = Self.recording.split(separator: "\n")[2]
        let awsColumn = line3.distance(from: line3.startIndex, to: line3.range(of: "AKIAQ")!.lowerBound) + 1
        let cardColumn = line3.distance(from: line3.startIndex, to: line3.range(of: "4111")!.lowerBound) + 1
        #expect(text.stdout.contains("leak.cast:3:\(awsColumn)  block  aws.access_key"), "\(text)")
        #expect(text.stdout.contains("shown at 0.50 s (event 1) for 0.80 s, then left"), "\(text)")
        #expect(text.stdout.contains("leak.cast:3:\(cardColumn)  block  card.pan"), "\(text)")
        #expect(text.stdout.contains("shown at 0.60 s (event 2) for 0.70 s, then left"), "\(text)")

        let json = try CLI.run(["audit", "leak.cast", "--format", "json", "--no-timing"], in: folder)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let card = try #require(findings.first { $0["ruleId"] as? String == "card.pan" })
        let exposure = try #require(card["exposure"] as? [String: Any])
        #expect(exposure["firstSeconds"] as? Double == 0.6)
        #expect(exposure["firstEvent"] as? Int == 2)
        #expect(exposure["stillVisible"] as? Bool == false)
        #expect((exposure["visibleSeconds"] as? Double).map { abs($0 - 0.7) < 0.001 } == true)
        #expect(exposure["byteOffset"] as? Int == "$ cat creds\r\naws AKIAQ4D3PXL2M7RT5JEW\r\ncard ".utf8.count)

        for format in ["text", "json", "sarif", "junit"] {
            let result = try CLI.run(["audit", "leak.cast", "--format", format], in: folder)
            for secret in ["AKIAQ4D3PXL2M7RT5JEW", "4111 1111 1111 1111", "4111111111111111"] {
                #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "\(format)")
            }
        }
        let sarif = try CLI.run(["audit", "leak.cast", "--format", "sarif"], in: folder)
        #expect(sarif.stdout.contains("\"firstSeconds\""), "\(sarif)")
        #expect(sarif.stdout.contains("\"startColumn\": \(cardColumn)"), "\(sarif)")
        #expect(sarif.stdout.contains("\"startColumn\": \(awsColumn)"), "\(sarif)")
        let junit = try CLI.run(["audit", "leak.cast", "--format", "junit"], in: folder)
        #expect(junit.stdout.contains("leak.cast:3:\(cardColumn)"), "\(junit)")
        #expect(json.stdout.contains("\"startColumn\": \(cardColumn)"), "\(json)")
    }

    @Test func scanListsEveryMomentAndAtKeepsOne() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let all = try CLI.run(["scan", "leak.cast"], in: folder)
        #expect(all.status == 1)  // block findings fail a scan (ExitCodeTests)
        #expect(all.stdout.contains("2 findings: 2 block, 0 warn; 2 no longer on the final screen"), "\(all)")
        // At 0.55 s the card shows only as `4111 1111`: judged with every value the recording
        // exposes, that half is the card's finding too (as `veil snap --at 0.55` hides it).
        let moment = try CLI.run(["scan", "leak.cast", "--at", "0.55"], in: folder)
        #expect(moment.status == 1)
        #expect(moment.stdout.contains("2 findings: 2 block, 0 warn"), "\(moment)")
        #expect(moment.stdout.contains("card.pan"), "\(moment)")
        let json = try CLI.run(["scan", "leak.cast", "--at", "0.55", "--format", "json"], in: folder)
        #expect(json.stdout.contains(#""spans":[{"row":2,"col":5,"width":9}]"#), "\(json)")
    }

    @Test func redactWritesARecordingWithNoSecretByte() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["redact", "leak.cast", "-o", "clean.cast"], in: folder)
        #expect(result.status == 0, "\(result)")
        let bytes = try Data(contentsOf: folder.appendingPathComponent("clean.cast"))
        let text = String(decoding: bytes, as: UTF8.self)
        for secret in ["AKIAQ4D3PXL2M7RT5JEW", "4111 1111 1111 1111", "4111111111111111", "AKIAQ4D3PX", "1111 1111"] {
            #expect(!text.contains(secret) && !text.replacingOccurrences(of: " ", with: "").contains(secret))
        }
        let again = try CLI.run(["audit", "clean.cast"], in: folder)
        #expect(again.status == 0, "\(again)")
    }

    @Test func redactOfABrokenRecordingWritesNothing() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken =
            "{\"version\": 2, \"width\": 80, \"height\": 24}\n[0.1, \"o\", \"a\"]\n[-1, \"o\", \"b\"]\n[0.3, \"o\", \"c\"]\n"
        try Data(broken.utf8).write(to: folder.appendingPathComponent("bad.cast"))
        let result = try CLI.run(["redact", "bad.cast", "-o", "out.cast"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.cast:3"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.cast").path))
    }
}

/// Recordings found in the wild: read with a warning, refused only when unreadable.
@Suite struct UnusualRecordingTests {
    static func run(_ name: String, _ content: String, _ arguments: [String]) throws -> CommandResult {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(content.utf8).write(to: folder.appendingPathComponent(name))
        return try CLI.run(arguments, in: folder)
    }

    static let header = "{\"version\": 2, \"width\": 80, \"height\": 24}\n"

    @Test func rawControlCharactersInsideStrings() throws {
        let content = Self.header + "[0.1, \"o\", \"card\t4111 1111 1111 1111\u{1B}[0m\"]\n"
        let result = try Self.run("ctl.cast", content, ["audit", "ctl.cast"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("ctl.cast:2: raw control characters inside a JSON string"), "\(result)")
        #expect(result.stdout.contains("card.pan"))
    }

    @Test func truncatedLastLineIsAWarning() throws {
        let content = Self.header + "[0.1, \"o\", \"card 4111 1111 1111 1111\"]\n[0.2, \"o\", \"more te"
        let result = try Self.run("cut.cast", content, ["audit", "cut.cast"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("cut.cast:3: the last line is cut short"), "\(result)")
        #expect(result.stdout.contains("card.pan"))
    }

    @Test func terminalBytesUnderACastName() throws {
        let result = try Self.run("raw.cast", "raw 4111 1111 1111 1111\r\n", ["scan", "raw.cast"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("raw.cast: not an asciicast"), "\(result)")
        #expect(result.stdout.contains("card.pan"))
    }

    @Test(arguments: [
        ("[0.1, \"o\"]\n", 2, "event must be a JSON array"),
        ("[-1, \"o\", \"x\"]\n", 2, "non-negative"),
        ("[0.1, \"o\", \"x\"\n[0.2, \"o\", \"y\"]\n", 2, "invalid JSON"),
        ("[NaN, \"o\", \"x\"]\n", 2, "invalid JSON"),
    ])
    func brokenLinesAreErrors(body: String, line: Int, message: String) throws {
        for command in [["audit", "bad.cast"], ["scan", "bad.cast"], ["redact", "bad.cast", "-o", "out.cast"]] {
            let result = try Self.run("bad.cast", Self.header + body, command)
            #expect(result.status == 2, "\(command): \(result)")
            #expect((result.stdout + result.stderr).contains("bad.cast:\(line)"), "\(command): \(result)")
            #expect((result.stdout + result.stderr).contains(message), "\(command): \(result)")
        }
        let unknown = try Self.run(
            "bad.cast", "{\"version\": 9, \"width\": 80, \"height\": 24}\n", ["scan", "bad.cast"])
        #expect(unknown.status == 2 && unknown.stderr.contains("bad.cast:1"), "\(unknown)")
    }

    @Test func ansiFilesAreDiscovered() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("caps"), withIntermediateDirectories: true)
        try Data("x 4111 1111 1111 1111\r\n".utf8).write(to: folder.appendingPathComponent("caps/shot.ansi"))
        let result = try CLI.run(["audit", "caps"], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("caps/shot.ansi"), "\(result)")
    }
}

/// `veil snap INPUT.cast --frames DIR`: redacted pictures of chosen frames.
@Suite struct SnapFramesTests {
    @Test func firstAppearancesAndEverySecond() throws {
        let folder = try ExposureCLITests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try CLI.run(["snap", "leak.cast", "--frames", "firsts"], in: folder)
        #expect(first.status == 0, "\(first)")
        let firsts = Temp.contents(of: folder.appendingPathComponent("firsts"))
        #expect(firsts == ["frame-00000.50s-event-1.png", "frame-00000.60s-event-2.png"])
        let every = try CLI.run(["snap", "leak.cast", "--frames", "every", "--every", "0.5s"], in: folder)
        #expect(every.status == 0, "\(every)")
        let ticks = Temp.contents(of: folder.appendingPathComponent("every"))
        #expect(ticks == ["frame-00000.00s-start.png", "frame-00000.50s-event-1.png", "frame-00001.00s-event-2.png"])
        for name in firsts {
            let png = try Data(contentsOf: folder.appendingPathComponent("firsts/\(name)"))
            #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            let bitmap = try Pixels.decode(folder.appendingPathComponent("firsts/\(name)"))
            #expect(bitmap.width == 80 * 8 || bitmap.width > 0)
        }
    }

    @Test func framesOfRawBytesIsAnError() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("a.ans"))
        let result = try CLI.run(["snap", "a.ans", "--frames", "out"], in: folder)
        #expect(result.status == 2, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    /// A capture with bare line feeds (a pipe, `tmux capture-pane`) is judged over time as a
    /// cooked terminal shows it, and locations still point at the file's own bytes: the CR
    /// each LF gains is not counted.
    @Test func cookedCapturesAreJudgedOverTimeAtTheirOwnBytes() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = "first line\nCard: 4111 1111 1111 1111\n"
        for index in 0..<40 { text += "line \(index)\n" }
        try Data(text.utf8).write(to: folder.appendingPathComponent("pipe.ans"))
        let audit = try CLI.run(["audit", "pipe.ans"], in: folder)
        #expect(audit.status == 1, "\(audit)")
        // Scrolled off the top of the 24-row screen, and found where its bytes are.
        #expect(audit.stdout.contains("pipe.ans:2:7  block  card.pan"), "\(audit)")
        let scan = try CLI.run(["scan", "pipe.ans", "--format", "json"], in: folder)
        #expect(scan.status == 1, "\(scan)")
        #expect(scan.stdout.contains(#""line":2,"column":7"#), "\(scan)")
        // Cooked: "Card: " starts its row at column 0, so the number is at column 6 (a
        // staircase would put it after the first line's 10 columns).
        #expect(scan.stdout.contains(#""spans":[{"row":0,"col":6,"#), "\(scan)")
    }
}
