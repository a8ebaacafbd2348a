import Testing
@testable import Veil

/// Each format's output for the rich sample report, against `Fixtures/audit/rich.*`.
@Suite struct AuditGoldenTests {
    static let placeholders = ["${VERSION}": AuditSamples.version, "${DURATION}": "12.345"]

    @Test(arguments: [
        ("text", "rich.txt"), ("json", "rich.json"), ("sarif", "rich.sarif"), ("junit", "rich.junit.xml"),
    ])
    func richReport(identifier: String, golden: String) throws {
        let reporter = try #require(AuditReporters.reporter(for: identifier))
        let output = reporter.report(AuditSamples.rich(), options: AuditReportOptions())
        try Golden.check(output, matches: golden, placeholders: Self.placeholders)
    }

    @Test func richTextInColour() throws {
        let output = TextAuditReporter.report(AuditSamples.rich(), options: AuditReportOptions(colour: true))
        try Golden.check(output, matches: "rich.colour.txt", placeholders: Self.placeholders)
        #expect(output.contains("\u{1B}[31mblock\u{1B}[0m"))
        #expect(!TextAuditReporter.report(AuditSamples.rich(), options: AuditReportOptions()).contains("\u{1B}"))
    }
}
