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

            --record writes the session as drawn (.cast: asciicast v2 with timing; .ans: terminal bytes): \
            every frame the redacted screen, typed input never recorded. The terminal is put back as it \
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

    @Option(help: "How hidden values look.")
    var style: StyleOption = .solid

    @Option(help: ArgumentHelp("Also write the session as drawn (.cast or .ans).", valueName: "file"))
    var record: String?

    @Flag(help: "Show veil's status line (values hidden, recording) on the bottom row.")
    var status = false

    func validate() throws {
        if let record, ShellRecorder.Format(path: record) == nil {
            let known = ShellRecorder.Format.allCases.map { "." + $0.rawValue }.joined(separator: " or ")
            throw ValidationError("--record writes \(known) (got \(record))")
        }
    }

    func run() throws {
        // Rules first: a bad rules file stops veil before anything runs.
        let ruleSet = try rules.resolver().rules(forInputAt: "-")
        let program = command.isEmpty ? LiveShell.defaultCommand() : command
        try PtyProcess.checkCommand(program, environment: LiveShell.environment())
        let shell = LiveShell(command: program, rules: ruleSet, style: style.style, statusLine: status)
        var outcome: LiveShell.Outcome?
        if let record {
            try AtomicFile.write(to: URL(fileURLWithPath: record)) { write in
                outcome = try shell.run(recording: ShellRecorder.Format(path: record)!, to: write)
            }
        } else {
            outcome = try shell.run()
        }
        throw ExitCode(outcome?.status ?? 0)
    }
}
