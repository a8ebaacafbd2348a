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
    func render(_ events: [LifecycleEvent]) -> String {
        switch self {
        case .json: return events.map { $0.jsonLine + "\n" }.joined()
        case .text: return LifecycleLogFormatter.text(for: events, colored: Self.stdoutWantsColour)
        }
    }
}
