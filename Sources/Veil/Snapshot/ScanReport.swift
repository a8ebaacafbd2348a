import VeilRedaction
import VeilScreen

/// What `veil scan` prints: the findings on the screen that terminal bytes draw, with every
/// secret masked, as text or JSON (so the command line stays thin).
///
/// ```swift
/// let screen = try TerminalCapture.screen(path: "out.bin", cols: 80, rows: 24)
/// let findings = try RuleSet.builtIn.findings(in: screen)
/// print(try ScanReport.render(findings, as: .json, showingLast: 0), terminator: "")
/// ```
public enum ScanReport {
    /// The candidates that looked sensitive but are known not to be (an allowlist let them
    /// through, or they are placeholders), with the screen they were on: `--verbose`.
    public struct Allowlisted: Sendable {
        public var candidates: [DroppedCandidate]
        public var screen: Screen

        public init(_ candidates: [DroppedCandidate], on screen: Screen) {
            self.candidates = candidates.filter { $0.kind == .allowlisted || $0.kind == .placeholder }
            self.screen = screen
        }
    }

    /// The findings in `format`, ending with a newline, and with `allowlisted` the candidates
    /// an allowlist let through (text: one line each after the table; JSON: an
    /// `"allowlisted"` array after `"findings"`). `showingLast` reveals that many trailing
    /// characters of each secret (at most 4, and at most a quarter of it; see
    /// ``Finding/maximumRevealedCharacters``); 0 masks everything.
    /// - Throws: ``UnsupportedReportFormat`` for a format other than `text` and `json`.
    public static func render(
        _ findings: [Finding], as format: ReportFormat, showingLast: Int, allowlisted: Allowlisted? = nil
    ) throws(UnsupportedReportFormat) -> String {
        let values = byValue(findings)
        return switch format {
        case .text:
            text(findings, showingLast: showingLast) + (allowlisted.map(allowlistedText) ?? "")
        case .json:
            document(
                values.map { places in
                    var fields = fields(places[0], showingLast: showingLast)
                    fields.append(("placeCount", .int(places.count)))
                    fields.append(("places", .array(places.map { .object([("spans", spans($0.spans))]) })))
                    return .object(fields)
                }, allowlisted: allowlisted
            ).renderedCompact()
        case .sarif, .junit, .html, .markdown: throw UnsupportedReportFormat(format: format, text: false)
        }
    }

    /// `{"findings":[…]}`, with `"allowlisted":[…]` after it when asked for.
    static func document(_ items: [JSONOutput], allowlisted: Allowlisted?) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("findings", .array(items))]
        if let allowlisted { members.append(("allowlisted", allowlistedJSON(allowlisted))) }
        return .object(members)
    }

    /// A finding's JSON fields: spans are 0-based cells (for a title finding, `location` is
    /// `title` and `col`/`width` count the title's characters, `row` is 0).
    static func fields(_ finding: Finding, showingLast: Int) -> [(String, JSONOutput)] {
        [
            ("rule", .string(finding.ruleID)),
            ("category", .string(finding.category.rawValue)),
            ("severity", .string(finding.severity.rawValue)),
            ("location", .string(finding.location.rawValue)),
            ("spans", spans(finding.spans)),
            ("masked", .string(finding.masked(showingLast: showingLast))),
        ]
    }

    /// `[{"row","col","width"}, …]`.
    static func spans(_ spans: [CellSpan]) -> JSONOutput {
        .array(spans.map { .object([("row", .int($0.row)), ("col", .int($0.col)), ("width", .int($0.width))]) })
    }

    /// The findings of each value (one per place it shows at: the repeats ``KnownValues``
    /// finds are findings of their own), grouped: a value is a rule's finding with one
    /// fingerprint at one location (grid or title), its places in the order found.
    static func byValue(_ findings: [Finding]) -> [[Finding]] {
        var groups: [[Finding]] = []
        var groupOfKey: [String: Int] = [:]
        for finding in findings {
            // A finding hidden unscanned (the regex budget) has no value: each is its own.
            let key =
                finding.source == .timedOut
                ? "\(groups.count)"
                : "\(finding.location.rawValue)\u{0}\(finding.ruleID)\u{0}\(finding.fingerprint)"
            if let index = groupOfKey[key] {
                groups[index].append(finding)
            } else {
                groupOfKey[key] = groups.count
                groups.append([finding])
            }
        }
        return groups
    }

    /// A table: where a value first shows (`row:col`, or `title:col`), rule, category,
    /// severity, how many places it shows at, the masked text; then a summary line. A value
    /// shown at several places is one row.
    public static func text(_ findings: [Finding], showingLast: Int) -> String {
        guard !findings.isEmpty else { return "no findings\n" }
        let values = byValue(findings)
        let findings = values.map { $0[0] }
        let counts = values.map { $0.count == 1 ? "1 place" : "\($0.count) places" }
        let places = findings.map(place)
        let ruleIDs = findings.map { DisplayText.escaped($0.ruleID) }
        let placeWidth = max(5, places.map(\.count).max() ?? 0)
        let ruleWidth = max(4, ruleIDs.map(\.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        let countWidth = max(6, counts.map(\.count).max() ?? 0)
        var out = pad("WHERE", placeWidth) + "  " + pad("RULE", ruleWidth) + "  CATEGORY  SEVERITY  "
        out += pad("PLACES", countWidth) + "  TEXT\n"
        for (((finding, where_), ruleID), count) in zip(zip(zip(findings, places), ruleIDs), counts) {
            out += pad(where_, placeWidth) + "  " + pad(ruleID, ruleWidth) + "  "
            out += pad(finding.category.rawValue, 8) + "  " + pad(finding.severity.rawValue, 8) + "  "
            out +=
                pad(count, countWidth) + "  "
                + (finding.source == .timedOut
                    ? "(hidden unscanned: the regex ran out of its budget)"
                    : DisplayText.escaped(finding.masked(showingLast: showingLast))) + "\n"
        }
        let block = findings.filter { $0.severity == .block }.count
        out +=
            "\(findings.count) finding\(findings.count == 1 ? "" : "s"): \(block) block, \(findings.count - block) warn\n"
        return out
    }

    /// `--verbose`: one line per candidate that looked sensitive but is known not to be (an
    /// allowlist let it through, or it is a placeholder), masked, with the kind and reason:
    /// `allowlisted: aws.access_key at 2:13 ••••: AWS documentation keys end in EXAMPLE`,
    /// `placeholder: password.labelled at 1:10 ••••: a command substitution $(…)`.
    static func allowlistedText(_ allowlisted: Allowlisted) -> String {
        allowlisted.candidates.map { candidate in
            "\(candidate.kind.rawValue): \(candidate.ruleID) at \(place(candidate.spans, candidate.location)) "
                + "\(Finding.mask(text(of: candidate, on: allowlisted.screen))): \(allowlistReason(candidate))\n"
        }.joined()
    }

    /// `--verbose --format json`: the allowlisted candidates as a JSON array.
    static func allowlistedJSON(_ allowlisted: Allowlisted) -> JSONOutput {
        .array(
            allowlisted.candidates.map { candidate in
                .object([
                    ("rule", .string(candidate.ruleID)),
                    ("kind", .string(candidate.kind.rawValue)),
                    ("location", .string(candidate.location.rawValue)),
                    ("spans", spans(candidate.spans)),
                    ("masked", .string(Finding.mask(text(of: candidate, on: allowlisted.screen)))),
                    ("reason", .string(allowlistReason(candidate))),
                ])
            })
    }

    /// `AWS documentation keys end in EXAMPLE` from `allowlisted (AWS documentation keys end in EXAMPLE)`;
    /// a placeholder's reason as it is.
    private static func allowlistReason(_ candidate: DroppedCandidate) -> String {
        guard candidate.kind == .allowlisted else { return candidate.reason }
        var reason = Substring(candidate.reason.dropFirst("allowlisted".count)).trimmingPrefix(" ")
        if reason.hasPrefix("(") && reason.hasSuffix(")") { reason = reason.dropFirst().dropLast() }
        return reason.isEmpty ? "an allowlist of the rules file" : String(reason)
    }

    private static func text(of candidate: DroppedCandidate, on screen: Screen) -> String {
        if candidate.location == .title {
            let title = Array(screen.title)
            return candidate.spans.map { span in
                String(title[min(title.count, span.col)..<min(title.count, span.col + span.width)])
            }.joined(separator: " ")
        }
        return candidate.spans.map { span in
            guard span.row < screen.rows else { return "" }
            return span.columns.filter { $0 < screen.cols && !screen[span.row, $0].isContinuation }
                .map { screen.text(row: span.row, col: $0) }.joined()
        }.joined(separator: " ")
    }

    private static func place(_ spans: [CellSpan], _ location: Finding.Location) -> String {
        guard let first = spans.first else { return "-" }
        return location == .title ? "title:\(first.col + 1)" : "\(first.row + 1):\(first.col + 1)"
    }

    /// `row:col` of the first span, 1-based as people count (1 more row when it continues), or
    /// `title:col`.
    private static func place(_ finding: Finding) -> String {
        guard let first = finding.spans.first else { return "-" }
        if finding.location == .title { return "title:\(first.col + 1)" }
        let rows = Set(finding.spans.map(\.row)).count
        return "\(first.row + 1):\(first.col + 1)" + (rows > 1 ? " (+\(rows - 1) rows)" : "")
    }
}
