import VeilRedaction
import VeilRender
import VeilScreen

/// Writes a capture as a redacted animation (GIF, WebP, SVG): `veil redact -o OUT.gif`.
///
/// Every frame comes from the one replay of the capture with the redaction `veil redact`
/// applies (every value the whole capture exposes is hidden at every moment), is judged
/// again as a snapshot (``CaptureRedactor/picture(of:)``), and is drawn by the rasterizer
/// every snapshot is drawn by: the frame an animation shows at a moment is the PNG `veil
/// snap INPUT --at` that moment writes, pixel for pixel (SVG: the same cells and colours).
/// Frames where nothing visible changed are merged; the output is streamed (GIF and SVG as
/// they are made; WebP assembled at the end from compressed frames), so memory does not
/// grow with the recording's length. A raw capture (`.ans`, standard input) has no timing:
/// its animation is one frame, its final screen.
///
/// ```swift
/// let animation = RedactedAnimation(format: .gif, rules: rules, settings: AnimationSettings())
/// try AtomicFile.write(to: url) { write in
///     _ = try animation.write(capture, cols: nil, rows: nil, path: "demo.cast", to: write)
/// }
/// ```
public struct RedactedAnimation: Sendable {
    /// The format written: ``OutputFormat/gif``, ``OutputFormat/webp`` or ``OutputFormat/svg``.
    public var format: OutputFormat
    /// What is sensitive.
    public var rules: RuleSet
    /// Timing and drawing.
    public var settings: AnimationSettings

    public init(format: OutputFormat, rules: RuleSet, settings: AnimationSettings) {
        precondition(format.isPicture, "RedactedAnimation writes GIF, WebP or SVG")
        self.format = format
        self.rules = rules
        self.settings = settings
    }

    /// What was written.
    public struct Report: Sendable {
        /// The exposures that were hidden (and the capture's warnings).
        public var exposures: CaptureExposureReport
        /// The frames written (after merging frames that changed nothing).
        public var frameCount: Int
        /// The animation's length, milliseconds.
        public var durationMilliseconds: Int
        /// The canvas in cells.
        public var cols: Int
        public var rows: Int
    }

    /// Where the work is, for a progress line.
    public enum Progress: Sendable {
        /// Reading the capture for what it exposes.
        case scanning
        /// Drawing frames; the share of the recording's time done (0…1).
        case drawing(fraction: Double)
    }

    /// The library the format needs, loaded before any work (a missing one is reported
    /// before the capture is read).
    /// - Throws: ``MediaError/missingLibrary(_:reason:)``.
    public func checkLibraries() throws(MediaError) {
        switch format {
        case .gif: try MediaLibrary.giflib.load()
        case .webp: try MediaLibrary.libwebp.load()
        default: break
        }
    }

    /// Writes the animation of `input` through `write`.
    /// - Throws: ``MediaError`` (a missing library), ``InputError`` naming `path`,
    ///   ``Snapshotter/Failure`` (fail closed), ``RenderError``; whatever `write` throws.
    public func write(
        _ input: CaptureInput, cols: Int?, rows: Int?, path: String,
        progress: ((Progress) -> Void)? = nil, to write: ([UInt8]) throws -> Void
    ) throws -> Report {
        try checkLibraries()
        let followingResizes = cols == nil && rows == nil
        progress?(.scanning)
        let redactor = CaptureRedactor(rules: rules, style: settings.style)
        // The canvas and the timeline's end come from the judging's first reading.
        var shape = RecordingShape(
            of: input, cols: cols, rows: rows,
            timeline: settings.timeline(recordingIdleLimit: input.recordingHeader?.idleTimeLimit))
        let (report, hidden) = try redactor.judge(
            input, cols: cols, rows: rows, path: path,
            watching: input.recordingHeader == nil ? nil : { shape.add($0) })
        shape.finish()
        var replay = try CaptureRedactor.Replay(
            redactor, input: input, hidden: hidden, values: report.values, cols: cols, rows: rows, path: path)
        let rasterizer = Rasterizer(
            font: try BitmapFont.unifont(), theme: settings.theme, options: RenderOptions(scale: settings.scale))
        let endMilliseconds = AnimationTimeline.milliseconds(shape.end)
        var sink: any FrameSink =
            switch format {
            case .gif:
                try GIFFrameSink(rasterizer: rasterizer, cols: shape.cols, rows: shape.rows, loops: settings.loops)
            case .webp:
                try WebPFrameSink(rasterizer: rasterizer, cols: shape.cols, rows: shape.rows, loops: settings.loops)
            default:
                SVGFrameSink(
                    rasterizer: rasterizer, cols: shape.cols, rows: shape.rows, durationMilliseconds: endMilliseconds,
                    loops: settings.loops)
            }
        func emit(at seconds: Double) throws {
            let picture = try redactor.picture(of: replay.redactedScreen()).redacted
            try sink.frame(picture, atMilliseconds: AnimationTimeline.milliseconds(seconds), write: write)
        }
        if input.recordingHeader != nil {
            var timeline = AnimationTimeline(settings: shape.timeline)
            var lastReport = -1.0
            try input.forEachStep(followingResizes: followingResizes) { step in
                guard step.endsFrame else { return }
                let time = step.time ?? 0
                let play = timeline.playTime(ofEventAt: time)
                if let due = timeline.emission(before: play) { try emit(at: due) }
                guard try replay.capture.apply(step) else { return }
                timeline.applied(at: play)
                if let progress, shape.lastEventTime > 0, time - lastReport >= shape.lastEventTime / 200 {
                    lastReport = time
                    progress(.drawing(fraction: min(1, time / shape.lastEventTime)))
                }
            }
            let (due, _) = timeline.finish()
            if let due { try emit(at: due) }
        } else {
            try input.forEachStep { step in _ = try replay.capture.apply(step) }
            try emit(at: 0)
        }
        try sink.finish(atMilliseconds: endMilliseconds, write: write)
        return Report(
            exposures: report, frameCount: sink.frameCount, durationMilliseconds: endMilliseconds, cols: shape.cols,
            rows: shape.rows)
    }
}

/// What a reading of a recording tells before any frame is drawn: the canvas (the largest
/// size it resizes to) and the timeline's end (SVG's keyframes are fractions of it). Give it
/// every step of one reading that follows the resizes as the drawing will (``add(_:)``), then
/// ``finish()``.
struct RecordingShape {
    var cols: Int
    var rows: Int
    var timeline: AnimationTimeline.Settings
    /// When the animation ends, seconds of play (0 for a raw capture: one still frame).
    var end = 0.0
    /// The recording time of its last event.
    var lastEventTime = 0.0
    private var clock: AnimationTimeline?

    /// The shape of `input` before any step: its size (or `cols`/`rows`).
    init(of input: CaptureInput, cols: Int?, rows: Int?, timeline settings: AnimationTimeline.Settings) {
        let size = input.size(cols: cols, rows: rows)
        self.cols = size.cols
        self.rows = size.rows
        timeline = settings
        if input.recordingHeader != nil { clock = AnimationTimeline(settings: settings) }
    }

    /// Takes the next step of the reading.
    mutating func add(_ step: CaptureStep) {
        guard step.endsFrame, var clock else { return }
        let play = clock.playTime(ofEventAt: step.time ?? 0)
        _ = clock.emission(before: play)
        clock.applied(at: play)
        self.clock = clock
        lastEventTime = max(lastEventTime, step.time ?? 0)
        if case .resize(let newCols, let newRows) = step.kind, (1...1000).contains(newCols),
            (1...1000).contains(newRows)
        {
            cols = max(cols, newCols)
            rows = max(rows, newRows)
        }
    }

    /// After the last step: the animation's end.
    mutating func finish() {
        guard var clock else { return }
        end = clock.finish().end
    }
}
