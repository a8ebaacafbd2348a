import Testing
@testable import Veil

/// The default `text` format.
@Suite struct AuditTextTests {
    @Test func oneLinePerFindingWithPositionSeverityRuleMessage() {
        let output = TextAuditReporter.report(AuditSamples.rich(), options: AuditReportOptions())
        let report = AuditSamples.rich()
        for finding in report.findings {
            let prefix =
                "    \(finding.location)  \(finding.effectiveSeverity == .block ? "block" : "warn ")  \(finding.ruleID)  \(finding.message)"
            #expect(output.components(separatedBy: "\n").contains { $0.hasPrefix(prefix) }, "\(prefix)")
        }
        #expect(output.components(separatedBy: "\n").filter { $0.contains("[suppressed: ") }.count == 2)
    }

    @Test func controlCharactersCannotReachTheTerminal() {
        let finding = AuditFinding(
            ruleID: "r", category: .secret, severity: .block, message: "clear \u{1B}[2J\u{1B}]0;title\u{7} \r done",
            location: AuditLocation(path: "a\u{1B}.yml", region: .fileStart), snapshotID: "s", fingerprint: "0a")
        let report = AuditReport(
            tool: AuditSamples.tool, rules: [], inputs: [], findings: [finding], durationSeconds: 0)
        let plain = TextAuditReporter.report(report, options: AuditReportOptions())
        #expect(!plain.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(plain.contains(#"clear \u{1B}[2J\u{1B}]0;title\u{7} \u{D} done"#))
        let coloured = TextAuditReporter.report(report, options: AuditReportOptions(colour: true))
        // Only our own SGR sequences: ESC followed by "[<digits>m".
        let escapes = coloured.components(separatedBy: "\u{1B}").dropFirst()
        #expect(escapes.allSatisfy { $0.range(of: "^\\[[0-9]+m", options: .regularExpression) != nil })
    }

    @Test func summaryLineStates() {
        func summary(_ report: AuditReport) -> String {
            TextAuditReporter.report(report, options: AuditReportOptions()).split(separator: "\n").last.map(String.init)
                ?? ""
        }
        let empty = AuditReport(tool: AuditSamples.tool, rules: [], inputs: [], findings: [], durationSeconds: 0.042)
        #expect(
            summary(empty)
                == "veil 9.9.9-test: 0 inputs, 0 snapshots (0 clean), 0 findings: 0 blocking, 0 warnings, 0 violations, 0 suppressed; 0.042s: passed (exit 0)"
        )
        let failing = AuditSamples.rich(inputs: AuditSamples.richInputs.filter { $0.error == nil })
        #expect(summary(failing).hasSuffix("failed (exit 1)"))
        #expect(summary(AuditSamples.rich()).hasSuffix("error (exit 2)"))
    }
}
