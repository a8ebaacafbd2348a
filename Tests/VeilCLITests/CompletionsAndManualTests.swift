import Foundation
import Testing

/// `veil completions SHELL` and the man page: both generated from the current command
/// definitions, and Docs/man/veil.1 is the generator's current output.
@Suite struct CompletionsAndManualTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every visible command and a few options that only the current definitions have.
    static let names = [
        "demo", "snap", "run", "scan", "screen", "rules", "audit", "completions", "exclude",
        "baseline", "update-baseline",
    ]

    @Test(arguments: ["bash", "zsh", "fish"]) func completionScriptsComeFromTheCommands(_ shell: String) throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(["completions", shell], in: work)
        #expect(result.status == 0, "\(result)")
        let generated = try CLI.run(["--generate-completion-script", shell], in: work)
        #expect(result.stdout.trimmingCharacters(in: .newlines) == generated.stdout.trimmingCharacters(in: .newlines))
        for name in Self.names {
            #expect(result.stdout.contains(name), "\(shell) completions lack \(name)")
        }
    }

    /// The completion a bash script offers after `word` in `function` (the line that follows
    /// the `case` arm), or nil.
    static func bashCompletion(after word: String, in function: String, of script: String) -> String? {
        guard let start = script.range(of: "\n\(function)() {\n") else { return nil }
        let body = script[start.upperBound...]
        guard let end = body.range(of: "\n}\n") else { return nil }
        let lines = body[..<end.lowerBound].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let arm = lines.firstIndex(of: word), arm + 1 < lines.count else { return nil }
        return lines[arm + 1]
    }

    /// Completions complete what each argument is: files for inputs and outputs, rules files
    /// for --config, folders for --out, --frames and --root.
    @Test func completionsCompleteFilesAndFolders() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let script = try CLI.run(["completions", "bash"], in: work).stdout
        let files = "__veil_add_completions -f"
        let rulesFiles = "__veil_add_completions -o plusdirs -fX '!*.@(yml|yaml)'"
        let folders = "__veil_add_completions -d"
        #expect(Self.bashCompletion(after: "1)", in: "_veil_snap", of: script) == files)
        #expect(Self.bashCompletion(after: "'-o'|'--output')", in: "_veil_snap", of: script) == files)
        #expect(Self.bashCompletion(after: "'--config')", in: "_veil_snap", of: script) == rulesFiles)
        #expect(Self.bashCompletion(after: "'--frames')", in: "_veil_snap", of: script) == folders)
        #expect(Self.bashCompletion(after: "1)", in: "_veil_scan", of: script) == files)
        #expect(Self.bashCompletion(after: "1)", in: "_veil_redact", of: script) == files)
        #expect(Self.bashCompletion(after: "'-o'|'--output')", in: "_veil_record", of: script) == files)
        #expect(Self.bashCompletion(after: "'--baseline')", in: "_veil_audit", of: script)?.contains("json") == true)
        #expect(Self.bashCompletion(after: "'--out')", in: "_veil_run", of: script) == folders)
        #expect(Self.bashCompletion(after: "'--root')", in: "_veil_run", of: script) == folders)
        #expect(
            Self.bashCompletion(after: "1)", in: "_veil_run", of: script)
                == "__veil_add_completions -o plusdirs -fX '!*.@(yml|yaml)'")
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(["completions", "tcsh"], in: work)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func theManPageInDocsIsTheCurrentOne() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(["manual"], in: work)
        #expect(result.status == 0, "\(result)")
        let page = result.stdout
        for command in [
            "demo", "snap", "run", "scan", "screen", "rules", "rules lint", "audit", "redact", "completions",
        ] {
            #expect(page.contains("\n.SS veil \(command)\n"), "the man page lacks veil \(command)")
        }
        #expect(page.contains("\\-\\-exclude <GLOB>"))
        #expect(!page.contains("veil manual\n.PP"), "the hidden command is not documented")
        let stored = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent("Docs/man/veil.1"),
            encoding: .utf8)
        #expect(stored == page, "Docs/man/veil.1 is out of date: swift run veil manual > Docs/man/veil.1")
    }
}

/// `veil audit --review` needs a terminal: without one it says so and exits 2, writing nothing.
@Suite struct AuditReviewCLITests {
    @Test func withoutATerminalItSaysSoAndExits2() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        try Data("Visa 4111 1111 1111 1111\r\n".utf8).write(to: work.appendingPathComponent("a.ans"))
        let result = try CLI.run(
            ["audit", "--review", "--baseline", "b.json", "."], in: work, stdin: Array("a\n".utf8))
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--review needs a terminal"))
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("b.json").path))

        let noBaseline = try CLI.run(["audit", "--review", "."], in: work)
        #expect(noBaseline.status == 2)
        #expect(noBaseline.stderr.contains("--review needs --baseline FILE"))
    }
}
