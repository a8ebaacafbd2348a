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
        help: "A file to write: .cast (asciicast v2), .gif, .webp or .svg; give -o again for more.")
    var outputs: [String] = []

    @Argument(
        parsing: .postTerminator,
        help: ArgumentHelp("After --: the command and its arguments.", valueName: "command"))
    var command: [String] = []

    @Flag(help: "Hide every exposed value (the rules of --config): frames re-encoded from the redacted screen.")
    var redact = false

    @Flag(help: "Record what is typed to the command as input events (dropped with --redact).")
    var stdin = false

    @Option(help: "Stop a command still running after this long (30s, 2m); nothing is written (default: none).")
    var timeout: String?

    @OptionGroup var rules: ConfigOption

    @OptionGroup var fileMode: FileModeOption

    @Option(help: "With --redact or a GIF/WebP/SVG output: how hidden values look (default: solid).")
    var style: StyleOption?

    @OptionGroup var animation: AnimationOptions

    @Option(help: "Columns of the command's terminal, 1–1000 (default: the terminal veil runs in, else 80).")
    var cols: Int?

    @Option(help: "Rows of the command's terminal, 1–1000 (default: the terminal veil runs in, else 24).")
    var rows: Int?

    func validate() throws {
        if command.isEmpty { throw ValidationError("Missing -- COMMAND: the command to record") }
        if outputs.isEmpty {
            throw ValidationError("Missing -o OUT: the recording (.cast) or picture (.gif, .webp, .svg)")
        }
        var seen: Set<String> = []
        for output in outputs {
            let format = try OutputFormat.of(path: output)
            if format == .ans { throw ValidationError("\(output): veil record writes .cast, .gif, .webp or .svg") }
            if !seen.insert(URL(fileURLWithPath: output).standardizedFileURL.path).inserted {
                throw ValidationError("\(output) is given twice")
            }
        }
        if !pictures && !animation.given.isEmpty {
            throw ValidationError("\(animation.given[0]) applies to .gif, .webp and .svg output")
        }
        for (name, value) in [("--cols", cols), ("--rows", rows)] {
            if let value, !(1...1000).contains(value) { throw ValidationError("\(name) must be 1…1000 (got \(value))") }
        }
        if let timeout, (try? Duration(parsing: timeout)).map({ $0 > .zero }) != true {
            throw ValidationError("--timeout must be a duration such as 30s (got \(timeout))")
        }
        if !redact && !pictures && (style != nil || rules.config != nil) {
            throw ValidationError("--style and --config apply with --redact or a .gif, .webp or .svg output")
        }
    }

    /// Whether an output is a picture (always redacted).
    private var pictures: Bool { outputs.contains { (OutputFormat(path: $0)?.isPicture) == true } }

    func run() throws {
        let formats = try outputs.map { try OutputFormat.of(path: $0) }
        // Rules first: a bad rules file stops veil before anything runs; so does a missing codec.
        let ruleSet = redact || pictures ? try rules.resolver().rules(forInputAt: "-") : nil
        let settings = animation.settings(style: style ?? .solid)
        for format in Set(formats) where format.isPicture {
            try RedactedAnimation(format: format, rules: ruleSet!, settings: settings).checkLibraries()
        }
        let terminal = LiveRecording.terminalSize()
        let recording = LiveRecording(
            command: command, cols: cols ?? terminal?.cols ?? 80, rows: rows ?? terminal?.rows ?? 24,
            timeout: try timeout.map { try Duration(parsing: $0) }, recordInput: stdin && !redact)
        var exit: ProgramExit?
        var notes: [String] = []
        if ruleSet == nil && outputs.count == 1 {
            // A plain recording streams to its file as it is made.
            try AtomicFile.write(to: URL(fileURLWithPath: outputs[0]), policy: fileMode.policy(inputs: [])) { write in
                exit = try recording.run(to: write)
            }
        } else {
            // The raw recording stays in memory (bounded by LiveRecording.limit); only what the
            // outputs ask for is written.
            var raw: [UInt8] = []
            exit = try recording.run { raw += $0 }
            notes = try writeOutputs(raw, formats: formats, rules: ruleSet, settings: settings)
        }
        let status = exit.map { "\($0)" } ?? "ended"
        for (index, output) in outputs.enumerated() {
            var summary = "\(URL(fileURLWithPath: output).path): recorded; \(DisplayText.escaped(command[0])) \(status)"
            if index < notes.count, !notes[index].isEmpty { summary += "; " + notes[index] }
            FileHandle.standardError.write(Data((summary + "\n").utf8))
        }
    }

    /// Writes every output from the recording in memory; on an error, removes the outputs
    /// already written in this run. Returns a note for each output.
    private func writeOutputs(
        _ raw: [UInt8], formats: [OutputFormat], rules ruleSet: RuleSet?, settings: AnimationSettings
    ) throws -> [String] {
        let name = outputs.first { OutputFormat(path: $0) == .cast } ?? "<recording>"
        let cast = try Asciicast(bytes: raw, path: name)
        var written: [URL] = []
        var notes: [String] = []
        do {
            for (output, format) in zip(outputs, formats) {
                let url = URL(fileURLWithPath: output)
                var note = ""
                if format == .cast {
                    if let ruleSet, redact {
                        try AtomicFile.write(to: url, policy: fileMode.policy(inputs: [])) { write in
                            let report = try CaptureRedactor(rules: ruleSet, style: settings.style)
                                .redact(.recording(cast), cols: nil, rows: nil, path: output, to: write)
                            note = Self.hidden(report.exposures.count)
                        }
                    } else {
                        try AtomicFile.write(raw, to: url, policy: fileMode.policy(inputs: []))
                    }
                } else {
                    let progress = AnimationProgress(output: output)
                    defer { progress.end() }
                    try AtomicFile.write(to: url, policy: fileMode.policy(inputs: [])) { write in
                        let report = try RedactedAnimation(format: format, rules: ruleSet!, settings: settings)
                            .write(
                                .recording(cast), cols: nil, rows: nil, path: output, progress: progress.report,
                                to: write)
                        note =
                            "\(report.frameCount) frame\(report.frameCount == 1 ? "" : "s"); "
                            + Self.hidden(report.exposures.exposures.count)
                    }
                }
                written.append(url)
                notes.append(note)
            }
        } catch {
            for url in written { try? FileManager.default.removeItem(at: url) }
            throw error
        }
        return notes
    }

    private static func hidden(_ count: Int) -> String {
        "\(count) exposed value\(count == 1 ? "" : "s") hidden"
    }
}
