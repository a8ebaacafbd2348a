import Foundation
import Testing
@testable import Veil
import VeilTestSupport

/// The report model: ordering, counts, exit codes, and the helpers around it.
@Suite struct AuditReportModelTests {
    static func report(_ findings: [AuditFinding], inputs: [AuditedInput] = [], configurationErrors: [InputError] = [])
        -> AuditReport
    {
        AuditReport(
            tool: AuditSamples.tool, rules: AuditSamples.rules, inputs: inputs, findings: findings,
            configurationErrors: configurationErrors, durationSeconds: 1)
    }

    static func finding(
        _ rule: String, category: AuditCategory, severity: AuditSeverity, baseline: AuditBaselineMatch? = nil
    ) -> AuditFinding {
        AuditFinding(
            ruleID: rule, category: category, severity: severity, message: "m",
            location: AuditLocation(path: "a.yml", region: AuditRegion(line: 3, column: 1)),
            snapshotID: "a-0001", fingerprint: "ab", baseline: baseline)
    }

    @Test func exitCodes() {
        let accepted = AuditBaselineMatch(status: .accepted)
        #expect(Self.report([]).exitCode == 0)
        #expect(Self.report([Self.finding("phone.intl", category: .pii, severity: .warn)]).exitCode == 0)
        #expect(
            Self.report([Self.finding("card.pan", category: .secret, severity: .block, baseline: accepted)]).exitCode
                == 0)
        #expect(Self.report([Self.finding("card.pan", category: .secret, severity: .block)]).exitCode == 1)
        #expect(Self.report([Self.finding("lifecycle.watchdog", category: .lifecycle, severity: .block)]).exitCode == 1)
        // A life-cycle finding is a violation whatever severity it was given.
        #expect(
            Self.report([Self.finding("lifecycle.backgroundTaskLeaked", category: .lifecycle, severity: .warn)])
                .exitCode == 1)
        #expect(
            Self.report([Self.finding("lifecycle.watchdog", category: .lifecycle, severity: .block, baseline: accepted)]
            ).exitCode == 0)
        let broken = AuditedInput(
            path: "b.cast", kind: .capture, error: InputError(path: "b.cast", message: "not a cast file"))
        #expect(
            Self.report([Self.finding("card.pan", category: .secret, severity: .block)], inputs: [broken]).exitCode == 2
        )
        #expect(
            Self.report([], configurationErrors: [InputError(path: ".veil.yml", line: 1, column: 1, message: "bad")])
                .exitCode == 2)
        #expect(AuditSamples.rich().exitCode == 2)
        #expect(AuditSamples.rich(inputs: AuditSamples.richInputs.filter { $0.error == nil }).exitCode == 1)
    }

    @Test func summaryCounts() {
        let summary = AuditSamples.rich().summary
        #expect(summary.inputs == 4)
        #expect(summary.inputErrors == 1)
        #expect(summary.snapshots == 5)
        #expect(summary.cleanSnapshots == 1)
        #expect(summary.findings == 11)
        #expect(summary.blocking == 5)
        #expect(summary.warnings == 2)
        #expect(summary.violations == 2)
        #expect(summary.suppressed == 2)
        #expect(summary.blocking + summary.warnings + summary.violations + summary.suppressed == summary.findings)
        #expect(summary.staleBaselineEntries == 1)
        #expect(summary.durationSeconds == AuditSamples.duration)
    }

    @Test func cleanIsDerivedFromFindings() {
        let report = AuditSamples.rich()
        let clean = report.inputs.flatMap(\.snapshots).filter(\.isClean).map(\.id)
        #expect(clean == ["bank-0002"])
    }

    @Test func missingRulesAndInputsAreAdded() {
        let finding = AuditFinding(
            ruleID: "custom.rule", category: .pii, severity: .warn, message: "m",
            location: AuditLocation(path: "./x\\y.txt", region: .fileStart), snapshotID: "x/y.txt", fingerprint: "01")
        let report = AuditReport(
            tool: AuditSamples.tool, rules: [], inputs: [], findings: [finding], durationSeconds: 0)
        #expect(report.rules.map(\.id) == ["custom.rule"])
        #expect(report.rule(id: "custom.rule")?.securitySeverity == "5.0")
        #expect(report.inputs.map(\.path) == ["x/y.txt"])
        #expect(report.inputs.first?.kind == .capture)
        #expect(finding.location.path == "x/y.txt")
    }

    @Test(arguments: 0..<20)
    func shuffledInputGivesIdenticalOutput(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let shuffledInputs = AuditSamples.richInputs.shuffled(using: &generator).map { input in
            var input = input
            input.snapshots.shuffle(using: &generator)
            return input
        }
        let shuffled = AuditReport(
            tool: AuditSamples.tool, rules: AuditSamples.rules.shuffled(using: &generator), inputs: shuffledInputs,
            findings: AuditSamples.richFindings.shuffled(using: &generator), baselinePath: ".veil-baseline.json",
            staleBaselineEntries: AuditSamples.richStaleEntries, fingerprintSalt: .baseline,
            rulesFiles: AuditSamples.rich().rulesFiles.shuffled(using: &generator),
            durationSeconds: AuditSamples.duration,
            notAudited: AuditSamples.richNotAudited.shuffled(using: &generator), imagesRead: 1
        )
        let reference = AuditSamples.rich()
        #expect(shuffled == reference)
        for reporter in AuditReporters.all {
            for colour in [false, true] {
                let options = AuditReportOptions(colour: colour)
                #expect(
                    reporter.report(shuffled, options: options) == reporter.report(reference, options: options),
                    "\(reporter.identifier)")
            }
        }
    }

    @Test func colourOnlyOnAQuietTerminal() {
        #expect(AuditReportOptions.wantsColour(isTerminal: true, environment: [:]))
        #expect(!AuditReportOptions.wantsColour(isTerminal: false, environment: [:]))
        #expect(!AuditReportOptions.wantsColour(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(AuditReportOptions.wantsColour(isTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!AuditReportOptions.wantsColour(isTerminal: true, environment: ["CI": "true"]))
    }

    @Test func duplicateRuleIDsResolveIndependentlyOfOrder() {
        let a = AuditRule(
            id: "x", name: "A", shortDescription: "s", fullDescription: "f", help: "h", category: .pii, severity: .warn)
        let b = AuditRule(
            id: "x", name: "B", shortDescription: "s", fullDescription: "f", help: "h", category: .pii, severity: .warn)
        let first = AuditReport(tool: AuditSamples.tool, rules: [a, b], inputs: [], findings: [], durationSeconds: 0)
        let second = AuditReport(tool: AuditSamples.tool, rules: [b, a], inputs: [], findings: [], durationSeconds: 0)
        #expect(first.rules == [a])
        #expect(first == second)
    }

    @Test func findingsByInput() {
        let report = AuditSamples.rich()
        for input in report.inputs {
            #expect(
                Array(report.findings(inputPath: input.path)) == report.findings.filter { $0.inputPath == input.path })
        }
        #expect(report.findings(inputPath: "nowhere").isEmpty)
    }

    @Test func registry() {
        #expect(AuditReporters.identifiers == ["text", "json", "sarif", "junit", "html", "markdown"])
        #expect(AuditReporters.reporter(for: "sarif") == SARIFAuditReporter.self)
        #expect(AuditReporters.reporter(for: "xml") == nil)
        for reporter in AuditReporters.all {
            #expect(!reporter.description.isEmpty)
            #expect(reporter.report(AuditSamples.rich(), options: .init()).hasSuffix("\n"))
        }
    }

    /// One format type for findings: every audit reporter is a ``ReportFormat`` by its raw
    /// value, and `veil scan` writes a subset, refusing the rest with the formats it writes.
    @Test func reportFormatIsTheOneFormatTypeForFindings() throws {
        for format in ReportFormat.allCases {
            #expect(format.auditReporter.identifier == format.rawValue)
            #expect(AuditReporters.reporter(for: format.rawValue) == format.auditReporter)
        }
        #expect(ReportFormat.scanFormats(text: false) == [.text, .json])
        #expect(ReportFormat.scanFormats(text: true) == [.text, .json, .sarif])
        #expect(throws: UnsupportedReportFormat(format: .junit, text: false)) {
            try ScanReport.render([], as: .junit, showingLast: 0)
        }
        #expect(try ScanReport.render([], as: .text, showingLast: 0).hasSuffix("\n"))
        #expect(
            UnsupportedReportFormat(format: .html, text: true).description
                == "--format html is written by veil audit; veil scan writes text, json or sarif")
        #expect(
            UnsupportedReportFormat(format: .markdown, text: false).description
                == "--format markdown is written by veil audit; veil scan writes text or json (and sarif with --text)")
    }

    @Test func securitySeverityDefaults() {
        #expect(AuditRule.defaultSecuritySeverity(category: .secret, severity: .block) == "9.0")
        #expect(AuditRule.defaultSecuritySeverity(category: .pii, severity: .block) == "8.0")
        #expect(AuditRule.defaultSecuritySeverity(category: .secret, severity: .warn) == "5.0")
        #expect(AuditRule.defaultSecuritySeverity(category: .pii, severity: .warn) == "5.0")
        #expect(AuditRule.defaultSecuritySeverity(category: .lifecycle, severity: .warn) == "7.0")
        #expect(
            AuditRule.lifecycleRules.map(\.id) == [
                "lifecycle.watchdog", "lifecycle.backgroundTaskLeaked", "lifecycle.backgroundTaskExpired",
            ])
    }

    @Test(arguments: [
        ("4111 1111 1111 1111", 0, "•••• •••• •••• ••••"),
        ("4111-1111-1111-1234", 4, "••••-••••-••••-1234"),
        ("DE89 3704 0044 0532 0130 00", 4, "•••• •••• •••• •••• ••30 00"),
        ("11010519491231002X", 2, "••••••••••••••••2X"),
        ("1234", 4, "••34"),  // never more than half
        ("alice@example.org", 3, "••••••••••••••org"),
        ("12.34.56", 4, "••••4.56"),
        ("密码：hunter2", 0, "••••••••••"),
        ("👩‍👩‍👧 ab", 0, "• ••"),
        ("", 4, ""),
        ("---", 2, "---"),
    ])
    func masking(value: String, showLast: Int, expected: String) {
        #expect(Masking.mask(value, showLast: showLast) == expected)
    }

    @Test func progressBar() {
        let lines = Recorder()
        let progress = AuditProgress(isEnabled: true, barWidth: 10) { lines.append($0) }
        #expect(progress.line(completed: 12, total: 40) == "[###-------] 12/40 inputs")
        #expect(progress.line(completed: 40, total: 40) == "[##########] 40/40 inputs")
        #expect(progress.line(completed: 50, total: 40) == "[##########] 40/40 inputs")
        #expect(progress.line(completed: 0, total: 0) == "[##########] 0/0 inputs")
        progress.update(completed: 5, total: 10)
        progress.finish()
        #expect(lines.texts == ["\r[#####-----] 5/10 inputs\u{1B}[K", "\r\u{1B}[K"])

        let silent = Recorder()
        let off = AuditProgress(isEnabled: false) { silent.append($0) }
        off.update(completed: 1, total: 2)
        off.finish()
        #expect(silent.texts.isEmpty)
    }

    @Test func regionsAndOrder() {
        #expect(
            AuditRegion(line: 3, column: 5, length: 4)
                == AuditRegion(startLine: 3, startColumn: 5, endLine: 3, endColumn: 9))
        #expect(AuditRegion(line: 2, column: 9) < AuditRegion(line: 3, column: 1))
        #expect(
            AuditLocation(path: "./Scenarios//bank.yml", region: .fileStart).description == "Scenarios/bank.yml:1:1")
        #expect(ScreenSpan(row: 5, col: 10, width: 19).description == "5,10+19")
        #expect(BaselineStatus.falsePositive.rawValue == "false_positive")
    }

    @Test func durationText() {
        #expect(DurationText.seconds(12.345) == "12.345")
        #expect(DurationText.seconds(0.0004) == "0.000")
        #expect(DurationText.seconds(1.0005) == "1.001")
        #expect(DurationText.seconds(-3) == "0.000")
        #expect(DurationText.seconds(.nan) == "0.000")
        #expect(DurationText.seconds(61) == "61.000")
    }
}

/// Collects what a sink receives.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ text: String) { lock.withLock { stored.append(text) } }
    var texts: [String] { lock.withLock { stored } }
}
