import Foundation
import Testing
@testable import VeilLifecycle
import VeilRedaction
import VeilScreen
@testable import Veil

/// Inputs found while fuzzing the Veil readers (`Fuzz/fuzz-asciicast`, `Fuzz/fuzz-scenario`),
/// replayed through the same steps as the fuzz targets. Each input either loads and replays
/// into a well-formed screen, or throws ``InputError``; the expected error is named per file.
/// (The `scenario/leak-*` inputs made LeakSanitizer report a leaked simulation; the fix for
/// sleepers left armed on the virtual clock, with a deterministic test, is in
/// VeilLifecycleTests' `FuzzRegressionTests`.)
@Suite struct FuzzRegressionTests {
    static let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/fuzz-regressions")

    static func inputs(_ target: String) -> [String] {
        let path = folder.appendingPathComponent(target).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// The line and message start each asciicast input must be refused with (nil: it loads).
    static let asciicastErrors: [String: (line: Int, message: String)] = [
        "v3-interval-overflow.cast": (3, "event time overflows")
    ]

    @Test(arguments: inputs("asciicast"))
    func asciicastInputLoadsOrThrowsInputError(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("asciicast/\(name)")))
        let expected = Self.asciicastErrors[name]
        let cast: Asciicast
        do {
            cast = try Asciicast(bytes: bytes, path: name)
        } catch let error as InputError {
            #expect(error.path == name)
            #expect(error.line == expected?.line)
            #expect(error.message.hasPrefix(expected?.message ?? "(no error expected)"))
            return
        }
        #expect(expected == nil, "\(name) loaded but should have been refused")
        // As the fuzz target: times finite and never going back; the replay is well formed.
        var previous = 0.0
        for event in cast.events {
            #expect(event.time.isFinite && event.time >= previous)
            previous = event.time
        }
        for time in [nil, cast.events.isEmpty ? nil : cast.events[cast.events.count / 2].time] {
            let screen = try TerminalCapture.screen(of: cast, cols: nil, rows: nil, at: time, path: name)
            #expect(screen.invariantViolation() == nil)
        }
        let fixed = try TerminalCapture.screen(of: cast, cols: 40, rows: 10, at: nil, path: name)
        #expect(fixed.cols == 40 && fixed.rows == 10 && fixed.invariantViolation() == nil)
    }

    /// Scenario inputs, played as `fuzz-scenario` plays them: from a folder holding the
    /// `app.ans` and `screen.txt` the fuzz target provides, on the virtual clock, no PNGs.
    /// The scenario input `name`, parsed as `fuzz-scenario` parses it: from a fresh folder
    /// (removed by the caller) holding the `app.ans` and `screen.txt` the fuzz target provides.
    static func scenarioRunner(_ name: String) throws -> (runner: ScenarioRunner, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "veil-fuzz-regression-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("plain screen text\r\nuser alice@example.com\r\n".utf8).write(
            to: folder.appendingPathComponent("screen.txt"))
        try Data("\u{1B}[2J\u{1B}[Hcard 4111 1111 1111 1111\u{1B}]7701;pin\u{07}1234\u{1B}]7701;\u{07}".utf8)
            .write(to: folder.appendingPathComponent("app.ans"))
        let text = try String(contentsOf: Self.folder.appendingPathComponent("scenario/\(name)"), encoding: .utf8)
        let scenario = try Scenario.parse(text, path: folder.appendingPathComponent("fuzz.scenario.yml").path)
        let runner = ScenarioRunner(
            scenario: scenario, snapshotter: try Snapshotter(settings: SnapshotSettings(rules: try .builtIn)))
        return (runner, folder)
    }

    /// Scenario inputs, played as `fuzz-scenario` plays them: on the virtual clock, no PNGs.
    @Test(arguments: inputs("scenario"))
    func scenarioInputPlaysOrThrowsInputError(_ name: String) async throws {
        let (runner, folder) = try Self.scenarioRunner(name)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result: ScenarioRunner.Result
        do {
            result = try await runner.run(ScenarioRunner.Options(outputFolder: nil))
        } catch let error as InputError {
            #expect(error.path.hasSuffix("fuzz.scenario.yml") && error.line != nil)
            return
        }
        #expect(!result.snapshots.isEmpty)
        for snapshot in result.snapshots { #expect(snapshot.outcome.redacted.invariantViolation() == nil) }
    }

    /// `leak-task-working-at-input-error.veil.yml`: an accepted call sends the app to the
    /// background, where it starts a background task with 3 s of work; the next step (`home`)
    /// is impossible there, so the run stops with an ``InputError`` while the work and the
    /// expiration timer still wait on the virtual clock. Their tasks were only cancelled when
    /// the `System` went away and ended a moment later on the simulation thread, so the run
    /// returned with the whole simulation still alive (LeakSanitizer, checking right after the
    /// run, saw the Application's weak-reference side table unreferenced). Everything the
    /// simulation holds must be gone when `run` returns: checked at once, without waiting.
    @Test func aRunStoppedByBadInputFreesItsSimulationBeforeReturning() async throws {
        final class Sentinel: Sendable {}
        let (runner, folder) = try Self.scenarioRunner("leak-task-working-at-input-error.veil.yml")
        defer { try? FileManager.default.removeItem(at: folder) }
        // On the simulation thread, so that work left to end "a moment later" cannot end
        // between the run's return and the check: before the fix this failed every time.
        await withTaskExecutorPreference(SerialThreadExecutor.shared) {
            weak var sentinel: Sentinel?
            do {
                let held = Sentinel()
                sentinel = held
                // The options reach the snapshot hook, which the Application keeps: the
                // sentinel lives exactly as long as the simulation.
                let options = ScenarioRunner.Options(outputFolder: nil, progress: { _, _, _ in _ = held })
                let error = await #expect(throws: InputError.self) { try await runner.run(options) }
                #expect(error?.line == 21, "\(String(describing: error))")
            }
            #expect(sentinel == nil)
        }
    }

    /// `leak-task-ended.veil.yml`: a background task begun without work kept an expiration
    /// handler that held the Application, which holds the handler: a run ending with the task
    /// open leaked the whole simulation. Once the System is gone, the Application must go too.
    @Test func aRunEndingWithABackgroundTaskOpenFreesTheApplication() async throws {
        weak var application: Application?
        do {
            let handlers: [String: [Scenario.Action]] = [
                "applicationDidEnterBackground": [
                    .beginBackgroundTask(name: "upload", work: nil, endInExpirationHandler: true)
                ]
            ]
            let app = SimulatedApp(screen: try AppScreen(cols: 20, rows: 4), handlers: handlers, files: [:])
            let system = System(delegate: app, clock: VirtualClock())
            try await system.run([.launch(), .home])
            application = system.application
            #expect(application != nil)
        }
        // Freed once the run's last tasks end: up to 10 s on a loaded machine (it takes milliseconds alone).
        for _ in 0..<2000 where application != nil { try await Task.sleep(for: .milliseconds(5)) }
        #expect(application == nil)
    }

    @Test func everyRecordedInputHasAnExpectation() {
        #expect(Set(Self.inputs("asciicast")) == Set(Self.asciicastErrors.keys))
    }
}
