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
    /// A recording's frame is the one `veil snap --at T` writes for the time T the value first
    /// showed: the screen after every event up to T, every cell drawn by a byte of any value
    /// the recording ever exposed hidden (as `veil redact` hides them, so a value still being
    /// typed shows no prefix), then judged as a snapshot. A raw capture's frame is its final
    /// screen when the value is still on it (what `veil snap` writes, plus the cells of values
    /// it exposed earlier), else the lines it was found on. A finding's own cells are always
    /// hidden on its frame (added when neither judgement hid them: fail closed); a frame that
    /// differs from `veil snap`'s names no command.
    /// - Throws: ``InputError`` naming the file (a replay or a redaction failed).
    func attachCaptureFrames(
        to findings: inout [PendingFinding], items: [(index: Int, exposure: CaptureExposure)],
        input: CaptureInput, rules: RuleSet, file: AuditInputFile
    ) throws -> Double? {
        let renderer: AuditFrameRenderer
        do {
            renderer = try AuditFrameRenderer()
        } catch {
            throw InputError(path: file.path, message: "cannot draw the report's frames: \(error)")
        }
        let style = AuditFrameRenderer.settings.style
        let redactor = CaptureRedactor(rules: rules, style: style)
        let (judged, hidden) = try redactor.judge(input, cols: cols, rows: rows, path: file.path)
        let isRecording = input.recordingHeader != nil
        let times = Set(items.compactMap { isRecording ? $0.exposure.firstTime : nil })
        let replay = try self.replay(
            input, redactor: redactor, hidden: hidden, values: judged.values, at: times, file: file)

        var drawn: [Double: Picture] = [:]
        var final: Picture?
        for (index, exposure) in items {
            let isTitle = exposure.finding.location == .title
            let picture: Picture
            let spans: [ScreenSpan]
            if isRecording, let time = exposure.firstTime, let moment = replay.moments[time] {
                spans = exposure.spans.map { ScreenSpan(row: $0.row, col: $0.col, width: max(1, $0.width)) }
                if drawn[time] == nil {
                    drawn[time] = try self.picture(
                        moment, rules: rules, renderer: renderer, needing: [],
                        moment: "at \(AuditExposure.seconds(time))"
                            + (exposure.firstEvent.map { ", after event \($0)" } ?? ""),
                        command: snapCommand(file.path, at: time), path: file.path)
                }
                picture = try covering(
                    drawn[time]!, spans: isTitle ? [] : spans, rules: rules, renderer: renderer, path: file.path)
            } else if !isRecording, exposure.stillVisible {
                spans = finalPlace(of: exposure, on: replay.final.screen, rules: rules) ?? []
                if final == nil {
                    final = try self.picture(
                        replay.final, rules: rules, renderer: renderer, needing: [], moment: "the final screen",
                        command: snapCommand(file.path, at: nil), path: file.path)
                }
                picture = try covering(
                    final!, spans: isTitle ? [] : spans, rules: rules, renderer: renderer, path: file.path)
            } else if !isRecording, !isTitle {
                // Raw bytes that later erased it: the lines it was first found on.
                spans = exposure.finding.spans.map { ScreenSpan(row: $0.row, col: $0.col, width: max(1, $0.width)) }
                picture = try self.picture(
                    ReplayMoment(screen: exposure.lines, offsets: [], hidden: OffsetSet()), rules: rules,
                    renderer: renderer, needing: spans,
                    moment: "the lines that showed it, before they were erased, overwritten or scrolled away",
                    command: nil, path: file.path)
            } else {
                continue
            }
            findings[index].finding.frame = picture.frame
            if !isTitle { findings[index].finding.outline = renderer.outline(spans, on: picture.screen) }
        }
        return isRecording ? replay.length : nil
    }

    /// A drawn frame: the original screen, the redacted one, which cells are hidden, the frame.
    struct Picture {
        var moment: ReplayMoment
        var screen: Screen
        var hiddenCells: Set<Int>
        var frame: AuditFrame
    }

    /// `picture` when it hides every cell of `spans`; else drawn again with them hidden too
    /// (fail closed), naming no command.
    private func covering(
        _ picture: Picture, spans: [ScreenSpan], rules: RuleSet, renderer: AuditFrameRenderer, path: String
    ) throws -> Picture {
        let cols = picture.screen.cols
        let covered = spans.allSatisfy { span in
            (span.col..<(span.col + span.width)).allSatisfy { picture.hiddenCells.contains(span.row * cols + $0) }
        }
        if covered { return picture }
        return try self.picture(
            picture.moment, rules: rules, renderer: renderer, needing: spans, moment: picture.frame.moment,
            command: nil,
            path: path)
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

    /// Where a value still on a raw capture's final screen is: the cells of the final
    /// screen's finding of the same rule and value.
    private func finalPlace(of exposure: CaptureExposure, on screen: Screen, rules: RuleSet) -> [ScreenSpan]? {
        let key = ExposureScanner.key(exposure.finding)
        guard let judgement = try? Snapshotter.judge(screen, rules: rules, style: AuditFrameRenderer.settings.style),
            let found = judgement.findings.first(where: { ExposureScanner.key($0) == key })
        else { return nil }
        return found.spans.map { ScreenSpan(row: $0.row, col: $0.col, width: max(1, $0.width)) }
    }

    /// The frame of `moment` as `veil snap` draws it: the cells drawn by the hidden offsets
    /// (and the app's marks, the title's findings) hidden, then the result judged as a
    /// snapshot; `needing` hidden as well. `command` is kept only when the result is
    /// `veil snap`'s own: for raw bytes (which `veil snap` only judges), when the offsets hid
    /// nothing; and when `needing` is empty.
    private func picture(
        _ moment: ReplayMoment, rules: RuleSet, renderer: AuditFrameRenderer, needing: [ScreenSpan],
        moment text: String, command: String?, path: String
    ) throws -> Picture {
        let style = AuditFrameRenderer.settings.style
        do {
            var frames = FrameRedactor(rules: rules, style: style, hidden: moment.hidden, values: moment.values)
            let screen = moment.screen
            let first = frames.redacted(screen, offsets: moment.offsets)
            let judgement = try Snapshotter.judge(first, rules: rules, style: style)
            var plan = judgement.plan
            var hiddenCells = Set<Int>()
            if first.cols == screen.cols, first.rows == screen.rows {
                for index in screen.cells.indices where screen.cells[index] != first.cells[index] {
                    hiddenCells.insert(index)
                }
            }
            for entry in plan.entries {
                for col in entry.col..<(entry.col + entry.width) { hiddenCells.insert(entry.row * plan.cols + col) }
            }
            if plan.coversEverything { hiddenCells.formUnion(0..<(screen.cols * screen.rows)) }
            for span in needing {
                plan.entries.append(
                    RedactionPlan.Entry(
                        row: span.row, col: span.col, width: span.width, ruleID: "exposed", category: .secret,
                        severity: .block, fingerprint: "", style: style))
                for col in span.col..<(span.col + span.width) { hiddenCells.insert(span.row * plan.cols + col) }
            }
            let redacted = Redactor(rules: rules, style: style).redact(first, using: plan)
            if let failure = redacted.failure {
                throw InputError(path: path, message: "cannot draw the report's frame: \(failure)")
            }
            let isSnaps = needing.isEmpty && (moment.isRecording || first == screen)
            let frame = try renderer.frame(of: redacted.screen, moment: text, command: isSnaps ? command : nil)
            return Picture(moment: moment, screen: redacted.screen, hiddenCells: hiddenCells, frame: frame)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(path: path, message: "cannot draw the report's frame: \(error)")
        }
    }

    /// A screen of a replay, with the input offset that wrote each cell and the offsets of
    /// exposed bytes.
    struct ReplayMoment {
        var screen: Screen
        var offsets: [Int]
        var hidden: OffsetSet
        /// The values found anywhere in the input, hidden wherever they show again.
        var values = KnownValues()
        var isRecording = false
    }

    /// The screens at the times `times` (after every event at or before each, as `veil snap
    /// --at` replays), the final screen, and the time of the last event.
    private func replay(
        _ input: CaptureInput, redactor: CaptureRedactor, hidden: OffsetSet, values: KnownValues,
        at times: Set<Double>, file: AuditInputFile
    ) throws -> (moments: [Double: ReplayMoment], final: ReplayMoment, length: Double?) {
        let isRecording = input.recordingHeader != nil
        var replay = try CaptureRedactor.Replay(
            redactor, input: input, hidden: hidden, values: values, cols: cols, rows: rows, path: file.path)
        var pending = times.sorted()[...]
        var moments: [Double: ReplayMoment] = [:]
        var length: Double?
        func moment() -> ReplayMoment {
            ReplayMoment(
                screen: replay.capture.terminal.screen, offsets: replay.offsets.cellOffsets, hidden: hidden,
                values: values, isRecording: isRecording)
        }
        try input.forEachStep(followingResizes: cols == nil && rows == nil) { step in
            if let time = step.time {
                length = max(length ?? 0, time)
                while let next = pending.first, time > next {
                    moments[next] = moment()
                    pending.removeFirst()
                }
            }
            _ = try replay.apply(step)
        }
        try CaptureReplay.checkWorkBudget(replay.capture.terminal, path: file.path)
        let last = moment()
        for time in pending { moments[time] = last }
        return (moments, last, length)
    }
}
