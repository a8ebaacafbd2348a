import Foundation
import Testing
@testable import Veil

/// SARIF output checked against the OASIS 2.1.0 schema and GitHub's expectations.
@Suite struct AuditSARIFTests {
    static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/schemas/sarif-schema-2.1.0.json")

    /// The schema file keeps the log's root in `definitions.Root`: its top level has no
    /// constraints, so validation must start at `#/definitions/Root`.
    static let rootPointer = "#/definitions/Root"

    static func validator() throws -> JSONSchemaValidator {
        try JSONSchemaValidator(schemaText: String(contentsOf: schemaURL, encoding: .utf8))
    }

    static func sarif(_ report: AuditReport = AuditSamples.rich(), options: AuditReportOptions = .init()) throws
        -> JSONDocument
    {
        try JSONDocument.parse(SARIFAuditReporter.report(report, options: options))
    }

    @Test func richReportIsValidSARIF() throws {
        let failures = try Self.validator().validate(Self.sarif(), entryPointer: Self.rootPointer)
        #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    }

    @Test func validWithSourceRootAndTruncation() throws {
        let options = AuditReportOptions(sourceRootURI: "file:///work/repo/", sarifResultLimit: 3)
        let failures = try Self.validator().validate(Self.sarif(options: options), entryPointer: Self.rootPointer)
        #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    }

    @Test func theSchemaFilesTopLevelAcceptsAnything() throws {
        // Why the tests validate against #/definitions/Root: the document root is vacuous.
        #expect(try Self.validator().validate(.string("not SARIF at all")).isEmpty)
        #expect(try Self.validator().validate(.string("not SARIF at all"), entryPointer: Self.rootPointer).count == 1)
    }

    /// A copy of `document` with `edit` applied at the object reached by `path`.
    static func editing(
        _ document: JSONDocument, _ path: [String], _ edit: (inout [String], inout [String: JSONDocument]) -> Void
    ) -> JSONDocument {
        if path.isEmpty {
            guard case .object(var keys, var values) = document else { return document }
            edit(&keys, &values)
            return .object(keys: keys, values: values)
        }
        switch document {
        case .object(let keys, var values):
            values[path[0]] = editing(values[path[0]]!, Array(path.dropFirst()), edit)
            return .object(keys: keys, values: values)
        case .array(var items):
            let index = Int(path[0])!
            items[index] = editing(items[index], Array(path.dropFirst()), edit)
            return .array(items)
        default:
            return document
        }
    }

    @Test func brokenSARIFFailsValidation() throws {
        let validator = try Self.validator()
        let good = try Self.sarif()

        let fatal = Self.editing(good, ["runs", "0", "results", "0"]) { _, values in values["level"] = .string("fatal")
        }
        let fatalFailures = validator.validate(fatal, entryPointer: Self.rootPointer)
        #expect(fatalFailures.map(\.instancePointer) == ["/runs/0/results/0/level"])
        #expect(fatalFailures.first?.schemaPointer == "#/definitions/result/properties/level/enum")

        let noVersion = Self.editing(good, []) { keys, values in
            keys.removeAll { $0 == "version" }
            values["version"] = nil
        }
        let versionFailures = validator.validate(noVersion, entryPointer: Self.rootPointer)
        #expect(versionFailures.map(\.schemaPointer) == ["#/definitions/Root/required"])
        #expect(versionFailures.first?.message.contains("version") == true)

        let zeroLine = Self.editing(
            good, ["runs", "0", "results", "1", "locations", "0", "physicalLocation", "region"]
        ) { _, values in
            values["startLine"] = .number(0)
        }
        #expect(
            validator.validate(zeroLine, entryPointer: Self.rootPointer).map(\.instancePointer)
                == ["/runs/0/results/1/locations/0/physicalLocation/region/startLine"])

        let unknownKey = Self.editing(good, ["runs", "0", "tool", "driver"]) { keys, values in
            keys.append("snippet")
            values["snippet"] = .string("4111")
        }
        #expect(
            validator.validate(unknownKey, entryPointer: Self.rootPointer).map(\.instancePointer) == [
                "/runs/0/tool/driver/snippet"
            ])
    }

    @Test func minimumFieldsArePresent() throws {
        let report = AuditSamples.rich()
        let log = try Self.sarif(report)
        #expect(log["$schema"]?.stringValue == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(log["version"]?.stringValue == "2.1.0")
        let run = try #require(log.at(pointer: "/runs/0"))
        #expect(run.at(pointer: "/tool/driver/name")?.stringValue == "veil")
        #expect(run.at(pointer: "/tool/driver/version")?.stringValue == AuditSamples.version)
        #expect(run.at(pointer: "/tool/driver/informationUri")?.stringValue == "https://veil.example/docs/audit")
        #expect(run.at(pointer: "/originalUriBaseIds/%SRCROOT%") != nil)

        let rules = try #require(run.at(pointer: "/tool/driver/rules")?.arrayValue)
        #expect(rules.compactMap { $0["id"]?.stringValue } == report.rules.map(\.id))
        for rule in rules {
            for pointer in [
                "/name", "/shortDescription/text", "/fullDescription/text", "/help/text",
                "/defaultConfiguration/level", "/properties/security-severity",
            ] {
                #expect(rule.at(pointer: pointer)?.stringValue != nil, "\(rule["id"]!) lacks \(pointer)")
            }
            #expect(rule.at(pointer: "/properties/tags")?.arrayValue?.isEmpty == false)
        }
        #expect(
            rules.first { $0["id"]?.stringValue == "card.pan" }?.at(pointer: "/properties/security-severity")?
                .stringValue == "9.0")
        #expect(
            rules.first { $0["id"]?.stringValue == "phone.intl" }?.at(pointer: "/defaultConfiguration/level")?
                .stringValue == "warning")
        #expect(
            rules.first { $0["id"]?.stringValue == "lifecycle.watchdog" }?.at(pointer: "/properties/security-severity")?
                .stringValue == "7.0")

        let results = try #require(run["results"]?.arrayValue)
        #expect(results.count == report.findings.count)
        for (result, finding) in zip(results, report.findings) {
            #expect(result["ruleId"]?.stringValue == finding.ruleID)
            let index = try #require(result["ruleIndex"]?.numberValue)
            #expect(rules[Int(index)]["id"]?.stringValue == finding.ruleID)
            #expect(result["level"]?.stringValue == (finding.effectiveSeverity == .block ? "error" : "warning"))
            #expect(result.at(pointer: "/message/text")?.stringValue?.hasPrefix(finding.message) == true)
            let location = try #require(result.at(pointer: "/locations/0/physicalLocation"))
            #expect(location.at(pointer: "/artifactLocation/uriBaseId")?.stringValue == "%SRCROOT%")
            #expect(location.at(pointer: "/region/startLine")?.numberValue == Double(finding.location.region.startLine))
            #expect(location.at(pointer: "/region/endColumn")?.numberValue == Double(finding.location.region.endColumn))
            #expect(
                result.at(pointer: "/partialFingerprints/primaryLocationLineHash")?.stringValue?.hasPrefix(
                    finding.fingerprint + ":") == true)
            #expect((result["suppressions"] != nil) == finding.isSuppressed)
            #expect(
                result.at(pointer: "/suppressions/0/kind")?.stringValue == (finding.isSuppressed ? "external" : nil))
            #expect(result.at(pointer: "/locations/0/physicalLocation/region/snippet") == nil)
        }
        let uris = Set(
            results.compactMap { $0.at(pointer: "/locations/0/physicalLocation/artifactLocation/uri")?.stringValue })
        #expect(uris == ["Scenarios/bank.yml", "Scenarios/%E6%94%AF%E4%BB%98.yml", "captures/session%201.txt"])

        let invocation = try #require(run.at(pointer: "/invocations/0"))
        #expect(invocation["executionSuccessful"] == .bool(false))  // an unreadable input: exit 2
        #expect(invocation["exitCode"]?.numberValue == 2)
        let notes = try #require(invocation["toolExecutionNotifications"]?.arrayValue)
        #expect(
            notes.contains {
                $0.at(pointer: "/message/text")?.stringValue?.contains("captures/broken.cast:3:7") == true
            })
        #expect(
            notes.contains { $0.at(pointer: "/message/text")?.stringValue?.contains("Stale baseline entry") == true })
    }

    @Test func truncatesAtTheLimitKeepingFailingResults() throws {
        let report = AuditSamples.rich()
        let log = try Self.sarif(report, options: AuditReportOptions(sarifResultLimit: 4))
        let results = try #require(log.at(pointer: "/runs/0/results")?.arrayValue)
        #expect(results.count == 4)
        #expect(results.allSatisfy { $0["level"]?.stringValue == "error" && $0["suppressions"] == nil })
        let notes = log.at(pointer: "/runs/0/invocations/0/toolExecutionNotifications")?.arrayValue ?? []
        #expect(
            notes.contains {
                $0.at(pointer: "/message/text")?.stringValue?.contains("4 of \(report.findings.count) results") == true
            })

        let full = try #require(
            try Self.sarif(report).at(pointer: "/runs/0/invocations/0/toolExecutionNotifications")?.arrayValue)
        #expect(!full.contains { $0.at(pointer: "/message/text")?.stringValue?.contains("truncated") == true })
    }

    @Test func defaultLimitIsGitHubs() {
        #expect(AuditReportOptions().sarifResultLimit == 25_000)
    }

    @Test func successfulWhenNoInputFails() throws {
        let report = AuditSamples.rich(inputs: AuditSamples.richInputs.filter { $0.error == nil })
        let log = try Self.sarif(report)
        #expect(log.at(pointer: "/runs/0/invocations/0/executionSuccessful") == .bool(true))
        #expect(log.at(pointer: "/runs/0/invocations/0/exitCode")?.numberValue == 1)
    }
}
