import ArgumentParser
import Foundation
import Veil
import VeilRedaction
import VeilLifecycle

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

    @Argument(help: ArgumentHelp(CaptureReading.inputHelp), completion: .file())
    var input: String?

    @Argument(
        parsing: .postTerminator,
        help: ArgumentHelp("After --: a command and its arguments to run in a pseudo-terminal.", valueName: "command"))
    var command: [String] = []

    @OptionGroup var reading: CaptureReading

    @Option(
        help: "With -- COMMAND: snapshot once the output has been quiet this long (500ms, 2s) instead of at exit.",
        transform: DurationArgument.init)
    var idle: DurationArgument?

    @Option(
        help: "With -- COMMAND: stop a command still running after this long; nothing is written (default: 30s).",
        transform: DurationArgument.init)
    var timeout: DurationArgument?

    @Option(
        name: [.short, .customLong("output")],
        help:
            "The PNG to write, - for standard output (default: INPUT's name with .png; snapshot.png for stdin or a command)."
    )
    var output: OutputTarget?

    @OptionGroup var rules: ConfigOption

    @OptionGroup var verbosity: VerboseOption

    @OptionGroup var snapshot: SnapshotOptions

    @OptionGroup var fileMode: FileModeOption

    @Option(
        help: "For a .cast recording: write the redacted PNG of chosen frames into this folder instead.",
        completion: .directory)
    var frames: String?

    @Option(
        help:
            "With --frames: a frame every this many seconds (1, 0.5s, 2s); default: the frames where findings first appear.",
        transform: DurationArgument.init)
    var every: DurationArgument?

    func validate() throws {
        if input != nil && !command.isEmpty {
            throw ValidationError("give INPUT or -- COMMAND, not both")
        }
        if input == nil && command.isEmpty {
            // Output piped in: `main` adds how to read it (StandardInputHint).
            throw ValidationError("Missing expected argument '<input>' (or -- COMMAND)")
        }
        if command.isEmpty && (idle != nil || timeout != nil) {
            throw ValidationError("--idle and --timeout apply to -- COMMAND")
        }
        if !command.isEmpty && (frames != nil || reading.at != nil || reading.raw) {
            throw ValidationError("--frames, --at and --raw read a capture, not -- COMMAND")
        }
        if let every, every.seconds < 0.01 {
            throw ValidationError("--every must be at least 0.01s (10ms), like 1s")
        }
        if every != nil && frames == nil { throw ValidationError("--every needs --frames DIR") }
        if frames != nil && output != nil { throw ValidationError("--frames writes a folder of PNGs; leave out -o") }
    }

    func run() throws {
        // Rules first: a bad rules file stops veil before anything runs.
        let input = self.input ?? "-"  // a command: .veil.yml from the current folder
        let job = try SnapJob(
            settings: snapshot.settings(rules: try rules.rules(forInputAt: input, verbose: verbosity.verbose)))
        if let frames { return try writeFrames(job, into: frames) }
        let source: SnapJob.Source =
            command.isEmpty
            ? .capture(
                path: input, at: reading.at, raw: reading.raw, cols: reading.size.explicitCols,
                rows: reading.size.explicitRows)
            : .command(
                LiveCapture(
                    command: command, cols: reading.size.cols, rows: reading.size.rows, idle: idle?.duration,
                    timeout: timeout?.duration ?? LiveCapture.defaultTimeout))
        let output = self.output ?? OutputTarget(SnapJob.defaultOutput(for: self.input))
        let written = try job.run(source, to: output, policy: fileMode.policy(inputs: command.isEmpty ? [input] : []))
        written.warnings.forEach(Console.warning)
        written.notes.forEach(Console.note)
        switch output {
        case .standardOutput: Console.status("<stdout>: \(written.hiddenSpans) hidden")
        case .file(let path):
            Console.out("\(DisplayText.escaped(URL(fileURLWithPath: path).path)): \(written.hiddenSpans) hidden")
        }
    }

    /// `--frames DIR`: the redacted PNG of chosen frames.
    private func writeFrames(_ job: SnapJob, into folder: String) throws {
        let choice: CaptureRedactor.FrameChoice = every.map { .every($0.seconds) } ?? .firstAppearances
        let written = try job.writeFrames(
            of: input ?? "-", choosing: choice, cols: reading.size.explicitCols, rows: reading.size.explicitRows,
            into: folder, policy: fileMode.policy(inputs: [input ?? "-"]))
        written.warnings.forEach(Console.warning)
        let frames = written.names.count
        let values = written.exposedValues
        print(
            "\(folder): \(frames) frame\(frames == 1 ? "" : "s"), \(values) exposed value\(values == 1 ? "" : "s") hidden"
        )
    }
}
