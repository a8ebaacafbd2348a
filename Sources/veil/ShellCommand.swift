import ArgumentParser
import Foundation
import Veil
import VeilRedaction
import VeilRender

/// `veil shell [-- COMMAND]`: a terminal inside the terminal whose secrets never reach the screen.
struct ShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell",
        abstract: "Run a shell (or a command) in a terminal whose sensitive values never reach the screen.",
        usage: "veil shell [<options>] [-- <command> [<argument> ...]]",
        discussion: """
            The command (default: $SHELL) runs in a pseudo-terminal the size of this terminal, with \
            TERM=xterm-256color and VEIL_SHELL=1. Its output only updates Veil's screen model; this \
            terminal is drawn from the redacted screen, never from the command's bytes, and a frame is \
            drawn only after detection judged the rows that changed (values found once stay hidden \
            everywhere after). Keys, pastes, mouse and focus reports go to the command unchanged; the \
            alternate screen, cursor, colours, titles and hyperlinks (both redacted) and the bell pass \
            through. There is no key that reveals anything: this terminal is what is being shared. \
            What a value typed or printed piece by piece shows before a rule can match it is in \
            Docs/shell.md.

            --record writes the session as drawn, in any format `veil redact` writes: .cast (asciicast v2 \
            with timing) and .ans (terminal bytes) as the session goes; .gif, .webp and .svg once it ends \
            (drawn as the GIF/WebP/SVG options say). Every frame is the redacted screen; typed input is \
            never recorded. The terminal is put back as it \
            was when the command ends, and on SIGTERM, SIGHUP and SIGINT (the command is hung up on) \
            and a crash of veil.

            Exit codes: the command's status (128 + the signal that ended it); 128 + the signal that \
            stopped veil; 2 a usage or configuration error, no terminal, or a command that does not \
            exist (nothing runs).
            """
    )

    @Argument(
        parsing: .postTerminator,
        help: ArgumentHelp("After --: the command and its arguments (default: $SHELL).", valueName: "command"))
    var command: [String] = []

    @OptionGroup var rules: ConfigOption

    @OptionGroup var verbosity: VerboseOption

    @Option(help: "How hidden values look.")
    var style: StyleName = .solid

    @Option(
        help: ArgumentHelp(
            "Also write the session as drawn: .cast, .ans, .gif, .webp or .svg.", valueName: "file"))
    var record: String?

    @OptionGroup var fileMode: FileModeOption

    @OptionGroup var animation: AnimationOptions

    @Flag(help: "Show veil's status line (values hidden, recording) on the bottom row.")
    var status = false

    func validate() throws {
        guard let record else {
            if let first = animation.given.first {
                throw ValidationError("\(first) applies to --record FILE.gif, .webp or .svg")
            }
            return
        }
        guard let format = OutputFormat(path: record) else {
            throw ValidationError("--record writes .cast, .ans, .gif, .webp or .svg (got \(record))")
        }
        try animation.check(for: format, output: record)
    }

    func run() throws {
        // Rules first: a bad rules file stops veil before anything runs; so does a missing codec.
        let ruleSet = try rules.rules(forInputAt: "-", verbose: verbosity.verbose)
        let program = command.isEmpty ? LiveShell.defaultCommand() : command
        try PtyProcess.checkCommand(program, environment: LiveShell.environment())
        let shell = LiveShell(command: program, rules: ruleSet, style: style.screenStyle, statusLine: status)
        guard let record else { throw ExitCode(try shell.run().status) }
        let format = try OutputFormat.of(path: record)
        let settings = animation.settings(style: style)
        if format.isPicture {
            try RedactedAnimation(format: format, rules: ruleSet, settings: settings).checkLibraries()
        }
        var recorded: LiveShell.Recorded?
        let progress = AnimationProgress(output: record)
        defer { progress.end() }
        try AtomicFile.write(to: URL(fileURLWithPath: record), policy: fileMode.policy(inputs: [])) { write in
            recorded = try shell.run(recording: format, animation: settings, progress: progress.report, to: write)
        }
        progress.end()
        if let recorded, let frames = recorded.frameCount {
            var summary = "\(URL(fileURLWithPath: record).path): \(frames) frame\(frames == 1 ? "" : "s")"
            if let stopped = recorded.stoppedAt {
                summary += String(
                    format: "; only the first %.0f s: the recording passed %d MiB", stopped,
                    LiveShell.heldRecordingLimit >> 20)
            }
            FileHandle.standardError.write(Data((summary + "\n").utf8))
        }
        throw ExitCode(recorded?.outcome.status ?? 0)
    }
}
