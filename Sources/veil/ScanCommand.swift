import ArgumentParser
import Foundation
import Veil
import VeilRedaction
import VeilScreen

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
            each, and never more than a quarter of it. --verbose also lists the values an allowlist \
            let through on the final screen (such as AWS's documentation key AKIA…EXAMPLE) and the \
            placeholders left visible ($(command), ${VAR}, <your-token>, changeme), masked, with \
            the reason.

            Exit codes (as `gitleaks detect`): 0 no block finding (warnings only, cells the app marked \
            itself, or nothing); 1 a block finding the app did not mark (unless --exit-zero); 2 a \
            usage, configuration or input error.
            """
    )

    @OptionGroup var capture: CaptureOptions

    @Option(help: "Output format (sarif with --text only).")
    var format: TextScan.Format = .text

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

    @Flag(name: .customLong("exit-zero"), help: "Exit 0 even when a block finding is found (errors still exit 2).")
    var exitZero = false

    @Flag(
        name: [.short, .long], help: "Also list the allowlisted candidates and placeholders, masked, with the reason.")
    var verbose = false

    func validate() throws {
        guard showLast >= 0 else { throw ValidationError("--show-last must be 0 or more (got \(showLast))") }
        if format == .sarif && !text { throw ValidationError("--format sarif needs --text") }
    }

    func run() throws {
        let rules = try self.rules.resolver().rules(forInputAt: capture.input)
        if text { return try scanText(rules: rules) }
        if showLast > Finding.maximumRevealedCharacters {
            FileHandle.standardError.write(
                Data(
                    "veil: note: --show-last reveals at most \(Finding.maximumRevealedCharacters) characters, and at most a quarter of each value\n"
                        .utf8))
        }
        let format: ScanReport.Format = self.format == .json ? .json : .text
        var findings: [Finding]
        var report: String
        let screen: Screen
        if capture.at != nil {
            // One moment: the screen at --at, judged with every value the whole capture exposes.
            let moment = try CaptureRedactor(rules: rules).moment(
                of: try capture.exposureInput(), at: capture.at, cols: capture.size.explicitCols,
                rows: capture.size.explicitRows, path: capture.input)
            for warning in moment.report.warnings {
                Console.error("veil: warning: \(DisplayText.escaped(warning))")
            }
            screen = moment.screen
            findings = moment.findings
            report = ScanReport.render(findings, as: format, showingLast: showLast)
        } else {
            // Every moment the capture showed.
            let input = try capture.exposureInput()
            let exposure = try ExposureScanner(rules: rules).scan(
                input, cols: capture.size.explicitCols, rows: capture.size.explicitRows, path: capture.input)
            for warning in exposure.warnings {
                Console.error("veil: warning: \(DisplayText.escaped(warning))")
            }
            screen = exposure.finalScreen
            findings = exposure.exposures.map(\.finding)
            report = ScanReport.render(exposure, input: input, as: format, showingLast: showLast)
            // What the capture holds but no screen shows (header, input, markers, escape strings).
            let media = try RecordingChannels(rules: rules).scan(input, path: capture.input)
            for note in media.unread {
                Console.error("veil: warning: \(DisplayText.escaped(note)); it was not judged")
            }
            findings += media.findings.map(\.finding)
            switch format {
            case .text:
                if !media.findings.isEmpty && exposure.exposures.isEmpty { report = "nothing on any screen\n" }
                report += ScanReport.renderMedia(media.findings, as: .text, showingLast: showLast)
            case .json:
                // `{"findings":[…],"media":[…]}`
                report =
                    String(report.dropLast(2)) + #","media":["#
                    + ScanReport.renderMedia(media.findings, as: .json, showingLast: showLast) + "]}\n"
            }
        }
        if verbose {
            let dropped = try rules.detect(in: screen).dropped
            switch format {
            case .text:
                report += ScanReport.allowlistedLines(dropped, on: screen).map { $0 + "\n" }.joined()
            case .json:
                // `{"findings":[…],"allowlisted":[…]}`
                report =
                    String(report.dropLast(2)) + #","allowlisted":"#
                    + ScanReport.allowlistedJSON(dropped, on: screen) + "}\n"
            }
        }
        if format == .text {
            Console.out(report, terminator: "")
        } else {
            print(report, terminator: "")
        }
        if !exitZero && findings.contains(where: Self.fails) { throw ExitCode(1) }
    }

    /// Whether a finding fails the scan: a block finding the app did not hide itself (cells it
    /// marked with ESC ] 7701 are hidden by the app, as `veil audit` judges them).
    static func fails(_ finding: Finding) -> Bool {
        if case .appMarked = finding.source { return false }
        return finding.severity == .block
    }
}
