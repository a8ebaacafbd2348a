import VeilRedaction
import VeilScreen

extension CaptureRedactor {
    /// One moment of a capture, judged as `veil snap --at` draws it: with every value the
    /// whole capture exposes (`veil scan --at`).
    public struct Moment: Sendable {
        /// The screen at that moment, as the capture shows it (nothing hidden).
        public var screen: Screen
        /// What it shows: the rules' findings on it (values found anywhere in the capture
        /// included, wherever they show again), then each exposed value only partly drawn at
        /// that moment (the value's finding, on the cells of the part shown).
        public var findings: [Finding]
        /// The judgement of the whole capture.
        public var report: CaptureExposureReport
    }

    /// The screen after every event up to `time` (nil: the capture's end) and what it shows:
    /// the cells a redacted capture hides at that moment are each part of a finding, so a
    /// prefix typed before its value was complete (`4539 1488 0` of a card number) is a
    /// finding of that value, as `veil redact` and `veil snap --at` hide it.
    /// - Throws: ``InputError`` naming `path` (a bad event, `time` past the end, a failed
    ///   detection).
    public func moment(
        of input: CaptureInput, at time: Double?, cols: Int?, rows: Int?, path: String
    ) throws -> Moment {
        let (report, hidden, replay) = try replayed(input, to: time, cols: cols, rows: rows, path: path)
        let screen = replay.capture.terminal.screen
        var findings: [Finding]
        do {
            findings = try rules.findings(in: screen, known: report.values)
        } catch {
            throw InputError(path: path, message: "detection failed: \(error)")
        }
        // A prefix of a value typed on later is that value's finding (its fingerprint).
        findings = findings.map { finding in
            guard finding.location == .screen, let index = report.exposureOfKey[ExposureScanner.key(finding)]
            else { return finding }
            let whole = report.exposures[index].finding
            return ExposureScanner.key(whole) == ExposureScanner.key(finding)
                ? finding : whole.placed(at: finding.spans)
        }
        findings += Self.partlyDrawn(
            on: screen, offsets: replay.offsets.cellOffsets, hidden: hidden, covered: findings, report: report)
        return Moment(screen: screen, findings: findings, report: report)
    }

    /// The exposed values drawn on `screen` only in part: runs of cells written by `hidden`
    /// offsets that no finding in `covered` covers, each given to the exposure of the rule
    /// that found its bytes whose value holds the run's text (the first of that rule when
    /// none does), one finding per exposure with all its runs.
    static func partlyDrawn(
        on screen: Screen, offsets: [Int], hidden: OffsetSet, covered: [Finding], report: CaptureExposureReport
    ) -> [Finding] {
        guard !hidden.isEmpty else { return [] }
        var isCovered = Array(repeating: false, count: screen.cols * screen.rows)
        for finding in covered where finding.location == .screen {
            for span in finding.spans where span.row < screen.rows {
                for col in span.columns where col < screen.cols { isCovered[span.row * screen.cols + col] = true }
            }
        }
        func isPart(_ index: Int) -> Bool {
            index < offsets.count && !isCovered[index] && hidden.contains(offsets[index])
        }
        var parts: [Int: [CellSpan]] = [:]
        var order: [Int] = []
        for row in 0..<screen.rows {
            var col = 0
            while col < screen.cols {
                let start = row * screen.cols + col
                guard isPart(start) else {
                    col += 1
                    continue
                }
                var width = 1
                while col + width < screen.cols && isPart(start + width) { width += 1 }
                let text = (col..<(col + width)).map { screen.text(row: row, col: $0) }.joined()
                if let index = exposure(drawnBy: offsets[start], text: text, in: report) {
                    if parts[index] == nil { order.append(index) }
                    parts[index, default: []].append(CellSpan(row: row, col: col, width: width))
                }
                col += width
            }
        }
        return order.map { report.exposures[$0].finding.placed(at: parts[$0] ?? []) }
    }

    /// The exposure whose bytes include `offset`'s, showing `text`.
    private static func exposure(drawnBy offset: Int, text: String, in report: CaptureExposureReport) -> Int? {
        guard let rule = report.sensitiveOffsets[offset] else { return nil }
        let candidates = report.exposures.indices.filter {
            report.exposures[$0].finding.ruleID == rule && report.exposures[$0].finding.location == .screen
        }
        return candidates.first { report.exposures[$0].finding.valueHolds(text) } ?? candidates.first
    }

    /// The whole capture judged, then replayed (redacting as ``veil redact`` does) up to `time`
    /// (nil: its end): what a single moment is drawn and judged from (``moment(of:at:cols:rows:path:)``,
    /// ``picture(of:at:cols:rows:path:)``).
    /// - Throws: ``InputError`` naming `path` (a bad event, `time` past the recording's end).
    func replayed(
        _ input: CaptureInput, to time: Double?, cols: Int?, rows: Int?, path: String
    ) throws -> (report: CaptureExposureReport, hidden: OffsetSet, replay: Replay) {
        let (report, hidden) = try judge(input, cols: cols, rows: rows, path: path)
        let replay = try self.replay(
            input, judged: report, hidden: hidden, to: time, cols: cols, rows: rows, path: path)
        return (report, hidden, replay)
    }

    /// ``replayed(_:to:cols:rows:path:)`` of a capture already judged (``judge(_:cols:rows:path:)``).
    func replay(
        _ input: CaptureInput, judged report: CaptureExposureReport, hidden: OffsetSet, to time: Double?, cols: Int?,
        rows: Int?, path: String
    ) throws -> Replay {
        var replay = try Replay(
            self, input: input, hidden: hidden, values: report.values, cols: cols, rows: rows, path: path)
        var end = 0.0
        try input.forEachStep(followingResizes: cols == nil && rows == nil) { step in
            let stepTime = step.time ?? 0
            end = max(end, stepTime)
            if let time, stepTime > time { return }
            _ = try replay.capture.apply(step)
        }
        if let time, time > end, input.recordingHeader != nil {
            throw InputError(path: path, message: "--at \(time) is after the recording's end (\(end) s)")
        }
        return replay
    }
}
