import ArgumentParser
import Veil

/// `veil demo`: runs the bundled demo session and prints its lifecycle log.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the bundled demo app through launch, home, a call, lock and unlock."
    )

    mutating func run() async throws {
        print("veil demo: (lifecycle core pending)")
    }
}
