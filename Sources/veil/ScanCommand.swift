import Foundation
import ArgumentParser
import Veil
import VeilRedaction

/// `veil scan`: what would be hidden on the screen INPUT draws, and why (secrets masked).
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Show every sensitive value the terminal bytes in INPUT ever put on screen, when, and why.",
        discussion: "Secrets are always masked; --show-last reveals at most half of each. --at TIME judges one moment of a recording."
    )

    @OptionGroup var capture: CaptureOptions

    @Option(help: "Output format.")
    var format: TextOrJSON = .text

    @Option(help: "Rules file (default: .veil.yml in the current folder if present, else the built-in rules).")
    var config: String?

    @Option(name: .customLong("show-last"), help: "Show the last N characters of each finding (at most half).")
    var showLast: Int = 0

    func validate() throws {
        guard showLast >= 0 else { throw ValidationError("--show-last must be 0 or more (got \(showLast))") }
    }

    func run() throws {
        let rules = try RuleSet.resolve(configPath: config)
        let format: ScanReport.Format = format == .json ? .json : .text
        guard capture.at == nil else {
            // One moment: the screen at --at.
            let findings = try rules.findings(in: try capture.screen())
            print(ScanReport.render(findings, as: format, showingLast: showLast), terminator: "")
            return
        }
        // Every moment the capture showed.
        let input = try CaptureInput.read(path: capture.input) { FileHandle.standardError.write(Data("veil: warning: \($0)\n".utf8)) }
        let report = try ExposureScanner(rules: rules).scan(input, cols: capture.size.explicitCols,
                                                            rows: capture.size.explicitRows, path: capture.input)
        for warning in report.warnings { FileHandle.standardError.write(Data("veil: warning: \(warning)\n".utf8)) }
        print(ScanReport.render(report, input: input, as: format, showingLast: showLast), terminator: "")
    }
}
