import ArgumentParser

/// The root `veil` command: a thin front over the `Veil` library.
struct VeilCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "veil",
        abstract: "Redacted app-switcher snapshots of a simulated app's terminal screen.",
        discussion: "Exit codes: 0 ok, 1 findings or lifecycle violations, 2 usage, config or input error.",
        version: "0.1.0",
        subcommands: VeilCommand.subcommandTypes
    )
}
