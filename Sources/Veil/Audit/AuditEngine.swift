import Foundation
import VeilRedaction
import VeilRender

/// What one `veil audit` run is asked to do.
public struct AuditOptions: Sendable {
    /// Files and folders to audit (see ``AuditInputDiscovery``).
    public var paths: [String]
    /// `--config`: the rules file for every input; nil lets ``RulesFileResolver`` decide per input
    /// (a scenario's `rules:`, else the nearest `.veil.yml`, else the built-in rules).
    public var configPath: String?
    /// `--cols` for captures; nil means the capture's own (see ``TerminalCapture``).
    public var cols: Int?
    /// `--rows` for captures; nil means the capture's own (see ``TerminalCapture``).
    public var rows: Int?
    /// `--baseline`: reviewed findings to subtract.
    public var baselinePath: String?
    /// `--update-baseline`: rewrite the baseline from the current findings.
    public var updateBaseline: Bool
    /// `--jobs`: inputs audited at once (at least 1).
    public var jobs: Int
    /// `--shard K/N`: audit only the K-th part of the inputs.
    public var shard: AuditShard?
    /// `--show-secrets`: findings show raw values (local use only).
    public var showSecrets: Bool
    /// The folder that paths are resolved against and reported relative to (the repository root in CI).
    public var currentFolder: String
    /// The program named in reports.
    public var tool: AuditReport.Tool
    /// Whether reports carry durations; without them (`--no-timing`) two runs over the same
    /// inputs give byte-identical reports in every format.
    public var timing: Bool
    /// A secret salt for content fingerprints, used when there is no baseline (a baseline's
    /// own salt always wins). The CLI takes it from `VEIL_FINGERPRINT_SALT` (UTF-8 bytes);
    /// nil means a fresh random salt per run, so fingerprints of a run without a baseline or
    /// a secret salt cannot be compared with, or brute-forced from, any other run's. At least
    /// ``minimumFingerprintSaltBytes`` bytes, else the audit reports a configuration error.
    public var fingerprintSalt: [UInt8]?
    /// `--allow-outside-root`: scenarios may read files outside their root (see ``ConfinedRoot``).
    public var allowsOutsideRoot = false
    /// `--raw`: feed captures (not recordings) exactly as given instead of as a cooked
    /// terminal shows them (see ``InputMode``).
    public var rawCaptures = false
    /// `--allow-exec`: run the programs that scenarios name (`screen.exec`); without it such
    /// a scenario is an input error (exit 2), as running commands from a repository is the
    /// CI owner's decision (SECURITY.md).
    public var allowsExec = false
    /// `--exclude`: gitignore patterns that folder searches leave out, after each folder's
    /// `.veilignore` (see ``IgnoreRules``).
    public var excludes: [String] = []
    /// `--review`: collect the findings not in the baseline for ``AuditOutcome/review``
    /// (a missing baseline file starts empty).
    public var review = false
    /// Whether `veil:allow` markers in inputs allow findings (``InlineAllow``); false with
    /// `--ignore-allow-markers`.
    public var honoursAllowMarkers = true
    /// `--pinned-rules`: rules files the workflow vouches for. A rules file of the audited
    /// tree with the content of one of them (or of `--config`) may weaken the audit without a
    /// ``AuditRule/rulesWeakened`` finding.
    public var pinnedRulesPaths: [String] = []
    /// How reports and baselines are written: by default the current folder and the audited
    /// paths are untrusted trees (``OutputPolicy/reading(_:roots:mode:currentFolder:)``),
    /// files 0600.
    public var outputPolicy: OutputPolicy
    /// Whether each finding gets the redacted frame of its moment with its cells outlined,
    /// and recordings their length (``AuditFinding/frame``, ``AuditedInput/recordingSeconds``):
    /// what the HTML report shows. Off by default: it draws a PNG per distinct moment.
    public var frames = false

    /// Options; `jobs` defaults to the number of active cores.
    public init(
        paths: [String], configPath: String? = nil, cols: Int? = nil, rows: Int? = nil,
        baselinePath: String? = nil, updateBaseline: Bool = false,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, shard: AuditShard? = nil,
        showSecrets: Bool = false, currentFolder: String = FileManager.default.currentDirectoryPath,
        tool: AuditReport.Tool, timing: Bool = true, fingerprintSalt: [UInt8]? = nil
    ) {
        self.paths = paths
        self.configPath = configPath
        self.cols = cols
        self.rows = rows
        self.baselinePath = baselinePath
        self.updateBaseline = updateBaseline
        self.jobs = max(1, jobs)
        self.shard = shard
        self.showSecrets = showSecrets
        self.currentFolder = currentFolder
        self.tool = tool
        self.timing = timing
        self.fingerprintSalt = fingerprintSalt
        self.outputPolicy = .reading(paths, currentFolder: currentFolder)
    }

    /// The shortest ``fingerprintSalt`` accepted (16 bytes, as long as a baseline's random salt).
    public static let minimumFingerprintSaltBytes = 16
}

/// The result of ``AuditEngine/run(progress:)``: the report, and what the CLI should say besides.
public struct AuditOutcome: Sendable {
    /// The report, for any reporter; ``AuditReport/exitCode`` is the process exit code.
    public var report: AuditReport
    /// The baseline file written by `--update-baseline`, if it was written.
    public var baselineWritten: String?
    /// Warnings for standard error (stale baseline entries, entries dropped by an update).
    public var warnings: [String]
    /// What the folder search skipped and why (`--verbose`).
    public var skipped: [String] = []
    /// The paths a `.veilignore` of the audited tree left out (said without `--verbose`: a
    /// pull request can add one).
    public var leftOutByTree: [String] = []
    /// With ``AuditOptions/review``: the findings the baseline does not cover, to decide
    /// one by one; nil without it or when the configuration has an error.
    public var review: BaselineReview?
}

/// The `veil audit` engine: finds the inputs, audits them in parallel, applies the baseline
/// and builds a deterministic ``AuditReport``.
///
/// Scenarios are played on the virtual clock without writing PNGs; at every snapshot moment
/// each detector finding the app left visible (not under its own marks or privacy cover)
/// becomes a finding at the timeline step that caused the snapshot. Watchdog kills, leaked
/// and expired background tasks become life-cycle findings at the step during which they
/// happened. A capture is one screen shown at the snapshot moment.
///
/// ```swift
/// let outcome = await AuditEngine(options: AuditOptions(paths: ["App/"], tool: .init(version: "0.1.0"))).run()
/// print(JSONAuditReporter.report(outcome.report, options: .init()))
/// exit(outcome.report.exitCode)
/// ```
public struct AuditEngine: Sendable {
    /// The run's options.
    public let options: AuditOptions

    /// An engine for `options`.
    public init(options: AuditOptions) {
        self.options = options
    }

    /// The `reason` written for entries that `--update-baseline` adds.
    public static let unreviewedReason = "unreviewed: added by veil audit --update-baseline"
    /// The largest baseline file read (64 MiB); a bigger one is a configuration error.
    public static let maximumBaselineBytes = 64 << 20

    /// Runs the audit. Never throws: input and configuration errors are in the report (exit code 2).
    public func run(progress: AuditProgress? = nil) async -> AuditOutcome {
        let start = ContinuousClock.now
        var problems = options.problems.map(\.inputError)
        let resolver = RulesFileResolver.confined(
            configPath: options.configPath, workingDirectory: options.currentFolder)
        let rules = loadRules(resolver, problems: &problems)
        let baseline = loadBaseline(problems: &problems)
        let (salt, saltKind) = Self.fingerprintSalt(baseline: baseline, secret: options.fingerprintSalt)
        let (files, missing, skipped, leftOutByTree, discoveredNotAudited) = discoverInputs()
        let rulesFiles = AuditRulesFiles()
        var audits = await audit(
            files, rules: rules, resolver: resolver, rulesFiles: rulesFiles, salt: salt, progress: progress)
        if options.honoursAllowMarkers { Self.applyInlineAllows(to: &audits, files: files) }
        let judged = rulesFiles.judged(pins: loadPins(problems: &problems))
        for (path, findings) in Dictionary(grouping: judged.findings, by: { $0.finding.inputPath }).sorted(by: {
            $0.key < $1.key
        }) {
            audits.append(InputAudit(input: AuditedInput(path: path, kind: .rules), findings: findings))
        }
        let reconciled = reconcile(audits, with: baseline, problems: &problems)
        let report = makeReport(
            rules: rules, inputs: audits.map(\.input) + missing, reconciled: reconciled, problems: problems,
            saltKind: saltKind, rulesFiles: judged.files, duration: ContinuousClock.now - start,
            notAudited: discoveredNotAudited + audits.flatMap(\.notAudited),
            imagesRead: audits.filter(\.readByOCR).count)
        let inputWarnings = audits.flatMap(\.warnings)
        var outcome = AuditOutcome(
            report: report, baselineWritten: reconciled.baselineWritten,
            warnings: inputWarnings + reconciled.warnings, skipped: skipped, leftOutByTree: leftOutByTree)
        if options.review, problems.isEmpty, let baseline, let path = options.baselinePath {
            let sorted = reconciled.findings.sorted { $0.finding < $1.finding }
            let items = sorted.compactMap { item -> BaselineReview.Item? in
                guard item.finding.baseline == nil, Self.identity(of: item) != nil, let source = item.source else {
                    return nil
                }
                return BaselineReview.Item(finding: item.finding, source: source)
            }
            outcome.review = BaselineReview(items: items, baseline: baseline, path: path)
        }
        return outcome
    }

    /// The audit's own rules (`--config`, else the working directory's `.veil.yml`, else the
    /// built-in rules): the rules a report lists. Nil, with a problem, when they do not load.
    private func loadRules(_ resolver: RulesFileResolver, problems: inout [InputError]) -> RuleSet? {
        do {
            return try resolver.rules()
        } catch {
            problems.append(Self.inputError(error, path: options.configPath ?? RuleSet.defaultFileName))
            return nil
        }
    }

    /// The contents of the pinned rules files: `--config` and each `--pinned-rules` (named by
    /// the workflow; read inside the current folder when they lie in it; a folder pins every
    /// regular file directly in it). A pin that cannot be read is a configuration problem.
    private func loadPins(problems: inout [InputError]) -> [[UInt8]] {
        let root = ConfinedRoot(path: options.currentFolder)
        var pins: [[UInt8]] = []
        var paths: [(given: String, file: String)] = []
        for path in options.configPath.map({ [$0] }) ?? [] { paths.append((path, resolve(path))) }
        for path in options.pinnedRulesPaths {
            let resolved = resolve(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder), isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: resolved)) ?? []
                for name in names.sorted() where !name.hasPrefix(".") {
                    paths.append((path, (resolved as NSString).appendingPathComponent(name)))
                }
            } else {
                paths.append((path, resolved))
            }
        }
        for (given, file) in paths {
            do {
                pins.append(try root.readNamed(file, limit: RuleFileLimits.maximumFileBytes))
            } catch {
                if given != options.configPath { problems.append(Self.inputError(error, path: given)) }
            }
        }
        return pins
    }

    /// `--baseline`: the file's entries; a fresh baseline when `--update-baseline` creates it;
    /// nil without one, or with a problem when it cannot be read.
    private func loadBaseline(problems: inout [InputError]) -> Baseline? {
        guard let path = options.baselinePath else { return nil }
        let url = URL(fileURLWithPath: resolve(path))
        guard FileManager.default.fileExists(atPath: url.path) else {
            if options.updateBaseline || options.review { return newBaseline() }
            problems.append(InputError(path: path, message: "no such baseline file (create it with --update-baseline)"))
            return nil
        }
        do {
            let root = ConfinedRoot(path: options.currentFolder)
            return try Baseline(
                jsonData: Data(root.readNamed(url.path, limit: Self.maximumBaselineBytes)), secret: secretSalt)
        } catch {
            problems.append(Self.inputError(error, path: path))
            return nil
        }
    }

    /// The secret salt from the environment when it is long enough to key with.
    private var secretSalt: [UInt8]? {
        options.fingerprintSalt.flatMap { $0.count >= AuditOptions.minimumFingerprintSaltBytes ? $0 : nil }
    }

    /// A new baseline: keyed with the environment's secret salt when there is one (the file
    /// then holds only the HMACs), else with a random salt written in the file.
    private func newBaseline() -> Baseline {
        if let secret = secretSalt { return Baseline(salt: secret, keyedWithSecret: true) }
        return Baseline(salt: Baseline.randomSalt())
    }

    /// The input files of this shard, the paths given that do not exist, and what the folder
    /// search skipped (for `--verbose`).
    private func discoverInputs() -> (
        files: [AuditInputFile], missing: [AuditedInput], skipped: [String], leftOutByTree: [String],
        notAudited: [AuditSkippedMedia]
    ) {
        let discovered = AuditInputDiscovery.discover(
            options.paths, currentFolder: options.currentFolder,
            allowsOutside: options.allowsOutsideRoot,
            excludes: options.excludes)
        let files = discovered.files.filter { options.shard?.contains(path: $0.path) ?? true }
        let missing = discovered.missing.filter { options.shard?.contains(path: $0.path) ?? true }
        let notAudited = discovered.notAudited.filter { options.shard?.contains(path: $0.path) ?? true }
        return (files, missing, discovered.skipped, discovered.leftOutByTree, notAudited)
    }

    /// Audits every file (none when the rules did not load: each is listed unaudited), sorted
    /// by path.
    private func audit(
        _ files: [AuditInputFile], rules: RuleSet?, resolver: RulesFileResolver, rulesFiles: AuditRulesFiles,
        salt: [UInt8], progress: AuditProgress?
    ) async -> [InputAudit] {
        var audits: [InputAudit]
        if rules != nil {
            let auditor = AuditInputAuditor(
                resolver: resolver, cols: options.cols, rows: options.rows,
                salt: salt, showSecrets: options.showSecrets,
                currentFolder: options.currentFolder, rawCaptures: options.rawCaptures,
                allowsExec: options.allowsExec, rulesFiles: rulesFiles, frames: options.frames,
                configPath: options.configPath)
            audits = await Self.audit(files, with: auditor, jobs: options.jobs, progress: progress)
        } else {
            audits = files.map { InputAudit(input: AuditedInput(path: $0.path, kind: $0.kind), findings: []) }
        }
        audits.sort { $0.input.path < $1.input.path }
        if !options.timing {
            for index in audits.indices { audits[index].input.durationSeconds = nil }
        }
        return audits
    }

    /// The findings after the baseline, and what reconciling it did.
    struct Reconciled {
        /// Every finding, those the baseline covers marked.
        var findings: [PendingFinding]
        /// Baseline entries that match no finding.
        var stale: [Baseline.Entry] = []
        /// The baseline file written by `--update-baseline`.
        var baselineWritten: String?
        /// Warnings for standard error.
        var warnings: [String] = []
    }

    /// Marks the findings that a `veil:allow` marker in their own input allows (``InlineAllow``).
    static func applyInlineAllows(to audits: inout [InputAudit], files: [AuditInputFile]) {
        let byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for index in audits.indices where !audits[index].findings.isEmpty {
            guard let file = byPath[audits[index].input.path] else { continue }
            let allow: InlineAllow
            switch file.kind {
            case .scenario:
                guard let bytes = try? file.root.read(file.relative, limit: Scenario.maximumFileBytes, shown: file.path)
                else { continue }
                allow = InlineAllow(scenario: bytes, path: file.path)
            case .rules:
                continue
            case .capture:
                // Recordings are streamed (bounded memory), never read whole.
                guard file.path.lowercased().hasSuffix(".cast"),
                    let markers = try? InlineAllow(
                        recording: .confined(file.root, relative: file.relative, name: file.path), path: file.path)
                else { continue }
                allow = markers
            case .tape, .svg, .image:
                continue
            }
            guard !allow.isEmpty else { continue }
            for item in audits[index].findings.indices {
                guard let place = allow.allowing(audits[index].findings[item].finding) else { continue }
                audits[index].findings[item].finding.baseline = AuditBaselineMatch(
                    status: .accepted, reason: "\(InlineAllow.keyword) at \(place)", inSource: true)
            }
        }
    }

    /// Subtracts the baseline from the findings, rewriting it first with `--update-baseline`
    /// (unless there is a configuration problem), and finds its stale entries.
    private func reconcile(_ audits: [InputAudit], with baseline: Baseline?, problems: inout [InputError]) -> Reconciled
    {
        var result = Reconciled(findings: audits.flatMap(\.findings))
        guard var active = baseline, problems.isEmpty || !options.updateBaseline else { return result }
        if options.updateBaseline, let path = options.baselinePath {
            // A baseline with its salt in the file, updated with a secret salt at hand, is
            // rewritten keyed with the secret (statuses and reasons kept): its salt leaves the file.
            let rekey = active.isKeyedWithSecret ? nil : secretSalt
            let updated = Self.updated(active, with: result.findings, rekeyingWith: rekey)
            if rekey != nil {
                result.warnings.append(
                    "rewrote the baseline keyed with \(AuditOptions.fingerprintSaltVariable): its salt is no longer in the file, and the secret is needed to read it"
                )
            }
            do {
                try writeBaseline(updated, to: path)
                let kept = Set(updated.entries.map(BaselineKey.init))
                for entry in active.entries where !kept.contains(BaselineKey(entry)) {
                    result.warnings.append(
                        "removed stale baseline entry: snapshot \(entry.snapshot), rule \(entry.rule), fingerprint \(entry.fingerprint)"
                    )
                }
                result.baselineWritten = path
                // This run's fingerprints are under the old salt: judge them by the same entries under it.
                active = rekey == nil ? updated : Self.updated(active, with: result.findings)
            } catch {
                problems.append(Self.inputError(error, path: path))
            }
        }
        result.stale = Self.apply(active, to: &result.findings, judging: staleJudgement(audits))
        for entry in result.stale {
            result.warnings.append(
                "stale baseline entry: snapshot \(entry.snapshot), rule \(entry.rule), fingerprint \(entry.fingerprint) matches no finding; remove it (or run --update-baseline)"
            )
        }
        return result
    }

    /// Writes `baseline` atomically to `path`, as ``AuditOptions/outputPolicy`` allows.
    private func writeBaseline(_ baseline: Baseline, to path: String) throws {
        try AtomicFile.write(baseline.jsonData(), to: URL(fileURLWithPath: resolve(path)), policy: options.outputPolicy)
    }

    /// The report: life-cycle rules and the enabled rules of `rules`, every input, the
    /// reconciled findings and the configuration problems.
    private func makeReport(
        rules: RuleSet?, inputs: [AuditedInput], reconciled: Reconciled, problems: [InputError],
        saltKind: AuditReport.FingerprintSalt, rulesFiles: [AuditRulesFile], duration: Duration,
        notAudited: [AuditSkippedMedia] = [], imagesRead: Int = 0
    ) -> AuditReport {
        var auditRules = AuditRule.lifecycleRules + [.lifecycleSnapshotFailed]
        if let rules {
            auditRules += rules.rules.filter(\.isEnabled).map { AuditRule.describing($0, in: rules) }
        }
        if reconciled.findings.contains(where: { $0.finding.ruleID == AuditRule.rulesWeakened.id }) {
            auditRules.append(.rulesWeakened)
        }
        return AuditReport(
            tool: options.tool, rules: auditRules, inputs: inputs,
            findings: reconciled.findings.map(\.finding), baselinePath: options.baselinePath.map(reportPath),
            staleBaselineEntries: reconciled.stale.map {
                StaleBaselineEntry(
                    snapshotID: $0.snapshot, ruleID: $0.rule, fingerprint: $0.fingerprint,
                    reason: $0.reason.isEmpty ? nil : $0.reason)
            },
            configurationErrors: problems, fingerprintSalt: saltKind, rulesFiles: rulesFiles,
            durationSeconds: options.timing ? duration.inSeconds : 0, notAudited: notAudited, imagesRead: imagesRead)
    }

    /// The salt of the run's content fingerprints and its kind: the baseline's, else the
    /// user's secret salt, else a fresh random one.
    static func fingerprintSalt(baseline: Baseline?, secret: [UInt8]?) -> ([UInt8], AuditReport.FingerprintSalt) {
        if let baseline { return (baseline.salt, baseline.isKeyedWithSecret ? .environment : .baseline) }
        if let secret, secret.count >= AuditOptions.minimumFingerprintSaltBytes { return (secret, .environment) }
        return (Baseline.randomSalt(), .perRun)
    }

    /// Audits `files` with at most `jobs` in flight, in completion order.
    static func audit(
        _ files: [AuditInputFile], with auditor: AuditInputAuditor, jobs: Int,
        progress: AuditProgress?
    ) async -> [InputAudit] {
        var results: [InputAudit] = []
        results.reserveCapacity(files.count)
        progress?.update(completed: 0, total: files.count)
        await withTaskGroup(of: InputAudit.self) { group in
            var next = files.makeIterator()
            for _ in 0..<max(1, jobs) {
                guard let file = next.next() else { break }
                group.addTask { await auditor.audit(file) }
            }
            while let result = await group.next() {
                results.append(result)
                progress?.update(completed: results.count, total: files.count)
                if let file = next.next() {
                    group.addTask { await auditor.audit(file) }
                }
            }
        }
        progress?.finish()
        return results
    }

    /// Which unmatched baseline entries count as stale. A whole-repository audit (a PATH that
    /// is the current folder, no shard) judges every entry, so entries of deleted scenarios
    /// and captures are stale too; any other audit judges only entries of the snapshots its
    /// inputs own (`<scenario name>-<seq>`, a capture's path), so auditing a few files or one
    /// shard does not call the rest of the baseline stale.
    private func staleJudgement(_ audits: [InputAudit]) -> StaleJudgement {
        let current = (options.currentFolder as NSString).standardizingPath
        let wholeRepository =
            options.shard == nil
            && options.paths.contains { path in
                ((path.hasPrefix("/") ? path : (options.currentFolder as NSString).appendingPathComponent(path))
                    as NSString)
                    .standardizingPath == current
            }
        if wholeRepository { return .all }
        var captures: Set<String> = []
        var scenarios: Set<String> = []
        for audit in audits {
            switch audit.input.kind {
            case .capture, .tape, .svg, .image: captures.insert(audit.input.path)
            case .scenario: if let name = audit.scenarioName { scenarios.insert(name) }
            case .rules: break
            }
        }
        return .owned(captures: captures, scenarioNames: scenarios)
    }

    /// See ``staleJudgement(_:)``.
    enum StaleJudgement {
        case all
        case owned(captures: Set<String>, scenarioNames: Set<String>)

        func judges(_ snapshot: String) -> Bool {
            switch self {
            case .all: return true
            case .owned(let captures, let names):
                if captures.contains(snapshot) { return true }
                guard let dash = snapshot.lastIndex(of: "-") else { return false }
                let sequence = snapshot[snapshot.index(after: dash)...]
                return !sequence.isEmpty && sequence.allSatisfy(\.isASCII) && sequence.allSatisfy(\.isNumber)
                    && names.contains(String(snapshot[..<dash]))
            }
        }
    }

    /// Marks the findings `baseline` covers; returns its stale entries (unmatched entries that
    /// `judging` judges). Life-cycle findings are never covered.
    static func apply(_ baseline: Baseline, to pending: inout [PendingFinding], judging: StaleJudgement) -> [Baseline
        .Entry]
    {
        var byIdentity: [BaselineKey: Baseline.Entry] = [:]
        for entry in baseline.entries { byIdentity[BaselineKey(entry)] = entry }
        var used = Set<BaselineKey>()
        for index in pending.indices {
            guard let identity = identity(of: pending[index]), let entry = byIdentity[identity] else { continue }
            used.insert(identity)
            if pending[index].finding.baseline?.inSource == true { continue }  // allowed in its input
            pending[index].finding.baseline = AuditBaselineMatch(
                status: entry.status == .accepted ? .accepted : .falsePositive,
                reason: entry.reason.isEmpty ? nil : entry.reason)
        }
        return baseline.entries.filter { entry in
            !used.contains(BaselineKey(entry)) && judging.judges(entry.snapshot)
        }
    }

    /// `baseline` rewritten from the current findings: entries that still match keep their
    /// status and reason, new findings are added as accepted and unreviewed, the rest go.
    /// `rekeyingWith`: a secret salt to key the result with instead (the entries that still
    /// match are recorded again under it, keeping their status and reason).
    static func updated(_ baseline: Baseline, with pending: [PendingFinding], rekeyingWith secret: [UInt8]? = nil)
        -> Baseline
    {
        let current = Set(pending.compactMap(identity))
        if let secret {
            let kept = Dictionary(
                baseline.entries.filter { current.contains(BaselineKey($0)) }.map { (BaselineKey($0), $0) },
                uniquingKeysWith: { first, _ in first })
            var result = Baseline(salt: secret, keyedWithSecret: true)
            for item in pending.sorted(by: { $0.finding < $1.finding }) {
                guard item.finding.baseline?.inSource != true, let identity = identity(of: item),
                    let source = item.source, let snapshot = item.finding.snapshotID
                else { continue }
                let old = kept[identity]
                result.record(
                    source, snapshot: snapshot, status: old?.status ?? .accepted,
                    reason: old?.reason ?? unreviewedReason, hint: item.baselineHint)
            }
            return result
        }
        var result = Baseline(
            salt: baseline.salt, entries: baseline.entries.filter { current.contains(BaselineKey($0)) },
            keyedWithSecret: baseline.isKeyedWithSecret)
        let present = Set(result.entries.map(BaselineKey.init))
        for item in pending.sorted(by: { $0.finding < $1.finding }) {
            guard item.finding.baseline?.inSource != true, let identity = identity(of: item),
                !present.contains(identity),
                let source = item.source, let snapshot = item.finding.snapshotID
            else { continue }
            result.record(
                source, snapshot: snapshot, status: .accepted, reason: unreviewedReason, hint: item.baselineHint)
        }
        return result
    }

    /// The baseline identity of a detector finding; nil for life-cycle findings.
    static func identity(of item: PendingFinding) -> BaselineKey? {
        guard item.source != nil, !item.finding.category.alwaysBlocks, let snapshot = item.finding.snapshotID else {
            return nil
        }
        return BaselineKey(snapshot: snapshot, rule: item.finding.ruleID, fingerprint: item.finding.fingerprint)
    }

    /// A baseline identity: (snapshot id, rule id, fingerprint).
    struct BaselineKey: Hashable {
        var snapshot: String
        var rule: String
        var fingerprint: String

        init(snapshot: String, rule: String, fingerprint: String) {
            self.snapshot = snapshot
            self.rule = rule
            self.fingerprint = fingerprint
        }

        init(_ entry: Baseline.Entry) {
            self.init(snapshot: entry.snapshot, rule: entry.rule, fingerprint: entry.fingerprint)
        }
    }

    private func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : (options.currentFolder as NSString).appendingPathComponent(path)
    }

    private func reportPath(_ path: String) -> String {
        AuditInputDiscovery.reportPath(
            (resolve(path) as NSString).standardizingPath, currentFolder: options.currentFolder)
    }

    private static func inputError(_ error: any Error, path: String) -> InputError {
        if let error = error as? InputError { return error }
        return InputError(path: path, message: "\(error)")
    }
}
