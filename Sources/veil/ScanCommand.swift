import ArgumentParser
import Veil
import VeilRedaction

/// `veil scan`: what would be hidden on the screen INPUT draws, and why (secrets masked).
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Show what would be hidden on the screen that the terminal bytes in INPUT draw, and why.",
        discussion: "Secrets are always masked; --show-last reveals at most half of each."
    )

    @OptionGroup var capture: CaptureOptions

    @Option(help: "Output format (sarif with --text only).")
    var format: TextScan.Format = .text

    @Flag(help: "Read INPUT as plain text (logs, config files, CI output): no screen, file:line:column positions, exit 1 on block findings.")
    var text = false

    @Option(help: "Rules file (default: .veil.yml in the current folder if present, else the built-in rules).")
    var config: String?

    @Option(name: .customLong("show-last"), help: "Show the last N characters of each finding (at most half).")
    var showLast: Int = 0

    func validate() throws {
        guard showLast >= 0 else { throw ValidationError("--show-last must be 0 or more (got \(showLast))") }
        if format == .sarif && !text { throw ValidationError("--format sarif needs --text") }
    }

    func run() throws {
        let rules = try RuleSet.resolve(configPath: config)
        if text { return try scanText(rules: rules) }
        let screen = try capture.screen()
        let findings = try rules.findings(in: screen)
        print(ScanReport.render(findings, as: format == .json ? .json : .text, showingLast: showLast), terminator: "")
    }
}
