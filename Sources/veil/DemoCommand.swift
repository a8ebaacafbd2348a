import ArgumentParser
import Foundation
import Veil

/// `veil demo`: runs the bundled demo session and prints its lifecycle log.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the bundled demo app through launch, home, a call, lock and unlock."
    )

    /// How to print the log.
    enum LogFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "How to print the lifecycle log.")
    var log: LogFormat = .text

    mutating func run() async throws {
        let events = try await DemoSession.run().events
        switch log {
        case .json:
            print(events.map(\.jsonLine).joined(separator: "\n"))
        case .text:
            let colored = isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            print(LifecycleLogFormatter.text(for: events, colored: colored), terminator: "")
        }
    }
}
