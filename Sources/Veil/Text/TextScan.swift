import VeilRedaction

/// `veil scan --text`: what the rules find in a plain text file, with `file:line:column`.
public enum TextScan {
    /// The report formats.
    public enum Format: String, CaseIterable, Sendable {
        case text, json, sarif
    }

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

    /// The report of `findings` in `path` (secrets masked; `showingLast` reveals at most half).
    public static func report(
        _ findings: [TextFinding], path: String, rules: RuleSet, format: Format, showingLast: Int = 0
    ) -> String {
        let name = path == "-" ? "<stdin>" : path
        switch format {
        case .text: return text(findings, name: name, showingLast: showingLast)
        case .json: return json(findings, name: name, showingLast: showingLast).rendered()
        case .sarif: return sarif(findings, name: name, rules: rules, showingLast: showingLast).rendered()
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

    /// SARIF 2.1.0 in the shapes of `veil audit`'s (``SARIFAuditReporter``): one run, the rules
    /// found, one result per finding with a region in code points; no snippets.
    static func sarif(_ findings: [TextFinding], name: String, rules: RuleSet, showingLast: Int) -> JSONOutput {
        var ids: [String] = []
        for found in findings where !ids.contains(found.ruleID) { ids.append(found.ruleID) }
        let level = { (severity: Severity) in severity == .block ? "error" : "warning" }
        let driverRules: [JSONOutput] = ids.map { id in
            let rule = rules.rule(withID: id)
            let description = rule.map { $0.description.isEmpty ? $0.id : $0.description } ?? id
            return .object([
                ("id", .string(id)),
                ("shortDescription", .object([("text", .string(description))])),
                ("defaultConfiguration", .object([("level", .string(level(rule?.severity ?? .block)))])),
                ("properties", .object([("category", .string(rule?.category.rawValue ?? "secret"))])),
            ])
        }
        let results: [JSONOutput] = findings.map { found in
            .object([
                ("ruleId", .string(found.ruleID)),
                ("ruleIndex", .int(ids.firstIndex(of: found.ruleID) ?? 0)),
                ("level", .string(level(found.severity))),
                (
                    "message",
                    .object([
                        (
                            "text",
                            .string(
                                "\(found.ruleID)\(found.isRepeat ? " (repeat)" : ""): \(found.finding.masked(showingLast: showingLast))"
                            )
                        )
                    ])
                ),
                (
                    "locations",
                    .array([
                        .object([
                            (
                                "physicalLocation",
                                .object([
                                    ("artifactLocation", .object([("uri", .string(name))])),
                                    (
                                        "region",
                                        .object([
                                            ("startLine", .int(found.start.line)),
                                            ("startColumn", .int(found.start.column)),
                                            ("endLine", .int(found.end.line)), ("endColumn", .int(found.end.column)),
                                        ])
                                    ),
                                ])
                            )
                        ])
                    ])
                ),
            ])
        }
        return .object([
            ("$schema", .string(SARIFAuditReporter.schemaURI)),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        (
                            "tool",
                            .object([("driver", .object([("name", .string("veil")), ("rules", .array(driverRules))]))])
                        ),
                        ("columnKind", .string("unicodeCodePoints")),
                        ("results", .array(results)),
                    ])
                ])
            ),
        ])
    }
}
