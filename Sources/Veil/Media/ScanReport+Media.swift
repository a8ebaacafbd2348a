import VeilRedaction

extension ScanReport {
    /// The values a capture holds but no screen shows (``RecordingChannels``), in `format`:
    /// for text, a table after the screens' (`LINE:COL  RULE  CATEGORY  SEVERITY  WHERE
    /// TEXT`, nothing when there are none); for JSON, the items of the `media` list.
    /// - Throws: ``UnsupportedReportFormat`` for a format other than `text` and `json`.
    public static func renderMedia(
        _ findings: [MediaFinding], as format: ReportFormat, showingLast: Int
    ) throws(UnsupportedReportFormat) -> String {
        switch format {
        case .json:
            return mediaJSON(findings, showingLast: showingLast).map(\.compact).joined(separator: ",")
        case .text:
            guard !findings.isEmpty else { return "" }
            return mediaText(findings, showingLast: showingLast)
        case .sarif, .junit, .html, .markdown: throw UnsupportedReportFormat(format: format, text: false)
        }
    }

    /// The items of the `media` list.
    static func mediaJSON(_ findings: [MediaFinding], showingLast: Int) -> [JSONOutput] {
        findings.map { item in
            let finding = item.finding
            var fields: [(String, JSONOutput)] = [
                ("rule", .string(finding.ruleID)),
                ("category", .string(finding.category.rawValue)),
                ("severity", .string(finding.severity.rawValue)),
                ("kind", .string(item.place.kind.rawValue)),
                ("name", .string(item.place.name)),
                ("masked", .string(finding.masked(showingLast: showingLast))),
                ("line", .int(item.place.line)),
                ("column", .int(item.place.column)),
            ]
            if let seconds = item.place.seconds { fields.append(("seconds", .number("\(seconds)"))) }
            if let event = item.place.event { fields.append(("event", .int(event))) }
            return .object(fields)
        }
    }

    /// The table after the screens' (nothing when there are none).
    static func mediaText(_ findings: [MediaFinding], showingLast: Int) -> String {
        guard !findings.isEmpty else { return "" }
        var out = "Not on any screen, but in the file:\n"
        for item in findings {
            let finding = item.finding
            out +=
                "  \(item.place.line):\(item.place.column)  \(finding.ruleID)  \(finding.category.rawValue)  "
                + "\(finding.severity.rawValue)  \(DisplayText.escaped(item.place.description))  "
                + finding.masked(showingLast: showingLast) + "\n"
        }
        let block = findings.filter { $0.finding.severity == .block }.count
        out += "\(findings.count) in the file: \(block) block, \(findings.count - block) warn\n"
        return out
    }
}
