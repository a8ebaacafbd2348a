/// The findings part of the HTML report: filters, then per input a section with its timeline
/// (recordings) and one entry per finding.
extension HTMLAuditReporter {
    /// How a finding stands: the `data-state` value, the badge's words.
    static func state(of finding: AuditFinding) -> (key: String, label: String) {
        if let match = finding.baseline {
            return match.inSource ? ("allowed", "Allowed") : ("suppressed", "Suppressed")
        }
        return finding.effectiveSeverity == .block ? ("failing", "Fails") : ("warning", "Warning")
    }

    static func findings(_ report: AuditReport, into page: inout HTMLPage) {
        page.line("<section id=\"findings\">")
        page.line("<h2>Findings</h2>")
        guard !report.findings.isEmpty else {
            page.line("<p>No findings.</p>")
            page.line("</section>")
            return
        }
        controls(report, into: &page)
        var number = 0
        for (index, input) in report.inputs.enumerated() {
            let findings = report.findings(inputPath: input.path)
            guard !findings.isEmpty else { continue }
            let first = number + 1
            number += findings.count
            page.line("<section class=\"input\" id=\"input-\(index + 1)\">")
            var kind = input.kind.rawValue
            if let length = input.recordingSeconds { kind = "recording, \(AuditExposure.seconds(length))" }
            page.line(
                "<h2><code>\(HTMLText.text(input.path))</code><span class=\"kind\">\(HTMLText.text(kind)) · "
                    + "\(count(findings.count, "finding"))</span></h2>")
            if let length = input.recordingSeconds {
                timeline(findings, firstNumber: first, length: length, path: input.path, into: &page)
            }
            for (offset, finding) in findings.enumerated() {
                entry(finding, number: first + offset, report: report, into: &page)
            }
            page.line("</section>")
        }
        // Findings of a path no input has (a report built by hand): listed, never dropped.
        let paths = Set(report.inputs.map(\.path))
        let others = report.findings.filter { !paths.contains($0.inputPath) }
        if !others.isEmpty {
            page.line("<section class=\"input\" id=\"input-other\">")
            page.line("<h2>Other findings<span class=\"kind\">\(count(others.count, "finding"))</span></h2>")
            for (offset, finding) in others.enumerated() {
                entry(finding, number: number + offset + 1, report: report, into: &page)
            }
            page.line("</section>")
        }
        page.line("</section>")
    }

    /// The filter bar: hidden until the script shows it (without JavaScript every finding shows).
    private static func controls(_ report: AuditReport, into page: inout HTMLPage) {
        var counts: [String: Int] = [:]
        for finding in report.findings { counts[state(of: finding).key, default: 0] += 1 }
        page.line("<div id=\"controls\" hidden=\"hidden\">")
        for (key, label) in [
            ("failing", "Failing"), ("warning", "Warnings"), ("suppressed", "Suppressed"), ("allowed", "Allowed"),
        ] where counts[key] != nil {
            page.line(
                "<label><input type=\"checkbox\" value=\"\(key)\" checked=\"checked\" /> \(label) (\(counts[key]!))</label>"
            )
        }
        page.line(
            "<input id=\"filter-text\" type=\"search\" placeholder=\"Filter by rule or path\" aria-label=\"Filter by rule or path\" />"
        )
        page.line("<span id=\"filter-count\" class=\"muted\"></span>")
        page.line("</div>")
    }

    /// One finding.
    private static func entry(_ finding: AuditFinding, number: Int, report: AuditReport, into page: inout HTMLPage) {
        let rule = report.rule(id: finding.ruleID)
        let name = rule?.name ?? finding.ruleID
        let (key, label) = state(of: finding)
        let search = [finding.ruleID, name, finding.location.path, finding.category.rawValue, key]
            .joined(separator: " ").lowercased()
        page.line(
            "<article class=\"finding\" id=\"finding-\(number)\" data-state=\"\(key)\" "
                + "data-search=\"\(HTMLText.attribute(search))\" tabindex=\"-1\">")
        page.line("<header>")
        page.line("<span class=\"badge \(key)\">\(label)</span>")
        page.line("<h3>\(HTMLText.text(name)) <code>\(HTMLText.text(finding.ruleID))</code></h3>")
        page.line(
            "<span class=\"meta\">\(finding.effectiveSeverity.rawValue) · \(finding.category.rawValue)"
                + " · <a href=\"#finding-\(number)\">#\(number)</a></span>")
        page.line("</header>")
        page.line("<div class=\"body\">")
        if let frame = finding.frame { figure(frame, finding: finding, name: name, number: number, into: &page) }
        page.line("<div class=\"facts\">")
        facts(finding, into: &page)
        page.line("<p class=\"message\">\(HTMLText.text(finding.message))</p>")
        if let help = rule?.help, !help.isEmpty { page.line("<p class=\"help\">\(HTMLText.text(help))</p>") }
        if let line = finding.maskedLine {
            page.line("<p class=\"muted\">The text that holds it, masked:</p>")
            page.line("<pre class=\"line\"><code>\(HTMLText.text(line))</code></pre>")
        }
        if let log = finding.log { logExcerpt(log, snapshot: finding.snapshotID != nil, into: &page) }
        page.line("</div>")
        page.line("</div>")
        page.line("</article>")
    }

    /// The frame, with the finding's cells outlined just outside them.
    private static func figure(
        _ frame: AuditFrame, finding: AuditFinding, name: String, number: Int, into page: inout HTMLPage
    ) {
        let id = page.frameID(frame)
        let what = finding.outline.isEmpty ? "" : "; outlined: the cells that hid the \(name)"
        let label = "Redacted frame of \(finding.inputPath), \(frame.moment)\(what)"
        page.line("<figure class=\"frame\">")
        page.line(
            "<svg viewBox=\"0 0 \(frame.width) \(frame.height)\" width=\"\(frame.width)\" height=\"\(frame.height)\" "
                + "role=\"img\" aria-label=\"\(HTMLText.attribute(label))\">")
        page.line("<use href=\"#\(id)\" />")
        for box in finding.outline {
            // A 2-pixel stroke centred on a rectangle 1 pixel outside the cells: it covers the
            // pixels around them, never theirs.
            page.line(
                "<rect class=\"outline\" x=\"\(box.x - 1)\" y=\"\(box.y - 1)\" width=\"\(box.width + 2)\" "
                    + "height=\"\(box.height + 2)\" />")
        }
        page.line("</svg>")
        var caption = "\(HTMLText.text(frame.moment.prefix(1).uppercased() + frame.moment.dropFirst()))."
        if finding.outline.isEmpty && finding.frame != nil && finding.category != .lifecycle {
            caption += " The value is in the window title, which the frame does not draw."
        }
        if let command = frame.command {
            caption += " The same pixels: <code>\(HTMLText.text(command))</code>"
        }
        page.line("<figcaption>\(caption)</figcaption>")
        page.line("</figure>")
    }

    /// Value, place, moment, state, fingerprint.
    private static func facts(_ finding: AuditFinding, into page: inout HTMLPage) {
        page.line("<dl>")
        if let masked = finding.masked {
            page.line("<dt>Value</dt><dd><code>\(HTMLText.text(masked.text))</code></dd>")
        }
        page.line("<dt>Where</dt><dd><code>\(HTMLText.text(finding.location.description))</code></dd>")
        if let count = finding.placeCountText {
            // Every place the value showed; the first is the line above.
            let listed = finding.places.map { "<li><code>\(HTMLText.text($0.description))</code></li>" }.joined()
            let more = finding.unlistedPlaces > 0 ? "<li>and \(finding.unlistedPlaces) more</li>" : ""
            page.line("<dt>Places</dt><dd>\(HTMLText.text(count))<ul class=\"places\">\(listed)\(more)</ul></dd>")
        }
        if let medium = finding.medium {
            page.line("<dt>In</dt><dd>\(HTMLText.text(medium.description))</dd>")
        }
        if let snapshot = finding.snapshotID, snapshot != finding.inputPath {
            page.line("<dt>Snapshot</dt><dd><code>\(HTMLText.text(snapshot))</code></dd>")
        }
        if let exposure = finding.exposure {
            page.line("<dt>Shown</dt><dd>\(HTMLText.text(shown(exposure)))</dd>")
        }
        page.line("<dt>State</dt><dd>\(HTMLText.text(stateSentence(finding)))</dd>")
        page.line("<dt>Fingerprint</dt><dd><code>\(HTMLText.text(finding.fingerprint))</code></dd>")
        page.line("</dl>")
    }

    /// `first at 1.25 s (event 3), until 2.05 s: 0.80 s`.
    static func shown(_ exposure: AuditExposure) -> String {
        guard let first = exposure.firstSeconds else {
            return exposure.stillVisible
                ? "on the final screen" : "before it was erased, overwritten or scrolled away"
        }
        var text = "first at \(AuditExposure.seconds(first))" + (exposure.firstEvent.map { " (event \($0))" } ?? "")
        if let visible = exposure.visibleSeconds {
            text += exposure.stillVisible ? ", until the end" : ", until \(AuditExposure.seconds(first + visible))"
            text += ": \(AuditExposure.seconds(visible)) on screen"
        } else if exposure.stillVisible {
            text += ", still on the final screen"
        }
        return text
    }

    /// What the finding means for the audit.
    static func stateSentence(_ finding: AuditFinding) -> String {
        if let match = finding.baseline {
            if match.inSource { return "Allowed in the input" + (match.reason.map { " (\($0))" } ?? "") }
            let status = match.status == .accepted ? "accepted" : "a false positive"
            return "Suppressed by the baseline: \(status)" + (match.reason.map { ", \"\($0)\"" } ?? "")
        }
        if finding.category == .lifecycle { return "Fails the audit (a life-cycle violation)" }
        return finding.severity == .block ? "Fails the audit" : "Warning: does not fail the audit"
    }

    /// The lifecycle log around the moment, its own line marked.
    private static func logExcerpt(_ log: AuditLogExcerpt, snapshot: Bool, into page: inout HTMLPage) {
        page.line("<details open=\"open\">")
        page.line("<summary>Lifecycle log around the \(snapshot ? "snapshot" : "violation")</summary>")
        var lines: [String] = []
        if log.omittedBefore > 0 { lines.append("<span class=\"muted\">… \(log.omittedBefore) earlier</span>") }
        for (index, line) in log.lines.enumerated() {
            lines.append(
                index == log.focus ? "<span class=\"here\">\(HTMLText.text(line))</span>" : HTMLText.text(line))
        }
        if log.omittedAfter > 0 { lines.append("<span class=\"muted\">… \(log.omittedAfter) later</span>") }
        page.line("<pre class=\"log\">\(lines.joined(separator: "\n"))</pre>")
        page.line("</details>")
    }
}
