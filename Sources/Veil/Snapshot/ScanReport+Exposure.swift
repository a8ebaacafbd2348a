import VeilRedaction

extension ScanReport {
    /// Every value a capture exposed (``ExposureScanner``), in `format`, ending with a
    /// newline: where it first showed on screen, when (a recording's seconds and event, or
    /// raw bytes' line:column), until when, and the masked text; then the values the file
    /// holds but no screen showed (`media`, ``RecordingChannels``: text, a table after the
    /// screens'; JSON, a `"media"` list after `"findings"`); with `allowlisted`, the
    /// candidates an allowlist let through on the final screen (see
    /// ``render(_:as:showingLast:allowlisted:)``).
    /// - Throws: ``UnsupportedReportFormat`` for a format other than `text` and `json`.
    public static func render(
        _ report: CaptureExposureReport, input: CaptureInput, as format: ReportFormat,
        showingLast: Int, media: [MediaFinding] = [], allowlisted: Allowlisted? = nil
    ) throws(UnsupportedReportFormat) -> String {
        let rows = report.exposures.map { Row(exposure: $0, input: input) }
        switch format {
        case .json:
            let items = zip(report.exposures, rows).map { exposure, row -> JSONOutput in
                var fields = fields(exposure.finding, showingLast: showingLast)
                // Where the value was on the screen: the finding's own spans are relative to
                // the rows it was judged on.
                if let index = fields.firstIndex(where: { $0.0 == "spans" }) {
                    fields[index].1 = Self.spans(exposure.spans)
                }
                fields += [
                    ("line", .int(row.region.startLine)),
                    ("column", .int(row.region.startColumn)),
                    ("offset", .optional(exposure.firstOffset)),
                ]
                if let time = exposure.firstTime { fields.append(("firstSeconds", .number("\(time)"))) }
                if let event = exposure.firstEvent { fields.append(("firstEvent", .int(event))) }
                if let seconds = exposure.visibleSeconds { fields.append(("visibleSeconds", .number("\(seconds)"))) }
                fields.append(("stillVisible", .bool(exposure.stillVisible)))
                return .object(fields)
            }
            var document = document(items, allowlisted: nil)
            if case .object(var members) = document {
                members.append(("media", .array(mediaJSON(media, showingLast: showingLast))))
                if let allowlisted { members.append(("allowlisted", allowlistedJSON(allowlisted))) }
                document = .object(members)
            }
            return document.renderedCompact()
        case .text:
            let after = mediaText(media, showingLast: showingLast) + (allowlisted.map(allowlistedText) ?? "")
            guard !rows.isEmpty else { return (media.isEmpty ? "no findings\n" : "nothing on any screen\n") + after }
            func pad(_ text: String, _ width: Int) -> String {
                text + String(repeating: " ", count: max(0, width - text.count))
            }
            let widths = [
                max(5, rows.map(\.place.count).max() ?? 0), max(4, rows.map(\.rule.count).max() ?? 0),
                max(5, rows.map(\.shown.count).max() ?? 0), max(5, rows.map(\.until.count).max() ?? 0),
            ]
            var out =
                pad("WHERE", widths[0]) + "  " + pad("RULE", widths[1]) + "  CATEGORY  SEVERITY  "
                + pad("SHOWN", widths[2]) + "  " + pad("UNTIL", widths[3]) + "  TEXT\n"
            for (exposure, row) in zip(report.exposures, rows) {
                let finding = exposure.finding
                let text =
                    finding.source == .timedOut
                    ? "(hidden unscanned: the regex ran out of time)" : finding.masked(showingLast: showingLast)
                out +=
                    pad(row.place, widths[0]) + "  " + pad(row.rule, widths[1]) + "  "
                    + pad(finding.category.rawValue, 8) + "  " + pad(finding.severity.rawValue, 8) + "  "
                    + pad(row.shown, widths[2]) + "  " + pad(row.until, widths[3]) + "  " + text + "\n"
            }
            let block = report.exposures.filter { $0.finding.severity == .block }.count
            let gone = report.exposures.filter { !$0.stillVisible }.count
            out +=
                "\(rows.count) finding\(rows.count == 1 ? "" : "s"): \(block) block, \(rows.count - block) warn; "
                + "\(gone) no longer on the final screen\n"
            return out + after
        case .sarif, .junit, .html, .markdown: throw UnsupportedReportFormat(format: format, text: false)
        }
    }

    private struct Row {
        var place: String
        var rule: String
        var shown: String
        var until: String
        var region: AuditRegion

        init(exposure: CaptureExposure, input: CaptureInput) {
            let first = exposure.spans.first
            if exposure.finding.location == .title {
                place = "title:\((first?.col ?? 0) + 1)"
            } else if let first {
                let rows = Set(exposure.spans.map(\.row)).count
                place = "\(first.row + 1):\(first.col + 1)" + (rows > 1 ? " (+\(rows - 1) rows)" : "")
            } else {
                place = "-"
            }
            rule = exposure.finding.ruleID
            region = exposure.region(in: input)
            if let time = exposure.firstTime {
                shown = AuditExposure.seconds(time) + (exposure.firstEvent.map { " #\($0)" } ?? "")
                if exposure.stillVisible {
                    until = "end"
                } else {
                    until = exposure.lastSeen.map(AuditExposure.seconds) ?? "?"
                }
            } else {
                shown = "\(region.startLine):\(region.startColumn)"
                until = exposure.stillVisible ? "end" : "gone"
            }
        }
    }
}
