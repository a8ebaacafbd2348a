import ArgumentParser
import Veil
import VeilRedaction

extension TextScan.Format: ExpressibleByArgument {}

extension ScanCommand {
    /// `veil scan --text INPUT`: the report of the plain text in INPUT; exit 1 when a finding blocks.
    func scanText(rules: RuleSet) throws {
        let findings = try TextScan.findings(path: capture.input, rules: rules)
        let report = TextScan.report(findings, path: capture.input, rules: rules, format: format, showingLast: showLast)
        if format == .text {
            Console.out(report, terminator: "")
        } else {
            print(report, terminator: "")
        }
        if TextScan.blocks(findings) { throw ExitCode(1) }
    }
}
