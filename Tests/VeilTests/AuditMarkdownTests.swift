import Foundation
import Testing

@testable import Veil

/// The GitHub job summary (`--format markdown`): the golden of the rich sample report, and
/// file names and texts full of Markdown, HTML and workflow-command syntax coming out inert.
@Suite struct AuditMarkdownTests {
    @Test func richReport() throws {
        let output = MarkdownAuditReporter.report(AuditSamples.rich(), options: AuditReportOptions())
        try Golden.check(output, matches: "rich.summary.md", placeholders: AuditGoldenTests.placeholders)
    }

    static let hostile = [
        "::error file=a,line=1::injected", "::add-mask::x", "|a|b|", "<script>alert(1)</script>", "<!-- c -->",
        "[link](https://evil.example)", "![i](https://evil.example/p.png)", "@octocat", "#123", "`code`",
        "**bold**", "<details open>", "a\n\n# Heading\n::warning::x", "\u{202E}txt.exe", "&lt;tag&gt;", "x</table>y",
        "${{ secrets.TOKEN }}", "%0A::error::x",
    ]

    /// Every value from an input sits inside `<code>` in an HTML block, its `<`, `>`, `&` and
    /// quotes as character references and its line breaks and controls shown as `\u{…}`: no
    /// line of the summary is anything but Veil's own text or one of its tags.
    @Test(arguments: hostile)
    func hostileNamesComeOutInert(_ name: String) throws {
        var findings = AuditSamples.richFindings.filter(\.fails)
        #expect(!findings.isEmpty)
        for index in findings.indices {
            findings[index].location = AuditLocation(
                path: "app/\(name)/x.cast", region: findings[index].location.region)
            findings[index].inputPath = "app/\(name)/x.cast"
            findings[index].snapshotID = name
        }
        var inputs = AuditSamples.richInputs
        inputs[0].path = "app/\(name)/x.cast"
        inputs[0].error = InputError(path: inputs[0].path, message: name)
        let report = AuditSamples.rich(inputs: inputs, findings: findings)
        let summary = MarkdownAuditReporter.report(report, options: AuditReportOptions())
        let lines = summary.split(separator: "\n", omittingEmptySubsequences: false)
        let ownStarts = [
            "## ", "### ", "| ", "|---", "<table>", "</table>", "<thead>", "<tbody>", "</tbody>", "<tr>", "… and ",
        ]
        for line in lines where !line.isEmpty {
            let isOwn =
                ownStarts.contains { line.hasPrefix($0) } || line.hasPrefix("Fingerprints are ")
                || line == Substring(HTMLAuditReporter.headline(report))
            #expect(isOwn, "a line that is not Veil's: \(line)")
            #expect(!line.hasPrefix("::") && !line.hasPrefix("%"))
        }
        // The tables are HTML blocks: no blank line inside them, and every tag is Veil's own.
        let tags = summary.matches(of: try Regex(#"<(/?)([a-zA-Z]+)[^>]*>"#)).map { String(summary[$0.range]) }
        let allowed: Set<String> = [
            "<table>", "</table>", "<thead>", "</thead>", "<tbody>", "</tbody>", "<tr>", "</tr>", "<td>", "</td>",
            "<th>", "</th>", "<code>", "</code>",
        ]
        for tag in tags { #expect(allowed.contains(tag), "tag \(tag)") }
        for table in summary.components(separatedBy: "<table>").dropFirst() {
            let body = table.components(separatedBy: "</table>")[0]
            #expect(!body.contains("\n\n"))
        }
        #expect(!summary.contains("\u{202E}"))
        // What is left of the name as text is inside <code> on a table row.
        let shown = HTMLText.text(name)
        for line in lines where line.contains(shown) {
            #expect(
                line.hasPrefix("<tr><td>") && line.contains("<code>\(shown)") || line.contains("<code>app/\(shown)"))
        }
    }

    @Test func theSummaryIsBounded() {
        let long = String(repeating: "a/", count: 3000) + "x.cast"
        var findings: [AuditFinding] = []
        let template = AuditSamples.richFindings.first(where: \.fails)!
        for index in 0..<1000 {
            var finding = template
            finding.location = AuditLocation(path: long + "\(index)", region: finding.location.region)
            finding.inputPath = finding.location.path
            finding.fingerprint = "fp\(index)"
            findings.append(finding)
        }
        let summary = MarkdownAuditReporter.report(AuditSamples.rich(findings: findings), options: AuditReportOptions())
        #expect(summary.utf8.count < 128 * 1024)
        #expect(summary.contains("… and 900 more; the full report lists every finding."))
        let blocking = summary.components(separatedBy: "### Blocking findings")[1].components(separatedBy: "</table>")[
            0]
        #expect(blocking.components(separatedBy: "<tr><td>").count - 1 == MarkdownAuditReporter.rowLimit)
    }
}
