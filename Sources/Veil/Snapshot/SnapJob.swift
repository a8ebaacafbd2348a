import Foundation
import VeilRedaction
import VeilRender
import VeilScreen

/// `veil snap` from its input to the written image, so the command line only parses options
/// and prints: a capture's screen at a moment (or a live program's screen) redacted,
/// rendered and written as one PNG (a file written atomically, or standard output), or
/// chosen frames of a recording written into a folder. Nothing is written when anything
/// fails.
///
/// ```swift
/// let job = try SnapJob(settings: SnapshotSettings(rules: .builtIn))
/// let written = try job.run(.capture(path: "pane.ans"), to: .file("pane.png"))
/// print("\(written.output): \(written.hiddenSpans) hidden")
/// ```
public struct SnapJob: Sendable {
    /// Where the screen comes from.
    public enum Source: Sendable {
        /// The capture at `path` (`-` for standard input), named `name` in messages, at a
        /// recording's moment `at` (its end when nil); `cols`/`rows` fix the size, `raw`
        /// feeds line feeds as given (``TerminalCapture/capture(path:name:cols:rows:at:raw:workBudget:)``).
        case capture(
            path: String, name: String? = nil, at: Double? = nil, raw: Bool = false, cols: Int? = nil, rows: Int? = nil)
        /// A program run in a pseudo-terminal, snapshotted when it exits or goes idle
        /// (``LiveCapture``).
        case command(LiveCapture)
    }

    /// What a snapshot wrote.
    public struct Written: Sendable {
        /// Where it went.
        public var output: OutputTarget
        /// Hidden spans (cells and title).
        public var hiddenSpans: Int
        /// What was unusual but read, or left unscanned (one sentence each, no secrets).
        public var warnings: [String]
        /// What the reader may want to know (a program that did not exit 0).
        public var notes: [String]
    }

    /// The snapshotter (rules, style, theme, scale) every image is made with.
    public let snapshotter: Snapshotter

    /// - Throws: when the bundled font cannot be loaded or the scale is not 1…3.
    public init(settings: SnapshotSettings) throws {
        snapshotter = try Snapshotter(settings: settings)
    }

    /// The PNG of `source`'s screen, written to `output` as `policy` allows.
    /// - Throws: ``InputError`` for a bad input, standard output on a terminal, or a program
    ///   that failed; ``Snapshotter/Failure``; the writer's error. Nothing is written then.
    public func run(_ source: Source, to output: OutputTarget, policy: OutputPolicy = .standard) throws -> Written {
        try output.refuseBinaryOnTerminal("the PNG")
        var warnings: [String] = []
        var notes: [String] = []
        let screen: Screen
        var exposed: RedactionPlan? = nil
        switch source {
        case .capture(let path, let name, let at, let raw, let cols, let rows):
            let name = name ?? (path == "-" ? "<stdin>" : path)
            let input = try CaptureInput.read(path: path, name: name, raw: raw, cols: cols, rows: rows) {
                warnings.append($0)
            }
            if input.recordingHeader != nil {
                return try writeRecordingFrame(
                    of: input, at: at, cols: cols, rows: rows, name: name, to: output, policy: policy,
                    warnings: warnings)
            }
            // Raw bytes are judged at every moment too, as `veil redact` judges them: what
            // they showed whole and then cut back is hidden on the final screen as well.
            try CaptureReplay.check(moment: at, of: input, path: name)
            let redactor = CaptureRedactor(rules: snapshotter.settings.rules, style: snapshotter.settings.style)
            (screen, exposed) = try redactor.finalScreen(of: input, cols: cols, rows: rows, path: name)
        case .command(let live):
            let result = try live.run()
            if let exit = result.exit, exit != .exited(0) { notes.append("\(live.command[0]) \(exit)") }
            screen = result.screen
        }
        let outcome = try snapshotter.snapshot(of: screen, alsoHiding: exposed)
        warnings += outcome.unscannedWarnings(rules: snapshotter.settings.rules)
        try output.write(outcome.png, binary: true, policy: policy)
        return Written(output: output, hiddenSpans: outcome.hiddenSpans, warnings: warnings, notes: notes)
    }

    /// A recording's frame at `time` (its end when nil), as its GIF, WebP or SVG shows that
    /// moment: redacted as `veil redact` redacts the recording (every value the recording
    /// exposes hidden, even where it is only partly drawn), then judged as a snapshot
    /// (``CaptureRedactor/picture(of:at:cols:rows:path:)``).
    private func writeRecordingFrame(
        of input: CaptureInput, at time: Double?, cols: Int?, rows: Int?, name: String, to output: OutputTarget,
        policy: OutputPolicy, warnings: [String]
    ) throws -> Written {
        let settings = snapshotter.settings
        let frame = try CaptureRedactor(rules: settings.rules, style: settings.style)
            .picture(of: input, at: time, cols: cols, rows: rows, path: name)
        let png = try snapshotter.png(ofRedacted: frame.screen)
        try output.write(png, binary: true, policy: policy)
        return Written(
            output: output, hiddenSpans: frame.hiddenSpans, warnings: warnings + frame.report.warnings, notes: [])
    }

    /// What ``writeFrames(of:choosing:into:)`` wrote.
    public struct FramesWritten: Sendable {
        /// The folder.
        public var folder: String
        /// The PNGs written, by name.
        public var names: [String]
        /// The distinct values the recording exposed (all hidden).
        public var exposedValues: Int
        /// What was unusual but read.
        public var warnings: [String]
    }

    /// The redacted PNG of chosen frames of the recording at `path` (`snap --frames`), each
    /// judged again as a snapshot (``CaptureRedactor/picture(of:)``), in
    /// `folder` (made when missing): `frame-<seconds>s-event-<event>.png`, or
    /// `frame-<seconds>s-start.png` before the first event, as `policy` allows. Every picture
    /// is drawn before any is written: an error leaves no partial set.
    /// - Throws: ``InputError`` naming `path` (also for raw bytes, which have no frames).
    public func writeFrames(
        of path: String, name: String? = nil, choosing choice: CaptureRedactor.FrameChoice, cols: Int? = nil,
        rows: Int? = nil, into folder: String, policy: OutputPolicy = .standard
    ) throws -> FramesWritten {
        let name = name ?? (path == "-" ? "<stdin>" : path)
        var warnings: [String] = []
        let input = try CaptureInput.read(path: path, name: name, cols: cols, rows: rows) { warnings.append($0) }
        let settings = snapshotter.settings
        let redactor = CaptureRedactor(rules: settings.rules, style: settings.style)
        let result = try redactor.frames(of: input, choosing: choice, cols: cols, rows: rows, path: name)
        warnings += result.report.warnings
        let pictures = try result.frames.map { frame in
            (
                name: Self.frameName(frame),
                png: try snapshotter.png(ofRedacted: try redactor.picture(of: frame.screen).redacted)
            )
        }
        let output = try OutputFolder.open(folder, policy: policy, creating: true)
        for picture in pictures {
            try output.write(picture.png, to: picture.name)
        }
        return FramesWritten(
            folder: folder, names: pictures.map(\.name), exposedValues: result.report.exposures.count,
            warnings: warnings)
    }

    /// `frame-00012.50s-event-7.png`, or `frame-00000.00s-start.png` before the first event.
    static func frameName(_ frame: CaptureRedactor.Frame) -> String {
        frame.event < 0
            ? String(format: "frame-%08.2fs-start.png", frame.time)
            : String(format: "frame-%08.2fs-event-%d.png", frame.time, frame.event)
    }

    /// The PNG `veil snap INPUT` writes without `-o`: `name.png` in the current folder for
    /// `name.ans` or `name.cast`; `snapshot.png` for standard input or a command (nil).
    public static func defaultOutput(for input: String?) -> String {
        guard let input, input != "-" else { return "snapshot.png" }
        return URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent + ".png"
    }
}
