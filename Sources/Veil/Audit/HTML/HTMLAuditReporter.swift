import Foundation

/// `--format html` (or `--html FILE` beside another format): one self-contained page for the
/// person deciding "is this real, and where?".
///
/// At the top, the verdict, the counts, the command that reproduces the run and what could
/// not be audited; then a table of the inputs; then, per input, every finding: the redacted
/// frame of its moment (``AuditFinding/frame``, drawn by Veil's renderer, embedded as a
/// `data:` PNG once per distinct frame) with the finding's hidden cells outlined by an SVG
/// rectangle drawn just outside them (the hidden pixels stay exactly as the redaction drew
/// them); its rule, severity, category, masked value, place, when it showed and for how
/// long, its baseline or allow state, and what to do. Recordings get a timeline strip with a
/// mark per exposure; scenarios the lifecycle log around the moment; values in a medium's
/// text the line that holds them, masked.
///
/// The page fetches nothing (a Content-Security-Policy of `default-src 'none'` allows only
/// its own style and script, by hash, and `data:` images), reads fully without JavaScript
/// (which adds filters and `j`/`k` navigation), follows `prefers-color-scheme`, and prints.
/// It is well-formed XML as well as HTML5. Nothing secret is in it: values are masked as in
/// every format, the frames are redacted, alternative text names the rule and the moment.
/// Reads ``AuditReportOptions/command``, ``AuditReportOptions/warnings`` and
/// ``AuditReportOptions/skipped``.
public enum HTMLAuditReporter: AuditReporter {
    public static let identifier = "html"
    public static let description =
        "One self-contained HTML page for people: each finding on its redacted frame, with a summary on top."

    public static func report(_ report: AuditReport, options: AuditReportOptions) -> String {
        var page = HTMLPage()
        page.head(title: title(report))
        page.line("<body>")
        page.line("<div class=\"page\">")
        summary(report, options: options, into: &page)
        coverage(report, options: options, into: &page)
        inputsTable(report, into: &page)
        findings(report, into: &page)
        footer(report, into: &page)
        page.line("</div>")
        page.sprites()
        page.line("<script>\(HTMLPageAssets.script)</script>")
        page.line("</body>")
        page.line("</html>")
        return page.text
    }

    /// `Veil audit: failed (exit 1), 3 blocking findings`.
    static func title(_ report: AuditReport) -> String {
        let s = report.summary
        var parts: [String] = []
        if s.blocking > 0 { parts.append(count(s.blocking, "blocking finding")) }
        if s.violations > 0 { parts.append(count(s.violations, "violation")) }
        if s.inputErrors + s.configurationErrors > 0 {
            parts.append(count(s.inputErrors + s.configurationErrors, "error"))
        }
        return "Veil audit: \(verdict(report).word) (exit \(report.exitCode))"
            + (parts.isEmpty ? "" : ", " + parts.joined(separator: ", "))
    }

    /// The outcome in a word and a CSS class.
    static func verdict(_ report: AuditReport) -> (word: String, css: String) {
        switch report.exitCode {
        case 0: ("passed", "passed")
        case 1: ("failed", "failed")
        default: ("error", "error")
        }
    }

    // MARK: Summary

    private static func summary(_ report: AuditReport, options: AuditReportOptions, into page: inout HTMLPage) {
        let s = report.summary
        let (word, css) = verdict(report)
        page.line("<header>")
        page.line("<h1>Veil privacy audit</h1>")
        page.line("<div class=\"verdict \(css)\" role=\"status\">")
        page.line(
            "<p class=\"headline\">\(word.prefix(1).uppercased() + word.dropFirst()) (exit \(report.exitCode))</p>")
        page.line("<p>\(HTMLText.text(headline(report)))</p>")
        page.line("</div>")
        page.line("<ul class=\"stats\">")
        let stats: [(String, Int, String)] = [
            ("inputs", s.inputs, ""),
            ("snapshots (\(s.cleanSnapshots) clean)", s.snapshots, ""),
            ("blocking", s.blocking, s.blocking > 0 ? "fail" : ""),
            ("life-cycle violations", s.violations, s.violations > 0 ? "fail" : ""),
            ("warnings", s.warnings, s.warnings > 0 ? "warn" : ""),
            ("suppressed or allowed", s.suppressed, ""),
            ("errors", s.inputErrors + s.configurationErrors, s.inputErrors + s.configurationErrors > 0 ? "fail" : ""),
        ]
        for (label, value, kind) in stats {
            page.line("<li\(kind.isEmpty ? "" : " class=\"\(kind)\"")><b>\(value)</b>\(HTMLText.text(label))</li>")
        }
        page.line("</ul>")
        var meta = "\(HTMLText.text(report.tool.name)) \(HTMLText.text(report.tool.version))"
        if s.durationSeconds > 0 { meta += " · \(DurationText.seconds(s.durationSeconds)) s" }
        if let baseline = report.baselinePath { meta += " · baseline <code>\(HTMLText.text(baseline))</code>" }
        meta += " · fingerprints \(HTMLText.text(report.fingerprintSalt.explanation))"
        page.line("<p class=\"meta\">\(meta)</p>")
        if let command = options.command {
            page.line(
                "<p>Reproduce this report: <code class=\"command\">\(HTMLText.text(command))</code></p>")
        }
        page.line("</header>")
    }

    /// One sentence of Veil's own words and the report's counts: what passed, what failed,
    /// and what to do.
    static func headline(_ report: AuditReport) -> String {
        let s = report.summary
        let errors = s.inputErrors + s.configurationErrors
        if errors > 0 {
            let what =
                [
                    s.inputErrors > 0 ? count(s.inputErrors, "input") + " could not be audited" : nil,
                    s.configurationErrors > 0 ? count(s.configurationErrors, "configuration error") : nil,
                ].compactMap { $0 }.joined(separator: " and ")
            let failing =
                s.blocking + s.violations > 0
                ? "; \(count(s.blocking + s.violations, "finding")) fail\(s.blocking + s.violations == 1 ? "s" : "") the audit"
                : ""
            return "\(what): fix \(errors == 1 ? "it" : "them") and run the audit again\(failing)."
        }
        let failingInputs = Set(report.findings.filter(\.fails).map(\.inputPath)).count
        if s.blocking + s.violations > 0 {
            var what: [String] = []
            if s.blocking > 0 { what.append(count(s.blocking, "blocking finding")) }
            if s.violations > 0 { what.append(count(s.violations, "life-cycle violation")) }
            return "\(what.joined(separator: " and ")) in \(failingInputs) of \(count(s.inputs, "input")): "
                + "hide each value before the app enters the background, or review it into the baseline."
        }
        if s.warnings > 0 {
            return "No blocking finding in \(count(s.inputs, "input")); \(count(s.warnings, "warning")) to look at."
        }
        return "No blocking finding in \(count(s.inputs, "input"))"
            + (s.suppressed > 0 ? "; \(s.suppressed) suppressed or allowed." : ".")
    }

    // MARK: Coverage

    private static func coverage(_ report: AuditReport, options: AuditReportOptions, into page: inout HTMLPage) {
        page.line("<section id=\"coverage\">")
        page.line("<h2>Coverage</h2>")
        let failed = report.inputs.filter { $0.error != nil }
        if failed.isEmpty && report.configurationErrors.isEmpty && report.notAudited.isEmpty {
            page.line("<p>Every input given was audited (\(count(report.inputs.count, "input"))).</p>")
        }
        if !failed.isEmpty {
            page.line("<p><span class=\"badge error\">Not audited</span> \(count(failed.count, "input")):</p>")
            page.line("<ul class=\"notes\">")
            for input in failed {
                page.line(
                    "<li><code>\(HTMLText.text(input.path))</code> (\(input.kind.rawValue)): "
                        + "\(HTMLText.text(input.error?.description ?? ""))</li>")
            }
            page.line("</ul>")
        }
        if !report.notAudited.isEmpty {
            // Media that could not be read (OCR missing, not a terminal image): never clean.
            page.line(
                "<p><span class=\"badge error\">Not read</span> \(count(report.notAudited.count, "file or part", "files or parts"))"
                    + " that may hold terminal media:</p>")
            page.line("<ul class=\"notes\">")
            for media in report.notAudited {
                page.line(
                    "<li><code>\(HTMLText.text(media.path))</code> (\(HTMLText.text(media.kind))): "
                        + "\(HTMLText.text(media.reason))</li>")
            }
            page.line("</ul>")
        }
        if !report.configurationErrors.isEmpty {
            page.line("<p><span class=\"badge error\">Configuration errors</span></p>")
            page.line("<ul class=\"notes\">")
            for error in report.configurationErrors { page.line("<li>\(HTMLText.text(error.description))</li>") }
            page.line("</ul>")
        }
        if !options.warnings.isEmpty {
            page.line("<p>Read with warnings (what could not be judged, or fell outside a screen):</p>")
            page.line("<ul class=\"notes\">")
            for warning in options.warnings { page.line("<li>\(HTMLText.text(warning))</li>") }
            page.line("</ul>")
        }
        if !report.staleBaselineEntries.isEmpty {
            page.line(
                "<p>\(count(report.staleBaselineEntries.count, "stale baseline entry", "stale baseline entries"))"
                    + " match no finding; remove them from the baseline:</p>")
            page.line("<ul class=\"notes\">")
            for entry in report.staleBaselineEntries {
                var line =
                    "snapshot <code>\(HTMLText.text(entry.snapshotID))</code>, rule <code>\(HTMLText.text(entry.ruleID))</code>, "
                    + "fingerprint <code>\(HTMLText.text(entry.fingerprint))</code>"
                if let reason = entry.reason { line += " (\(HTMLText.text(reason)))" }
                page.line("<li>\(line)</li>")
            }
            page.line("</ul>")
        }
        if !options.skipped.isEmpty {
            page.line(
                "<details><summary>The folder search skipped \(count(options.skipped.count, "path"))</summary>")
            page.line("<ul class=\"notes\">")
            for skip in options.skipped { page.line("<li>\(HTMLText.text(skip))</li>") }
            page.line("</ul>")
            page.line("</details>")
        }
        page.line("</section>")
    }

    // MARK: Inputs

    private static func inputsTable(_ report: AuditReport, into page: inout HTMLPage) {
        page.line("<section id=\"inputs\">")
        page.line("<h2>Inputs</h2>")
        guard !report.inputs.isEmpty else {
            page.line("<p>No input was found.</p>")
            page.line("</section>")
            return
        }
        page.line("<table>")
        page.line(
            "<thead><tr><th>Input</th><th>Kind</th><th>Result</th><th>Failing</th><th>Warnings</th>"
                + "<th>Suppressed or allowed</th></tr></thead>")
        page.line("<tbody>")
        for (number, input) in report.inputs.enumerated() {
            let findings = report.findings(inputPath: input.path)
            let failing = findings.filter(\.fails).count
            let warnings = findings.filter { !$0.isSuppressed && $0.effectiveSeverity == .warn }.count
            let suppressed = findings.filter(\.isSuppressed).count
            let result: (String, String) =
                input.error != nil
                ? ("error", "not audited") : failing > 0 ? ("failing", "fails") : ("passed", "passes")
            let path = "<code>\(HTMLText.text(input.path))</code>"
            let name = findings.isEmpty ? path : "<a href=\"#input-\(number + 1)\">\(path)</a>"
            page.line(
                "<tr><td>\(name)</td><td>\(input.kind.rawValue)</td>"
                    + "<td><span class=\"badge \(result.0)\">\(result.1)</span></td>"
                    + "<td class=\"n\">\(failing)</td><td class=\"n\">\(warnings)</td><td class=\"n\">\(suppressed)</td></tr>"
            )
        }
        page.line("</tbody>")
        page.line("</table>")
        page.line("</section>")
    }

    // MARK: Footer

    private static func footer(_ report: AuditReport, into page: inout HTMLPage) {
        page.line("<footer>")
        page.line(
            "<p>Written by \(HTMLText.text(report.tool.name)) \(HTMLText.text(report.tool.version)). "
                + "Values are masked and every frame is redacted; the outline marks the cells that hid the value.</p>"
        )
        page.line(
            "<p class=\"keys\">Keys (with JavaScript): <kbd>j</kbd> / <kbd>k</kbd> next and previous finding, "
                + "<kbd>/</kbd> filter, <kbd>Esc</kbd> clear the filter.</p>")
        page.line("</footer>")
    }

    /// `3 findings`, `1 finding`.
    static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(value) \(value == 1 ? singular : plural ?? singular + "s")"
    }
}

/// The page being written, and the distinct frames it refers to (embedded once, at the end).
struct HTMLPage {
    private(set) var text = ""
    /// Each distinct PNG's frame number (1-based), by its bytes.
    private var frameNumbers: [[UInt8]: Int] = [:]
    private var frames: [AuditFrame] = []

    init() {
        text.reserveCapacity(1 << 16)
    }

    mutating func line(_ line: String) {
        text += line
        text += "\n"
    }

    /// The document up to `<body>`.
    mutating func head(title: String) {
        line("<!DOCTYPE html>")
        line("<html lang=\"en\">")
        line("<head>")
        line("<meta charset=\"utf-8\" />")
        line("<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTMLPageAssets.contentSecurityPolicy)\" />")
        line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />")
        line("<meta name=\"color-scheme\" content=\"light dark\" />")
        line("<meta name=\"referrer\" content=\"no-referrer\" />")
        line("<meta name=\"generator\" content=\"veil audit\" />")
        line("<title>\(HTMLText.text(title))</title>")
        line("<style>\(HTMLPageAssets.style)</style>")
        line("</head>")
    }

    /// The id of `frame`'s picture (`frame-3`), registering it on first use.
    mutating func frameID(_ frame: AuditFrame) -> String {
        if let number = frameNumbers[frame.png] { return "frame-\(number)" }
        frames.append(frame)
        frameNumbers[frame.png] = frames.count
        return "frame-\(frames.count)"
    }

    /// Every registered frame as an `<image>` in an invisible SVG, for `<use>` to show.
    mutating func sprites() {
        guard !frames.isEmpty else { return }
        line("<svg class=\"sprites\" width=\"0\" height=\"0\" aria-hidden=\"true\" focusable=\"false\">")
        line("<defs>")
        for (index, frame) in frames.enumerated() {
            text += "<image id=\"frame-\(index + 1)\" width=\"\(frame.width)\" height=\"\(frame.height)\" "
            text += "href=\"data:image/png;base64,"
            text += Data(frame.png).base64EncodedString()
            text += "\" />\n"
        }
        line("</defs>")
        line("</svg>")
    }
}
