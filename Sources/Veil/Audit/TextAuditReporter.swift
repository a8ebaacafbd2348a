import Foundation
import VeilRedaction

/// `--format text` (the default): a readable report grouped by input and snapshot.
///
/// ```text
/// Scenarios/bank.yml (scenario)
///   bank-0001  Scenarios/bank.yml:12:5  3 hidden
///     Scenarios/bank.yml:12:5  block  card.pan  Payment card number •••• … would be visible …
///   bank-0002  Scenarios/bank.yml:20:5  1 hidden  clean
///
/// Fingerprints: keyed with a random per-run salt (they change every run; …)
/// veil 1.0.0: 1 input, 2 snapshots (1 clean), 1 finding: 1 blocking, 0 warnings, 0 violations, 0 suppressed; 0.042s: failed (exit 1)
/// ```
/// One line per finding (`path:line:col  severity  rule  message`, and `(3 places)` for a
/// value a capture showed at several places: the line gives the first), baseline-suppressed ones
/// marked `[suppressed: …]`; findings without a snapshot under `(no snapshot)`. Reads
/// ``AuditReportOptions/colour`` (ANSI colour; the CLI decides).
public enum TextAuditReporter: AuditReporter {
    public static let identifier = "text"
    public static let description = "Readable text grouped by input and snapshot (the default)."

    public static func report(_ report: AuditReport, options: AuditReportOptions) -> String {
        let paint = Paint(enabled: options.colour)
        var lines: [String] = []
        let (_, allFloods) = AuditFlood.group(report.findings, above: options.groupAbove)
        let flooded = Set(allFloods.flatMap(\.findings))
        for input in report.inputs {
            lines.append(paint.bold(safe(input.path)) + " (\(input.kind.rawValue))")
            if let error = input.error {
                lines.append("  " + paint.red("error:") + " " + safe(error.description))
            }
            let findings = report.findings(inputPath: input.path).filter { !flooded.contains($0) }
            let floods = allFloods.filter { $0.inputPath == input.path }
            var listed: Set<String> = []
            for snapshot in input.snapshots {
                listed.insert(snapshot.id)
                var header =
                    "  \(safe(snapshot.id))  \(safe(snapshot.file)):\(snapshot.region)  \(snapshot.hidden) hidden"
                if snapshot.isClean { header += "  " + paint.green("clean") }
                lines.append(header)
                for finding in findings where finding.snapshotID == snapshot.id {
                    lines.append("    " + findingLine(finding, paint: paint))
                }
            }
            var unlisted: [String] = []
            for finding in findings {
                if let id = finding.snapshotID, !listed.contains(id), !unlisted.contains(id) { unlisted.append(id) }
            }
            for id in unlisted {
                lines.append("  \(safe(id))")
                for finding in findings where finding.snapshotID == id {
                    lines.append("    " + findingLine(finding, paint: paint))
                }
            }
            let loose = findings.filter { $0.snapshotID == nil }
            if !loose.isEmpty {
                lines.append("  (no snapshot)")
                for finding in loose { lines.append("    " + findingLine(finding, paint: paint)) }
            }
            if !floods.isEmpty { lines.append("  floods (more than \(options.groupAbove) values of one rule)") }
            for flood in floods { lines.append("    " + floodLine(flood, paint: paint)) }
        }
        if !report.notAudited.isEmpty {
            lines.append("")
            lines.append(paint.bold("Not audited") + ": these may hold terminal media that was not read")
            for item in report.notAudited {
                lines.append("  " + paint.yellow(safe(item.path)) + ": " + safe(item.reason))
            }
        }
        if !report.configurationErrors.isEmpty {
            lines.append("")
            lines.append(paint.bold("Configuration errors"))
            for error in report.configurationErrors {
                lines.append("  " + paint.red("error:") + " " + safe(error.description))
            }
        }
        if !report.staleBaselineEntries.isEmpty {
            lines.append("")
            lines.append(
                paint.bold("Stale baseline entries") + (report.baselinePath.map { " (\(safe($0)))" } ?? "")
                    + ": they match no finding; remove them")
            for entry in report.staleBaselineEntries {
                var line = "  \(safe(entry.snapshotID))  \(safe(entry.ruleID))  \(safe(entry.fingerprint))"
                if let reason = entry.reason { line += "  (\(safe(reason)))" }
                lines.append(paint.yellow(line))
            }
        }
        lines.append("")
        if !report.rulesFiles.isEmpty { lines.append(rulesLine(report)) }
        lines.append(paint.dim(fingerprintLine(report)))
        lines.append(summaryLine(report, paint: paint, floods: allFloods))
        // Every line through DisplayText.logLine: a path or id from the tree starts some lines.
        return DisplayText.logLines(lines.joined(separator: "\n") + "\n")
    }

    /// `path:line:col  severity  rule  message`, with `(3 places)` when the value showed at
    /// more than one place (the first is `path:line:col`), plus `[suppressed: status: reason]`;
    /// no colour.
    public static func findingLine(_ finding: AuditFinding) -> String {
        findingLine(finding, paint: Paint(enabled: false))
    }

    static func findingLine(_ finding: AuditFinding, paint: Paint) -> String {
        let severity = finding.effectiveSeverity.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)
        let places = finding.placeCountText.map { "  (\($0))" } ?? ""
        let rest = "\(safe(finding.ruleID))  \(safe(finding.message))\(places)"
        var line = "\(safe(finding.location.description))  "
        if let match = finding.baseline {
            line += paint.dim("\(severity)  \(rest)")
            let label = match.inSource ? "allowed" : "suppressed: \(match.status.rawValue)"
            line += "  " + paint.dim("[\(label)\(match.reason.map { ": \(safe($0))" } ?? "")]")
        } else {
            line += (finding.effectiveSeverity == .block ? paint.red(severity) : paint.yellow(severity))
            line += "  " + rest
        }
        return line
    }

    /// `path:line:col  severity  rule  2,817 values of rule (a flood …)`: a flood's one line.
    static func floodLine(_ flood: AuditFlood, paint: Paint) -> String {
        let severity = flood.first.effectiveSeverity.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)
        let rest = "\(safe(flood.ruleID))  \(safe(flood.message))"
        let line = "\(safe(flood.first.location.description))  "
        if flood.isSuppressed { return line + paint.dim("\(severity)  \(rest)  [suppressed]") }
        return line + (flood.fails ? paint.red(severity) : paint.yellow(severity)) + "  " + rest
    }

    /// `Rules: built-in (3 inputs); .veil.yml (nearest, 2 inputs, from the audited tree)`:
    /// every rules file that applied (``AuditReport/rulesFiles``).
    static func rulesLine(_ report: AuditReport) -> String {
        "Rules: " + report.rulesFiles.map { safe($0.summary) }.joined(separator: "; ")
    }

    /// `Fingerprints: keyed with …`: which salt keyed the fingerprints, and whether they are stable.
    static func fingerprintLine(_ report: AuditReport) -> String {
        "Fingerprints: " + report.fingerprintSalt.explanation
    }

    static func summaryLine(_ report: AuditReport, paint: Paint, floods: [AuditFlood] = []) -> String {
        let s = report.summary
        var line = "\(safe(report.tool.name)) \(safe(report.tool.version)): " + plural(s.inputs, "input")
        if s.inputErrors > 0 { line += " (\(plural(s.inputErrors, "error")))" }
        line += ", \(plural(s.snapshots, "snapshot")) (\(s.cleanSnapshots) clean)"
        line += ", \(plural(s.findings, "finding")): \(s.blocking) blocking, \(plural(s.warnings, "warning")), "
        line += "\(plural(s.violations, "violation")), \(s.suppressed) suppressed"
        if s.configurationErrors > 0 { line += "; \(plural(s.configurationErrors, "configuration error"))" }
        if s.staleBaselineEntries > 0 {
            line += "; \(plural(s.staleBaselineEntries, "stale baseline entry", "stale baseline entries"))"
        }
        if s.imagesRead > 0 { line += "; \(plural(s.imagesRead, "image")) read by OCR" }
        if s.notAudited > 0 { line += "; \(plural(s.notAudited, "file", "files")) or parts not audited" }
        if !floods.isEmpty {
            let values = floods.reduce(0) { $0 + $1.findings.count }
            line += "; \(values) findings grouped as \(plural(floods.count, "flood")) (--group-above 0 lists every one)"
        }
        line += "; \(DurationText.seconds(s.durationSeconds))s: "
        switch report.exitCode {
        case 0: line += paint.green("passed (exit 0)")
        case 1: line += paint.red("failed (exit 1)")
        default: line += paint.red("error (exit \(report.exitCode))")
        }
        return line
    }

    private static func plural(_ count: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : pluralForm ?? singular + "s")"
    }

    /// `text` safe for a terminal or a CI log (``DisplayText/escaped(_:)``).
    static func safe(_ text: String) -> String { DisplayText.escaped(text) }

    /// ANSI SGR colouring, or plain text when disabled.
    struct Paint {
        var enabled: Bool

        func bold(_ text: String) -> String { wrap(text, "1") }
        func dim(_ text: String) -> String { wrap(text, "2") }
        func red(_ text: String) -> String { wrap(text, "31") }
        func green(_ text: String) -> String { wrap(text, "32") }
        func yellow(_ text: String) -> String { wrap(text, "33") }

        private func wrap(_ text: String, _ code: String) -> String {
            enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
    }
}
