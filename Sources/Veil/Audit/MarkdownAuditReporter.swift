/// `--format markdown` (or `--markdown FILE` beside another format): a GitHub job summary
/// (`$GITHUB_STEP_SUMMARY`), the verdict, the counts and a table of what fails the audit.
///
/// ```markdown
/// ## Veil audit: failed (exit 1)
///
/// 1 blocking finding in 1 of 2 inputs: hide each value before the app enters the background, or review it into the baseline.
///
/// | inputs | snapshots | blocking | violations | warnings | suppressed or allowed | errors |
/// |---:|---:|---:|---:|---:|---:|---:|
/// | 2 | 3 | 1 | 0 | 0 | 0 | 0 |
///
/// ### Blocking findings
///
/// <table>
/// <thead><tr><th>Rule</th><th>Where</th><th>Value</th><th>Shown</th></tr></thead>
/// <tbody>
/// <tr><td><code>card.pan</code></td><td><code>Scenarios/bank.yml:12:5</code></td>…</tr>
/// </tbody>
/// </table>
/// ```
///
/// Everything from an input (paths, rule ids, masked values, snapshot ids, error messages) is
/// in the HTML tables only, each value inside `<code>` with `&`, `<`, `>`, `"` and `'` as
/// character references and line breaks and controls shown as `\u{…}`: a table is an HTML
/// block, which Markdown leaves alone up to the next blank line (a value cannot hold one),
/// and GitHub turns no `@mention`, `#123` or link inside `code`. No line starts with anything
/// but Veil's own text or a tag, so no value can start a workflow command either. The tables
/// hold at most ``rowLimit`` rows each and a value at most ``valueLimit`` characters, so a
/// summary stays far below the 1 MiB GitHub keeps of a step's (about 120 KiB at most).
public enum MarkdownAuditReporter: AuditReporter {
    public static let identifier = "markdown"
    public static let description = "A GitHub job summary: counts and a table of the blocking findings."

    /// The most rows a table holds; a sentence counts the rest.
    public static let rowLimit = 100
    /// The most characters of one value (a path, a message) a cell shows; `…` ends a cut one.
    public static let valueLimit = 200

    public static func report(_ report: AuditReport, options: AuditReportOptions) -> String {
        let s = report.summary
        var lines: [String] = []
        lines.append("## Veil audit: \(HTMLAuditReporter.verdict(report).word) (exit \(report.exitCode))")
        lines.append("")
        lines.append(HTMLAuditReporter.headline(report))
        lines.append("")
        lines.append("| inputs | snapshots | blocking | violations | warnings | suppressed or allowed | errors |")
        lines.append("|---:|---:|---:|---:|---:|---:|---:|")
        lines.append(
            "| \(s.inputs) | \(s.snapshots) | \(s.blocking) | \(s.violations) | \(s.warnings) | \(s.suppressed) "
                + "| \(s.inputErrors + s.configurationErrors) |")

        let failing = report.findings.filter(\.fails)
        if !failing.isEmpty {
            lines.append("")
            lines.append("### Blocking findings")
            lines.append("")
            lines.append("<table>")
            lines.append("<thead><tr><th>Rule</th><th>Where</th><th>Value</th><th>Shown</th></tr></thead>")
            lines.append("<tbody>")
            for finding in failing.prefix(rowLimit) {
                lines.append(
                    "<tr><td>\(code(finding.ruleID))</td><td>\(code(finding.location.description))"
                        + (finding.placeCountText.map { " and \(finding.placeCount - 1) more (\($0))" } ?? "") + "</td>"
                        + "<td>\(finding.masked.map { code($0.text) } ?? "")</td><td>\(shown(finding))</td></tr>")
            }
            lines.append("</tbody>")
            lines.append("</table>")
            if failing.count > rowLimit {
                lines.append("")
                lines.append("… and \(failing.count - rowLimit) more; the full report lists every finding.")
            }
        }

        var errors: [(String, String)] = report.inputs.compactMap { input in
            input.error.map { (input.path, $0.description) }
        }
        errors += report.configurationErrors.map { ($0.path, $0.description) }
        errors += report.notAudited.map { ($0.path, $0.reason) }
        if !errors.isEmpty {
            lines.append("")
            lines.append("### Not audited")
            lines.append("")
            lines.append("<table>")
            lines.append("<thead><tr><th>Path</th><th>Error</th></tr></thead>")
            lines.append("<tbody>")
            for (path, message) in errors.prefix(rowLimit) {
                lines.append("<tr><td>\(code(path))</td><td>\(code(message))</td></tr>")
            }
            lines.append("</tbody>")
            lines.append("</table>")
            if errors.count > rowLimit {
                lines.append("")
                lines.append("… and \(errors.count - rowLimit) more.")
            }
        }
        lines.append("")
        lines.append("Fingerprints are \(report.fingerprintSalt.explanation). Values are masked.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `<code>…</code>` around `text` made inert (``HTMLText/text(_:)``), cut to ``valueLimit``
    /// characters.
    static func code(_ text: String) -> String {
        let shown = HTMLText.visible(text)
        let cut = shown.count > valueLimit ? String(shown.prefix(valueLimit - 1)) + "…" : shown
        return "<code>\(HTMLText.text(cut))</code>"
    }

    /// When a failing finding showed: its first moment in a recording, its snapshot, or where
    /// in a medium.
    static func shown(_ finding: AuditFinding) -> String {
        if let exposure = finding.exposure { return HTMLText.text(HTMLAuditReporter.shown(exposure)) }
        if let medium = finding.medium { return code(medium.description) }
        if finding.category == .lifecycle { return "life-cycle violation" }
        if let snapshot = finding.snapshotID, snapshot != finding.inputPath { return "snapshot " + code(snapshot) }
        return ""
    }
}
