import ArgumentParser
import Foundation
import Veil
import VeilLifecycle
import VeilRedaction
import VeilRender

/// `veil record -o OUT.cast -- COMMAND`: a live program recorded as an asciicast v2, or
/// straight to a redacted GIF, WebP or SVG.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract:
            "Run a command in a pseudo-terminal and record it as an asciicast v2 (.cast), or as a redacted GIF, WebP or SVG.",
        usage: "veil record -o <output> [-o <output> ...] [<options>] -- <command> [<argument> ...]",
        discussion: """
            The command runs with TERM=xterm-256color in a terminal of --cols×--rows (default: the size of \
            the terminal veil runs in, else 80×24). Standard input goes to the command; on a real terminal \
            keys pass through in raw mode (Ctrl-C reaches the command, not veil) and the command's output \
            is shown as it runs; the terminal's mode is restored on every exit. Resizes of that terminal \
            are recorded.

            --redact writes the recording through the same redacted-recording writer as `veil redact`: \
            every frame re-encoded from the redacted screen, so no byte of a hidden value reaches the file. \
            --stdin records what was typed as input events ("i"); with --redact they are dropped (typed \
            input can be a password).

            -o OUT.gif, .webp or .svg writes the session as `veil redact` would write the recording: always \
            redacted, timed and drawn as the GIF/WebP/SVG options say. Give -o again to write several \
            formats from one session, e.g. -o demo.gif -o demo.cast to keep the recording too (to render \
            it again later); that .cast is the session as recorded, redacted only with --redact, so keep \
            it out of what you publish. Without a .cast output the session is held in memory (at most \
            256 MiB) and never reaches the disk unredacted.

            Exit codes: 0 the recording was written (whatever the command's own status, shown on standard \
            error); 2 a usage, configuration or write error, a command that does not exist, or one still \
            running at --timeout (nothing is written; an output already written in the run is removed). A SIGINT or SIGTERM of veil stops the command and \
            leaves no file.
            """
    )

    @Option(
        name: [.short, .customLong("output")],
        help:
            "A file to write: .cast (asciicast v2), .gif, .webp or .svg, or - for the .cast on standard output; give -o again for more."
    )
    var outputs: [OutputTarget] = []

    @Argument(
        parsing: .postTerminator,
        help: ArgumentHelp("After --: the command and its arguments.", valueName: "command"))
    var command: [String] = []

    @Flag(help: "Hide every exposed value (the rules of --config): frames re-encoded from the redacted screen.")
    var redact = false

    @Flag(help: "Record what is typed to the command as input events (dropped with --redact).")
    var stdin = false

    @Option(
        help: "Stop a command still running after this long (30s, 2m); nothing is written (default: none).",
        transform: DurationArgument.init)
    var timeout: DurationArgument?

    @OptionGroup var rules: ConfigOption

    @OptionGroup var verbosity: VerboseOption

    @OptionGroup var fileMode: FileModeOption

    @Option(help: "With --redact or a GIF/WebP/SVG output: how hidden values look (default: solid).")
    var style: StyleName?

    @OptionGroup var animation: AnimationOptions

    @OptionGroup var size: ScreenSizeOptions

    func validate() throws {
        if command.isEmpty { throw ValidationError("Missing -- COMMAND: the command to record") }
        if outputs.isEmpty {
            throw ValidationError("Missing -o OUT: the recording (.cast) or picture (.gif, .webp, .svg)")
        }
        var seen: Set<String> = []
        for output in outputs {
            let format = try Self.format(of: output)
            if format == .ans { throw ValidationError("\(output): veil record writes .cast, .gif, .webp or .svg") }
            let key = output == .standardOutput ? "-" : URL(fileURLWithPath: output.path).standardizedFileURL.path
            if !seen.insert(key).inserted { throw ValidationError("\(output.path) is given twice") }
        }
        if outputs.contains(.standardOutput) && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError(
                "-o - writes the recording to standard output, where the command's output is shown; redirect it (> out.cast) or give -o FILE"
            )
        }
        if !pictures && !animation.given.isEmpty {
            throw ValidationError("\(animation.given[0]) applies to .gif, .webp and .svg output")
        }
        if !redact && !pictures && (style != nil || rules.config != nil) {
            throw ValidationError("--style and --config apply with --redact or a .gif, .webp or .svg output")
        }
    }

    /// Whether an output is a picture (always redacted).
    private var pictures: Bool { outputs.contains { (try? Self.format(of: $0).isPicture) == true } }

    /// What an output is: `-` the recording (.cast), a file what its extension says.
    private static func format(of output: OutputTarget) throws -> OutputFormat {
        output == .standardOutput ? .cast : try OutputFormat.of(path: output.path)
    }

    func run() throws {
        let formats = try outputs.map(Self.format(of:))
        // Rules first: a bad rules file stops veil before anything runs; so does a missing codec.
        let ruleSet = redact || pictures ? try rules.rules(forInputAt: "-", verbose: verbosity.verbose) : nil
        let settings = animation.settings(style: style ?? .solid)
        for format in Set(formats) where format.isPicture {
            try RedactedAnimation(format: format, rules: ruleSet!, settings: settings).checkLibraries()
        }
        let terminal = LiveRecording.terminalSize()
        let recording = LiveRecording(
            command: command, cols: size.explicitCols ?? terminal?.cols ?? 80,
            rows: size.explicitRows ?? terminal?.rows ?? 24, timeout: timeout?.duration, recordInput: stdin && !redact)
        var exit: ProgramExit?
        var notes: [String] = []
        if ruleSet == nil && outputs.count == 1 {
            // A plain recording streams to its file (or standard output) as it is made.
            try outputs[0].write(policy: fileMode.policy(inputs: [])) { write in exit = try recording.run(to: write) }
        } else {
            // The raw recording stays in memory (bounded by LiveRecording.limit); only what the
            // outputs ask for is written.
            var raw: [UInt8] = []
            exit = try recording.run { raw += $0 }
            notes = try writeOutputs(raw, formats: formats, rules: ruleSet, settings: settings)
        }
        let status = exit.map { "\($0)" } ?? "ended"
        for (index, output) in outputs.enumerated() {
            var summary = "\(Self.shown(output)): recorded; \(command[0]) \(status)"
            if index < notes.count, !notes[index].isEmpty { summary += "; " + notes[index] }
            Console.status(summary)
        }
    }

    /// Writes every output from the recording in memory; on an error, removes the outputs
    /// already written in this run. Returns a note for each output.
    private func writeOutputs(
        _ raw: [UInt8], formats: [OutputFormat], rules ruleSet: RuleSet?, settings: AnimationSettings
    ) throws -> [String] {
        let name = outputs.first { (try? Self.format(of: $0)) == .cast }?.description ?? "<recording>"
        let cast = try Asciicast(bytes: raw, path: name)
        var written: [URL] = []
        var notes: [String] = []
        do {
            for (output, format) in zip(outputs, formats) {
                var note = ""
                let policy = fileMode.policy(inputs: [])
                if format == .cast {
                    if let ruleSet, redact {
                        try output.write(policy: policy) { write in
                            let report = try CaptureRedactor(rules: ruleSet, style: settings.style)
                                .redact(.recording(cast), cols: nil, rows: nil, path: output.description, to: write)
                            note = Self.hidden(report.exposures.count)
                        }
                    } else {
                        try output.write(raw, policy: policy)
                    }
                } else {
                    let progress = AnimationProgress(output: output.path)
                    defer { progress.end() }
                    try output.write(policy: policy) { write in
                        let report = try RedactedAnimation(format: format, rules: ruleSet!, settings: settings)
                            .write(
                                .recording(cast), cols: nil, rows: nil, path: output.description,
                                progress: progress.report, to: write)
                        note =
                            "\(report.frameCount) frame\(report.frameCount == 1 ? "" : "s"); "
                            + Self.hidden(report.exposures.exposures.count)
                    }
                }
                if case .file(let path) = output { written.append(URL(fileURLWithPath: path)) }
                notes.append(note)
            }
        } catch {
            for url in written { try? FileManager.default.removeItem(at: url) }
            throw error
        }
        return notes
    }

    /// The output as the summary names it: `<stdout>`, or the file's full path.
    static func shown(_ output: OutputTarget) -> String {
        switch output {
        case .standardOutput: "<stdout>"
        case .file(let path): URL(fileURLWithPath: path).path
        }
    }

    private static func hidden(_ count: Int) -> String {
        "\(count) exposed value\(count == 1 ? "" : "s") hidden"
    }
}
