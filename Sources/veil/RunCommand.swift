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

    @Argument(help: "The scenario file (YAML).")
    var scenario: String

    @Option(help: "Folder for the snapshots.")
    var out: String = "veil-out"

    @Option(help: "How to print the lifecycle log.")
    var log: LogFormatOption = .text

    @Flag(name: .customLong("real-time"), help: "Run on the real clock instead of the virtual one.")
    var realTime = false

    @OptionGroup var rules: ConfigOption

    @Option(help: "Folder the files the scenario names must lie inside (default: the scenario's folder).")
    var root: String?

    @OptionGroup var outside: OutsideRootOption

    @OptionGroup var snapshot: SnapshotOptions

    @OptionGroup var fileMode: FileModeOption

    mutating func run() async throws {
        let scenario = try Scenario.load(path: self.scenario, root: root, allowsOutside: outside.allowOutsideRoot)
        if scenario.command != nil {
            throw InputError(
                path: self.scenario, message: "runs a program (screen.exec): run it with veil exec \(self.scenario)")
        }
        let ruleSet = try scenario.rules(from: rules.resolver())
        let settings = snapshot.settings(rules: ruleSet)
        let output = try OutputFolder.openForRun(
            out, policy: fileMode.policy(inputs: [scenario.path], roots: [scenario.location.root.path]))
        let showProgress = realTime && isatty(STDERR_FILENO) != 0
        let options = ScenarioRunner.Options(
            output: output.folder, realTime: realTime, progress: showProgress ? ProgressLine.draw : nil)
        let result: ScenarioRunner.Result
        do {
            let snapshotter = try Snapshotter(settings: settings)
            result = try await ScenarioRunner(scenario: scenario, snapshotter: snapshotter).run(options)
        } catch {
            // Bad input leaves nothing behind: not even the (still empty) folder this run made.
            if !output.existed { output.folder.removeIfEmpty() }
            throw error
        }
        print(log.render(result.log), terminator: "")
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }
}
