import VeilRedaction

extension ScanReport {
    /// Every value a capture exposed (``ExposureScanner``), in `format`, ending with a
    /// newline: where it first showed on screen, when (a recording's seconds and event, or
    /// raw bytes' line:column), until when, and the masked text; then the values the file
    /// holds but no screen showed (`media`, ``RecordingChannels``: text, a table after the
    /// screens'; JSON, a `"media"` list after `"findings"`); with `allowlisted`, the
    /// candidates an allowlist let through on the final screen (see
    /// ``render(_:as:showingLast:allowlisted:)``). Each value is one row with how many places
    /// it showed at (`3 places`); `listsPlaces` (`--verbose`) lists them under it, and JSON
    /// always lists them (`places`).
    /// - Throws: ``UnsupportedReportFormat`` for a format other than `text` and `json`.
    public static func render(
        _ report: CaptureExposureReport, input: CaptureInput, as format: ReportFormat,
        showingLast: Int, media: [MediaFinding] = [], allowlisted: Allowlisted? = nil, listsPlaces: Bool = false
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
                fields.append(("placeCount", .int(exposure.placeCount)))
                fields.append(("places", .array(exposure.places.map { placeJSON($0, input: input) })))
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
            func width(_ header: Int, _ column: (Row) -> String) -> Int {
                max(header, rows.map { column($0).count }.max() ?? 0)
            }
            let widths: [Int] = [
                width(5, \.place), width(4, \.rule), width(5, \.shown), width(5, \.until), width(6, \.places),
            ]
            var out = pad("WHERE", widths[0]) + "  " + pad("RULE", widths[1]) + "  CATEGORY  SEVERITY  "
            out += pad("SHOWN", widths[2]) + "  " + pad("UNTIL", widths[3]) + "  "
            out += pad("PLACES", widths[4]) + "  TEXT\n"
            for (exposure, row) in zip(report.exposures, rows) {
                let finding = exposure.finding
                let text =
                    finding.source == .timedOut
                    ? "(hidden unscanned: the regex ran out of time)" : finding.masked(showingLast: showingLast)
                out += pad(row.place, widths[0]) + "  " + pad(row.rule, widths[1]) + "  "
                out += pad(finding.category.rawValue, 8) + "  " + pad(finding.severity.rawValue, 8) + "  "
                out += pad(row.shown, widths[2]) + "  " + pad(row.until, widths[3]) + "  "
                out += pad(row.places, widths[4]) + "  " + text + "\n"
                if listsPlaces && exposure.placeCount > 1 {
                    out += exposure.places.map { "  at " + placeText($0, of: exposure, input: input) + "\n" }.joined()
                    if exposure.unlistedPlaces > 0 { out += "  and \(exposure.unlistedPlaces) more places\n" }
                }
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

    /// A place in JSON: its cells, where the bytes that drew it are, and when.
    private static func placeJSON(_ place: ExposurePlace, input: CaptureInput) -> JSONOutput {
        let region = place.region(in: input)
        var fields: [(String, JSONOutput)] = [
            ("spans", spans(place.spans)),
            ("line", .int(region.startLine)),
            ("column", .int(region.startColumn)),
            ("offset", .optional(place.offset)),
        ]
        if let time = place.time { fields.append(("seconds", .number("\(time)"))) }
        if let event = place.event { fields.append(("event", .int(event))) }
        return .object(fields)
    }

    /// `2:5, shown 1.5s #3, file 4:12` (`--verbose`): the cells, when, and where in the file.
    private static func placeText(_ place: ExposurePlace, of exposure: CaptureExposure, input: CaptureInput) -> String {
        let region = place.region(in: input)
        var text = Row.cells(place.spans, title: exposure.finding.location == .title)
        if let time = place.time {
            text += ", shown " + AuditExposure.seconds(time) + (place.event.map { " #\($0)" } ?? "")
        }
        return text + ", file \(region.startLine):\(region.startColumn)"
    }

    private struct Row {
        var place: String
        var places: String
        var rule: String
        var shown: String
        var until: String
        var region: AuditRegion

        init(exposure: CaptureExposure, input: CaptureInput) {
            place = Self.cells(exposure.spans, title: exposure.finding.location == .title)
            places = exposure.placeCount == 1 ? "1 place" : "\(exposure.placeCount) places"
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

        /// `row:col` of the first span, 1-based (`(+1 rows)` when it continues), or `title:col`.
        static func cells(_ spans: [CellSpan], title: Bool) -> String {
            guard let first = spans.first else { return "-" }
            if title { return "title:\(first.col + 1)" }
            let rows = Set(spans.map(\.row)).count
            return "\(first.row + 1):\(first.col + 1)" + (rows > 1 ? " (+\(rows - 1) rows)" : "")
        }
    }
}
