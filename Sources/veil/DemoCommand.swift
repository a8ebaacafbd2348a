import ArgumentParser
import Foundation
import Veil

/// `veil demo`: plays the bundled banking app and writes its redacted snapshots.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the bundled demo app (launch, a call, home, lock) and write its redacted snapshots.",
        discussion: """
            The demo app forgets to hide most of what it shows; Veil hides it anyway and the log lists \
            each exposure as a violation. Exit codes: 0 the demo ran (its violations are the point of \
            it); 2 a snapshot could not be written (one error naming the file; the snapshots already \
            written are removed).
            """
    )

    @OptionGroup var session: SessionOutputOptions

    @OptionGroup var rules: ConfigOption

    @OptionGroup var verbosity: VerboseOption

    @OptionGroup var snapshot: SnapshotOptions

    @OptionGroup var fileMode: FileModeOption

    mutating func run() async throws {
        let result = try await DemoSession.run(
            outputFolder: URL(fileURLWithPath: session.folder(default: "veil-demo")),
            settings: snapshot.settings(rules: try rules.rules(verbose: verbosity.verbose)),
            policy: fileMode.policy(inputs: []))
        session.print(result.log)
        guard session.log == .text else { return }
        Console.out("")
        for record in result.snapshots {
            let exposed = record.outcome.exposures.count
            Console.out(
                "snapshot \(record.path ?? record.id): \(record.outcome.hiddenSpans) hidden"
                    + (exposed > 0 ? ", \(exposed) the app left visible (now hidden by Veil)" : ""))
        }
    }
}
