import Foundation
import Testing

/// `veil completions SHELL` and the man page: both generated from the current command
/// definitions, and Docs/man/veil.1 is the generator's current output.
@Suite struct CompletionsAndManualTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every visible command and a few options that only the current definitions have.
    static let names = ["demo", "snap", "run", "scan", "screen", "rules", "audit", "completions", "exclude",
                        "baseline", "update-baseline"]

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
        for command in ["demo", "snap", "run", "scan", "screen", "rules", "rules lint", "audit", "completions"] {
            #expect(page.contains("\n.SS veil \(command)\n"), "the man page lacks veil \(command)")
        }
        #expect(page.contains("\\-\\-exclude <GLOB>"))
        #expect(!page.contains("veil manual\n.PP"), "the hidden command is not documented")
        let stored = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("Docs/man/veil.1"), encoding: .utf8)
        #expect(stored == page, "Docs/man/veil.1 is out of date: swift run veil manual > Docs/man/veil.1")
    }
}
