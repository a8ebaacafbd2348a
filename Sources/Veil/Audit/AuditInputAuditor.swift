import Foundation
import Synchronization
import VeilLifecycle
import VeilRedaction
import VeilScreen

/// A finding of one input, with what the baseline needs to record it.
struct PendingFinding: Sendable {
    /// The finding as reported (fingerprint already under the audit's salt).
    var finding: AuditFinding
    /// The detector finding behind it; nil for a life-cycle finding (never baselined).
    var source: Finding?

    /// Where a baseline says it was: the report's first screen cell (a capture's finding is
    /// judged on the rows that showed it, so its own spans start at row 0); nil when no
    /// screen showed it (a value in a recording's header, input or markers).
    var baselineHint: Baseline.Hint? {
        finding.baselineHint(title: source?.location == .title)
    }
}

extension AuditFinding {
    /// The baseline's hint: the first of ``spans`` (0-based screen cells, as reports give them).
    func baselineHint(title: Bool) -> Baseline.Hint? {
        spans.first.map { Baseline.Hint(row: $0.row, col: $0.col, title: title) }
    }
}

/// What auditing one input produced.
struct InputAudit: Sendable {
    var input: AuditedInput
    var findings: [PendingFinding]
    /// A scenario's `name` (its snapshot ids are `<name>-<seq>`), once it has been read.
    var scenarioName: String? = nil
    /// What the reader should know that is not a finding (content that fell outside a capture's
    /// screen, an unusual recording), each naming the file.
    var warnings: [String] = []
    /// The input, or parts of it, that could not be audited, and why.
    var notAudited: [AuditSkippedMedia] = []
    /// Whether the input is an image whose text was read by OCR.
    var readByOCR = false
}

/// Audits one input: plays a scenario or reads a capture, and judges what the app showed.
struct AuditInputAuditor: Sendable {
    /// Which rules apply to each input (`--config`, a scenario's `rules:`, the nearest `.veil.yml`).
    var resolver: RulesFileResolver
    /// `--cols`; nil means the capture's own (see ``TerminalCapture``).
    var cols: Int?
    /// `--rows`; nil means the capture's own (see ``TerminalCapture``).
    var rows: Int?
    /// The salt of every content fingerprint (see ``AuditEngine/fingerprintSalt(baseline:secret:)``):
    /// never ``Fingerprint/defaultSalt``, which is public.
    var salt: [UInt8]
    /// `--show-secrets`: put the raw value in findings instead of the masked one.
    var showSecrets: Bool
    /// The folder report paths are relative to.
    var currentFolder: String
    /// `--raw`: captures are fed exactly as given (see ``InputMode``).
    var rawCaptures = false
    /// Whether scenarios that run a program (`screen.exec`) are run (`--allow-exec`).
    var allowsExec = false
    /// Where each rules file that applied is noted (``AuditRulesFiles``).
    var rulesFiles = AuditRulesFiles()
    /// Whether findings get the redacted frame of their moment (``AuditOptions/frames``).
    var frames = false
    /// `--config`, for the commands the HTML report prints.
    var configPath: String?
    /// OCR engines one image uses at once.
    var ocrThreads = 2

    /// Audits `file`; never throws: an unusable input is returned with its error.
    func audit(_ file: AuditInputFile) async -> InputAudit {
        let start = ContinuousClock.now
        var result: InputAudit
        do {
            switch file.kind {
            case .scenario: result = try await auditScenario(file)
            case .capture: result = try auditCapture(file)
            case .tape: result = try auditTape(file)
            case .svg: result = try auditSVG(file)
            case .rules: throw InputError(path: file.path, message: "a rules file is not audited as an input")
            case .image: result = try auditImage(file)
            }
        } catch let error as InputError {
            result = InputAudit(
                input: AuditedInput(path: file.path, kind: file.kind, error: relativize(error, file: file)),
                findings: [])
        } catch {
            result = InputAudit(
                input: AuditedInput(
                    path: file.path, kind: file.kind,
                    error: InputError(path: file.path, message: "\(error)")),
                findings: [])
        }
        result.input.durationSeconds = (ContinuousClock.now - start).inSeconds
        return result
    }

    private func relativize(_ error: InputError, file: AuditInputFile) -> InputError {
        var error = error
        if error.path.hasPrefix("/") {
            error.path = AuditInputDiscovery.reportPath(error.path, currentFolder: currentFolder)
        }
        return error
    }

    // MARK: Scenarios

    /// The rules for a capture, tape or SVG input (its nearest `.veil.yml`, `--config` or the
    /// built-in rules), noted in ``rulesFiles`` so that the report names the file and judges
    /// its weakening settings (SECURITY.md, "Rules from the tree"): every kind of input goes
    /// through here.
    func rules(for file: AuditInputFile) throws -> RuleSet {
        let rules = try resolver.rules(forInputAt: file.path)
        rulesFiles.note(resolver.source(forInputAt: file.path), currentFolder: currentFolder)
        return rules
    }

    /// The bytes of an input, read inside its root (``ConfinedRoot``).
    func read(_ file: AuditInputFile, limit: Int) throws -> [UInt8] {
        do {
            return try file.root.read(file.relative, limit: limit, shown: file.path)
        } catch let failure as ConfinedRoot.Failure {
            throw InputError(path: file.path, message: failure.message)
        }
    }

    private func auditScenario(_ file: AuditInputFile) async throws -> InputAudit {
        let bytes = try read(file, limit: Scenario.maximumFileBytes)
        let folder = Array(
            file.relative.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).dropLast()
                .joined(separator: [UInt8(ascii: "/")]))
        let scenario = try Scenario.parse(
            bytes, path: file.path, location: Scenario.Location(root: file.root, folder: folder))
        if let command = scenario.command, !allowsExec {
            throw InputError(
                path: file.path,
                message:
                    "runs a program (screen.exec: \(DisplayText.escaped(command[0]))); veil audit runs programs only with --allow-exec (see SECURITY.md)"
            )
        }
        let ruleSet = try scenarioRules(scenario, file: file)
        let snapshotter: Snapshotter
        do {
            snapshotter = try Snapshotter(settings: SnapshotSettings(rules: ruleSet))
        } catch {
            throw InputError(path: file.path, message: "\(error)")
        }
        let stepEnds = Mutex<[Duration]>([])
        let options = ScenarioRunner.Options(outputFolder: nil, realTime: false) { _, _, elapsed in
            stepEnds.withLock { $0.append(elapsed) }
        }
        let run = try await ScenarioRunner(scenario: scenario, snapshotter: snapshotter).run(options)
        let ends = stepEnds.withLock { $0 }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        func stepRegion(_ position: Scenario.Position) -> AuditRegion { Self.region(at: position, lines: lines) }

        var snapshots: [AuditedSnapshot] = []
        var findings: [PendingFinding] = []
        let entries = Self.snapshotEntries(in: run.log)
        let renderer = frames ? try? AuditFrameRenderer() : nil
        for record in run.snapshots {
            let region = record.step.map { stepRegion($0.position) } ?? .fileStart
            snapshots.append(
                AuditedSnapshot(id: record.id, file: file.path, region: region, hidden: record.outcome.hiddenSpans))
            guard !record.coveredByApp else { continue }
            let location = AuditLocation(path: file.path, region: region)
            let start = findings.count
            for finding in record.outcome.findings where finding.isVisible(on: record.shown) {
                findings.append(
                    pending(
                        finding, rules: ruleSet, snapshotID: record.id, location: location,
                        inputPath: file.path, screen: record.shown))
            }
            attachSnapshotEvidence(
                record, to: &findings, range: start..<findings.count, log: run.log, entries: entries,
                renderer: renderer)
        }
        findings += lifecycleFindings(run.log, stepEnds: ends, scenario: scenario, file: file, lines: lines)
        return InputAudit(
            input: AuditedInput(path: file.path, kind: .scenario, snapshots: snapshots), findings: findings,
            scenarioName: scenario.name)
    }

    /// A scenario's rules, as ``RulesFileResolver`` decides for every command (its own
    /// `rules:` read inside its root).
    private func scenarioRules(_ scenario: Scenario, file: AuditInputFile) throws -> RuleSet {
        let rules = try scenario.rules(from: resolver)
        if resolver.configPath == nil, let own = scenario.rulesPath {
            rulesFiles.note(path: scenario.ownRulesShownPath ?? own, source: .scenario) {
                try scenario.location.read(own, limit: RuleFileLimits.maximumFileBytes)
            }
        } else {
            rulesFiles.note(resolver.source(forInputAt: scenario.path), currentFolder: currentFolder)
        }
        return rules
    }

    /// Life-cycle findings from a run's log, each at the timeline step during which it happened.
    func lifecycleFindings(
        _ log: [LifecycleEvent], stepEnds: [Duration], scenario: Scenario,
        file: AuditInputFile, lines: [Substring]
    ) -> [PendingFinding] {
        struct Raw {
            var rule: AuditRule
            var message: String
            var during: String?
            var step: Int
            var entry = 0
        }
        var raws: [Raw] = []
        func stepIndex(at time: Duration) -> Int {
            if let index = stepEnds.firstIndex(where: { $0 >= time }) { return index }
            return max(0, min(stepEnds.count, scenario.timeline.count) - 1)
        }
        for (entry, event) in log.enumerated() {
            let step = stepIndex(at: event.time)
            let count = raws.count
            defer {
                for index in count..<raws.count { raws[index].entry = entry }
            }
            switch event.kind {
            case .termination(let reason, let code, let during):
                if reason == .watchdog {
                    let callback = during ?? "a deadline-bound callback"
                    raws.append(
                        Raw(
                            rule: .lifecycleWatchdog,
                            message:
                                "The watchdog killed the app (\(code ?? TerminationCode.watchdog)) during \(callback): it missed its deadline, so no snapshot was taken.",
                            during: during, step: step))
                } else if reason == .backgroundTaskExpired {
                    raws.append(
                        Raw(
                            rule: .lifecycleBackgroundTaskExpired,
                            message:
                                "The app was killed because a background task was still running when its background time ran out\(during.map { " (during \($0))" } ?? "").",
                            during: during, step: step))
                }
            case .violation(let rule, let message):
                switch rule {
                case LifecycleRule.backgroundTaskLeaked:
                    raws.append(Raw(rule: .lifecycleBackgroundTaskLeaked, message: message, during: nil, step: step))
                case LifecycleRule.deadline:
                    raws.append(Raw(rule: .lifecycleWatchdog, message: message, during: nil, step: step))
                case ScenarioRunner.snapshotFailedRule:
                    raws.append(Raw(rule: .lifecycleSnapshotFailed, message: message, during: nil, step: step))
                default:
                    break  // an exposure: reported from the snapshot itself
                }
            default:
                break
            }
        }
        // A missed deadline and the watchdog kill it caused are one finding.
        let killedSteps = Set(
            raws.filter { $0.rule.id == AuditRule.lifecycleWatchdog.id && $0.during != nil }.map(\.step))
        raws.removeAll {
            $0.rule.id == AuditRule.lifecycleWatchdog.id && $0.during == nil && killedSteps.contains($0.step)
        }

        var seen: [String: Int] = [:]
        return raws.map { raw in
            let timed = scenario.timeline.indices.contains(raw.step) ? scenario.timeline[raw.step] : nil
            let region = timed.map { Self.region(at: $0.position, lines: lines) } ?? .fileStart
            let key = [file.path, raw.rule.id, raw.during ?? "", String(raw.step)].joined(separator: "\n")
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            let identity = occurrence == 0 ? key : key + "\n#\(occurrence)"
            var finding = AuditFinding(
                ruleID: raw.rule.id, category: .lifecycle, severity: .block, message: raw.message,
                location: AuditLocation(path: file.path, region: region), inputPath: file.path, snapshotID: nil,
                // The identity is the path, rule, task and step: no screen content, nothing to
                // brute-force. The fixed public salt keeps it stable across runs, so JUnit case
                // names and SARIF alerts of life-cycle findings survive per-run salts.
                fingerprint: Fingerprint.compute(identity, salt: Fingerprint.defaultSalt))
            finding.log = Self.logExcerpt(log, around: raw.entry)
            return PendingFinding(finding: finding, source: nil)
        }
    }

    private func isTitle(_ exposure: CaptureExposure) -> Bool { exposure.finding.location == .title }

    /// The region of a timeline step: from its position to the end of its line, without a
    /// trailing comment or spaces (`- home` → the 4 columns of `home`).
    static func region(at position: Scenario.Position, lines: [Substring]) -> AuditRegion {
        let line = max(1, position.line)
        let column = max(1, position.column)
        guard lines.indices.contains(line - 1) else { return AuditRegion(line: line, column: column) }
        var rest = Array(lines[line - 1].unicodeScalars.dropFirst(column - 1))
        if let comment = rest.indices.first(where: { rest[$0] == "#" && ($0 == 0 || rest[$0 - 1] == " ") }) {
            rest.removeSubrange(comment...)
        }
        while let last = rest.last, last.properties.isWhitespace { rest.removeLast() }
        return AuditRegion(line: line, column: column, length: rest.count)
    }

    // MARK: Captures

    /// A capture judged at every moment it showed (DESIGN.md, "Exposure over time"): each
    /// distinct value once, where the bytes that first drew it are, and when.
    private func auditCapture(_ file: AuditInputFile) throws -> InputAudit {
        let rules = try rules(for: file)
        // Unusual but read (content off the screen, a recording's odd line): reported as
        // warnings, each naming the file, never skipped silently.
        var warnings: [String] = []
        let source = CaptureSource.confined(file.root, relative: file.relative, name: file.path)
        let input = try CaptureInput.read(source: source, raw: rawCaptures, cols: cols, rows: rows) {
            warnings.append($0)
        }
        let report = try ExposureScanner(rules: rules).scan(input, cols: cols, rows: rows, path: file.path)
        warnings += report.warnings
        let snapshot = AuditedSnapshot(
            id: file.path, file: file.path, region: .fileStart, hidden: report.final.hiddenSpans)
        var findings: [PendingFinding] = []
        var pictured: [(index: Int, exposure: CaptureExposure)] = []
        for exposure in report.exposures {
            let length = Self.text(of: exposure.finding, on: exposure.lines).unicodeScalars.count
            let region = exposure.region(in: input, length: exposure.finding.location == .title ? 0 : length)
            let timing = AuditExposure(
                firstSeconds: exposure.firstTime, firstEvent: exposure.firstEvent,
                visibleSeconds: exposure.visibleSeconds,
                stillVisible: exposure.stillVisible, byteOffset: exposure.firstOffset)
            var item = pending(
                exposure.finding, rules: rules, snapshotID: file.path,
                location: AuditLocation(path: file.path, region: region),
                inputPath: file.path, screen: exposure.lines)
            item.finding.spans = exposure.spans.map { ScreenSpan(row: $0.row, col: $0.col, width: max(1, $0.width)) }
            item.finding.exposure = timing
            if exposure.placeCount > 1 {
                item.finding.places = exposure.places.enumerated().map { number, place in
                    AuditPlace(
                        location: number == 0
                            ? item.finding.location
                            : AuditLocation(
                                path: file.path,
                                region: place.region(in: input, length: isTitle(exposure) ? 0 : length)),
                        spans: place.spans.map { ScreenSpan(row: $0.row, col: $0.col, width: max(1, $0.width)) },
                        seconds: place.time, event: place.event, byteOffset: place.offset)
                }
                item.finding.unlistedPlaces = exposure.unlistedPlaces
            }
            if let summary = timing.summary { item.finding.message += " (\(summary))" }
            pictured.append((findings.count, exposure))
            findings.append(item)
        }
        // What the capture holds but no screen shows (header, input, markers, escape strings).
        let channels = try RecordingChannels(rules: rules).scan(input, path: file.path)
        let drawnTitles = Set(
            report.exposures.filter { $0.finding.location == .title }.map { ExposureScanner.key($0.finding) })
        for media in channels.findings {
            if media.place.kind == .escape, drawnTitles.contains(ExposureScanner.key(media.finding)) {
                continue  // a title the screens showed, reported as such
            }
            findings.append(
                pending(
                    media, rules: rules, path: file.path, medium: input.recordingHeader == nil ? "capture" : "recording"
                ))
        }
        warnings += channels.unread.map { "\($0); it was not audited" }
        var recordingSeconds: Double?
        if frames, !findings.isEmpty {
            recordingSeconds = try attachCaptureFrames(
                to: &findings, items: pictured, input: input, rules: rules, file: file)
        }
        var audited = AuditedInput(path: file.path, kind: .capture, snapshots: [snapshot])
        audited.recordingSeconds = recordingSeconds
        var audit = InputAudit(input: audited, findings: findings, warnings: warnings)
        audit.notAudited = channels.unread.map { note in
            // `PATH:LINE: what` → the file, and what at which line was not read.
            let rest = note.hasPrefix(file.path + ":") ? String(note.dropFirst(file.path.count + 1)) : note
            let line = rest.prefix { $0.isNumber }
            let what = rest.dropFirst(line.count).drop { $0 == ":" || $0 == " " }
            return AuditSkippedMedia(path: file.path, kind: "image", reason: "\(what), at line \(line)")
        }
        return audit
    }

    // MARK: Tapes

    /// A VHS tape: what it types and sets, judged as text (``TapeChannels``).
    private func auditTape(_ file: AuditInputFile) throws -> InputAudit {
        let rules = try rules(for: file)
        let bytes = try read(file, limit: TapeChannels.maximumBytes)
        let findings = try TapeChannels(rules: rules).scan(bytes, path: file.path).map {
            pending($0, rules: rules, path: file.path, medium: "tape", advice: AuditFinding.tapeAdvice)
        }
        let snapshot = AuditedSnapshot(id: file.path, file: file.path, region: .fileStart, hidden: 0)
        return InputAudit(input: AuditedInput(path: file.path, kind: .tape, snapshots: [snapshot]), findings: findings)
    }

    /// A finding in a medium's text, located at the text that holds it.
    func pending(
        _ media: MediaFinding, rules: RuleSet, path: String, medium: String,
        advice: String = AuditFinding.mediumAdvice
    ) -> PendingFinding {
        let masked = showSecrets ? MaskedValue.revealed(media.revealed) : MaskedValue(masking: media.finding.masked)
        let name = AuditRule.name(of: media.finding.ruleID, in: rules)
        var audit = AuditFinding(
            ruleID: media.finding.ruleID, category: media.finding.category == .pii ? .pii : .secret,
            severity: media.finding.severity == .block ? .block : .warn,
            message: AuditFinding.mediumMessage(
                ruleName: name, masked: masked, place: media.place, medium: medium, advice: advice),
            masked: masked,
            location: AuditLocation(
                path: path, region: AuditRegion(line: media.place.line, column: media.place.column)),
            inputPath: path, snapshotID: path, fingerprint: media.finding.fingerprint(salt: salt))
        audit.medium = media.place
        audit.maskedLine = media.maskedLine
        return PendingFinding(finding: audit, source: media.finding)
    }

    // MARK: Findings

    func pending(
        _ finding: Finding, rules: RuleSet, snapshotID: String, location: AuditLocation,
        inputPath: String, screen: Screen
    ) -> PendingFinding {
        let masked =
            showSecrets
            ? MaskedValue.revealed(Self.text(of: finding, on: screen))
            : MaskedValue(masking: finding.masked)
        let name = AuditRule.name(of: finding.ruleID, in: rules)
        let audit = AuditFinding(
            ruleID: finding.ruleID, category: finding.category == .pii ? .pii : .secret,
            severity: finding.severity == .block ? .block : .warn,
            message: AuditFinding.detectionMessage(ruleName: name, masked: masked),
            masked: masked, location: location, inputPath: inputPath, snapshotID: snapshotID,
            spans: finding.spans.map { ScreenSpan(row: $0.row, col: $0.col, width: max(1, $0.width)) },
            fingerprint: finding.fingerprint(salt: salt))
        return PendingFinding(finding: audit, source: finding)
    }

    /// The text a finding covers (only for `--show-secrets` and for locating it in a capture).
    static func text(of finding: Finding, on screen: Screen) -> String {
        if finding.location == .title {
            let title = Array(screen.title)
            return finding.spans.map { span in
                String(title[min(title.count, span.col)..<min(title.count, span.col + span.width)])
            }.joined(separator: " ")
        }
        return finding.spans.map { spanText($0, on: screen) }.joined(separator: " ")
    }

    private static func spanText(_ span: CellSpan, on screen: Screen) -> String {
        guard span.row < screen.rows else { return "" }
        var text = ""
        for col in span.columns where col < screen.cols && !screen[span.row, col].isContinuation {
            text += screen.text(row: span.row, col: col)
        }
        return text
    }
}

extension AuditRule {
    /// A readable name for a detector: its `name` (`Payment card number`), else the start of
    /// its description, else its id.
    static func name(of ruleID: String, in rules: RuleSet) -> String {
        if let name = rules.rule(withID: ruleID)?.name, !name.isEmpty { return name }
        guard let description = rules.rule(withID: ruleID)?.description, !description.isEmpty else { return ruleID }
        var cut = description.endIndex
        for separator in [" (", " with ", ", and ", "; ", ". "] {
            if let range = description.range(of: separator), range.lowerBound < cut { cut = range.lowerBound }
        }
        var name = String(description[..<cut]).trimmingCharacters(in: .whitespaces)
        if name.hasSuffix(".") { name.removeLast() }
        return name.isEmpty ? ruleID : name
    }

    /// The description of a detector of `rules`, for reporters.
    static func describing(_ rule: Rule, in rules: RuleSet) -> AuditRule {
        let name = self.name(of: rule.id, in: rules)
        let description = rule.description.isEmpty ? "Findings of rule \(rule.id)." : rule.description
        let category: AuditCategory = rule.category == .pii ? .pii : .secret
        let severity: AuditSeverity = rule.severity == .block ? .block : .warn
        return AuditRule(
            id: rule.id, name: name,
            shortDescription: "\(name) visible in an app-switcher snapshot.",
            fullDescription: description,
            help: """
                Hide it before the app enters the background: mark the cells sensitive (ESC ] 7701 ; reason ST … \
                ESC ] 7701 ; ST), or put up a privacy cover in applicationWillResignActive(_:). If the value is \
                not sensitive, record it in the baseline as false_positive.
                """,
            category: category, severity: severity)
    }
}
