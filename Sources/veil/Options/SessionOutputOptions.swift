import ArgumentParser
import Foundation
import Veil
import VeilLifecycle

/// `--out` and `--log`: where a session's snapshots go and how its lifecycle log is printed
/// (`demo`, `run`, `exec`).
struct SessionOutputOptions: ParsableArguments {
    @Option(help: "Folder for the snapshots (default: veil-out; veil-demo for demo).", completion: .directory)
    var out: String?

    @Option(help: "How to print the lifecycle log.")
    var log: LifecycleLogFormatter.Format = .text

    /// The folder's path: `--out`, else `fallback`.
    func folder(default fallback: String) -> String {
        out ?? fallback
    }

    /// Prints the log on standard output (text coloured by ``TerminalColour``'s rule, through
    /// ``Console`` so no line can start a CI command; JSON lines as they are, their strings
    /// escaped by the writer).
    func print(_ events: [LifecycleEvent]) {
        let colour = TerminalColour.wanted(
            isTerminal: isatty(STDOUT_FILENO) != 0, environment: ProcessInfo.processInfo.environment)
        let rendered = LifecycleLogFormatter.render(events, as: log, colored: colour)
        if log == .text {
            Console.out(rendered, terminator: "")
        } else {
            Swift.print(rendered, terminator: "")
        }
    }
}
