/// `--format json`: the report as versioned, deterministic JSON (schema version 1).
///
/// Keys come in a fixed order, lists in report order, optional values as `null`; there are
/// no timestamps, and the duration appears only in `summary`. Masked values only.
///
/// ```text
/// {
///   "version": 1,                       // AuditReport.schemaVersion; bumped on breaking change
///   "tool": {"name", "version", "informationUri"},
///   "exitCode": 0 | 1 | 2,
///   "summary": {"inputs", "inputErrors", "configurationErrors", "snapshots", "cleanSnapshots",
///               "findings", "blocking", "warnings", "violations", "suppressed",
///               "staleBaselineEntries", "durationSeconds"},
///   "rules": [{"id", "name", "category", "severity", "securitySeverity",
///              "shortDescription", "fullDescription", "help"}],
///   "inputs": [{"path", "kind": "scenario" | "capture" | "rules",
///               "error": null | {"path", "line", "column", "message"},
///               "snapshots": [{"id", "file", "region", "hidden", "clean"}]}],
///   "findings": [{"ruleId", "category", "severity", "effectiveSeverity", "fails",
///                 "message", "masked", "input", "location": {"path", "region"},
///                 "snapshot", "spans": [{"row", "col", "width"}], "fingerprint",
///                 "baseline": null | {"status": "accepted" | "false_positive", "reason",
///                                      "kind": "inSource" (only for a veil:allow marker)},
///                 "exposure", "medium", "placeCount",
///                 "places": [{"location", "spans", "seconds", "event", "byteOffset"}]}],
///   "baseline": null | "path",
///   "fingerprintSalt": "baseline" | "environment" | "per-run",
///   "rulesFiles": [{"path", "source": "config" | "scenario" | "nearest" | "built-in",
///                   "inputs", "pinned", "weakenings"}],
///   "staleBaselineEntries": [{"snapshot", "ruleId", "fingerprint", "reason"}],
///   "configurationErrors": [{"path", "line", "column", "message"}]
/// }
/// ```
/// A region is `{"startLine", "startColumn", "endLine", "endColumn"}` (1-based, end column
/// exclusive). `Docs/audit-json.md` documents every field.
public enum JSONAuditReporter: AuditReporter {
    public static let identifier = "json"
    public static let description = "Versioned JSON for scripts (schema version 1)."

    public static func report(_ report: AuditReport, options: AuditReportOptions) -> String {
        document(report, groupAbove: options.groupAbove).rendered()
    }

    static func document(_ report: AuditReport, groupAbove: Int = AuditReportOptions.defaultGroupAbove) -> JSONOutput {
        let floods = AuditFlood.group(report.findings, above: groupAbove).floods
        let summary = report.summary
        return .object([
            ("version", .int(report.version)),
            (
                "tool",
                .object([
                    ("name", .string(report.tool.name)),
                    ("version", .string(report.tool.version)),
                    ("informationUri", .optional(report.tool.informationURI)),
                ])
            ),
            ("exitCode", .int(Int(report.exitCode))),
            (
                "summary",
                .object([
                    ("inputs", .int(summary.inputs)),
                    ("inputErrors", .int(summary.inputErrors)),
                    ("configurationErrors", .int(summary.configurationErrors)),
                    ("snapshots", .int(summary.snapshots)),
                    ("cleanSnapshots", .int(summary.cleanSnapshots)),
                    ("findings", .int(summary.findings)),
                    ("blocking", .int(summary.blocking)),
                    ("warnings", .int(summary.warnings)),
                    ("violations", .int(summary.violations)),
                    ("suppressed", .int(summary.suppressed)),
                    ("staleBaselineEntries", .int(summary.staleBaselineEntries)),
                    ("notAudited", .int(summary.notAudited)),
                    ("imagesReadByOCR", .int(summary.imagesRead)),
                    ("durationSeconds", .number(DurationText.seconds(summary.durationSeconds))),
                ])
            ),
            ("rules", .array(report.rules.map(rule))),
            ("inputs", .array(report.inputs.map(input))),
            ("findings", .array(report.findings.map(finding))),
            ("baseline", .optional(report.baselinePath)),
            ("fingerprintSalt", .string(report.fingerprintSalt.rawValue)),
            ("rulesFiles", .array(report.rulesFiles.map(rulesFile))),
            (
                "staleBaselineEntries",
                .array(
                    report.staleBaselineEntries.map { entry in
                        .object([
                            ("snapshot", .string(entry.snapshotID)),
                            ("ruleId", .string(entry.ruleID)),
                            ("fingerprint", .string(entry.fingerprint)),
                            ("reason", .optional(entry.reason)),
                        ])
                    })
            ),
            ("configurationErrors", .array(report.configurationErrors.map(error))),
            (
                "notAudited",
                .array(
                    report.notAudited.map { item in
                        .object([
                            ("path", .string(item.path)), ("kind", .string(item.kind)),
                            ("reason", .string(item.reason)),
                        ])
                    })
            ),
            (
                "floods",
                .array(
                    floods.map { flood in
                        .object([
                            ("input", .string(flood.inputPath)),
                            ("ruleId", .string(flood.ruleID)),
                            ("findings", .int(flood.findings.count)),
                            ("places", .int(flood.places)),
                            (
                                "first",
                                .object([
                                    ("path", .string(flood.first.location.path)),
                                    ("region", region(flood.first.location.region)),
                                ])
                            ),
                            (
                                "last",
                                .object([
                                    ("path", .string(flood.last.location.path)),
                                    ("region", region(flood.last.location.region)),
                                ])
                            ),
                        ])
                    })
            ),
        ])
    }

    /// One entry of `rulesFiles` (also SARIF's `runs[0].properties.rulesFiles`).
    static func rulesFile(_ file: AuditRulesFile) -> JSONOutput {
        .object([
            ("path", .string(file.path)),
            ("source", .string(file.source.rawValue)),
            ("inputs", .int(file.inputs)),
            ("pinned", .bool(file.pinned)),
            ("weakenings", .int(file.weakenings)),
        ])
    }

    private static func rule(_ rule: AuditRule) -> JSONOutput {
        .object([
            ("id", .string(rule.id)),
            ("name", .string(rule.name)),
            ("category", .string(rule.category.rawValue)),
            ("severity", .string(rule.severity.rawValue)),
            ("securitySeverity", .string(rule.securitySeverity)),
            ("shortDescription", .string(rule.shortDescription)),
            ("fullDescription", .string(rule.fullDescription)),
            ("help", .string(rule.help)),
        ])
    }

    private static func input(_ input: AuditedInput) -> JSONOutput {
        .object([
            ("path", .string(input.path)),
            ("kind", .string(input.kind.rawValue)),
            ("error", input.error.map(error) ?? .null),
            (
                "snapshots",
                .array(
                    input.snapshots.map { snapshot in
                        .object([
                            ("id", .string(snapshot.id)),
                            ("file", .string(snapshot.file)),
                            ("region", region(snapshot.region)),
                            ("hidden", .int(snapshot.hidden)),
                            ("clean", .bool(snapshot.isClean)),
                        ])
                    })
            ),
        ])
    }

    private static func finding(_ finding: AuditFinding) -> JSONOutput {
        .object([
            ("ruleId", .string(finding.ruleID)),
            ("category", .string(finding.category.rawValue)),
            ("severity", .string(finding.severity.rawValue)),
            ("effectiveSeverity", .string(finding.effectiveSeverity.rawValue)),
            ("fails", .bool(finding.fails)),
            ("message", .string(finding.message)),
            ("masked", .optional(finding.masked?.text)),
            ("input", .string(finding.inputPath)),
            (
                "location",
                .object([
                    ("path", .string(finding.location.path)),
                    ("region", region(finding.location.region)),
                ])
            ),
            ("snapshot", .optional(finding.snapshotID)),
            (
                "spans",
                .array(
                    finding.spans.map { span in
                        .object([("row", .int(span.row)), ("col", .int(span.col)), ("width", .int(span.width))])
                    })
            ),
            ("fingerprint", .string(finding.fingerprint)),
            (
                "baseline",
                finding.baseline.map { match in
                    .object(
                        [("status", .string(match.status.rawValue)), ("reason", .optional(match.reason))]
                            + (match.inSource ? [("kind", .string("inSource"))] : []))
                } ?? .null
            ),
            ("exposure", finding.exposure.map(exposure) ?? .null),
            ("medium", finding.medium.map(medium) ?? .null),
            ("placeCount", .int(finding.placeCount)),
            ("places", .array(finding.places.map(place))),
        ])
    }

    /// One of a finding's places (`places`; Docs/audit-json.md).
    static func place(_ place: AuditPlace) -> JSONOutput {
        .object([
            (
                "location",
                .object([
                    ("path", .string(place.location.path)),
                    ("region", region(place.location.region)),
                ])
            ),
            (
                "spans",
                .array(
                    place.spans.map { span in
                        .object([("row", .int(span.row)), ("col", .int(span.col)), ("width", .int(span.width))])
                    })
            ),
            ("seconds", place.seconds.map { .number(DurationText.seconds($0)) } ?? .null),
            ("event", .optional(place.event)),
            ("byteOffset", .optional(place.byteOffset)),
        ])
    }

    private static func medium(_ place: MediaPlace) -> JSONOutput {
        .object([
            ("kind", .string(place.kind.rawValue)),
            ("name", .string(place.name)),
            ("seconds", place.seconds.map { .number(DurationText.seconds($0)) } ?? .null),
            ("event", .optional(place.event)),
            ("frame", .optional(place.frame)),
            (
                "box",
                place.box.map { box in
                    .object([
                        ("x", .int(box.x)), ("y", .int(box.y)), ("width", .int(box.width)),
                        ("height", .int(box.height)),
                    ])
                } ?? .null
            ),
        ])
    }

    private static func exposure(_ exposure: AuditExposure) -> JSONOutput {
        .object([
            ("firstSeconds", exposure.firstSeconds.map { .number(DurationText.seconds($0)) } ?? .null),
            ("firstEvent", .optional(exposure.firstEvent)),
            ("visibleSeconds", exposure.visibleSeconds.map { .number(DurationText.seconds($0)) } ?? .null),
            ("stillVisible", .bool(exposure.stillVisible)),
            ("byteOffset", .optional(exposure.byteOffset)),
        ])
    }

    private static func region(_ region: AuditRegion) -> JSONOutput {
        .object([
            ("startLine", .int(region.startLine)),
            ("startColumn", .int(region.startColumn)),
            ("endLine", .int(region.endLine)),
            ("endColumn", .int(region.endColumn)),
        ])
    }

    private static func error(_ error: InputError) -> JSONOutput {
        .object([
            ("path", .string(error.path)),
            ("line", .optional(error.line)),
            ("column", .optional(error.column)),
            ("message", .string(error.message)),
        ])
    }
}
