/// Everything one `veil audit` run found, in a deterministic order, ready for a reporter.
///
/// The initializer sorts inputs, snapshots, findings, rules and stale baseline entries,
/// marks each snapshot clean or not from the findings, describes any rule id that a
/// finding uses but `rules` lacks, and lists any input path that a finding names but
/// `inputs` lacks (as a capture when the finding's snapshot id is that path, else a scenario). Two reports built from the same values in any order are
/// equal, and so is every reporter's output.
public struct AuditReport: Sendable, Hashable {
    /// The version of this model and of the `json` format built from it.
    public static let schemaVersion = 1

    /// The program that produced the report.
    public struct Tool: Sendable, Hashable {
        /// `veil`.
        public var name: String
        /// The version string the CLI reports.
        public var version: String
        /// The tool's home page (SARIF `informationUri`), if it has one.
        public var informationURI: String?

        /// Veil's description.
        public init(name: String = "veil", version: String, informationURI: String? = nil) {
            self.name = name
            self.version = version
            self.informationURI = informationURI
        }
    }

    /// Which salt keyed the content fingerprints of a report's findings, so users know
    /// whether fingerprints can be compared across runs.
    public enum FingerprintSalt: String, Sendable, Hashable, CaseIterable {
        /// The baseline file's own random salt: stable while the baseline is kept.
        case baseline
        /// The user's secret salt (`VEIL_FINGERPRINT_SALT`): stable across runs that share it.
        case environment
        /// A fresh random salt: fingerprints differ on every run.
        case perRun = "per-run"

        /// One sentence for people: what the salt is and whether fingerprints are stable.
        public var explanation: String {
            switch self {
            case .baseline: "keyed with the baseline's salt (stable while the baseline is kept)"
            case .environment: "keyed with VEIL_FINGERPRINT_SALT (stable across runs that share it)"
            case .perRun:
                "keyed with a random per-run salt (they change every run; set VEIL_FINGERPRINT_SALT or use --baseline for stable ones)"
            }
        }
    }

    /// Counts over the whole report.
    public struct Summary: Sendable, Hashable {
        /// Inputs given, readable or not.
        public var inputs: Int
        /// Inputs that could not be audited.
        public var inputErrors: Int
        /// Errors in the configuration (rules file, baseline) rather than in an input.
        public var configurationErrors: Int
        /// Snapshots taken over all inputs.
        public var snapshots: Int
        /// Snapshots that no finding names.
        public var cleanSnapshots: Int
        /// All findings, suppressed ones included.
        public var findings: Int
        /// Unsuppressed `block` findings of the `secret`, `pii` and `configuration` categories.
        public var blocking: Int
        /// Unsuppressed `warn` findings of the `secret` and `pii` categories.
        public var warnings: Int
        /// Unsuppressed life-cycle findings.
        public var violations: Int
        /// Findings covered by the baseline.
        public var suppressed: Int
        /// Baseline entries that matched no finding.
        public var staleBaselineEntries: Int
        /// Files (or parts of files) that may hold terminal media and were not audited.
        public var notAudited: Int = 0
        /// Images whose text was read by OCR.
        public var imagesRead: Int = 0
        /// Wall-clock seconds the audit took: the only volatile value in a report.
        public var durationSeconds: Double
    }

    /// ``schemaVersion``.
    public let version: Int
    /// The program and version.
    public let tool: Tool
    /// Every rule the audit applied, by id.
    public let rules: [AuditRule]
    /// By path.
    public let inputs: [AuditedInput]
    /// In report order (see ``AuditFinding``'s `<`).
    public let findings: [AuditFinding]
    /// The baseline file used, repository-relative, if any.
    public let baselinePath: String?
    /// Baseline entries that matched nothing, sorted.
    public let staleBaselineEntries: [StaleBaselineEntry]
    /// Problems with the rules file, the baseline or the options (exit code 2).
    public let configurationErrors: [InputError]
    /// Which salt keyed the content fingerprints (life-cycle findings' fingerprints hash no
    /// screen content and do not depend on it).
    public let fingerprintSalt: FingerprintSalt
    /// Every rules file that applied to an input (the built-in rules included), sorted: what
    /// every format names, so a rules file from the audited tree never acts unseen.
    public let rulesFiles: [AuditRulesFile]
    /// What may hold terminal media and was not audited, and why, sorted.
    public let notAudited: [AuditSkippedMedia]
    /// Counts, computed by the initializer.
    public let summary: Summary

    /// A report; see the type's description for what the initializer normalizes.
    public init(
        tool: Tool, rules: [AuditRule], inputs: [AuditedInput], findings: [AuditFinding],
        baselinePath: String? = nil, staleBaselineEntries: [StaleBaselineEntry] = [],
        configurationErrors: [InputError] = [], fingerprintSalt: FingerprintSalt = .perRun,
        rulesFiles: [AuditRulesFile] = [], durationSeconds: Double, notAudited: [AuditSkippedMedia] = [],
        imagesRead: Int = 0
    ) {
        self.notAudited = Array(Set(notAudited)).sorted()
        version = Self.schemaVersion
        self.rulesFiles = rulesFiles.sorted()
        self.fingerprintSalt = fingerprintSalt
        self.tool = tool
        let sortedFindings = findings.sorted()
        self.findings = sortedFindings
        self.baselinePath = baselinePath.map(AuditLocation.normalize)
        self.staleBaselineEntries = staleBaselineEntries.sorted()
        self.configurationErrors = configurationErrors.sorted { $0.description < $1.description }

        var rulesByID: [String: AuditRule] = [:]
        // Sorted on every field first, so which of two rules with one id wins does not depend on order.
        for rule in rules.sorted(by: { $0.sortKey.lexicographicallyPrecedes($1.sortKey) })
        where rulesByID[rule.id] == nil {
            rulesByID[rule.id] = rule
        }
        for finding in sortedFindings where rulesByID[finding.ruleID] == nil {
            rulesByID[finding.ruleID] = .undescribed(
                id: finding.ruleID, category: finding.category, severity: finding.severity)
        }
        self.rules = rulesByID.values.sorted()

        var namedSnapshots: Set<SnapshotKey> = []
        for finding in sortedFindings {
            if let id = finding.snapshotID { namedSnapshots.insert(SnapshotKey(inputPath: finding.inputPath, id: id)) }
        }
        var givenInputs = inputs
        let givenPaths = Set(inputs.map(\.path))
        for finding in sortedFindings
        where !givenPaths.contains(finding.inputPath)
            && !givenInputs.contains(where: { $0.path == finding.inputPath })
        {
            let kind: AuditedInput.Kind =
                finding.category == .configuration
                ? .rules : finding.snapshotID == finding.inputPath ? .capture : .scenario
            givenInputs.append(AuditedInput(path: finding.inputPath, kind: kind))
        }
        self.inputs = givenInputs.map { input in
            var input = input
            input.snapshots = input.snapshots.map { snapshot in
                var snapshot = snapshot
                snapshot.isClean = !namedSnapshots.contains(SnapshotKey(inputPath: input.path, id: snapshot.id))
                return snapshot
            }.sorted()
            return input
        }.sorted()

        var ranges: [String: Range<Int>] = [:]
        var start = 0
        while start < sortedFindings.count {
            let path = sortedFindings[start].inputPath
            var end = start + 1
            while end < sortedFindings.count, sortedFindings[end].inputPath == path { end += 1 }
            ranges[path] = start..<end
            start = end
        }
        findingRanges = ranges

        let live = sortedFindings.filter { !$0.isSuppressed }
        let allSnapshots = self.inputs.flatMap(\.snapshots)
        summary = Summary(
            inputs: self.inputs.count,
            inputErrors: self.inputs.filter { $0.error != nil }.count,
            configurationErrors: self.configurationErrors.count,
            snapshots: allSnapshots.count,
            cleanSnapshots: allSnapshots.filter(\.isClean).count,
            findings: sortedFindings.count,
            blocking: live.filter { $0.category != .lifecycle && $0.effectiveSeverity == .block }.count,
            warnings: live.filter { $0.category != .lifecycle && $0.effectiveSeverity == .warn }.count,
            violations: live.filter { $0.category == .lifecycle }.count,
            suppressed: sortedFindings.count - live.count,
            staleBaselineEntries: staleBaselineEntries.count,
            notAudited: self.notAudited.count,
            imagesRead: imagesRead,
            durationSeconds: durationSeconds
        )
    }

    /// The process exit code: 2 for any input or configuration error, else 1 for any
    /// unsuppressed blocking finding or life-cycle violation, else 0 (clean or warnings only).
    public var exitCode: Int32 {
        if summary.inputErrors > 0 || summary.configurationErrors > 0 { return 2 }
        if summary.blocking > 0 || summary.violations > 0 { return 1 }
        return 0
    }

    /// The rule a finding names (always present: the initializer describes missing ones).
    public func rule(id: String) -> AuditRule? { rules.first { $0.id == id } }

    /// The findings of one input, in report order.
    public func findings(inputPath: String) -> ArraySlice<AuditFinding> {
        findingRanges[inputPath].map { findings[$0] } ?? []
    }

    /// Where each input's findings lie in ``findings`` (sorted by input first, so contiguous).
    private let findingRanges: [String: Range<Int>]

    private struct SnapshotKey: Hashable {
        var inputPath: String
        var id: String
    }
}
