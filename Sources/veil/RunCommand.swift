import ArgumentParser
import Foundation
import Veil
import VeilRender

/// `veil run`: plays a scenario file and writes the lifecycle log and the snapshots.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Simulate an app session from a scenario file: lifecycle log and redacted snapshots.",
        discussion: """
            Exit codes: 0 no violation; 1 the log holds a violation (a snapshot that would show an \
            unhidden block finding, a missed deadline, a leaked background task) or a watchdog \
            termination; 2 a bad scenario or rules file, or a snapshot that could not be written (the \
            run stops, with one error naming the file, and removes the snapshots it wrote).
            """
    )

    @Argument(help: "The scenario file (YAML).", completion: .file(extensions: ["yml", "yaml"]))
    var scenario: String

    @OptionGroup var session: SessionOutputOptions

    @Flag(name: .customLong("real-time"), help: "Run on the real clock instead of the virtual one.")
    var realTime = false

    @OptionGroup var rules: ConfigOption

    @OptionGroup var verbosity: VerboseOption

    @OptionGroup var root: RootOptions

    @OptionGroup var snapshot: SnapshotOptions

    @OptionGroup var fileMode: FileModeOption

    mutating func run() async throws {
        let scenario = try Scenario.load(path: self.scenario, root: root.root, allowsOutside: root.allowsOutside)
        if scenario.command != nil {
            throw InputError(
                path: self.scenario, message: "runs a program (screen.exec): run it with veil exec \(self.scenario)")
        }
        let settings = snapshot.settings(rules: try rules.rules(for: scenario, verbose: verbosity.verbose))
        let showProgress = realTime && isatty(STDERR_FILENO) != 0
        let result = try await ScenarioRunner(scenario: scenario, snapshotter: Snapshotter(settings: settings)).run(
            writingInto: session.folder(default: "veil-out"),
            policy: fileMode.policy(inputs: [scenario.path], roots: [scenario.location.root.path]),
            options: ScenarioRunner.Options(realTime: realTime, progress: showProgress ? ProgressLine.draw : nil))
        session.print(result.log)
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }
}
