import ArgumentParser
import Foundation
import Veil
import VeilLifecycle

/// `--log text|json`: how a lifecycle log is printed.
enum LogFormatOption: String, ExpressibleByArgument, CaseIterable {
    case text, json

    /// Whether standard output is a terminal that wants colour (not `NO_COLOR`).
    static var stdoutWantsColour: Bool {
        isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// The log in this format, every line ending in a newline.
    /// Prints the log to standard output: text through ``Console`` (no line can start a CI
    /// command), JSON lines as they are (their strings are escaped by the writer).
    func print(_ events: [LifecycleEvent]) {
        switch self {
        case .json: FileHandle.standardOutput.write(Data(render(events).utf8))
        case .text: Console.out(render(events), terminator: "")
        }
    }

    func render(_ events: [LifecycleEvent]) -> String {
        switch self {
        case .json: return events.map { $0.jsonLine + "\n" }.joined()
        case .text: return LifecycleLogFormatter.text(for: events, colored: Self.stdoutWantsColour)
        }
    }
}
