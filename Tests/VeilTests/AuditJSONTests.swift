import Foundation
import Testing
@testable import Veil

/// The `json` format against the schema published in `Docs/audit-json.md`.
@Suite struct AuditJSONTests {
    static let docURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/audit-json.md")

    /// The ```json block under "## JSON Schema" in the doc.
    static func documentedSchema() throws -> JSONSchemaValidator {
        let doc = try String(contentsOf: docURL, encoding: .utf8)
        let section = try #require(doc.range(of: "## JSON Schema"))
        let after = doc[section.upperBound...]
        let open = try #require(after.range(of: "```json\n"))
        let close = try #require(after[open.upperBound...].range(of: "\n```"))
        return try JSONSchemaValidator(schemaText: String(after[open.upperBound..<close.lowerBound]))
    }

    static func json(_ report: AuditReport) throws -> JSONDocument {
        try JSONDocument.parse(JSONAuditReporter.report(report, options: AuditReportOptions()))
    }

    @Test func outputMatchesTheDocumentedSchema() throws {
        let validator = try Self.documentedSchema()
        for report in [
            AuditSamples.rich(),
            AuditReport(
                tool: AuditReport.Tool(version: "1"), rules: [], inputs: [], findings: [],
                configurationErrors: [InputError(path: ".veil.yml", message: "unreadable")], durationSeconds: 0),
        ] {
            let failures = validator.validate(try Self.json(report))
            #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test func documentedSchemaRejectsDrift() throws {
        let validator = try Self.documentedSchema()
        let good = try Self.json(AuditSamples.rich())
        let renamed = AuditSARIFTests.editing(good, ["findings", "0"]) { keys, values in
            keys = keys.map { $0 == "fails" ? "failing" : $0 }
            values["failing"] = values.removeValue(forKey: "fails")
        }
        let pointers = Set(validator.validate(renamed).map(\.instancePointer))
        #expect(pointers == ["/findings/0", "/findings/0/failing"])
        let badStatus = AuditSARIFTests.editing(good, ["findings", "1", "baseline"]) { _, values in
            values["status"] = .string("ignored")
        }
        #expect(validator.validate(badStatus).map(\.instancePointer) == ["/findings/1/baseline"])
    }

    @Test func keyOrderIsFixed() throws {
        let document = try Self.json(AuditSamples.rich())
        #expect(
            document.objectKeys == [
                "version", "tool", "exitCode", "summary", "rules", "inputs", "findings", "baseline",
                "fingerprintSalt", "rulesFiles", "staleBaselineEntries", "configurationErrors", "notAudited", "floods",
            ])
        #expect(
            document["findings"]?[0]?.objectKeys == [
                "ruleId", "category", "severity", "effectiveSeverity", "fails", "message",
                "masked", "input", "location", "snapshot", "spans", "fingerprint", "baseline",
                "exposure", "medium", "placeCount", "places",
            ])
        #expect(document["version"] == .number(Double(AuditReport.schemaVersion)))
    }

    @Test func durationOnlyInSummaryAndNoTimestamps() throws {
        let text = JSONAuditReporter.report(AuditSamples.rich(), options: AuditReportOptions())
        #expect(text.components(separatedBy: "12.345").count == 2)
        #expect(text.range(of: #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}"#, options: .regularExpression) == nil)
        let other = AuditReport(
            tool: AuditSamples.tool, rules: AuditSamples.rules, inputs: AuditSamples.richInputs,
            findings: AuditSamples.richFindings,
            baselinePath: ".veil-baseline.json", staleBaselineEntries: AuditSamples.richStaleEntries,
            fingerprintSalt: .baseline, rulesFiles: AuditSamples.rich().rulesFiles, durationSeconds: 0.5,
            notAudited: AuditSamples.richNotAudited, imagesRead: 1
        )
        let otherText = JSONAuditReporter.report(other, options: AuditReportOptions())
        #expect(text.replacingOccurrences(of: "12.345", with: "0.500") == otherText)
    }

    @Test func stringsAreEscaped() throws {
        let finding = AuditFinding(
            ruleID: "r", category: .pii, severity: .warn, message: "quote \" backslash \\ esc \u{1B} nl \n 支付",
            location: AuditLocation(path: "a.yml", region: .fileStart), snapshotID: nil, fingerprint: "0a")
        let text = JSONAuditReporter.report(
            AuditReport(tool: AuditSamples.tool, rules: [], inputs: [], findings: [finding], durationSeconds: 0),
            options: .init())
        #expect(text.contains(#""quote \" backslash \\ esc \u001b nl \n 支付""#))
        #expect(try JSONDocument.parse(text).at(pointer: "/findings/0/message")?.stringValue == finding.message)
    }
}
