/// `--format sarif`: SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.
///
/// One run; `tool.driver.rules` lists every rule of the report with its descriptions,
/// `defaultConfiguration.level` and `properties.security-severity`/`tags`. Each finding is a
/// result: `level` `error` (block or life-cycle) or `warning`, the finding's message (plus
/// its snapshot id), one physical location relative to `%SRCROOT%`, and
/// `partialFingerprints.primaryLocationLineHash` = `<content fingerprint>:<n>`, where `n`
/// numbers repeated (rule, fingerprint) pairs in report order, as GitHub's own hashes do,
/// and `partialFingerprints["veilValueFingerprint/v1"]` = the content fingerprint. A value a
/// capture showed at several places gives one result per place: each shares that value
/// fingerprint, links the others (at most ``relatedLocationLimit``) in `relatedLocations`
/// (ids are the places' 1-based numbers) and says `properties.place`/`placeCount`.
/// The run's `properties.fingerprintSalt` says which salt keyed them
/// (``AuditReport/FingerprintSalt``): only `baseline` and `environment` are stable across runs.
/// A baseline-suppressed finding carries `suppressions: [{kind: external, status: accepted}]`;
/// one a `veil:allow` marker allows (``InlineAllow``), `kind: inSource`.
/// Columns count Unicode code points (`columnKind`). No snippets: a result never holds
/// file content, so it cannot hold a secret.
///
/// `invocations[0]` carries `executionSuccessful` (false when the audit exits 2), the exit
/// code and notifications for input and configuration errors, stale baseline entries and,
/// when a run would exceed ``AuditReportOptions/sarifResultLimit`` results, the truncation
/// (failing results are kept first).
///
/// Reads ``AuditReportOptions/sourceRootURI`` and ``AuditReportOptions/sarifResultLimit``.
public enum SARIFAuditReporter: AuditReporter {
    public static let identifier = "sarif"
    public static let description = "SARIF 2.1.0 for GitHub code scanning."
    /// The `$schema` value.
    public static let schemaURI = SARIFLog.schemaURI
    /// The base id every artifact location is relative to.
    public static let sourceRootBaseID = SARIFLog.sourceRootBaseID

    public static func report(_ report: AuditReport, options: AuditReportOptions) -> String {
        // One result per place a value showed (``AuditFinding/perPlace``), one per flood.
        let (unflooded, floods) = AuditFlood.group(report.findings, above: options.groupAbove)
        let places = unflooded.flatMap(\.perPlace)
        let (kept, leftOut) = selectResults(places, limit: max(0, options.sarifResultLimit - floods.count))
        var occurrences: [String: Int] = [:]
        var results: [SARIFLog.Result] = []
        for finding in kept {
            let key = finding.ruleID + "\u{0}" + finding.fingerprint
            occurrences[key, default: 0] += 1
            results.append(result(finding, occurrence: occurrences[key]!))
        }
        for flood in floods { results.append(result(flood)) }
        let log = SARIFLog(
            tool: report.tool, rules: report.rules.map(rule), results: results,
            invocation: invocation(report, resultCount: places.count + floods.count, leftOut: leftOut),
            sourceRootURI: options.sourceRootURI,
            sourceRootDescription: "The repository root: the directory veil audit ran in.",
            properties: [
                ("fingerprintSalt", .string(report.fingerprintSalt.rawValue)),
                ("rulesFiles", .array(report.rulesFiles.map(JSONAuditReporter.rulesFile))),
            ])
        return log.rendered()
    }

    /// At most `limit` findings, failing ones first, then unsuppressed warnings, then
    /// suppressed ones; returned in report order with the number left out.
    static func selectResults(_ findings: [AuditFinding], limit: Int) -> (kept: [AuditFinding], leftOut: Int) {
        guard findings.count > limit else { return (findings, 0) }
        func rank(_ finding: AuditFinding) -> Int { finding.fails ? 0 : finding.isSuppressed ? 2 : 1 }
        let chosen = findings.indices.sorted { (rank(findings[$0]), $0) < (rank(findings[$1]), $1) }.prefix(limit)
        return (chosen.sorted().map { findings[$0] }, findings.count - limit)
    }

    /// The `partialFingerprints` key every place of one value shares: the value's fingerprint.
    public static let valueFingerprintKey = "veilValueFingerprint/v1"

    /// The most other places a result links in `relatedLocations`.
    public static let relatedLocationLimit = 32

    private static func level(_ severity: AuditSeverity) -> String { SARIFLog.level(blocks: severity == .block) }

    private static func rule(_ rule: AuditRule) -> SARIFLog.Rule {
        let tags: [String] =
            switch rule.category {
            case .secret: ["security", "privacy", "secret"]
            case .pii: ["security", "privacy", "pii"]
            case .lifecycle: ["reliability", "lifecycle"]
            case .configuration: ["security", "configuration"]
            }
        return SARIFLog.Rule(
            id: rule.id, name: rule.name, shortDescription: rule.shortDescription,
            fullDescription: rule.fullDescription, help: rule.help, level: level(rule.effectiveSeverity),
            properties: [
                ("category", .string(rule.category.rawValue)),
                ("security-severity", .string(rule.securitySeverity)),
                ("tags", .array(tags.map(JSONOutput.string))),
            ])
    }

    private static func result(_ finding: AuditFinding, occurrence: Int) -> SARIFLog.Result {
        var text = finding.message
        if let snapshot = finding.snapshotID { text += " (snapshot \(snapshot))" }
        var result = SARIFLog.Result(
            ruleID: finding.ruleID, level: level(finding.effectiveSeverity), message: text,
            location: location(finding.location),
            partialFingerprints: [
                ("primaryLocationLineHash", .string("\(finding.fingerprint):\(occurrence)")),
                (valueFingerprintKey, .string(finding.fingerprint)),
            ])
        if finding.placeCount > 1 {
            // The value's other places, linked (at most `relatedLocationLimit`).
            let number = finding.places.firstIndex { $0.location == finding.location && $0.spans == finding.spans }
            var related: [(id: Int, location: SARIFLog.Location, message: String)] = []
            for (index, place) in finding.places.enumerated() where index != number {
                guard related.count < relatedLocationLimit else { break }
                related.append(
                    (
                        index + 1, location(place.location),
                        "place \(index + 1) of \(finding.placeCount) of the same value: \(place.description)"
                    ))
            }
            result.relatedLocations = related
        }
        if let match = finding.baseline {
            var suppression: [(String, JSONOutput)] = [
                ("kind", .string(match.inSource ? "inSource" : "external")), ("status", .string("accepted")),
            ]
            let status = match.status == .falsePositive ? "false positive" : "accepted"
            suppression.append(("justification", .string(match.reason.map { "\(status): \($0)" } ?? status)))
            result.suppressions = [.object(suppression)]
        }
        var properties: [(String, JSONOutput)] = [("category", .string(finding.category.rawValue))]
        if finding.placeCount > 1 {
            properties.append(("placeCount", .int(finding.placeCount)))
            if let number = finding.places.firstIndex(where: {
                $0.location == finding.location && $0.spans == finding.spans
            }) {
                properties.append(("place", .int(number + 1)))
            }
        }
        if let snapshot = finding.snapshotID { properties.append(("snapshot", .string(snapshot))) }
        if let masked = finding.masked { properties.append(("masked", .string(masked.text))) }
        if !finding.spans.isEmpty {
            properties.append(
                (
                    "screenSpans",
                    .array(
                        finding.spans.map { span in
                            .object([("row", .int(span.row)), ("col", .int(span.col)), ("width", .int(span.width))])
                        })
                ))
        }
        if let exposure = finding.exposure {
            // When a capture showed the value (see Docs/audit-json.md, `exposure`).
            var fields: [(String, JSONOutput)] = [("stillVisible", .bool(exposure.stillVisible))]
            if let seconds = exposure.firstSeconds {
                fields.append(("firstSeconds", .number(DurationText.seconds(seconds))))
            }
            if let event = exposure.firstEvent { fields.append(("firstEvent", .int(event))) }
            if let seconds = exposure.visibleSeconds {
                fields.append(("visibleSeconds", .number(DurationText.seconds(seconds))))
            }
            if let offset = exposure.byteOffset { fields.append(("byteOffset", .int(offset))) }
            properties.append(("exposure", .object(fields)))
        }
        if let place = finding.medium {
            // Where a medium holds the value that no screen shows (Docs/audit-json.md, `medium`).
            var fields: [(String, JSONOutput)] = [
                ("kind", .string(place.kind.rawValue)), ("name", .string(place.name)),
            ]
            if let seconds = place.seconds { fields.append(("seconds", .number(DurationText.seconds(seconds)))) }
            if let event = place.event { fields.append(("event", .int(event))) }
            if let frame = place.frame { fields.append(("frame", .int(frame))) }
            if let box = place.box {
                fields.append(
                    (
                        "box",
                        .object([
                            ("x", .int(box.x)), ("y", .int(box.y)), ("width", .int(box.width)),
                            ("height", .int(box.height)),
                        ])
                    ))
            }
            properties.append(("medium", .object(fields)))
        }
        result.properties = properties
        return result
    }

    /// A flood's one result: at its first finding, with how many values (`properties.floodCount`,
    /// `floodPlaces`), the last in `relatedLocations`, suppressed when every value is.
    private static func result(_ flood: AuditFlood) -> SARIFLog.Result {
        var first = flood.first
        first.places = []
        first.unlistedPlaces = 0
        var result = result(first, occurrence: 1)
        result.level = flood.fails ? "error" : "warning"
        result.message = flood.message + (first.snapshotID.map { " (snapshot \($0))" } ?? "")
        result.partialFingerprints = [
            ("primaryLocationLineHash", .string("\(first.fingerprint):flood")),
            (valueFingerprintKey, .string(first.fingerprint)),
        ]
        result.relatedLocations = [(2, location(flood.last.location), "the last value of the flood")]
        if !flood.isSuppressed { result.suppressions = [] }
        result.properties += [("floodCount", .int(flood.findings.count)), ("floodPlaces", .int(flood.places))]
        return result
    }

    private static func location(_ location: AuditLocation) -> SARIFLog.Location {
        SARIFLog.Location(
            path: location.path, startLine: location.region.startLine, startColumn: location.region.startColumn,
            endLine: location.region.endLine, endColumn: location.region.endColumn)
    }

    private static func artifactLocation(_ path: String) -> JSONOutput { SARIFLog.artifactLocation(path) }

    private static func invocation(_ report: AuditReport, resultCount: Int, leftOut: Int) -> JSONOutput {
        var notifications: [JSONOutput] = []
        for error in report.inputs.compactMap(\.error) + report.configurationErrors {
            var position: [(String, JSONOutput)] = []
            if let line = error.line, line >= 1 {
                position.append(("startLine", .int(line)))
                if let column = error.column, column >= 1 { position.append(("startColumn", .int(column))) }
            }
            var physical: [(String, JSONOutput)] = [
                ("artifactLocation", artifactLocation(AuditLocation.normalize(error.path)))
            ]
            if !position.isEmpty { physical.append(("region", .object(position))) }
            notifications.append(
                .object([
                    ("locations", .array([.object([("physicalLocation", .object(physical))])])),
                    ("message", .object([("text", .string(error.description))])),
                    ("level", .string("error")),
                ]))
        }
        for entry in report.staleBaselineEntries {
            var members: [(String, JSONOutput)] = []
            if let path = report.baselinePath {
                members.append(
                    (
                        "locations",
                        .array([
                            .object([("physicalLocation", .object([("artifactLocation", artifactLocation(path))]))])
                        ])
                    ))
            }
            members.append(("message", .object([("text", .string(entry.explanation))])))
            members.append(("level", .string("warning")))
            notifications.append(.object(members))
        }
        // What may hold terminal media and was not audited (an image without OCR, a part of a
        // recording that is an image): said, never passed as clean.
        for item in report.notAudited {
            notifications.append(
                .object([
                    (
                        "locations",
                        .array([
                            .object([("physicalLocation", .object([("artifactLocation", artifactLocation(item.path))]))]
                            )
                        ])
                    ),
                    ("message", .object([("text", .string("Not audited (\(item.kind)): \(item.reason)"))])),
                    ("level", .string("warning")),
                    ("descriptor", .object([("id", .string("veil.not-audited"))])),
                ]))
        }
        if leftOut > 0 {
            notifications.append(
                .object([
                    (
                        "message",
                        .object([
                            (
                                "text",
                                .string(
                                    "Results truncated: \(resultCount - leftOut) of \(resultCount) results are included (at most \(resultCount - leftOut) per run); failing results were kept first. Use --format json for all of them."
                                )
                            )
                        ])
                    ),
                    ("level", .string("warning")),
                ]))
        }
        var members: [(String, JSONOutput)] = [
            ("executionSuccessful", .bool(report.exitCode != 2)),
            ("exitCode", .int(Int(report.exitCode))),
        ]
        if !notifications.isEmpty { members.append(("toolExecutionNotifications", .array(notifications))) }
        return .object(members)
    }

    /// `path` as a relative URI reference (``SARIFLog/uriReference(_:)``).
    static func uriReference(_ path: String) -> String { SARIFLog.uriReference(path) }
}
