import ArgumentParser
import Foundation
import Veil

/// The root `veil` command: a thin front over the `Veil` library.
struct VeilCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "veil",
        abstract: "Redacted app-switcher snapshots of a simulated app's terminal screen.",
        discussion: """
            Exit codes: 0 ok; 1 what should fail a build: a block finding (scan, audit), a life-cycle \
            violation (run, audit), a failing rule example (rules lint); 2 a usage, configuration, \
            input or write error. Each command's --help says which it uses. Without a command, veil \
            prints this help and exits 2.
            """,
        version: "0.1.0",
        subcommands: VeilCommand.subcommandTypes
    )

    /// Veil as reports name it (SARIF's `tool.driver`).
    static var tool: AuditReport.Tool { AuditReport.Tool(version: configuration.version) }

    /// `veil` alone is a usage error: the help goes to standard error, and the exit code is 2.
    mutating func run() async throws {
        FileHandle.standardError.write(Data((Self.helpMessage() + "\n").utf8))
        throw ExitCode(2)
    }
}
