import Foundation
import VeilRedaction
import VeilScreen

/// One distinct (rule, value) that was on screen at some moment of a capture.
public struct CaptureExposure: Sendable {
    /// The finding as first judged (its spans count from the first row of the judged lines;
    /// see ``spans``).
    public var finding: Finding
    /// The screen cells it covered when first seen (title findings: the title's characters).
    public var spans: [CellSpan]
    /// When it first showed, in seconds (recordings only).
    public var firstTime: Double?
    /// The index of the event after which it first showed (recordings only, 0-based).
    public var firstEvent: Int?
    /// The output-stream offset of the first byte that drew it, when known.
    public var firstOffset: Int?
    /// A recording's file line of the output event that carried that byte (or of the
    /// event after which it first showed); nil for raw bytes.
    public var firstLine: Int?
    /// A recording's column in ``firstLine`` (Unicode scalars, 1-based) where the JSON text
    /// that encodes that byte starts (a character, or the backslash of its escape); nil when
    /// unknown (a title, a value whose bytes are not known), then column 1 is reported.
    public var firstColumn: Int?
    /// The index of that byte in its event's data (resolved into ``firstColumn``).
    var firstDataIndex: Int?
    /// Where the event line that carries that byte is in the file.
    var firstDataLine: FilePosition?
    /// The last moment it was on screen, in seconds (recordings only).
    public var lastSeen: Double?
    /// Whether it is on the final screen.
    public var stillVisible: Bool
    /// The judged lines it was first found on (``finding``'s spans count on them).
    public var lines: Screen
    /// Every place it showed, in the order first seen (the first is where ``spans`` and the
    /// `first…` fields point): each distinct drawing of the value (other input bytes, or
    /// other cells when the bytes are not known), at most ``ExposurePlace/maximumListed``.
    public var places: [ExposurePlace] = []
    /// Places past ``ExposurePlace/maximumListed``, counted but not listed.
    public var unlistedPlaces = 0
    /// How many places it showed at: listed and unlisted.
    public var placeCount: Int { max(1, places.count + unlistedPlaces) }

    /// How long it stayed on screen, in seconds (recordings only): from its first frame to
    /// the last moment it was seen (the recording's end when it is still visible).
    public var visibleSeconds: Double? {
        guard let firstTime, let lastSeen else { return nil }
        return max(0, lastSeen - firstTime)
    }
}

/// One place a value showed in a capture: its cells, when, and where the bytes that drew it
/// are in the file.
public struct ExposurePlace: Sendable, Hashable {
    /// The most places listed per value; more are counted (``CaptureExposure/unlistedPlaces``).
    public static let maximumListed = 256

    /// The screen cells (title findings: the title's characters).
    public var spans: [CellSpan]
    /// When it showed there, in seconds (recordings only).
    public var time: Double?
    /// The index of the event after which it showed there (recordings only, 0-based).
    public var event: Int?
    /// The output-stream offset of the first byte that drew it there, when known.
    public var offset: Int?
    /// A recording's file line of the output event that carried that byte; nil for raw bytes.
    public var line: Int?
    /// A recording's column in ``line`` where the JSON text encoding that byte starts (1-based).
    public var column: Int?
    /// The index of that byte in its event's data (resolved into ``column``).
    var dataIndex: Int?
    /// Where the event line that carries that byte is in the file.
    var dataLine: FilePosition?

    /// What makes two places one: the input bytes that drew them, else their cells.
    var key: Key { offset.map(Key.offset) ?? .cells(spans) }

    enum Key: Hashable {
        case offset(Int)
        case cells([CellSpan])
    }

    /// Where the bytes that drew it are in `input`'s file (as ``CaptureExposure/region(in:length:)``).
    public func region(in input: CaptureInput, length: Int = 0) -> AuditRegion {
        if let line { return AuditRegion(line: max(1, line), column: column ?? 1) }
        if let offset, let region = input.region(ofOffset: offset, length: length) { return region }
        return .fileStart
    }
}

extension CaptureExposure {
    /// Adds `place` unless it is one already listed (the same bytes, or the same cells);
    /// past ``ExposurePlace/maximumListed`` it is only counted.
    mutating func add(_ place: ExposurePlace, keys: inout Set<ExposurePlace.Key>) {
        guard keys.insert(place.key).inserted else { return }
        if places.count < ExposurePlace.maximumListed {
            places.append(place)
        } else {
            unlistedPlaces += 1
        }
    }

    /// Where the bytes that first drew it are in `input`'s file: raw bytes, the line and
    /// column of its first byte (spanning `length` columns); a recording, the line of the
    /// event that carried that byte and the column where the JSON text encoding it starts
    /// (``firstColumn``; a value split across events: in the first of them); the file's
    /// start when unknown.
    public func region(in input: CaptureInput, length: Int = 0) -> AuditRegion {
        if let firstLine { return AuditRegion(line: max(1, firstLine), column: firstColumn ?? 1) }
        if let offset = firstOffset, let region = input.region(ofOffset: offset, length: length) { return region }
        return .fileStart
    }
}

/// Everything a capture exposed, and what redacting it needs.
public struct CaptureExposureReport: Sendable {
    /// Every distinct (rule, value) exposed, in the order first seen.
    public var exposures: [CaptureExposure]
    /// The output-stream offsets of every byte that drew an exposed value (all its copies
    /// that were ever complete on screen), with the rule that found it.
    public var sensitiveOffsets: SensitiveOffsets
    /// The judgement of the final screen.
    public var final: Snapshotter.Judgement
    /// The final screen.
    public var finalScreen: Screen
    /// What was unusual but read in a streamed recording's events (`NAME:LINE: …`).
    public var warnings: [String] = []
    /// Every value found (to hide wherever it shows), for a second pass over the input.
    var values = KnownValues()
    /// The exposure of each (rule, value) found (``ExposureScanner/key(_:)``): a prefix typed
    /// before its value was complete leads to the exposure of the whole value.
    var exposureOfKey: [String: Int] = [:]
}

/// Replays a capture and judges every moment (DESIGN.md, "Exposure over time"): the lines
/// that changed since they were last judged, at the end of each frame of a recording, and
/// for raw bytes also just before a change destroys them. Costs about what the bytes cost:
/// unchanged rows are never judged twice.
public struct ExposureScanner: Sendable {
    /// What is sensitive.
    public var rules: RuleSet
    /// For redaction: cells written by these offsets (and cells the app marked) are judged
    /// as the hidden blanks a redacted frame shows (``Cell/hidden``), so what hiding them
    /// reveals (a number no longer glued to its neighbour) is found too, and a label whose
    /// value they hide takes no other.
    var masking: OffsetSet?
    /// Values known before the first byte (for redaction: every value found anywhere in the
    /// input), so a complete copy drawn before the value became detectable is found too.
    var seed = KnownValues()

    public init(rules: RuleSet) {
        self.rules = rules
    }

    /// The smallest input (bytes of terminal output) judged on a second thread: below it,
    /// starting the thread and handing windows over cost more than they save (about 1.5 ms
    /// of a `veil snap` of one screen).
    var concurrentFromBytes = smallInputBytes
    static let smallInputBytes = 64 << 10

    /// Scans `input`. `cols`/`rows` fix the size (a recording's resizes are then ignored).
    /// - Throws: ``InputError`` naming `path` (a bad size, a failed redaction).
    public func scan(_ input: CaptureInput, cols: Int?, rows: Int?, path: String) throws -> CaptureExposureReport {
        try scan(input, cols: cols, rows: rows, path: path, watching: nil)
    }

    /// Scans `input`, showing `watcher` each step as it is read (what else one reading of the
    /// capture should learn: an animation's canvas and length).
    func scan(
        _ input: CaptureInput, cols: Int?, rows: Int?, path: String, watching watcher: ((CaptureStep) -> Void)?
    ) throws -> CaptureExposureReport {
        let size = input.size(cols: cols, rows: rows)
        var replay = try CaptureReplay(input, cols: cols, rows: rows, path: path)
        // The terminal reports its changes to the tracker; the replay makes one call into the
        // terminal per step (``CaptureReplay/apply(_:)``: feed, flush at a frame's end, budget).
        let tracker = ExposureTracker(mode: input.mode, cols: size.cols, rows: size.rows)
        replay.terminal.observer = tracker
        // A window's rows in one allocation, with room for a few rows past the limit (a window
        // ends after the frame that crosses it).
        if defers { tracker.batchCells = cellsPerPass + 2 * size.cols * 8 }
        let judging = ExposureJudgingQueue(
            scanner: self, path: path,
            concurrent: defers && Self.concurrent && !input.holds(fewerThan: concurrentFromBytes))
        var window = ExposureWindow()
        var lastTime: Double? = nil
        let warnings: [String]
        do {
            warnings = try input.forEachStep(followingResizes: replay.followsResizes) { step in
                watcher?(step)
                if case .output(_, let offset) = step.kind { window.outputs.append((offset, step.position)) }
                tracker.frame = window.frames.count
                guard try replay.apply(step) else { return }
                lastTime = step.time ?? lastTime
                window.end(step, departed: tracker.takeDepartedTags())
                if !defers || window.frames.count >= framesPerPass || tracker.pendingCells >= cellsPerPass {
                    window.batches = tracker.takeBatches()
                    try judging.submit(window)
                    window = ExposureWindow()
                }
            }.warnings
            tracker.frame = window.frames.count
            replay.terminal.flush()
            window.end(
                CaptureStep(kind: .other(code: "", data: ""), event: nil, time: lastTime, endsFrame: true),
                departed: tracker.takeDepartedTags())
            window.batches = tracker.takeBatches()
            try judging.submit(window)
            try CaptureReplay.checkWorkBudget(replay.terminal, path: path)
        } catch {
            judging.cancel()
            throw error
        }
        var state = try judging.finish()
        let screen = replay.terminal.screen
        let final: Snapshotter.Judgement
        do {
            final = try Snapshotter.judge(screen, rules: rules, known: state.values)
        } catch {
            throw InputError(path: path, message: "\(error)")
        }
        state.resolveColumns(in: input)
        let endTime = lastTime
        for finding in final.visibleFindings {
            if let index = state.known[Self.key(finding)] {
                state.exposures[index].stillVisible = true
                state.exposures[index].lastSeen = endTime
            }
        }
        return CaptureExposureReport(
            exposures: state.exposures, sensitiveOffsets: state.offsets, final: final,
            finalScreen: screen, warnings: warnings, values: state.values, exposureOfKey: state.known)
    }

    static func key(_ finding: Finding) -> String { finding.ruleID + "\u{0}" + finding.fingerprint }

    /// The most frames, and about the most copied cells, judged together in one detection
    /// pass (see ``judge(_:into:path:)``); 1 judges every frame alone (tests
    /// compare the two).
    var framesPerPass = 256
    var cellsPerPass = 1 << 13

    /// Whether frames wait to be judged many at once: not when redacting (each frame's
    /// hidden cells decide what it judges) nor with declared regions (rectangles count screen
    /// rows, which stacking moves).
    private var defers: Bool { masking == nil && rules.regions.isEmpty && framesPerPass > 1 }

    /// Whether windows are judged on a second thread while the next one is replayed: with
    /// more than one processor, unless `VEIL_EXPOSURE_THREADS=1` (benchmarks compare the two;
    /// the report is the same). An input smaller than ``concurrentFromBytes`` is judged on
    /// the caller's thread whatever this says.
    static let concurrent =
        ProcessInfo.processInfo.activeProcessorCount > 1
        && ProcessInfo.processInfo.environment["VEIL_EXPOSURE_THREADS"] != "1"

    /// Lines judged together: a group of an ``ExposureBatch`` on the batch's screen (rows
    /// `start..<start + count`), or lines judged alone (`start` 0).
    private struct JudgedLines {
        var screen: Screen
        var offsets: [Int]
        var start: Int
        var count: Int
        /// The screen row of the first line, or -1 for the title.
        var row: Int
        var isLeaving: Bool
        /// The tag the lines carry on screen (0 when they left as they were copied).
        var tag: Int32
        var isTitle: Bool { row < 0 }
        /// The lines alone, from the first row `finding` covers when it reaches into the
        /// line above (for a value's first exposure), and that first row. The copies made are
        /// kept in `copies` by first row: the values found on the same lines share one (a
        /// flood finds a few on every line of a wide screen).
        func alone(for finding: Finding, copies: inout [Int: Screen]) -> (screen: Screen, first: Int) {
            guard !isTitle else { return (screen, 0) }
            let first = min(start, finding.spans.map(\.row).min() ?? start)
            if let copy = copies[first] { return (copy, first) }
            let copy = rows(from: first)
            copies[first] = copy
            return (copy, first)
        }

        /// Rows `first..<start + count` of the screen.
        func rows(from first: Int) -> Screen {
            let rows = start + count - first
            guard first != 0 || rows != screen.rows, var lines = try? Screen(cols: screen.cols, rows: rows) else {
                return screen
            }
            lines.cells = Array(screen.cells[(first * screen.cols)..<((start + count) * screen.cols)])
            lines.wrapped = Array(screen.wrapped[first..<(start + count)])
            lines.clusters = screen.clusters
            lines.sensitiveReasons = screen.sensitiveReasons
            lines.links = screen.links
            return lines
        }
    }

    /// The findings on `screen`, with the repeats of values found in earlier frames; their
    /// values are remembered for later frames.
    private func findings(
        in screen: Screen, context: [Bool]? = nil, path: String, values: inout KnownValues
    ) throws -> [Finding] {
        do {
            let found = try rules.findings(in: screen, known: values, contextRows: context)
            values.remember(found)
            return found
        } catch {
            throw InputError(path: path, message: "detection failed: \(error)")
        }
    }

    /// Judges a window of frames (``ExposureWindow``), in one detection pass over all their
    /// lines (stacked as ``ExposureBatch`` stacks them) with the values known before them.
    /// A frame with nothing found on its rows (or its title) showed nothing: detectors read a
    /// line with the lines next to it, and each group is stacked after its own line above (or
    /// a blank row), so what that pass finds includes everything judging the frame alone
    /// would find; the values found in other frames only add to it. Each other frame is then
    /// judged alone, in order (``judge(_:at:into:path:)``), so what one frame finds is known to
    /// the frames after it, and reports are those of judging every frame alone.
    func judge(_ window: ExposureWindow, into state: inout ExposureScanState, path: String) throws {
        for (offset, position) in window.outputs { state.noteOutput(at: offset, position: position) }
        var start = 0
        for (index, step) in window.frames.enumerated() {
            state.depart(window.departed[start..<window.departedEnds[index]], at: step.time)
            start = window.departedEnds[index]
        }
        state.frames = window.frames
        defer {
            state.frames.removeAll(keepingCapacity: true)
            state.waiting.removeAll(keepingCapacity: true)
        }
        let batches = window.batches
        guard !batches.isEmpty else { return }
        // Only frames that copied lines (or a title) have anything to judge.
        var frames = Set(batches.flatMap { $0.groups.map(\.frame) }).sorted()
        let alone = state.findingsInMostFrames
        if defers && frames.count > 1 && !alone {
            var shown = Set<Int>()
            for batch in batches {
                try framesShowingFindings(in: batch, known: state.values, path: path, into: &shown)
            }
            // Nearly every frame showed something (a flood): the pass found no frame to skip,
            // so the next windows judge every frame alone without it, until that changes.
            state.tallyFrames(frames.count, showing: shown.count)
            frames = shown.sorted()
        }
        var showing = 0
        for frame in frames {
            let found = try judge(
                batches.compactMap { $0.frames(frame..<(frame + 1)) }, at: state.frames[frame], into: &state, path: path
            )
            if found { showing += 1 }
        }
        if alone { state.tallyFrames(frames.count, showing: showing) }
    }

    /// Adds to `frames` the frames of `batch` with something found on their rows (a group's
    /// line above included) or in their title, by one detection pass over the batch.
    private func framesShowingFindings(
        in batch: ExposureBatch, known: KnownValues, path: String, into frames: inout Set<Int>
    ) throws {
        do {
            for group in batch.groups where group.isTitle && !frames.contains(group.frame) {
                if try !rules.findings(in: batch.lines(of: group).screen, known: known).isEmpty {
                    frames.insert(group.frame)
                }
            }
            guard let screen = batch.screen else { return }
            let found = try rules.findings(in: screen, known: known, contextRows: batch.contextRows)
            guard !found.isEmpty else { return }
            var frameOfRow = Array(repeating: -1, count: screen.rows)
            for group in batch.groups where !group.isTitle {
                for row in (group.start - group.context)..<(group.start + group.count) { frameOfRow[row] = group.frame }
            }
            for finding in found {
                for span in finding.spans where span.row < screen.rows && frameOfRow[span.row] >= 0 {
                    frames.insert(frameOfRow[span.row])
                }
            }
        } catch {
            throw InputError(path: path, message: "detection failed: \(error)")
        }
    }

    /// Judges each batch in one detection pass over its stacked lines, then records each
    /// group's findings in order, as judging the groups one by one would. A finding that
    /// reaches over two groups (which judging them alone cannot make) sends the batch back
    /// to judging group by group, as do declared regions (a rectangle counts screen rows,
    /// which stacking moves).
    /// Returns whether anything was found.
    @discardableResult
    private func judge(
        _ batches: [ExposureBatch], at step: CaptureStep, into state: inout ExposureScanState, path: String
    ) throws -> Bool {
        var any = false
        for var batch in batches {
            var judged: [(JudgedLines, [Finding])] = []
            var masked = Array(repeating: masking == nil, count: batch.groups.count)
            if let masking, var screen = batch.screen {
                // Only lines with a hidden cell can show something new.
                var hidden = Array(repeating: false, count: screen.rows)
                for cell in screen.cells.indices
                where masking.contains(batch.offsets[cell]) || screen.cells[cell].isSensitive {
                    screen.cells[cell] = .hidden
                    hidden[cell / screen.cols] = true
                }
                for (index, group) in batch.groups.enumerated() where !group.isTitle {
                    masked[index] = hidden[(group.start - group.context)..<(group.start + group.count)].contains(true)
                }
                batch.screen = screen
            }
            var byGroup: [[Finding]]? = nil
            if let screen = batch.screen, masked.contains(true), rules.regions.isEmpty {
                var groupOfRow = Array(repeating: -1, count: screen.rows)
                for (index, group) in batch.groups.enumerated() where !group.isTitle {
                    for row in group.start..<(group.start + group.count) { groupOfRow[row] = index }
                }
                var grouped = Array(repeating: [Finding](), count: batch.groups.count)
                var whole = true
                for finding in try findings(
                    in: screen, context: batch.contextRows, path: path, values: &state.values)
                where finding.location == .screen {
                    // Findings only on a line above a group (context) were judged with that line.
                    let groups = Set(finding.spans.compactMap { $0.row < groupOfRow.count ? groupOfRow[$0.row] : nil })
                        .subtracting([-1])
                    if groups.isEmpty { continue }
                    guard groups.count == 1, let index = groups.first else {
                        whole = false
                        break
                    }
                    grouped[index].append(finding)
                }
                byGroup = whole ? grouped : nil
            }
            for (index, group) in batch.groups.enumerated() where masked[index] && !(masking != nil && group.isTitle) {
                if group.isTitle {
                    let lines = batch.lines(of: group)
                    judged.append(
                        (
                            JudgedLines(
                                screen: lines.screen, offsets: lines.offsets, start: 0, count: 1, row: -1,
                                isLeaving: group.isLeaving, tag: group.tag),
                            try findings(in: lines.screen, path: path, values: &state.values)
                        ))
                } else if let byGroup {
                    judged.append(
                        (
                            JudgedLines(
                                screen: batch.screen!, offsets: batch.offsets, start: group.start, count: group.count,
                                row: group.row, isLeaving: group.isLeaving, tag: group.tag),
                            byGroup[index]
                        ))
                } else {
                    // The group alone with the line above it (masked with the batch).
                    let first = group.start - group.context
                    let alone = JudgedLines(
                        screen: batch.screen!, offsets: batch.offsets, start: group.start, count: group.count,
                        row: group.row, isLeaving: group.isLeaving, tag: group.tag
                    ).rows(from: first)
                    let cells = (first * alone.cols)..<((group.start + group.count) * alone.cols)
                    judged.append(
                        (
                            JudgedLines(
                                screen: alone, offsets: Array(batch.offsets[cells]), start: group.context,
                                count: group.count, row: group.row, isLeaving: group.isLeaving, tag: group.tag),
                            try findings(
                                in: alone, context: (0..<alone.rows).map { $0 < group.context }, path: path,
                                values: &state.values)
                        ))
                }
            }
            for (lines, findings) in judged {
                if !findings.isEmpty { any = true }
                record(findings, on: lines, at: step, into: &state)
            }
        }
        return any
    }

    /// Records the findings of one group of lines (spans on `lines.screen`).
    private func record(
        _ findings: [Finding], on lines: JudgedLines, at step: CaptureStep, into state: inout ExposureScanState
    ) {
        var found: [Int] = []
        var copies: [Int: Screen] = [:]
        for finding in findings where finding.isVisible(on: lines.screen) {
            // Only what touches the group's own rows (not only the line above it).
            let own = lines.start..<(lines.start + lines.count)
            if !lines.isTitle && !finding.spans.contains(where: { own.contains($0.row) }) { continue }
            var cellOffsets: [Int] = []
            if !lines.isTitle {
                for span in finding.spans {
                    for col in span.columns where span.row < lines.screen.rows && col < lines.screen.cols {
                        let offset = lines.offsets[span.row * lines.screen.cols + col]
                        if offset >= 0 { cellOffsets.append(offset) }
                    }
                }
            }
            state.offsets.insert(cellOffsets, rule: finding.ruleID)
            let key = Self.key(finding)
            let index: Int
            let spans =
                lines.isTitle
                ? finding.spans
                : finding.spans.map {
                    CellSpan(row: $0.row - lines.start + lines.row, col: $0.col, width: $0.width)
                }
            let start = cellOffsets.min()
            let drawn = step.line > 0 ? start.flatMap(state.event(ofOffset:)) : nil
            var place = ExposurePlace(
                spans: spans, time: step.time, event: step.event, offset: start,
                line: step.line > 0 ? (drawn?.position.line ?? step.line) : nil)
            place.dataIndex = drawn?.index
            place.dataLine = drawn?.position
            if let known = state.known[key] {
                index = known
                state.exposures[index].add(place, keys: &state.placeKeys[index])
            } else {
                let cell = lines.isTitle ? nil : spans.first
                if let grown = state.grown(finding, offset: start, cell: cell) {
                    // The same value typed on: one exposure, first seen when its first part was,
                    // now with the longer value (its fingerprint, its cells) at the place the
                    // shorter one had.
                    let alone = lines.alone(for: finding, copies: &copies)
                    state.exposures[grown].finding = finding.movedUp(by: alone.first)
                    state.exposures[grown].spans = spans
                    state.exposures[grown].lines = alone.screen
                    state.known[key] = grown
                    state.noteStart(grown, rule: finding.ruleID, offset: start, cell: cell)
                    state.regrow(grown, to: place)
                    if let time = step.time {
                        state.exposures[grown].lastSeen = max(state.exposures[grown].lastSeen ?? time, time)
                    }
                    found.append(grown)
                    continue
                }
                index = state.exposures.count
                state.noteStart(index, rule: finding.ruleID, offset: start, cell: cell)
                state.known[key] = index
                let alone = lines.alone(for: finding, copies: &copies)
                var exposure = CaptureExposure(
                    finding: finding.movedUp(by: alone.first), spans: spans, firstTime: step.time,
                    firstEvent: step.event, firstOffset: start, firstLine: place.line,
                    lastSeen: step.time, stillVisible: false,
                    lines: alone.screen)
                exposure.firstDataIndex = drawn?.index
                exposure.firstDataLine = drawn?.position
                var keys = Set<ExposurePlace.Key>()
                exposure.add(place, keys: &keys)
                state.exposures.append(exposure)
                state.placeKeys.append(keys)
            }
            if let time = step.time {
                state.exposures[index].lastSeen = max(state.exposures[index].lastSeen ?? time, time)
            }
            found.append(index)
        }
        guard !lines.isLeaving && !found.isEmpty else { return }
        if let left = state.waiting[lines.tag] {
            // The lines changed (or left) while they waited to be judged: seen until then.
            for index in found {
                state.exposures[index].lastSeen = max(state.exposures[index].lastSeen ?? 0, left ?? 0)
            }
        } else {
            state.tags[lines.tag] = found
        }
    }
}
