import Dispatch
import Synchronization
import VeilRedaction
import VeilScreen

/// `veil redact`: a capture that plays the same screens with every exposed value hidden.
/// First the capture is judged (``ExposureScanner``), which records every input byte that
/// drew an exposed value; then it is replayed, and each frame's cells written by those bytes
/// (and the cells the app marked) are hidden before the frame is re-encoded. Even frames
/// where a value was only partly drawn show none of it.
public struct CaptureRedactor: Sendable {
    /// What is sensitive.
    public var rules: RuleSet
    /// How hidden cells look.
    public var style: RedactionStyle

    public init(rules: RuleSet, style: RedactionStyle = .solid) {
        self.rules = rules
        self.style = style
    }

    /// A moment chosen for a picture: the redacted screen after event `event` (-1: before the
    /// first) as it shows at `time`.
    public struct Frame: Sendable {
        public var event: Int
        public var time: Double
        public var screen: Screen
    }

    /// Which frames of a recording ``frames(of:every:cols:rows:path:)`` returns.
    public enum FrameChoice: Sendable, Hashable {
        /// The screen at 0, s, 2s, … seconds (after the last event at or before each).
        case every(Double)
        /// The frames where an exposed value first showed.
        case firstAppearances
    }

    /// Redacted screens of chosen frames of a recording (for `veil snap --frames`).
    /// - Throws: ``InputError`` naming `path`; for raw bytes (which have no frames).
    public func frames(
        of input: CaptureInput, choosing choice: FrameChoice, cols: Int?, rows: Int?,
        path: String
    ) throws -> (frames: [Frame], report: CaptureExposureReport) {
        guard input.recordingHeader != nil else {
            throw InputError(path: path, message: "--frames applies to asciicast recordings (.cast) only")
        }
        let (report, hidden) = try judge(input, cols: cols, rows: rows, path: path)
        var replay = try Replay(
            self, input: input, hidden: hidden, values: report.values, cols: cols, rows: rows, path: path)
        let firsts = Set(report.exposures.compactMap(\.firstEvent))
        var nextTick = 0.0
        var frames: [Frame] = []
        var previous: Int? = nil
        var end = 0.0
        try input.forEachStep(followingResizes: cols == nil && rows == nil) { step in
            let time = step.time ?? 0
            end = time
            // --every: the screen as it was at each tick passed before this event.
            if case .every(let interval) = choice {
                while nextTick < time {
                    frames.append(Frame(event: previous ?? -1, time: nextTick, screen: replay.redactedScreen()))
                    nextTick += interval
                }
            }
            guard try replay.apply(step) else { return }
            previous = step.event
            if case .firstAppearances = choice, let event = step.event, firsts.contains(event) {
                frames.append(Frame(event: event, time: time, screen: replay.redactedScreen()))
            }
        }
        if case .every(let interval) = choice {
            while nextTick <= end {
                frames.append(Frame(event: previous ?? -1, time: nextTick, screen: replay.redactedScreen()))
                nextTick += interval
            }
        }
        return (frames, report)
    }

    /// Writes the redacted capture through `write` as it goes (bounded memory): an asciicast
    /// for a recording (same version), terminal bytes for raw bytes. Returns the exposures
    /// that were hidden.
    /// - Throws: ``InputError`` naming `path` (nothing useful was written: the caller
    ///   discards the output); whatever `write` throws.
    public func redact(
        _ input: CaptureInput, cols: Int?, rows: Int?, path: String,
        to write: ([UInt8]) throws -> Void
    ) throws -> CaptureExposureReport {
        let (report, hidden) = try judge(input, cols: cols, rows: rows, path: path)
        var replay = try Replay(
            self, input: input, hidden: hidden, values: report.values, cols: cols, rows: rows, path: path)
        let size = input.size(cols: cols, rows: rows)
        if let header = input.recordingHeader {
            var writer = RedactedRecordingWriter(
                version: header.version, cols: size.cols, rows: size.rows,
                timestamp: header.timestamp, idleTimeLimit: header.idleTimeLimit)
            try input.forEachStep(followingResizes: cols == nil && rows == nil) { step in
                let time = step.time ?? 0
                if case .resize(let newCols, let newRows) = step.kind {
                    writer.resize(cols: newCols, rows: newRows, at: time)
                }
                if case .other(let code, let data) = step.kind {
                    switch code {
                    case "m": writer.marker(replay.frames.safeLabel(data), at: time)
                    case "x": writer.exit(status: data.allSatisfy(\.isNumber) ? data : "", at: time)
                    default: break  // input ("i") may be typed secrets; unknown codes are dropped
                    }
                }
                guard try replay.apply(step) else { return }
                writer.frame(replay.redactedScreen(), at: time)
                if writer.pendingCount >= 1 << 16 { try write(writer.takeBytes()) }
            }
            try write(writer.takeBytes())
        } else {
            var encoder = ScreenEncoder(cols: size.cols, rows: size.rows)
            try input.forEachStep { step in
                guard try replay.apply(step) else { return }
                try write(encoder.encode(replay.redactedScreen()))
            }
        }
        return report
    }

    /// The redacted capture in memory: an asciicast for a recording (same version), terminal
    /// bytes for raw bytes; and the exposures that were hidden.
    /// - Throws: ``InputError`` naming `path`.
    public func redact(_ input: CaptureInput, cols: Int?, rows: Int?, path: String) throws
        -> (bytes: [UInt8], report: CaptureExposureReport)
    {
        var bytes: [UInt8] = []
        let report = try redact(input, cols: cols, rows: rows, path: path) { bytes += $0 }
        return (bytes, report)
    }

    /// The exposures, and the offsets of every byte to hide: those that drew an exposed
    /// value; those of its earlier complete copies (judged again with every value found
    /// anywhere known from the start: the input is a file, not a stream); then those of values
    /// that hiding them reveals (a number glued to a hidden one is found once its neighbour is
    /// blank): judged again with the hidden cells blank until nothing new is found, at most 4
    /// more rounds.
    /// `watcher` sees each step of the first reading (``ExposureScanner/scan(_:cols:rows:path:watching:)``).
    ///
    /// The second reading and the first masked one usually start from the same values and
    /// hidden bytes (an earlier copy is rare), so on a large input with a second processor
    /// they run side by side, the masked one with what the first reading found; its result is
    /// kept only when the second reading added nothing, so the outcome is that of the readings
    /// made one after the other.
    func judge(
        _ input: CaptureInput, cols: Int?, rows: Int?, path: String, watching watcher: ((CaptureStep) -> Void)? = nil
    ) throws -> (report: CaptureExposureReport, hidden: OffsetSet) {
        var report = try ExposureScanner(rules: rules).scan(
            input, cols: cols, rows: rows, path: path, watching: watcher)
        var hidden = OffsetSet()
        for offset in report.sensitiveOffsets.keys { hidden.insert(offset) }
        var values = report.values
        var firstMasked: CaptureExposureReport? = nil
        if !values.isEmpty {
            let sideBySide =
                !report.sensitiveOffsets.isEmpty && ExposureScanner.concurrent
                && !input.holds(fewerThan: sideBySideFromBytes)
            let (again, masked) = try seededReadings(
                input, values: values, masking: sideBySide ? hidden : nil, cols: cols, rows: rows, path: path)
            var added = false
            for (offset, rule) in again.sensitiveOffsets.elements where !hidden.contains(offset) {
                hidden.insert(offset)
                report.sensitiveOffsets.insert(offset, rule: rule)
                added = true
            }
            if !added && again.values.remembersTheSame(as: values) { firstMasked = masked }
            values = again.values
        }
        report.values = values
        for _ in 0..<4 where !report.sensitiveOffsets.isEmpty {
            let again: CaptureExposureReport
            if let masked = firstMasked {
                again = masked
                firstMasked = nil
            } else {
                again = try maskedReading(input, values: values, hidden: hidden, cols: cols, rows: rows, path: path)
            }
            let new = again.sensitiveOffsets.elements.filter { !hidden.contains($0.offset) }
            if new.isEmpty { break }
            for (offset, rule) in new {
                hidden.insert(offset)
                report.sensitiveOffsets.insert(offset, rule: rule)
            }
            report.exposures += again.exposures.filter { exposure in
                !report.exposures.contains { ExposureScanner.key($0.finding) == ExposureScanner.key(exposure.finding) }
            }
        }
        return (report, hidden)
    }

    /// The smallest input whose second and first masked readings run side by side (as
    /// ``ExposureScanner``'s windows are judged on a second thread from this size).
    var sideBySideFromBytes = ExposureScanner.smallInputBytes

    /// The reading seeded with `values`, and beside it (when `masking` is given) the masked
    /// reading with the same seed (nil when it failed: the rounds make it again).
    func seededReadings(
        _ input: CaptureInput, values: KnownValues, masking: OffsetSet?, cols: Int?, rows: Int?, path: String
    ) throws -> (seeded: CaptureExposureReport, masked: CaptureExposureReport?) {
        let scanner = {
            var scanner = ExposureScanner(rules: rules)
            scanner.seed = values
            return scanner
        }()
        guard let masking else { return (try scanner.scan(input, cols: cols, rows: rows, path: path), nil) }
        let seeded = Mutex<Result<CaptureExposureReport, any Error>?>(nil)
        let masked = Mutex<CaptureExposureReport?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { reading in
            if reading == 0 {
                let result = Result { try scanner.scan(input, cols: cols, rows: rows, path: path) }
                seeded.withLock { $0 = result }
            } else {
                // A failed masked reading is dropped: the rounds make it again and throw there.
                let result = try? maskedReading(
                    input, values: values, hidden: masking, cols: cols, rows: rows, path: path)
                masked.withLock { $0 = result }
            }
        }
        let result = seeded.withLock { $0 } ?? Result { try scanner.scan(input, cols: cols, rows: rows, path: path) }
        return (try result.get(), masked.withLock { $0 })
    }

    /// The reading with `values` known and the cells drawn by `hidden` blank.
    private func maskedReading(
        _ input: CaptureInput, values: KnownValues, hidden: OffsetSet, cols: Int?, rows: Int?, path: String
    ) throws -> CaptureExposureReport {
        var scanner = ExposureScanner(rules: rules)
        scanner.seed = values
        scanner.masking = hidden
        return try scanner.scan(input, cols: cols, rows: rows, path: path)
    }

    /// The second pass: the capture replayed with the offsets of exposed bytes known.
    struct Replay {
        var capture: CaptureReplay
        /// Which input byte wrote each cell.
        let offsets: ExposureTracker
        var frames: FrameRedactor

        init(
            _ redactor: CaptureRedactor, input: CaptureInput, hidden: OffsetSet, values: KnownValues, cols: Int?,
            rows: Int?, path: String
        ) throws {
            frames = FrameRedactor(rules: redactor.rules, style: redactor.style, hidden: hidden, values: values)
            let size = input.size(cols: cols, rows: rows)
            capture = try CaptureReplay(input, cols: cols, rows: rows, path: path)
            offsets = ExposureTracker(mode: .offsetsOnly, cols: size.cols, rows: size.rows)
            capture.terminal.observer = offsets
        }

        /// Feeds or resizes (``CaptureReplay/apply(_:)``); false for a step that shows no frame.
        mutating func apply(_ step: CaptureStep) throws -> Bool {
            try capture.apply(step)
        }

        mutating func redactedScreen() -> Screen {
            frames.redacted(capture.terminal.screen, offsets: offsets.cellOffsets)
        }
    }
}

/// A set of input offsets as bits: one lookup per cell of every frame.
struct OffsetSet: Sendable {
    private var words: [UInt64] = []
    private(set) var isEmpty = true
    /// The smallest and largest offsets in the set (a quick test for most cells).
    private var lowest = Int.max
    private var highest = -1

    mutating func insert(_ offset: Int) {
        guard offset >= 0 else { return }
        let word = offset >> 6
        if word >= words.count { words += Array(repeating: 0, count: word + 1 - words.count) }
        words[word] |= 1 << UInt64(offset & 63)
        isEmpty = false
        lowest = min(lowest, offset)
        highest = max(highest, offset)
    }

    @inline(__always)
    func contains(_ offset: Int) -> Bool {
        guard offset >= lowest && offset <= highest else { return false }
        return words[offset >> 6] & (1 << UInt64(offset & 63)) != 0
    }
}

/// Hides, on one frame, the cells drawn by exposed bytes and the cells the app marked, and
/// the title's findings.
struct FrameRedactor: Sendable {
    var rules: RuleSet
    var style: RedactionStyle
    var hidden: OffsetSet
    /// Every value found in the input: a marker label holding one is dropped.
    var values: KnownValues
    private var titles: [String: [RedactionPlan.Entry]] = [:]

    init(rules: RuleSet, style: RedactionStyle, hidden: OffsetSet, values: KnownValues = KnownValues()) {
        self.rules = rules
        self.style = style
        self.hidden = hidden
        self.values = values
    }

    mutating func redacted(_ screen: Screen, offsets: [Int]) -> Screen {
        let plan = plan(for: screen, offsets: offsets)
        if plan.entries.isEmpty && plan.titleEntries.isEmpty { return screen }
        return Redactor(rules: rules, style: style).redact(screen, using: plan).screen
    }

    /// The plan that hides, on `screen` (whose cells `offsets` wrote), the cells drawn by
    /// ``hidden`` offsets, the cells the app marked, and the title's findings.
    mutating func plan(for screen: Screen, offsets: [Int]) -> RedactionPlan {
        var plan = RedactionPlan(cols: screen.cols, rows: screen.rows)
        let cols = screen.cols
        // Marks exist only once a reason was interned; most frames need the offsets alone.
        let marks = screen.sensitiveReasons.count > 1
        let hidden = self.hidden
        let style = self.style
        screen.cells.withUnsafeBufferPointer { cells in
            offsets.withUnsafeBufferPointer { offsets in
                @inline(__always) func isHidden(_ index: Int) -> Bool {
                    (index < offsets.count && hidden.contains(offsets[index])) || (marks && cells[index].isSensitive)
                }
                for row in 0..<screen.rows {
                    var col = 0
                    while col < cols {
                        guard isHidden(row * cols + col) else {
                            col += 1
                            continue
                        }
                        var end = col + 1
                        while end < cols && isHidden(row * cols + end) { end += 1 }
                        plan.entries.append(
                            RedactionPlan.Entry(
                                row: row, col: col, width: end - col, ruleID: "exposed", category: .secret,
                                severity: .block, fingerprint: "", style: style))
                        col = end
                    }
                }
            }
        }
        if !screen.title.isEmpty { plan.titleEntries = titleEntries(screen.title) }
        return plan
    }

    private mutating func titleEntries(_ title: String) -> [RedactionPlan.Entry] {
        if let known = titles[title] { return known }
        var screen = try! Screen(cols: 1, rows: 1)
        screen.title = title
        // Fail closed: a title that cannot be judged is hidden whole.
        let entries =
            (try? Redactor(rules: rules, style: style).plan(for: screen).titleEntries)
            ?? [
                RedactionPlan.Entry(
                    row: 0, col: 0, width: title.count, ruleID: "exposed", category: .secret,
                    severity: .block, fingerprint: "", style: style)
            ]
        titles[title] = entries
        return entries
    }

    /// A marker's label, or "" when it holds a control character, or the rules (whether or
    /// not they scan the window title) or a value found in the input find anything in it: it
    /// is judged as a line of screen text.
    func safeLabel(_ label: String) -> String {
        guard !label.isEmpty, label.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            return ""
        }
        // Wide enough for every character at two columns, wrapping past 1,000 columns.
        let columns = max(1, label.unicodeScalars.count * 2)
        let rows = columns / 1000 + 1
        guard rows <= 1000, var terminal = try? Terminal(cols: min(1000, columns), rows: rows) else { return "" }
        terminal.feed(Array(label.utf8))
        guard let findings = try? rules.findings(in: terminal.screen, known: values), findings.isEmpty else {
            return ""
        }
        return label
    }
}
