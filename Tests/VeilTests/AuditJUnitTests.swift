import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
@testable import Veil

/// JUnit output: well-formed XML whose counts match its elements, with unique case names.
@Suite struct AuditJUnitTests {
    static func document(_ report: AuditReport) throws -> XMLDocument {
        try XMLDocument(xmlString: JUnitAuditReporter.report(report, options: AuditReportOptions()), options: [])
    }

    static func int(_ element: XMLElement, _ name: String) -> Int? {
        element.attribute(forName: name)?.stringValue.flatMap { Int($0) }
    }

    static func children(_ element: XMLElement, _ name: String) -> [XMLElement] {
        element.elements(forName: name)
    }

    /// Checks counts and names of a parsed report; returns every (classname, name) pair.
    @discardableResult
    static func checkStructure(_ document: XMLDocument) throws -> [String] {
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        var totals = (tests: 0, failures: 0, errors: 0, skipped: 0)
        var pairs: [String] = []
        for suite in children(root, "testsuite") {
            let cases = children(suite, "testcase")
            let failures = cases.filter { !children($0, "failure").isEmpty }.count
            let errors = cases.filter { !children($0, "error").isEmpty }.count
            let skipped = cases.filter { !children($0, "skipped").isEmpty }.count
            #expect(int(suite, "tests") == cases.count)
            #expect(int(suite, "failures") == failures)
            #expect(int(suite, "errors") == errors)
            #expect(int(suite, "skipped") == skipped)
            #expect(suite.attribute(forName: "time") != nil && suite.attribute(forName: "name") != nil)
            totals.tests += cases.count
            totals.failures += failures
            totals.errors += errors
            totals.skipped += skipped
            for testCase in cases {
                let classname = try #require(testCase.attribute(forName: "classname")?.stringValue)
                let name = try #require(testCase.attribute(forName: "name")?.stringValue)
                #expect(testCase.attribute(forName: "time") != nil)
                #expect(
                    children(testCase, "failure").count + children(testCase, "error").count
                        + children(testCase, "skipped").count <= 1)
                for failure in children(testCase, "failure") + children(testCase, "error") {
                    #expect(failure.attribute(forName: "message") != nil && failure.attribute(forName: "type") != nil)
                }
                pairs.append(classname + "\u{0}" + name)
            }
        }
        #expect(int(root, "tests") == totals.tests)
        #expect(int(root, "failures") == totals.failures)
        #expect(int(root, "errors") == totals.errors)
        #expect(int(root, "skipped") == totals.skipped)
        #expect(Set(pairs).count == pairs.count, "duplicate classname+name pairs")
        return pairs
    }

    @Test func richReportIsWellFormedAndCounted() throws {
        let report = AuditSamples.rich()
        let document = try Self.document(report)
        let pairs = try Self.checkStructure(document)
        let root = try #require(document.rootElement())
        #expect(Self.int(root, "tests") == 15)
        #expect(Self.int(root, "failures") == 7)  // 5 snapshot/rule cases with blocking findings + 2 life-cycle
        #expect(Self.int(root, "errors") == 1)  // the unreadable capture
        // The two baseline-suppressed findings, and the two files not audited.
        #expect(Self.int(root, "skipped") == 4)
        #expect(pairs.contains("not-audited\u{0}docs/demo.gif (image)"))
        #expect(pairs.contains("Scenarios/bank.yml\u{0}bank-0002: clean"))
        #expect(pairs.contains("Scenarios/bank.yml\u{0}lifecycle.watchdog: \(AuditSamples.fingerprint(7))"))
    }

    @Test func oneCasePerSnapshotAndRule() throws {
        // Two card numbers in one snapshot are one case whose body lists both.
        var findings = AuditSamples.richFindings
        findings.append(
            AuditSamples.detection(
                "card.pan", "5500 0000 0000 0004", input: AuditSamples.bank, line: 20, column: 5,
                length: 4, snapshot: "bank-0001", seed: 42))
        let xml = JUnitAuditReporter.report(AuditSamples.rich(findings: findings), options: AuditReportOptions())
        let document = try XMLDocument(xmlString: xml, options: [])
        try Self.checkStructure(document)
        let card = try #require(
            document.nodes(forXPath: "//testcase[@name='bank-0001: card.pan']").first as? XMLElement)
        let failure = try #require(card.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue?.hasPrefix("2 findings: ") == true)
        #expect(failure.stringValue?.components(separatedBy: "card.pan").count == 3)
    }

    @Test func duplicateNamesAreNumbered() throws {
        let inputs = [
            AuditedInput(
                path: "s.yml", kind: .scenario,
                snapshots: [
                    AuditedSnapshot(id: "s-0001", file: "s.yml", region: AuditRegion(line: 2, column: 3), hidden: 0),
                    AuditedSnapshot(id: "s-0001", file: "s.yml", region: AuditRegion(line: 4, column: 3), hidden: 0),
                ])
        ]
        let report = AuditReport(tool: AuditSamples.tool, rules: [], inputs: inputs, findings: [], durationSeconds: 0)
        let pairs = try Self.checkStructure(try Self.document(report))
        #expect(pairs == ["s.yml\u{0}s-0001: clean", "s.yml\u{0}s-0001: clean (2)"])
    }

    @Test func escapesMarkupControlsAndCDATAEnd() throws {
        let nasty = "a <b> & \"c\" 'd' ]]> \u{1B}[31m \u{0} \u{7} tab\tend"
        let finding = AuditFinding(
            ruleID: "custom.<rule>", category: .secret, severity: .block, message: nasty,
            location: AuditLocation(path: "odd & \"path\".txt", region: .fileStart), snapshotID: "snap ]]> 1",
            fingerprint: "00ff"
        )
        let report = AuditReport(
            tool: AuditSamples.tool, rules: [], inputs: [], findings: [finding], durationSeconds: 0)
        let xml = JUnitAuditReporter.report(report, options: AuditReportOptions())
        #expect(!xml.contains("]]>"))
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let document = try XMLDocument(xmlString: xml, options: [])
        try Self.checkStructure(document)
        let failure = try #require(document.nodes(forXPath: "//failure").first as? XMLElement)
        let message = try #require(failure.attribute(forName: "message")?.stringValue)
        #expect(message == "a <b> & \"c\" 'd' ]]> \\u{1B}[31m \\u{0} \\u{7} tab\tend")
        #expect(failure.attribute(forName: "type")?.stringValue == "custom.<rule>")
        let testCase = try #require(document.nodes(forXPath: "//testcase").first as? XMLElement)
        #expect(testCase.attribute(forName: "classname")?.stringValue == "odd & \"path\".txt")
        #expect(testCase.attribute(forName: "name")?.stringValue == "snap ]]> 1: custom.<rule>")
    }

    @Test func configurationErrorsAreErrors() throws {
        let report = AuditReport(
            tool: AuditSamples.tool, rules: [], inputs: [], findings: [],
            configurationErrors: [
                InputError(path: ".veil.yml", line: 4, column: 3, message: "unknown key \"severty\"")
            ],
            durationSeconds: 0
        )
        let document = try Self.document(report)
        try Self.checkStructure(document)
        #expect(Self.int(try #require(document.rootElement()), "errors") == 1)
    }
}
