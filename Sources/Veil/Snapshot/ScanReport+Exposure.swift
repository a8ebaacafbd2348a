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
    /// always lists them (`places`). The values of a rule with more than `groupAbove` of them
    /// (0: never) are one group, a flood: one row (text), or a `floods` entry (JSON, where
    /// every value stays in `findings`) with how many, the first and the last, and the first
    /// masked as a sample.
    /// - Throws: ``UnsupportedReportFormat`` for a format other than `text` and `json`.
    public static func render(
        _ report: CaptureExposureReport, input: CaptureInput, as format: ReportFormat,
        showingLast: Int, media: [MediaFinding] = [], allowlisted: Allowlisted? = nil, listsPlaces: Bool = false,
        groupAbove: Int = defaultGroupAbove
    ) throws(UnsupportedReportFormat) -> String {
        let (exposures, floods) = Self.floods(report.exposures, above: groupAbove)
        switch format {
        case .json:
            // Every value stays in `findings` (a script hides or counts them all); `floods`
            // names the groups, as audit's JSON does.
            let items = report.exposures.map { exposure -> JSONOutput in
                let row = Row(exposure: exposure, input: input)
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
                members.append(("floods", .array(floods.map { floodJSON($0, input: input, showingLast: showingLast) })))
                members.append(("grouped", .int(floods.reduce(0) { $0 + $1.count })))
                members.append(("media", .array(mediaJSON(media, showingLast: showingLast))))
                if let allowlisted { members.append(("allowlisted", allowlistedJSON(allowlisted))) }
                document = .object(members)
            }
            return document.renderedCompact()
        case .text:
            let rows = exposures.map { Row(exposure: $0, input: input) }
            let after = mediaText(media, showingLast: showingLast) + (allowlisted.map(allowlistedText) ?? "")
            guard !rows.isEmpty || !floods.isEmpty else {
                return (media.isEmpty ? "no findings\n" : "nothing on any screen\n") + after
            }
            let floodRows = floods.map {
                (
                    first: Row(exposure: $0.first, input: input),
                    last: Row(exposure: $0.last, input: input)
                )
            }
            func pad(_ text: String, _ width: Int) -> String {
                text + String(repeating: " ", count: max(0, width - text.count))
            }
            func width(_ header: Int, _ column: (Row) -> String) -> Int {
                max(header, rows.map { column($0).count }.max() ?? 0)
            }
            let floodCounts = floods.map { "\($0.count) values" }
            var widths: [Int] = [
                width(5, \.place), width(4, \.rule), width(5, \.shown), width(5, \.until), width(6, \.places),
            ]
            for (rows, count) in zip(floodRows, floodCounts) {
                widths[0] = max(widths[0], rows.first.place.count)
                widths[1] = max(widths[1], rows.first.rule.count)
                widths[2] = max(widths[2], rows.first.shown.count)
                widths[3] = max(widths[3], rows.last.shown.count)
                widths[4] = max(widths[4], count.count)
            }
            var out = pad("WHERE", widths[0]) + "  " + pad("RULE", widths[1]) + "  CATEGORY  SEVERITY  "
            out += pad("SHOWN", widths[2]) + "  " + pad("UNTIL", widths[3]) + "  "
            out += pad("PLACES", widths[4]) + "  TEXT\n"
            for (exposure, row) in zip(exposures, rows) {
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
            for ((flood, rows), count) in zip(zip(floods, floodRows), floodCounts) {
                // A flood: one row, from the first value to the last, a sample masked.
                let finding = flood.first.finding
                out += pad(rows.first.place, widths[0]) + "  " + pad(rows.first.rule, widths[1]) + "  "
                out += pad(finding.category.rawValue, 8) + "  " + pad(finding.severity.rawValue, 8) + "  "
                out += pad(rows.first.shown, widths[2]) + "  " + pad(rows.last.shown, widths[3]) + "  "
                out += pad(count, widths[4]) + "  a flood at \(flood.places) places, the last at \(rows.last.place); "
                out += "the first " + finding.masked(showingLast: showingLast) + "\n"
            }
            // The counts are of every value, grouped or not (a flood of block values fails).
            let all = report.exposures
            let block = all.indices.reduce(0) { $0 + (all[$1].finding.severity == .block ? 1 : 0) }
            let gone = all.indices.reduce(0) { $0 + (all[$1].stillVisible ? 0 : 1) }
            out +=
                "\(all.count) finding\(all.count == 1 ? "" : "s"): \(block) block, \(all.count - block) warn; "
                + "\(gone) no longer on the final screen\n"
            if !floods.isEmpty {
                let values = floods.reduce(0) { $0 + $1.count }
                out +=
                    "of them \(values) values of \(floods.count) rule\(floods.count == 1 ? "" : "s") grouped as floods "
                    + "(more than \(groupAbove) values of one rule; --group-above 0 lists every value)\n"
            }
            return out + after
        case .sarif, .junit, .html, .markdown: throw UnsupportedReportFormat(format: format, text: false)
        }
    }

    /// A flood in JSON: the rule, how many values at how many places, the first and last
    /// value's first place, and the first value masked.
    private static func floodJSON(_ flood: Flood, input: CaptureInput, showingLast: Int) -> JSONOutput {
        let first = flood.first
        let last = flood.last
        func where_(_ exposure: CaptureExposure) -> JSONOutput {
            exposure.places.first.map { placeJSON($0, input: input) } ?? .null
        }
        return .object([
            ("rule", .string(first.finding.ruleID)),
            ("category", .string(first.finding.category.rawValue)),
            ("severity", .string(first.finding.severity.rawValue)),
            ("values", .int(flood.count)),
            ("places", .int(flood.places)),
            ("first", where_(first)),
            ("last", where_(last)),
            ("sample", .string(first.finding.masked(showingLast: showingLast))),
        ])
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
