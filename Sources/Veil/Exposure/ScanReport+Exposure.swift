import VeilRedaction

extension ScanReport {
    /// Every value a capture exposed (``ExposureScanner``), in `format`, ending with a
    /// newline: where it first showed on screen, when (a recording's seconds and event, or
    /// raw bytes' line:column), until when, and the masked text.
    public static func render(
        _ report: CaptureExposureReport, input: CaptureInput, as format: Format,
        showingLast: Int
    ) -> String {
        let rows = report.exposures.map { Row(exposure: $0, input: input) }
        switch format {
        case .json:
            let items = zip(report.exposures, rows).map { exposure, row in
                let finding = exposure.finding
                let spans = exposure.spans.map { #"{"row":\#($0.row),"col":\#($0.col),"width":\#($0.width)}"# }
                var fields = [
                    #""rule":\#(ScreenDump.quoted(finding.ruleID))"#,
                    #""category":"\#(finding.category.rawValue)""#,
                    #""severity":"\#(finding.severity.rawValue)""#,
                    #""location":"\#(finding.location.rawValue)""#,
                    #""spans":[\#(spans.joined(separator: ","))]"#,
                    #""masked":\#(ScreenDump.quoted(finding.masked(showingLast: showingLast)))"#,
                    #""line":\#(row.region.startLine)"#,
                    #""column":\#(row.region.startColumn)"#,
                    #""offset":\#(exposure.firstOffset.map(String.init) ?? "null")"#,
                ]
                if let time = exposure.firstTime { fields.append(#""firstSeconds":\#(time)"#) }
                if let event = exposure.firstEvent { fields.append(#""firstEvent":\#(event)"#) }
                if let seconds = exposure.visibleSeconds { fields.append(#""visibleSeconds":\#(seconds)"#) }
                fields.append(#""stillVisible":\#(exposure.stillVisible)"#)
                return "{" + fields.joined(separator: ",") + "}"
            }
            return #"{"findings":["# + items.joined(separator: ",") + "]}\n"
        case .text:
            guard !rows.isEmpty else { return "no findings\n" }
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
            return out
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
                place = "title:\(first?.col ?? 0)"
            } else if let first {
                let rows = Set(exposure.spans.map(\.row)).count
                place = "\(first.row):\(first.col)" + (rows > 1 ? " (+\(rows - 1) rows)" : "")
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
