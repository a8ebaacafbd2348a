import FuzzSupport
import Dispatch
import Foundation
import Veil
import VeilRedaction
import VeilScreen

/// libFuzzer entry point for the scenario loader: the text either parses or throws
/// ``InputError``; a parsed scenario with a bounded number of steps is then played on the
/// virtual clock (no PNG files written), where again only ``InputError`` may come out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    ScenarioFuzzer.run(text)
    return 0
}

enum ScenarioFuzzer {
    /// Scenarios with more timeline steps or handler actions than this are only parsed.
    static let maximumPlayedSteps = 64

    /// A private folder holding the scenario's (virtual) path and two small files it may name.
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("veil-fuzz-scenario-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data("plain screen text\r\nuser alice@example.com\r\n".utf8)
            .write(to: folder.appendingPathComponent("screen.txt"))
        try? Data("\u{1B}[2J\u{1B}[Hcard 4111 1111 1111 1111\u{1B}]7701;pin\u{07}1234\u{1B}]7701;\u{07}".utf8)
            .write(to: folder.appendingPathComponent("app.ans"))
        atexit { try? FileManager.default.removeItem(at: ScenarioFuzzer.folder) }
        return folder
    }()

    static let snapshotter: Snapshotter = {
        do {
            return try Snapshotter(settings: SnapshotSettings(rules: try RuleSet.builtIn))
        } catch {
            fatalError("built-in snapshot settings failed: \(error)")
        }
    }()

    static func run(_ text: String) {
        let path = folder.appendingPathComponent("fuzz.scenario.yml").path
        let scenario: Scenario
        do {
            scenario = try Scenario.parse(text, path: path)
        } catch is InputError {
            return
        } catch {
            fatalError("Scenario.parse threw an untyped error: \(type(of: error))")
        }
        let actions = scenario.handlers.values.reduce(0) { $0 + $1.count }
        guard scenario.timeline.count <= maximumPlayedSteps, actions <= maximumPlayedSteps else { return }
        // Only the files in the private folder are read: the runner confines every file the
        // scenario names to its folder (ConfinedRoot), and refuses /dev/zero, FIFOs and links out.

        let runner = ScenarioRunner(scenario: scenario, snapshotter: snapshotter)
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Task.detached {
            do {
                let result = try await runner.run(ScenarioRunner.Options(outputFolder: nil))
                outcome.set(result.snapshots.map(\.outcome.redacted))
            } catch is InputError {
            } catch {
                outcome.fail("ScenarioRunner.run threw an untyped error: \(type(of: error)) \(error)")
            }
            done.signal()
        }
        done.wait()
        if let failure = outcome.failure { fatalError(failure) }
        for screen in outcome.screens {
            if let violation = screen.invariantViolation() {
                fatalError("redacted snapshot broke an invariant: \(violation)")
            }
        }
    }
}

/// What the detached run hands back to the fuzzer thread.
final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var storedScreens: [VeilScreen.Screen] = []
    private var storedFailure: String?

    func set(_ screens: [VeilScreen.Screen]) { lock.withLock { storedScreens = screens } }
    func fail(_ message: String) { lock.withLock { storedFailure = message } }
    var screens: [VeilScreen.Screen] { lock.withLock { storedScreens } }
    var failure: String? { lock.withLock { storedFailure } }
}

/// The entry point SwiftPM links this executable with (see ``runFuzzer(argc:argv:_:)``).
///
/// The scenario runner hops to the main actor, so the main thread must stay free to serve it:
/// libFuzzer runs on a worker thread (which blocks on each run) and the main thread runs
/// the main dispatch queue.
@_cdecl("fuzz_scenario_main")
public func fuzzScenarioMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    nonisolated(unsafe) let argv = argv
    let thread = Thread { exit(runFuzzer(argc: argc, argv: argv, fuzzScenario)) }
    thread.stackSize = 64 << 20
    thread.start()
    dispatchMain()
}
