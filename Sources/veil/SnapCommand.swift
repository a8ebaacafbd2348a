import ArgumentParser
import Foundation
import Veil
import VeilLifecycle
import VeilRedaction
import VeilRender
import VeilScreen

/// `veil snap`: terminal bytes or a recording → one redacted PNG.
struct SnapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap",
        abstract: "Turn terminal bytes (a file, - for stdin, or an asciicast .cast) into a redacted PNG snapshot.",
        usage: """
            veil snap <input> [<options>]
            veil snap [<options>] -- <command> [<argument> ...]
            """,
        discussion: """
            With -- COMMAND, veil runs the command in a pseudo-terminal (TERM=xterm-256color, --cols×--rows, \
            80×24 by default) and snapshots its screen when it exits, or with --idle once its output has \
            been quiet that long: the same redacted PNG as for a file. A command still running at \
            --timeout is stopped and nothing is written (exit 2); so is one that does not exist.

            The screen is 80×24 unless the capture tells its size: a recording's header, the widest \
            line (up to 300 columns), cursor addressing below row 24. Content still outside the screen \
            (lines scrolled off its top) is reported on standard error. --cols and --rows always win.

            Exit codes: 0 the PNG was written (whatever was found is hidden: findings never fail \
            snap; `veil scan` and `veil audit` fail on them); 2 a usage, configuration, input or \
            write error (nothing is written).
            """
    )

    @Argument(help: ArgumentHelp(CaptureReading.inputHelp))
    var input: String?

    @Argument(
        parsing: .postTerminator,
        help: ArgumentHelp("After --: a command and its arguments to run in a pseudo-terminal.", valueName: "command"))
    var command: [String] = []

    @OptionGroup var reading: CaptureReading

    @Option(help: "With -- COMMAND: snapshot once the output has been quiet this long (500ms, 2s) instead of at exit.")
    var idle: String?

    @Option(help: "With -- COMMAND: stop a command still running after this long; nothing is written (default: 30s).")
    var timeout: String?

    @Option(
        name: [.short, .customLong("output")],
        help:
            "The PNG to write, - for standard output (default: INPUT's name with .png; snapshot.png for stdin or a command)."
    )
    var output: String?

    @OptionGroup var rules: ConfigOption

    @OptionGroup var snapshot: SnapshotOptions

    @OptionGroup var fileMode: FileModeOption

    @Option(help: "For a .cast recording: write the redacted PNG of chosen frames into this folder instead.")
    var frames: String?

    @Option(
        help:
            "With --frames: a frame every this many seconds (1, 0.5s, 2s); default: the frames where findings first appear."
    )
    var every: String?

    func validate() throws {
        if input != nil && !command.isEmpty {
            throw ValidationError("give INPUT or -- COMMAND, not both")
        }
        if input == nil && command.isEmpty {
            throw ValidationError("Missing expected argument '<input>' (or -- COMMAND)")
        }
        if command.isEmpty && (idle != nil || timeout != nil) {
            throw ValidationError("--idle and --timeout apply to -- COMMAND")
        }
        if !command.isEmpty && (frames != nil || reading.at != nil || reading.raw) {
            throw ValidationError("--frames, --at and --raw read a capture, not -- COMMAND")
        }
        for (name, value) in [("--idle", idle), ("--timeout", timeout)] {
            if let value, (try? Duration(parsing: value)).map({ $0 > .zero }) != true {
                throw ValidationError("\(name) must be a duration such as 500ms or 30s (got \(value))")
            }
        }
        if let every {
            let number = every.hasSuffix("s") ? String(every.dropLast()) : every
            guard let value = Double(number), value.isFinite, value >= 0.01 else {
                throw ValidationError("--every must be a number of seconds ≥ 0.01, like 1s (got \(every))")
            }
        }
        if every != nil && frames == nil { throw ValidationError("--every needs --frames DIR") }
        if frames != nil && output != nil { throw ValidationError("--frames writes a folder of PNGs; leave out -o") }
    }

    func run() throws {
        if let frames { return try writeFrames(into: frames) }
        let toStandardOutput = output == "-"
        if toStandardOutput && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError(
                "-o - writes the PNG to standard output, which is a terminal; redirect it (> file.png, | program) or give -o FILE"
            )
        }
        let input = self.input ?? "-"  // a command: .veil.yml from the current folder
        let settings = snapshot.settings(rules: try rules.resolver().rules(forInputAt: input))
        if command.isEmpty, input != "-", Asciicast.isCast(path: input) {
            let capture = try reading.exposureInput(of: input)
            if capture.recordingHeader != nil {
                return try writeRecordingFrame(of: capture, settings: settings, toStandardOutput: toStandardOutput)
            }
        }
        let screen = try command.isEmpty ? reading.screen(of: input) : liveScreen()
        let snapshotter = try Snapshotter(settings: settings)
        let outcome = try snapshotter.snapshot(of: screen)
        for warning in outcome.unscannedWarnings(rules: settings.rules) {
            FileHandle.standardError.write(Data("veil: warning: \(DisplayText.escaped(warning))\n".utf8))
        }
        if toStandardOutput {
            FileHandle.standardOutput.write(Data(outcome.png))
            FileHandle.standardError.write(Data("<stdout>: \(outcome.hiddenSpans) hidden\n".utf8))
            return
        }
        let url = URL(fileURLWithPath: output ?? (command.isEmpty ? Self.defaultOutput(for: input) : "snapshot.png"))
        try snapshotter.write(outcome, to: url, policy: fileMode.policy(inputs: command.isEmpty ? [input] : []))
        print("\(url.path): \(outcome.hiddenSpans) hidden")
    }

    /// A recording's frame at `--at` (default: its end), as its GIF, WebP or SVG shows that
    /// moment: redacted as `veil redact` redacts the recording (every value the recording
    /// exposes hidden, even partly drawn), then judged as a snapshot.
    private func writeRecordingFrame(
        of capture: CaptureInput, settings: SnapshotSettings, toStandardOutput: Bool
    ) throws {
        let input = self.input ?? "-"
        let snapshotter = try Snapshotter(settings: settings)
        let frame = try CaptureRedactor(rules: settings.rules, style: settings.style)
            .picture(
                of: capture, at: reading.at, cols: reading.size.explicitCols, rows: reading.size.explicitRows,
                path: input)
        for warning in frame.report.warnings {
            FileHandle.standardError.write(Data("veil: warning: \(warning)\n".utf8))
        }
        let png = try snapshotter.png(ofRedacted: frame.screen)
        if toStandardOutput {
            FileHandle.standardOutput.write(Data(png))
            FileHandle.standardError.write(Data("<stdout>: \(frame.hiddenSpans) hidden\n".utf8))
            return
        }
        let url = URL(fileURLWithPath: output ?? Self.defaultOutput(for: input))
        try AtomicFile.write(png, to: url, policy: fileMode.policy(inputs: [input]))
        print("\(url.path): \(frame.hiddenSpans) hidden")
    }

    /// `--frames DIR`: the redacted PNG of chosen frames, `frame-<event>-<seconds>s.png`.
    private func writeFrames(into folder: String) throws {
        let input = self.input ?? "-"  // a command: .veil.yml from the current folder
        let settings = snapshot.settings(rules: try rules.resolver().rules(forInputAt: input))
        let snapshotter = try Snapshotter(settings: settings)
        let choice: CaptureRedactor.FrameChoice =
            every.map { text in
                .every(Double(text.hasSuffix("s") ? String(text.dropLast()) : text) ?? 1)
            } ?? .firstAppearances
        let capture = try reading.exposureInput(of: input)
        let redactor = CaptureRedactor(rules: settings.rules, style: settings.style)
        let result = try redactor.frames(
            of: capture, choosing: choice, cols: reading.size.explicitCols, rows: reading.size.explicitRows,
            path: input)
        for warning in result.report.warnings {
            FileHandle.standardError.write(Data("veil: warning: \(warning)\n".utf8))
        }
        // Every picture is drawn before any is written: an error leaves no partial set.
        let pictures = try result.frames.map { frame in
            (
                name: frame.event < 0
                    ? String(format: "frame-%08.2fs-start.png", frame.time)
                    : String(format: "frame-%08.2fs-event-%d.png", frame.time, frame.event),
                png: try snapshotter.png(ofRedacted: try redactor.picture(of: frame.screen).redacted)
            )
        }
        let output = try OutputFolder.open(folder, policy: fileMode.policy(inputs: [input]), creating: true)
        for picture in pictures {
            try output.write(picture.png, to: picture.name)
        }
        print(
            "\(folder): \(pictures.count) frame\(pictures.count == 1 ? "" : "s"), \(result.report.exposures.count) exposed value\(result.report.exposures.count == 1 ? "" : "s") hidden"
        )
    }

    /// `-- COMMAND`: the command's screen when it exits or goes idle (``LiveCapture``).
    private func liveScreen() throws -> Screen {
        let capture = LiveCapture(
            command: command, cols: reading.size.cols, rows: reading.size.rows,
            idle: try idle.map { try Duration(parsing: $0) },
            timeout: try timeout.map { try Duration(parsing: $0) } ?? LiveCapture.defaultTimeout)
        let result = try capture.run()
        if let exit = result.exit, exit != .exited(0) {
            FileHandle.standardError.write(
                Data("veil: note: \(DisplayText.escaped(command[0])) \(exit)\n".utf8))
        }
        return result.screen
    }

    /// `name.png` in the current folder for `name.ans` / `name.cast`; `snapshot.png` for stdin.
    static func defaultOutput(for input: String) -> String {
        guard input != "-" else { return "snapshot.png" }
        return URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent + ".png"
    }
}
