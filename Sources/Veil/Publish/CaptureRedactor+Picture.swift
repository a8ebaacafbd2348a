import VeilRedaction
import VeilScreen

extension CaptureRedactor {
    /// A frame as Veil draws it, in every format and in `veil snap`: the screen `veil redact`
    /// writes at that moment (every value the whole capture exposes hidden), judged again as
    /// a snapshot, so whatever the snapshot's own detection finds on it is hidden too.
    /// - Throws: ``Snapshotter/Failure`` when redaction fails (fail closed: no picture).
    public func picture(of redacted: Screen) throws -> Snapshotter.Judgement {
        try Snapshotter.judge(redacted, rules: rules, style: style)
    }

    /// A capture's picture at `time` (nil: its end), as an animation of it shows that moment:
    /// the screen after every event up to `time`. `hiddenSpans` counts the spans hidden on it.
    /// - Throws: ``InputError`` naming `path` (a bad event, `time` past the end);
    ///   ``Snapshotter/Failure``.
    public func picture(
        of input: CaptureInput, at time: Double?, cols: Int?, rows: Int?, path: String
    ) throws -> (screen: Screen, hiddenSpans: Int, report: CaptureExposureReport) {
        var (report, _, replay) = try replayed(input, to: time, cols: cols, rows: rows, path: path)
        let original = replay.capture.terminal.screen
        let redacted = replay.redactedScreen()
        let judgement = try picture(of: redacted)
        return (judgement.redacted, Self.spansChanged(from: original, to: redacted) + judgement.hiddenSpans, report)
    }

    /// The screen after every event of `input` and the plan that hides on it what `veil
    /// redact` hides there: the cells drawn by the bytes of every value the capture exposed
    /// at any moment (a card number printed whole, then cut back to its first digits), the
    /// cells the app marked, the title's findings. `veil snap` of raw bytes adds it to its own
    /// judgement of that screen (``Snapshotter/snapshot(of:coveredByApp:alsoHiding:)``). The
    /// plan is nil when no value was ever exposed: the judgement's screen is the final one, and
    /// the marks and the title are the snapshot's own to judge (no second replay).
    /// - Throws: ``InputError`` naming `path` (a bad event, a failed detection).
    public func finalScreen(
        of input: CaptureInput, cols: Int?, rows: Int?, path: String
    ) throws -> (screen: Screen, exposed: RedactionPlan?) {
        let (report, hidden) = try judge(input, cols: cols, rows: rows, path: path)
        if hidden.isEmpty { return (report.finalScreen, nil) }
        var replay = try self.replay(input, judged: report, hidden: hidden, to: nil, cols: cols, rows: rows, path: path)
        let screen = replay.capture.terminal.screen
        return (screen, replay.frames.plan(for: screen, offsets: replay.offsets.cellOffsets))
    }

    /// The runs of cells (and the title) that differ between two screens of one size.
    static func spansChanged(from original: Screen, to redacted: Screen) -> Int {
        guard original.cols == redacted.cols, original.rows == redacted.rows else { return 0 }
        var spans = original.title != redacted.title ? 1 : 0
        for row in 0..<original.rows {
            var inside = false
            for col in 0..<original.cols {
                let index = row * original.cols + col
                let differs = original.cells[index] != redacted.cells[index]
                if differs && !inside { spans += 1 }
                inside = differs
            }
        }
        return spans
    }
}
