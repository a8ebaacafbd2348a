import Foundation
import Testing

/// The exit-code contract, command by command.
///
/// 0 ok; 1 what should fail a build (a block finding for scan and audit, a violation for
/// run and audit, a failing example for rules lint); 2 a usage, configuration, input or
/// write error. Each `--help` says so.
@Suite struct ExitCodeTests {
    static let blockFinding = Array("Card: 4111 1111 1111 1111\r\n".utf8)
    static let warnOnly = Array("Call +44 20 7946 0958 today\r\n".utf8)

    /// Runs `veil ARGS` under `ulimit -f 1` (SIGXFSZ ignored): every write of more than one
    /// block fails with EFBIG, as on a full disk.
    static func runWithTinyFileLimit(_ arguments: [String], in folder: URL) throws -> CommandResult {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let script = "trap '' XFSZ; ulimit -f 1; exec \"$0\" \(quoted)"
        return try CLI.runProgram("/bin/sh", ["-c", script, try CLI.binary().path], in: folder)
    }

    @Test func veilWithoutACommandPrintsHelpAndExitsTwo() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run([], in: work)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("USAGE: veil <subcommand>"), "\(result)")
    }

    @Test(arguments: ["snap", "scan", "screen", "run", "audit", "demo", "rules"])
    func everyCommandsHelpStatesItsExitCodes(command: String) throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run([command, "--help"], in: work)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Exit codes"), "\(command) --help:\n\(result.stdout)")
    }

    @Test func scanExitsOneOnABlockFindingUnlessExitZero() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let block = try CLI.run(["scan", "-"], in: work, stdin: Self.blockFinding)
        #expect(block.status == 1, "\(block)")
        #expect(block.stdout.contains("card.pan"))
        let json = try CLI.run(["scan", "-", "--format", "json"], in: work, stdin: Self.blockFinding)
        #expect(json.status == 1, "\(json)")
        let optedOut = try CLI.run(["scan", "-", "--exit-zero"], in: work, stdin: Self.blockFinding)
        #expect(optedOut.status == 0, "\(optedOut)")
        let warn = try CLI.run(["scan", "-"], in: work, stdin: Self.warnOnly)
        #expect(warn.status == 0 && warn.stdout.contains("phone.intl"), "\(warn)")
        let clean = try CLI.run(["scan", "-"], in: work, stdin: Array("hello\r\n".utf8))
        #expect(clean.status == 0, "\(clean)")
        let marked = Array("Balance: \u{1B}]7701;balance\u{1B}\\¥ 52,310.44\u{1B}]7701;\u{1B}\\\r\n".utf8)
        let hiddenByTheApp = try CLI.run(["scan", "-"], in: work, stdin: marked)
        // Hidden by the app at every moment: nothing was exposed, nothing fails.
        #expect(hiddenByTheApp.status == 0 && hiddenByTheApp.stdout.contains("no findings"), "\(hiddenByTheApp)")
        let bad = try CLI.run(["scan", "missing.ans", "--exit-zero"], in: work)
        #expect(bad.status == 2, "\(bad)")
    }

    @Test func snapAndScreenExitZeroWithFindings() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let snap = try CLI.run(["snap", "-", "-o", "card.png"], in: work, stdin: Self.blockFinding)
        #expect(snap.status == 0, "\(snap)")
        let screen = try CLI.run(["screen", "-"], in: work, stdin: Self.blockFinding)
        #expect(screen.status == 0, "\(screen)")
    }

    @Test func auditExitsOneOnABlockFinding() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        try Data(Self.blockFinding).write(to: work.appendingPathComponent("card.ans"))
        let result = try CLI.run(["audit", "."], in: work)
        #expect(result.status == 1, "\(result)")
        try Data(Self.warnOnly).write(to: work.appendingPathComponent("card.ans"))
        let warn = try CLI.run(["audit", "."], in: work)
        #expect(warn.status == 0, "\(warn)")
    }

    @Test func demoThatCannotWriteExitsTwoWithOneError() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try Self.runWithTinyFileLimit(["demo", "--out", "out"], in: work)
        #expect(result.status == 2, "\(result)")
        let errors = result.stderr.split(separator: "\n").filter { $0.contains("not written") }
        #expect(errors.count == 1, "\(result)")
        #expect(result.stderr.contains("bank-0001") && result.stderr.contains("File too large"), "\(result)")
        #expect(!result.stdout.contains("snapshotFailed"), "\(result)")
        #expect(Temp.contents(of: work.appendingPathComponent("out")).isEmpty, "\(Temp.contents(of: work))")
    }

    @Test func runThatCannotWriteExitsTwo() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let scenario = try Secrets.demoFile("bank.veil.yml")
        let result = try Self.runWithTinyFileLimit(["run", scenario.path, "--out", "out"], in: work)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("snapshot bank-0001 not written"), "\(result)")
        #expect(Temp.contents(of: work.appendingPathComponent("out")).isEmpty)
    }

    @Test func rulesExitZeroOneOrTwo() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        #expect(try CLI.run(["rules", "lint"], in: work).status == 0)
        #expect(try CLI.run(["rules", "list"], in: work).status == 0)
        #expect(try CLI.run(["rules", "show", "no.such.rule"], in: work).status == 2)
        let failing = """
            rules:
              - id: app.order
                regex: 'ORD-[0-9]{4}'
                examples: ["order ↓ORD-12↓"]

            """
        try Data(failing.utf8).write(to: work.appendingPathComponent("failing.yml"))
        let lint = try CLI.run(["rules", "lint", "--config", "failing.yml"], in: work)
        #expect(lint.status == 1, "\(lint)")
        try Data("rules: [{id: x}]\n".utf8).write(to: work.appendingPathComponent("invalid.yml"))
        let invalid = try CLI.run(["rules", "lint", "--config", "invalid.yml"], in: work)
        #expect(invalid.status == 2 && invalid.stderr.contains("invalid.yml:1:"), "\(invalid)")
    }

    @Test func dashOutputWritesThePNGToStandardOutput() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(["snap", "-", "-o", "-"], in: work, stdin: Self.blockFinding)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Array(result.stdoutBytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(result.stderr.contains("1 hidden"))
        #expect(Temp.contents(of: work).isEmpty, "a file was written: \(Temp.contents(of: work))")
        try Secrets.expectNone(in: result.stdoutBytes, "the PNG on stdout")
    }

    @Test func showLastRevealsAtMostFourCharactersAndSaysSo() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(
            ["scan", "-", "--show-last", "100"], in: work, stdin: Array("Password: Lantern-7-Harbor\r\n".utf8))
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("••••••••••••rbor"), "\(result)")
        #expect(!result.stdout.contains("Harbor"), "\(result)")
        #expect(result.stderr.contains("at most 4 characters"), "\(result)")
    }

    /// `--group-above` is one option of scan and audit: the same check, the same exit code.
    @Test(arguments: [["scan", "-", "--group-above=-1"], ["audit", ".", "--group-above=-1"]])
    func aNegativeGroupThresholdIsAUsageError(_ arguments: [String]) throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(arguments, in: work, stdin: Array("hello\r\n".utf8))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--group-above must be 0 or more (got -1)"), "\(result)")
    }

    @Test func verboseScanNamesAllowlistedValuesMasked() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = Array("aws_access_key_id = AKIAIOSFODNN7EXAMPLE\r\n".utf8)
        let quiet = try CLI.run(["scan", "-"], in: work, stdin: input)
        #expect(quiet.status == 0 && !quiet.stdout.contains("allowlisted"), "\(quiet)")
        let verbose = try CLI.run(["scan", "-", "--verbose"], in: work, stdin: input)
        #expect(verbose.status == 0, "\(verbose)")
        #expect(
            verbose.stdout.contains(
                "allowlisted: aws.access_key at 1:21 ••••••••••••••••••••: AWS documentation keys end in EXAMPLE"),
            "\(verbose)")
        #expect(!verbose.stdout.contains("AKIA"), "\(verbose)")
        let json = try CLI.run(["scan", "-", "--verbose", "--format", "json"], in: work, stdin: input)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        let allowlisted = try #require(object["allowlisted"] as? [[String: Any]])
        #expect(allowlisted.first?["rule"] as? String == "aws.access_key")
    }

    /// Positions meant for people count from 1 (WHERE is the screen's row:col as a person
    /// counts them); JSON's cells count from 0, as Docs/audit-json.md says.
    @Test func scanPositionsCountFromOneAndJSONCellsFromZero() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = Array("hello\r\nCard: 4111 1111 1111 1111\r\n".utf8)
        let text = try CLI.run(["scan", "-"], in: work, stdin: input)
        let row = text.stdout.split(separator: "\n").first { $0.contains("card.pan") }
        #expect(row?.hasPrefix("2:7 ") == true, "\(text)")
        let json = try CLI.run(["scan", "-", "--format", "json"], in: work, stdin: input)
        #expect(json.stdout.contains(#""spans":[{"row":1,"col":6,"width":19}]"#), "\(json)")
        #expect(json.stdout.contains(#""line":2,"column":7"#), "\(json)")
    }

    @Test func verboseScanSaysWhyAPlaceholderStaysVisible() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = Array("password=$(pass show db/prod)\r\napi_key: <your-api-key>\r\n".utf8)
        let quiet = try CLI.run(["scan", "-"], in: work, stdin: input)
        #expect(quiet.status == 0 && !quiet.stdout.contains("placeholder"), "\(quiet)")
        let verbose = try CLI.run(["scan", "-", "--verbose"], in: work, stdin: input)
        #expect(verbose.status == 0, "\(verbose)")
        #expect(
            verbose.stdout.contains("placeholder: password.labelled at 1:10 "), "\(verbose)")
        #expect(verbose.stdout.contains(": a command substitution $(…)"), "\(verbose)")
        #expect(verbose.stdout.contains(": a placeholder <…>"), "\(verbose)")
        let json = try CLI.run(["scan", "-", "--verbose", "--format", "json"], in: work, stdin: input)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        let listed = try #require(object["allowlisted"] as? [[String: Any]])
        #expect(listed.map { $0["kind"] as? String } == ["placeholder", "placeholder"])
    }
}
