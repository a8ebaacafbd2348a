/// How a report of findings is written: the one format type of `veil scan --format`,
/// `veil audit --format` and `veil audit --report FORMAT:FILE`.
///
/// `veil audit` writes every format (``auditReporter``); `veil scan` writes
/// ``scanFormats(text:)``: text and json for a capture, sarif too for plain text.
///
/// ```swift
/// let format = ReportFormat(rawValue: "sarif")!
/// let sarif = format.auditReporter.report(report, options: AuditReportOptions())
/// ```
public enum ReportFormat: String, CaseIterable, Sendable, Hashable {
    /// A table for a terminal (the default).
    case text
    /// One JSON document (its fields documented in Docs/audit-json.md for audit).
    case json
    /// SARIF 2.1.0, for code scanning.
    case sarif
    /// JUnit XML, for CI test reports.
    case junit
    /// One self-contained HTML page for people.
    case html
    /// Markdown, for a GitHub job summary.
    case markdown

    /// The reporter that writes this format for `veil audit`.
    public var auditReporter: any AuditReporter.Type {
        switch self {
        case .text: TextAuditReporter.self
        case .json: JSONAuditReporter.self
        case .sarif: SARIFAuditReporter.self
        case .junit: JUnitAuditReporter.self
        case .html: HTMLAuditReporter.self
        case .markdown: MarkdownAuditReporter.self
        }
    }

    /// The formats `veil scan` writes: `text` and `json` for a capture's screens; `sarif`
    /// too for plain text (`--text`), whose findings have a file, line and column.
    public static func scanFormats(text: Bool) -> [ReportFormat] {
        text ? [.text, .json, .sarif] : [.text, .json]
    }
}

/// A report format that a command does not write, with the formats it does.
public struct UnsupportedReportFormat: Error, Sendable, Hashable, CustomStringConvertible {
    /// The format asked for.
    public var format: ReportFormat
    /// Whether the input is plain text (`veil scan --text`) rather than a capture.
    public var text: Bool

    public init(format: ReportFormat, text: Bool) {
        self.format = format
        self.text = text
    }

    /// Throws unless `veil scan` (with `text` for `--text`) writes `format`.
    public static func check(scan format: ReportFormat, text: Bool) throws(UnsupportedReportFormat) {
        guard ReportFormat.scanFormats(text: text).contains(format) else {
            throw UnsupportedReportFormat(format: format, text: text)
        }
    }

    public var description: String {
        if format == .sarif && !text {
            return "--format sarif applies to plain text (--text); veil audit writes SARIF for captures"
        }
        let formats = ReportFormat.scanFormats(text: text).map(\.rawValue)
        let written = formats.dropLast().joined(separator: ", ") + " or " + (formats.last ?? "")
        return
            "--format \(format.rawValue) is written by veil audit; veil scan writes \(written)"
            + (text ? "" : " (and sarif with --text)")
    }
}
