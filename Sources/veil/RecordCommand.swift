import ArgumentParser
import Foundation
import Veil
import VeilLifecycle
import VeilRedaction
import VeilRender

/// `veil record -o OUT.cast -- COMMAND`: a live program recorded as an asciicast v2.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract:
            "Run a command in a pseudo-terminal and record it as an asciicast v2 (.cast), redacted with --redact.",
        usage: "veil record -o <output> [<options>] -- <command> [<argument> ...]",
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

            Exit codes: 0 the recording was written (whatever the command's own status, shown on standard \
            error); 2 a usage, configuration or write error, a command that does not exist, or one still \
            running at --timeout (nothing is written). A SIGINT or SIGTERM of veil stops the command and \
            leaves no file.
            """
    )

    @Option(
        name: [.short, .customLong("output")],
        help: "The asciicast recording to write (.cast), or - for standard output.")
    var output: OutputTarget

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

    @OptionGroup var fileMode: FileModeOption

    @Option(help: "With --redact: how hidden values look (default: solid).")
    var style: StyleName?

    @OptionGroup var size: ScreenSizeOptions

    func validate() throws {
        if command.isEmpty { throw ValidationError("Missing -- COMMAND: the command to record") }
        if output == .standardOutput && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError(
                "-o - writes the recording to standard output, where the command's output is shown; redirect it (> out.cast) or give -o FILE"
            )
        }
        if !redact && (style != nil || rules.config != nil) {
            throw ValidationError("--style and --config apply with --redact")
        }
    }

    func run() throws {
        // Rules first: a bad rules file stops veil before anything runs.
        let ruleSet = redact ? try rules.resolver().rules(forInputAt: "-") : nil
        let terminal = LiveRecording.terminalSize()
        let recording = LiveRecording(
            command: command, cols: size.explicitCols ?? terminal?.cols ?? 80,
            rows: size.explicitRows ?? terminal?.rows ?? 24, timeout: timeout?.duration, recordInput: stdin && !redact)
        var exit: ProgramExit?
        var hidden = 0
        if let ruleSet {
            // The raw recording stays in memory (bounded by LiveRecording.limit); only its
            // redacted re-encoding is written.
            var raw: [UInt8] = []
            exit = try recording.run { raw += $0 }
            let cast = try Asciicast(bytes: raw, path: output.description)
            try output.write(policy: fileMode.policy(inputs: [])) { write in
                let report = try CaptureRedactor(rules: ruleSet, style: (style ?? .solid).screenStyle)
                    .redact(.recording(cast), cols: nil, rows: nil, path: output.description, to: write)
                hidden = report.exposures.count
            }
        } else {
            try output.write(policy: fileMode.policy(inputs: [])) { write in exit = try recording.run(to: write) }
        }
        var summary = "\(Self.shown(output)): recorded; \(command[0]) \(exit.map { "\($0)" } ?? "ended")"
        if redact { summary += "; \(hidden) exposed value\(hidden == 1 ? "" : "s") hidden" }
        Console.status(summary)
    }

    /// The output as the summary names it: `<stdout>`, or the file's full path.
    static func shown(_ output: OutputTarget) -> String {
        switch output {
        case .standardOutput: "<stdout>"
        case .file(let path): URL(fileURLWithPath: path).path
        }
    }
}
