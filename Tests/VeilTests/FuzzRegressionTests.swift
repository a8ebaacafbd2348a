import Foundation
import Testing
import VeilLifecycle
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
    @Test(arguments: inputs("scenario"))
    func scenarioInputPlaysOrThrowsInputError(_ name: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "veil-fuzz-regression-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("plain screen text\r\nuser alice@example.com\r\n".utf8).write(
            to: folder.appendingPathComponent("screen.txt"))
        try Data("\u{1B}[2J\u{1B}[Hcard 4111 1111 1111 1111\u{1B}]7701;pin\u{07}1234\u{1B}]7701;\u{07}".utf8)
            .write(to: folder.appendingPathComponent("app.ans"))
        let text = try String(contentsOf: Self.folder.appendingPathComponent("scenario/\(name)"), encoding: .utf8)
        let scenario = try Scenario.parse(text, path: folder.appendingPathComponent("fuzz.scenario.yml").path)
        let runner = ScenarioRunner(
            scenario: scenario, snapshotter: try Snapshotter(settings: SnapshotSettings(rules: try .builtIn)))
        let result = try await runner.run(ScenarioRunner.Options(outputFolder: nil))
        #expect(!result.snapshots.isEmpty)
        for snapshot in result.snapshots { #expect(snapshot.outcome.redacted.invariantViolation() == nil) }
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
        for _ in 0..<200 where application != nil { try await Task.sleep(for: .milliseconds(5)) }
        #expect(application == nil)
    }

    @Test func everyRecordedInputHasAnExpectation() {
        #expect(Set(Self.inputs("asciicast")) == Set(Self.asciicastErrors.keys))
    }
}
