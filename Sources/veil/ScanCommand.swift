import ArgumentParser
import Foundation
import Veil
import VeilRedaction

/// `veil scan`: what would be hidden on the screen INPUT draws, and why (secrets masked).
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Show every sensitive value the terminal bytes in INPUT ever put on screen, when, and why.",
        discussion: """
            A capture is judged at every moment it showed (every frame of a recording; for raw \
            bytes, anything complete on screen before it was erased, overwritten or scrolled away, \
            and the final screen); --at TIME judges one moment of a recording. Secrets are always \
            masked; --show-last reveals at most \(Finding.maximumRevealedCharacters) characters of \
            each, and never more than a quarter of it. A value shown at several places is one \
            finding with its count of places (JSON lists them all). --verbose also says which rules \
            file applied, lists every place of each value, and lists the values an allowlist \
            let through on the final screen (such as AWS's documentation key AKIA…EXAMPLE) and the \
            placeholders left visible ($(command), ${VAR}, <your-token>, changeme), masked, with \
            the reason.

            Exit codes (as `gitleaks detect`): 0 no block finding (warnings only, cells the app marked \
            itself, or nothing); 1 a block finding the app did not mark (unless --exit-zero); 2 a \
            usage, configuration or input error.
            """
    )

    @OptionGroup var capture: CaptureOptions

    @Option(help: "Output format: text or json; sarif with --text (the others are veil audit's).")
    var format: ReportFormat = .text

    @Flag(
        help:
            "Read INPUT as plain text (logs, config files, CI output): no screen, file:line:column positions, exit 1 on block findings."
    )
    var text = false

    @OptionGroup var rules: ConfigOption

    @Option(
        name: .customLong("show-last"),
        help:
            "Show the last N characters of each finding (at most \(Finding.maximumRevealedCharacters), and at most a quarter of it)."
    )
    var showLast: Int = 0

    @OptionGroup var flood: GroupAboveOption

    @Flag(name: .customLong("exit-zero"), help: "Exit 0 even when a block finding is found (errors still exit 2).")
    var exitZero = false

    @Flag(
        name: [.short, .long],
        help:
            "Say which rules file applied; list every place of each value, and the allowlisted candidates and placeholders, masked, with the reason."
    )
    var verbose = false

    func validate() throws {
        guard showLast >= 0 else { throw ValidationError("--show-last must be 0 or more (got \(showLast))") }
        do {
            try UnsupportedReportFormat.check(scan: format, text: text)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let rules = try self.rules.rules(forInputAt: capture.input, verbose: verbose)
        if !text && showLast > Finding.maximumRevealedCharacters {
            Console.note(
                "--show-last reveals at most \(Finding.maximumRevealedCharacters) characters, and at most a quarter of each value"
            )
        }
        let currentFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var job = ScanJob(
            rules: rules, format: format, showingLast: showLast, listsAllowlisted: verbose, tool: VeilCommand.tool,
            sourceRootURI: currentFolder.absoluteString)
        job.groupAbove = flood.groupAbove
        let outcome =
            text
            ? try job.run(text: capture.input)
            : try job.run(
                capture: capture.input, at: capture.at, raw: capture.raw, cols: capture.size.explicitCols,
                rows: capture.size.explicitRows)
        outcome.warnings.forEach(Console.warning)
        // Text through Console (no line can start a CI command); JSON and SARIF escape their own strings.
        if format == .text {
            Console.out(outcome.report, terminator: "")
        } else {
            print(outcome.report, terminator: "")
        }
        if !exitZero && outcome.fails { throw ExitCode(1) }
    }
}
