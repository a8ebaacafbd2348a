import ArgumentParser
import Foundation
import Veil
import VeilRender

/// `veil exec [SCENARIO] -- COMMAND`: a live program as the app of the lifecycle.
struct ExecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exec",
        abstract: "Run a program in a pseudo-terminal as the app: lifecycle log and redacted snapshots of its screen.",
        usage: """
            veil exec [<options>] -- <command> [<argument> ...]
            veil exec <scenario> [<options>] [-- <command> [<argument> ...]]
            """,
        discussion: """
            The program is the app: launch starts it; becoming active and resigning active send focus in \
            and out (CSI I, CSI O) when it enabled focus reporting (DECSET 1004); on entering the \
            background it gets until the didEnterBackground deadline to redraw, then the snapshot is \
            taken from its screen; suspending stops it (SIGTSTP, SIGSTOP) and resuming continues it \
            (SIGCONT); terminating sends SIGTERM, and the watchdog kills (SIGKILL, 0x8badf00d) a program \
            still running at the willTerminate deadline. Without a scenario: launch, wait until its output \
            has been quiet for 500ms, home. A scenario (Docs/scenario.md) names its program with \
            screen.exec (or takes COMMAND) and can type text, press keys and wait for the screen.

            Exit codes: 0 no violation; 1 the log holds a violation (a snapshot that would show an \
            unhidden block finding, a missed deadline) or a watchdog termination; 2 a bad scenario or \
            rules file, a command that does not exist, a waitFor that timed out, or a snapshot that \
            could not be written (the snapshots written are removed).
            """
    )

    @Argument(help: "A scenario file (YAML) that drives the program.", completion: .file(extensions: ["yml", "yaml"]))
    var scenario: String?

    @Argument(
        parsing: .postTerminator,
        help: ArgumentHelp(
            "After --: the command and its arguments (default: the scenario's screen.exec).",
            valueName: "command"))
    var command: [String] = []

    @OptionGroup var session: SessionOutputOptions

    @OptionGroup var rules: ConfigOption

    @OptionGroup var verbosity: VerboseOption

    @OptionGroup var root: RootOptions

    @OptionGroup var size: ScreenSizeOptions

    @OptionGroup var snapshot: SnapshotOptions

    @OptionGroup var fileMode: FileModeOption

    func validate() throws {
        if scenario == nil && command.isEmpty { throw ValidationError("Missing -- COMMAND (or a scenario file)") }
    }

    mutating func run() async throws {
        var scenario: Scenario
        if let path = self.scenario {
            scenario = try Scenario.load(path: path, root: root.root, allowsOutside: root.allowsOutside)
            if !command.isEmpty { scenario = try scenario.running(command) }
            guard scenario.command != nil else {
                throw InputError(path: path, message: "names no program: give screen.exec, or -- COMMAND")
            }
            if let cols = size.explicitCols { scenario.screen.cols = cols }
            if let rows = size.explicitRows { scenario.screen.rows = rows }
        } else {
            scenario = Scenario.live(command: command, cols: size.cols, rows: size.rows)
        }
        try PtyProcess.checkCommand(scenario.command ?? [])
        let settings = snapshot.settings(rules: try rules.rules(for: scenario, verbose: verbosity.verbose))
        let result = try await ScenarioRunner(scenario: scenario, snapshotter: Snapshotter(settings: settings)).run(
            writingInto: session.folder(default: "veil-out"),
            policy: fileMode.policy(inputs: [scenario.path], roots: [scenario.location.root.path]),
            options: ScenarioRunner.Options(realTime: true))
        session.print(result.log)
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }
}
