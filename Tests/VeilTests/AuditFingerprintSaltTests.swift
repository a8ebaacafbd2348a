import Foundation
import Testing
@testable import Veil
import VeilRedaction
import VeilScreen

/// Which salt keys an audit's fingerprints: never the public default, so a report cannot be
/// brute-forced back to a short secret.
@Suite struct AuditFingerprintSaltTests {
    static let secret = Array("a-long-secret-salt-from-ci-0123456789".utf8)
    static let card = "4111 1111 1111 1111"

    /// The card finding of `leak-card.veil.yml` in the fixture suite.
    static func cardFingerprint(_ report: AuditReport) throws -> String {
        try #require(report.findings.first { $0.inputPath == "leak-card.veil.yml" && $0.ruleID == "card.pan" })
            .fingerprint
    }

    /// The detector finding for the planted card, to key with any salt.
    static func cardFinding() throws -> Finding {
        var terminal = try Terminal(cols: 80, rows: 2)
        terminal.feed("Visa  \(card)   exp 12/29")
        return try #require(try RuleSet.builtIn.findings(in: terminal.screen).first { $0.ruleID == "card.pan" })
    }

    @Test func withoutBaselineOrSecretEachRunHasItsOwnSalt() async throws {
        let folder = try AuditEngineTests.suiteCopy()
        let first = await AuditEngineTests.audit(["leak-card.veil.yml", "watchdog.veil.yml"], in: folder).report
        let second = await AuditEngineTests.audit(["leak-card.veil.yml", "watchdog.veil.yml"], in: folder).report
        #expect(first.fingerprintSalt == .perRun)
        #expect(try Self.cardFingerprint(first) != Self.cardFingerprint(second))
        #expect(try Self.cardFingerprint(first) != Self.cardFinding().fingerprint)  // not the public default salt
        // Life-cycle fingerprints hash no screen content and stay stable for JUnit names and SARIF alerts.
        let watchdog = { (report: AuditReport) in
            report.findings.first { $0.ruleID == "lifecycle.watchdog" }?.fingerprint
        }
        #expect(watchdog(first) != nil)
        #expect(watchdog(first) == watchdog(second))
    }

    @Test func aSecretSaltGivesStableFingerprintsThatAreNotTheDefault() async throws {
        let folder = try AuditEngineTests.suiteCopy()
        let first = await AuditEngineTests.audit(["leak-card.veil.yml"], in: folder, salt: Self.secret).report
        let second = await AuditEngineTests.audit(["leak-card.veil.yml"], in: folder, jobs: 1, salt: Self.secret).report
        #expect(first.fingerprintSalt == .environment)
        #expect(first.exitCode == 1)
        let fingerprint = try Self.cardFingerprint(first)
        #expect(fingerprint == (try Self.cardFingerprint(second)))
        #expect(fingerprint == (try Self.cardFinding().fingerprint(salt: Self.secret)))
        #expect(fingerprint != (try Self.cardFinding().fingerprint))
    }

    @Test func aBaselineMadeWithTheSecretIsKeyedWithItAndAnOldOnesSaltStillWins() async throws {
        let folder = try AuditEngineTests.suiteCopy()
        let updated = await AuditEngineTests.audit(
            ["leak-card.veil.yml"], in: folder, baseline: "b.json", update: true, salt: Self.secret)
        #expect(updated.baselineWritten == "b.json")
        let report = await AuditEngineTests.audit(
            ["leak-card.veil.yml"], in: folder, baseline: "b.json", salt: Self.secret
        ).report
        #expect(report.fingerprintSalt == .environment)
        #expect(report.exitCode == 0)  // the baseline, keyed with the secret, covers the card
        let baseline = try Baseline(
            jsonData: Data(contentsOf: URL(fileURLWithPath: folder + "/b.json")), secret: Self.secret)
        #expect(baseline.isKeyedWithSecret)
        #expect(try Self.cardFingerprint(report) == Self.cardFinding().fingerprint(salt: Self.secret))
        // A baseline made without the secret keeps its own salt, also when the secret is set.
        let old = await AuditEngineTests.audit(["leak-card.veil.yml"], in: folder, baseline: "old.json", update: true)
        #expect(old.baselineWritten == "old.json")
        let oldReport = await AuditEngineTests.audit(
            ["leak-card.veil.yml"], in: folder, baseline: "old.json", salt: Self.secret
        ).report
        #expect(oldReport.fingerprintSalt == .baseline)
        #expect(oldReport.exitCode == 0)
        let oldBaseline = try Baseline(jsonData: Data(contentsOf: URL(fileURLWithPath: folder + "/old.json")))
        #expect(try Self.cardFingerprint(oldReport) == Self.cardFinding().fingerprint(salt: oldBaseline.salt))
    }

    @Test func aShortSecretIsAConfigurationErrorThatDoesNotShowIt() async throws {
        let folder = try AuditEngineTests.suiteCopy()
        let short = "tooshort-salt15"  // 15 bytes
        let report = await AuditEngineTests.audit(["leak-card.veil.yml"], in: folder, salt: Array(short.utf8)).report
        #expect(report.exitCode == 2)
        #expect(report.configurationErrors.count == 1)
        #expect(report.fingerprintSalt == .perRun)  // the short value keys nothing
        for reporter in AuditReporters.all {
            let output = reporter.report(report, options: AuditReportOptions())
            #expect(!output.contains(short), "\(reporter.identifier)")
            #expect(output.contains("shorter than 16 bytes"), "\(reporter.identifier)")
        }
    }

    @Test(arguments: AuditReport.FingerprintSalt.allCases)
    func everyFormatStatesTheSaltKind(kind: AuditReport.FingerprintSalt) throws {
        let sample = AuditSamples.rich()
        let report = AuditReport(
            tool: sample.tool, rules: sample.rules, inputs: sample.inputs, findings: sample.findings,
            baselinePath: sample.baselinePath, staleBaselineEntries: sample.staleBaselineEntries,
            configurationErrors: sample.configurationErrors, fingerprintSalt: kind, durationSeconds: 1)
        let options = AuditReportOptions()

        let json = try JSONDocument.parse(JSONAuditReporter.report(report, options: options))
        #expect(json.at(pointer: "/fingerprintSalt")?.stringValue == kind.rawValue)

        let sarif = try JSONDocument.parse(SARIFAuditReporter.report(report, options: options))
        #expect(sarif.at(pointer: "/runs/0/properties/fingerprintSalt")?.stringValue == kind.rawValue)

        let text = TextAuditReporter.report(report, options: options)
        #expect(text.split(separator: "\n").contains { $0 == "Fingerprints: " + kind.explanation })

        let junit = JUnitAuditReporter.report(report, options: options)
        let property = "<property name=\"fingerprintSalt\" value=\"\(kind.rawValue)\"/>"
        let suites = junit.components(separatedBy: "<testsuite ").count - 1
        #expect(suites > report.inputs.count)  // the inputs' and the stale baseline entries'
        #expect(junit.components(separatedBy: property).count - 1 == suites)
    }
}
