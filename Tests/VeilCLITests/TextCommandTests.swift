import Foundation
import Testing

/// `veil scan --text` and `veil redact --text`: positions, exit codes, standard input, formats,
/// atomic output and the refused long line.
@Suite struct TextCommandTests {
    /// Line 2 has a card number after a non-ASCII word, line 3 invalid UTF-8 before an address.
    static let sample: [UInt8] =
        Array("hello\nnuméro 4111 1111 1111 1111 ok\n".utf8) + [0xFF, 0xFE]
        + Array(" email bob@acme-corp.io\nplain line\n".utf8)

    @Test func scanTextReportsFileLineColumnAndExitsOne() throws {
        let folder = try Temp.folder(prefix: "veil-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.sample).write(to: folder.appendingPathComponent("app.log"))
        let result = try CLI.run(["scan", "--text", "app.log"], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("app.log:2:8: card.pan (pii, block): •••• •••• •••• ••••"), "\(result)")
        #expect(result.stdout.contains("app.log:3:10: email (pii, block)"), "\(result)")
        #expect(!result.stdout.contains("4111") && !result.stdout.contains("bob@"))
    }

    @Test func scanTextOfCleanStandardInputExitsZero() throws {
        let folder = try Temp.folder(prefix: "veil-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["scan", "--text", "-"], in: folder, stdin: Array("nothing\nto see\n".utf8))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "<stdin>: no findings\n")
    }

    @Test func scanTextJSONAndSARIFCarryPositions() throws {
        let folder = try Temp.folder(prefix: "veil-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = try CLI.run(["scan", "--text", "--format", "json", "-"], in: folder, stdin: Self.sample)
        #expect(json.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["card.pan", "email"])
        #expect(findings.map { $0["line"] as? Int } == [2, 3])
        #expect(findings.map { $0["column"] as? Int } == [8, 10])
        #expect(findings.map { $0["byteColumn"] as? Int } == [9, 10])
        let sarif = try CLI.run(["scan", "--text", "--format", "sarif", "-"], in: folder, stdin: Self.sample)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdoutBytes)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let regions = results.compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
                as? [String: Int]
        }
        #expect(regions.map { [$0["startLine"], $0["startColumn"], $0["endColumn"]] } == [[2, 8, 27], [3, 10, 26]])
        #expect(!sarif.stdout.contains("4111"))
        let screenSarif = try CLI.run(["scan", "--format", "sarif", "-"], in: folder, stdin: Self.sample)
        #expect(screenSarif.status == 2)
        #expect(screenSarif.stderr.contains("--format sarif applies to plain text (--text)"), "\(screenSarif)")
        let junit = try CLI.run(["scan", "--text", "--format", "junit", "-"], in: folder, stdin: Self.sample)
        #expect(junit.status == 2)
        #expect(junit.stderr.contains("--format junit is written by veil audit"), "\(junit)")
    }

    @Test func redactTextStreamsStandardInputToStandardOutput() throws {
        let folder = try Temp.folder(prefix: "veil-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["redact", "--text", "-", "--style", "placeholder"], in: folder, stdin: Self.sample)
        #expect(result.status == 0, "\(result)")
        let expected =
            Array("hello\nnuméro [REDACTED:card.pan] ok\n".utf8) + [0xFF, 0xFE]
            + Array(" email [REDACTED:email]\nplain line\n".utf8)
        #expect(result.stdoutBytes == expected)
    }

    @Test func redactTextWritesTheOutputFileAtomically() throws {
        let folder = try Temp.folder(prefix: "veil-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.sample).write(to: folder.appendingPathComponent("app.log"))
        let result = try CLI.run(["redact", "--text", "app.log", "-o", "clean.log"], in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
        let written = try String(decoding: Data(contentsOf: folder.appendingPathComponent("clean.log")), as: UTF8.self)
        #expect(written.contains("numéro ••••••••••••••••••• ok"))
        #expect(!written.contains("bob@acme-corp.io"))
    }

    /// A 100 MB line with no line break: refused after at most 4 MiB, exit 2, the file and
    /// line named, no output file.
    @Test func aHundredMegabyteLineIsRefused() throws {
        let folder = try Temp.folder(prefix: "veil-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("huge.log")
        var data = Data("first line\n".utf8)
        data.append(Data(repeating: UInt8(ascii: "a"), count: 100_000_000))
        try data.write(to: input)
        for command in [["redact", "--text", "huge.log", "-o", "out.log"], ["scan", "--text", "huge.log"]] {
            let result = try CLI.run(command, in: folder)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("huge.log:2: line is longer than 4194304 bytes"), "\(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.log").path))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["huge.log"])
    }

    @Test func missingInputIsNamed() throws {
        let folder = try Temp.folder(prefix: "veil-text")
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in [["redact", "--text", "nope.log"], ["scan", "--text", "nope.log"]] {
            let result = try CLI.run(command, in: folder)
            #expect(result.status == 2)
            #expect(result.stderr.contains("nope.log: no such file"), "\(result)")
        }
    }
}
