import VeilRedaction

/// `veil scan --text`: what the rules find in a plain text file, with `file:line:column`.
public enum TextScan {
    /// Every finding in the file at `path` (`-` for standard input), read in pieces.
    /// - Throws: ``InputError`` for an unreadable file or a line too long;
    ///   ``DetectionError`` when a custom detector fails.
    public static func findings(path: String, rules: RuleSet) throws -> [TextFinding] {
        var reader = try TextFileReader(path: path)
        var stream = TextStream(rules: rules)
        var findings: [TextFinding] = []
        while let (bytes, isFinal) = try reader.next() {
            findings += try stream.next(bytes, isFinal: isFinal).findings
        }
        return findings
    }

    /// Whether any finding blocks (the exit status 1 of `veil scan --text`).
    public static func blocks(_ findings: [TextFinding]) -> Bool {
        findings.contains { $0.severity == .block }
    }

    /// The report of `findings` in `path` (secrets masked; `showingLast` reveals at most half);
    /// `tool` names veil and its version in SARIF, whose locations are relative to
    /// `sourceRootURI` (the current folder).
    /// - Throws: ``UnsupportedReportFormat`` for a format other than `text`, `json` and `sarif`.
    public static func report(
        _ findings: [TextFinding], path: String, rules: RuleSet, format: ReportFormat, showingLast: Int = 0,
        tool: AuditReport.Tool, sourceRootURI: String? = nil
    ) throws(UnsupportedReportFormat) -> String {
        let name = path == "-" ? "<stdin>" : path
        switch format {
        case .text: return text(findings, name: name, showingLast: showingLast)
        case .json: return json(findings, name: name, showingLast: showingLast).rendered()
        case .sarif:
            return sarif(
                findings, name: name, rules: rules, showingLast: showingLast, tool: tool, sourceRootURI: sourceRootURI
            )
            .rendered()
        case .junit, .html, .markdown: throw UnsupportedReportFormat(format: format, text: true)
        }
    }

    /// `file:line:column: rule (category, severity): masked`, then a count.
    static func text(_ findings: [TextFinding], name: String, showingLast: Int) -> String {
        var out = ""
        for found in findings {
            out +=
                "\(name):\(found.start.line):\(found.start.column): \(found.ruleID) "
                + "(\(found.category.rawValue), \(found.severity.rawValue))"
                + (found.isRepeat ? ", repeat" : "") + ": \(found.finding.masked(showingLast: showingLast))\n"
        }
        let blocking = findings.filter { $0.severity == .block }.count
        out +=
            findings.isEmpty
            ? "\(name): no findings\n"
            : "\(name): \(findings.count) finding\(findings.count == 1 ? "" : "s") (\(blocking) block)\n"
        return out
    }

    static func json(_ findings: [TextFinding], name: String, showingLast: Int) -> JSONOutput {
        .object([
            ("file", .string(name)),
            (
                "findings",
                .array(
                    findings.map { found in
                        .object([
                            ("rule", .string(found.ruleID)),
                            ("category", .string(found.category.rawValue)),
                            ("severity", .string(found.severity.rawValue)),
                            ("line", .int(found.start.line)),
                            ("column", .int(found.start.column)),
                            ("byteColumn", .int(found.start.byteColumn)),
                            ("endLine", .int(found.end.line)),
                            ("endColumn", .int(found.end.column)),
                            ("endByteColumn", .int(found.end.byteColumn)),
                            ("repeat", .bool(found.isRepeat)),
                            ("masked", .string(found.finding.masked(showingLast: showingLast))),
                        ])
                    })
            ),
        ])
    }

    /// SARIF 2.1.0, written by the one SARIF writer (``SARIFLog``, as `veil audit`'s): one
    /// run, the rules found, one result per finding with a region in code points; no snippets.
    static func sarif(
        _ findings: [TextFinding], name: String, rules: RuleSet, showingLast: Int, tool: AuditReport.Tool,
        sourceRootURI: String?
    ) -> SARIFLog {
        var ids: [String] = []
        for found in findings where !ids.contains(found.ruleID) { ids.append(found.ruleID) }
        let driverRules = ids.map { id in
            let rule = rules.rule(withID: id)
            return SARIFLog.Rule(
                id: id, shortDescription: rule.map { $0.description.isEmpty ? $0.id : $0.description } ?? id,
                level: SARIFLog.level(blocks: (rule?.severity ?? .block) == .block),
                properties: [("category", .string(rule?.category.rawValue ?? "secret"))])
        }
        let results = findings.map { found in
            SARIFLog.Result(
                ruleID: found.ruleID, level: SARIFLog.level(blocks: found.severity == .block),
                message:
                    "\(found.ruleID)\(found.isRepeat ? " (repeat)" : ""): \(found.finding.masked(showingLast: showingLast))",
                location: SARIFLog.Location(
                    path: name, startLine: found.start.line, startColumn: found.start.column, endLine: found.end.line,
                    endColumn: found.end.column))
        }
        return SARIFLog(
            tool: tool, rules: driverRules, results: results, invocation: nil, sourceRootURI: sourceRootURI)
    }
}
