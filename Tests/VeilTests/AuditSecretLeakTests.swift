import Foundation
import Testing
@testable import Veil

/// Invariant 5: secrets never appear in reports unless asked for.
@Suite struct AuditSecretLeakTests {
    static func outputs(_ report: AuditReport) -> [String: String] {
        var outputs: [String: String] = [:]
        for reporter in AuditReporters.all {
            outputs[reporter.identifier] = reporter.report(report, options: AuditReportOptions())
            outputs[reporter.identifier + "+colour"] = reporter.report(
                report, options: AuditReportOptions(colour: true))
        }
        return outputs
    }

    @Test func plantedSecretsAppearInNoFormat() {
        let outputs = Self.outputs(AuditSamples.rich())
        #expect(outputs.count == 2 * AuditReporters.all.count)
        for (format, output) in outputs {
            for secret in AuditSamples.rawSecrets {
                #expect(!output.contains(secret), "\(format) output contains \(secret)")
                let compact = secret.filter { !$0.isWhitespace && $0 != "-" }
                #expect(!output.contains(compact), "\(format) output contains \(compact)")
            }
        }
    }

    @Test func noLongDigitRunsOutsideFingerprints() {
        let report = AuditSamples.rich()
        let fingerprints = Set(report.findings.map(\.fingerprint) + report.staleBaselineEntries.map(\.fingerprint))
        for (format, output) in Self.outputs(report) {
            var scrubbed = output
            for fingerprint in fingerprints { scrubbed = scrubbed.replacingOccurrences(of: fingerprint, with: "<fp>") }
            #expect(
                scrubbed.range(of: "[0-9]{6,}", options: .regularExpression) == nil, "\(format) has a long digit run")
        }
    }

    @Test func maskedValueCannotBeTheRawValue() {
        let masked = MaskedValue(masking: AuditSamples.rawCard)
        #expect(masked.text == "•••• •••• •••• ••••")
        #expect(MaskedValue(masking: AuditSamples.rawCardDigits, showLast: 4).text == "••••••••••••1111")
        #expect(
            AuditFinding.detectionMessage(ruleName: "Payment card number", masked: masked)
                == "Payment card number •••• •••• •••• •••• would be visible in the app-switcher snapshot: hide it before the app enters the background"
        )
        #expect(MaskedValue.revealed(AuditSamples.rawCard).text == AuditSamples.rawCard)
    }

    @Test func theCheckCatchesARevealedValue() {
        // Control: with --show-secrets' explicit opt-in the same check does find the value.
        var findings = AuditSamples.richFindings
        findings[0].masked = MaskedValue.revealed(AuditSamples.rawCard)
        findings[0].message = AuditFinding.detectionMessage(ruleName: "Payment card number", masked: findings[0].masked)
        for (format, output) in Self.outputs(AuditSamples.rich(findings: findings)) {
            #expect(output.contains(AuditSamples.rawCard), "\(format)")
        }
    }
}
