import VeilLifecycle
import VeilRedaction
import VeilRender
import VeilScreen

/// What the HTML report shows beside a finding: the redacted frame of its moment with its
/// cells outlined, and a scenario's lifecycle log around it.
extension AuditInputAuditor {
    /// Log lines shown before a moment's own line.
    static let logLinesBefore = 6
    /// Log lines shown after it.
    static let logLinesAfter = 4

    /// The lines of `log` around entry `index`, as `veil run` writes its text log.
    static func logExcerpt(_ log: [LifecycleEvent], around index: Int) -> AuditLogExcerpt? {
        guard log.indices.contains(index) else { return nil }
        let first = max(0, index - logLinesBefore)
        let end = min(log.count, index + logLinesAfter + 1)
        return AuditLogExcerpt(
            lines: log[first..<end].map { LifecycleLogFormatter.line(for: $0) }, focus: index - first,
            omittedBefore: first, omittedAfter: log.count - end)
    }

    /// The log entry of each snapshot a run took, by snapshot id (an audit writes no file, so
    /// the entry's path is the id).
    static func snapshotEntries(in log: [LifecycleEvent]) -> [String: Int] {
        var entries: [String: Int] = [:]
        for (index, event) in log.enumerated() {
            if case .snapshot(let path, _) = event.kind, entries[path] == nil { entries[path] = index }
        }
        return entries
    }

    /// Gives the findings `range` of `findings`, all of snapshot `record`, the log around the
    /// snapshot and, with ``frames``, the snapshot's PNG (the one `veil run` writes) with each
    /// finding's cells outlined.
    func attachSnapshotEvidence(
        _ record: ScenarioRunner.SnapshotRecord, to findings: inout [PendingFinding], range: Range<Int>,
        log: [LifecycleEvent], entries: [String: Int], renderer: AuditFrameRenderer?
    ) {
        guard !range.isEmpty else { return }
        let excerpt = entries[record.id].flatMap { Self.logExcerpt(log, around: $0) }
        var frame: AuditFrame?
        if let renderer {
            let seconds = AuditExposure.seconds(record.time.inSeconds)
            frame = try? renderer.frame(
                of: record.outcome.redacted, png: record.outcome.png,
                moment: "snapshot \(record.id) at \(seconds), as veil run writes it")
        }
        for index in range {
            findings[index].finding.log = excerpt
            guard let frame, let renderer else { continue }
            findings[index].finding.frame = frame
            if findings[index].source?.location != .title {
                findings[index].finding.outline = renderer.outline(
                    findings[index].finding.spans, on: record.outcome.redacted)
            }
        }
    }

    /// Gives each finding of a capture's screens a redacted frame of the moment it first
    /// showed, with its cells outlined (the findings at `items`, with their exposures), and
    /// returns a recording's length in seconds.
    ///
    /// A recording's frame is the screen right after the event that first drew the value, as
    /// `veil snap --at T` draws it, with, on top of what that judgement hides, every cell drawn
    /// by a byte of any value the capture ever exposed (as `veil redact` and `veil snap
    /// --frames` hide them), so a value still being typed shows no prefix. A raw capture's
    /// frame is its final screen when the value is still on it, else the lines it was found
    /// on. A finding's own cells are always hidden on its frame (added when neither judgement
    /// hid them: fail closed).
    /// - Throws: ``InputError`` naming the file (a replay or a redaction failed).
    func attachCaptureFrames(
        to findings: inout [PendingFinding], items: [(index: Int, exposure: CaptureExposure)],
        report: CaptureExposureReport, input: CaptureInput, rules: RuleSet, file: AuditInputFile
    ) throws -> Double? {
        let renderer: AuditFrameRenderer
        do {
            renderer = try AuditFrameRenderer()
        } catch {
            throw InputError(path: file.path, message: "cannot draw the report's frames: \(error)")
        }
        var hidden = OffsetSet()
        for offset in report.sensitiveOffsets.keys { hidden.insert(offset) }
        let wanted = Set(items.compactMap(\.exposure.firstEvent))
        let replay = try self.replay(input, keeping: wanted, file: file)

        var drawn: [Int: (screen: Screen, plan: RedactionPlan, frame: AuditFrame)] = [:]
        var final: (screen: Screen, plan: RedactionPlan, frame: AuditFrame)?
        for (index, exposure) in items {
            let isTitle = exposure.finding.location == .title
            let spans = exposure.spans.map { ScreenSpan(row: $0.row, col: $0.col, width: max(1, $0.width)) }
            if let event = exposure.firstEvent, let moment = replay.moments[event] {
                if drawn[event] == nil {
                    drawn[event] = try picture(
                        moment.screen, offsets: moment.offsets, hidden: hidden, rules: rules, renderer: renderer,
                        needing: [], moment: momentText(event: event, seconds: moment.time),
                        command: snapCommand(file.path, at: moment.time), path: file.path)
                }
                var entry = drawn[event]!
                if !isTitle && !covers(entry.plan, spans) {
                    // Fail closed: this finding's cells are hidden whatever the judgements said.
                    entry = try picture(
                        moment.screen, offsets: moment.offsets, hidden: hidden, rules: rules, renderer: renderer,
                        needing: spans, moment: entry.frame.moment, command: nil, path: file.path)
                }
                findings[index].finding.frame = entry.frame
                if !isTitle { findings[index].finding.outline = renderer.outline(spans, on: entry.screen) }
            } else if input.recordingHeader == nil, exposure.stillVisible, let last = replay.final {
                if final == nil {
                    final = try picture(
                        last.screen, offsets: last.offsets, hidden: hidden, rules: rules, renderer: renderer,
                        needing: [], moment: "the final screen", command: snapCommand(file.path, at: nil),
                        path: file.path)
                }
                let finalSpans = finalPlace(of: exposure, in: report) ?? []
                var entry = final!
                if !isTitle && !covers(entry.plan, finalSpans) {
                    entry = try picture(
                        last.screen, offsets: last.offsets, hidden: hidden, rules: rules, renderer: renderer,
                        needing: finalSpans, moment: entry.frame.moment, command: nil, path: file.path)
                }
                findings[index].finding.frame = entry.frame
                if !isTitle { findings[index].finding.outline = renderer.outline(finalSpans, on: entry.screen) }
            } else if input.recordingHeader == nil, !isTitle {
                // Raw bytes that later erased it: the lines it was first found on.
                let lines = exposure.lines
                let lineSpans = exposure.finding.spans.map {
                    ScreenSpan(row: $0.row, col: $0.col, width: max(1, $0.width))
                }
                let entry = try picture(
                    lines, offsets: [], hidden: OffsetSet(), rules: rules, renderer: renderer, needing: lineSpans,
                    moment: "the lines that showed it, before they were erased, overwritten or scrolled away",
                    command: nil, path: file.path)
                findings[index].finding.frame = entry.frame
                findings[index].finding.outline = renderer.outline(lineSpans, on: entry.screen)
            }
        }
        return input.recordingHeader == nil ? nil : replay.length
    }

    /// `at 1.25 s, after event 3`.
    private func momentText(event: Int, seconds: Double?) -> String {
        (seconds.map { "at \(AuditExposure.seconds($0)), " } ?? "") + "after event \(event)"
    }

    /// `veil snap PATH [--at T] [--config FILE] [--cols C] [--rows R]`, quoted for a shell.
    private func snapCommand(_ path: String, at seconds: Double?) -> String {
        var words = ["veil", "snap", path]
        if let seconds { words += ["--at", "\(seconds)"] }
        if let config = configPath { words += ["--config", config] }
        if let cols { words += ["--cols", "\(cols)"] }
        if let rows { words += ["--rows", "\(rows)"] }
        if rawCaptures { words.append("--raw") }
        return ShellQuoting.command(words)
    }

    /// Whether `plan` hides every cell of `spans`.
    private func covers(_ plan: RedactionPlan, _ spans: [ScreenSpan]) -> Bool {
        if plan.coversEverything { return true }
        var hidden = Set<Int>()
        for entry in plan.entries {
            for col in entry.col..<(entry.col + entry.width) { hidden.insert(entry.row * plan.cols + col) }
        }
        return spans.allSatisfy { span in
            (span.col..<(span.col + span.width)).allSatisfy { hidden.contains(span.row * plan.cols + $0) }
        }
    }

    /// Where a value still on a raw capture's final screen is: the cells of the final
    /// judgement's finding of the same rule and value.
    private func finalPlace(of exposure: CaptureExposure, in report: CaptureExposureReport) -> [ScreenSpan]? {
        let key = ExposureScanner.key(exposure.finding)
        guard let found = report.final.findings.first(where: { ExposureScanner.key($0) == key }) else { return nil }
        return found.spans.map { ScreenSpan(row: $0.row, col: $0.col, width: max(1, $0.width)) }
    }

    /// `screen` redacted by what `veil snap` would hide on it, the cells drawn by `hidden`
    /// offsets, the app's marks, and `needing`; and its frame.
    private func picture(
        _ screen: Screen, offsets: [Int], hidden: OffsetSet, rules: RuleSet, renderer: AuditFrameRenderer,
        needing: [ScreenSpan], moment: String, command: String?, path: String
    ) throws -> (screen: Screen, plan: RedactionPlan, frame: AuditFrame) {
        let style = AuditFrameRenderer.settings.style
        do {
            let judgement = try Snapshotter.judge(screen, rules: rules, style: style)
            var plan = judgement.plan
            var frames = FrameRedactor(rules: rules, style: style, hidden: hidden)
            let drawn = frames.plan(for: screen, offsets: offsets)
            plan.entries += drawn.entries
            plan.titleEntries += drawn.titleEntries
            for span in needing {
                plan.entries.append(
                    RedactionPlan.Entry(
                        row: span.row, col: span.col, width: span.width, ruleID: "exposed", category: .secret,
                        severity: .block, fingerprint: "", style: style))
            }
            let redacted = Redactor(rules: rules, style: style).redact(screen, using: plan)
            if let failure = redacted.failure {
                throw InputError(path: path, message: "cannot draw the report's frame: \(failure)")
            }
            return (redacted.screen, plan, try renderer.frame(of: redacted.screen, moment: moment, command: command))
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(path: path, message: "cannot draw the report's frame: \(error)")
        }
    }

    /// A screen of a replay, with the input offset that wrote each cell.
    struct ReplayMoment {
        var screen: Screen
        var offsets: [Int]
        var time: Double?
    }

    /// The screens right after the recording events `events`, the final screen, and the
    /// time of the last event.
    private func replay(_ input: CaptureInput, keeping events: Set<Int>, file: AuditInputFile) throws -> (
        moments: [Int: ReplayMoment], final: ReplayMoment?, length: Double?
    ) {
        let size = input.size(cols: cols, rows: rows)
        var terminal: Terminal
        do {
            terminal = try Terminal(cols: size.cols, rows: size.rows)
        } catch {
            throw InputError(path: file.path, message: "\(error)")
        }
        let offsets = ExposureTracker(mode: .offsetsOnly, cols: size.cols, rows: size.rows)
        terminal.observer = offsets
        var moments: [Int: ReplayMoment] = [:]
        var length: Double?
        try input.forEachStep(followingResizes: cols == nil && rows == nil) { step in
            if let time = step.time { length = max(length ?? 0, time) }
            guard try terminal.apply(step, path: file.path) else { return }
            if let event = step.event, events.contains(event), step.endsFrame {
                moments[event] = ReplayMoment(screen: terminal.screen, offsets: offsets.cellOffsets, time: step.time)
            }
        }
        terminal.flush()
        return (moments, ReplayMoment(screen: terminal.screen, offsets: offsets.cellOffsets, time: length), length)
    }
}
