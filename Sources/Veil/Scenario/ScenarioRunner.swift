import Foundation
import VeilLifecycle
import VeilRedaction
import VeilRender
import VeilScreen

/// Plays a ``Scenario``: the simulated app goes through its timeline on the lifecycle core,
/// and at every snapshot moment the ``Snapshotter`` takes, redacts and writes the snapshot.
public struct ScenarioRunner: Sendable {
    /// How a run is carried out.
    public struct Options: Sendable {
        /// Where snapshot PNGs go (`<name>-<seq>.png`), opened when the run starts
        /// (``OutputFolder/open(_:policy:creating:)`` with the standard policy); nil writes
        /// none (audits). ``output`` takes precedence.
        public var outputFolder: URL?
        /// The folder snapshots go into, already opened as the caller's ``OutputPolicy`` says
        /// (`veil run` and `veil exec`: no link followed in the scenario's tree).
        public var output: OutputFolder?
        /// Run on the real clock instead of the virtual one.
        public var realTime: Bool
        /// Called after each timeline step with (step index, step count, elapsed), e.g. for a progress line.
        public var progress: (@Sendable (Int, Int, Duration) -> Void)?
        /// The snapshot cells the run may spend (``ScenarioRunner/maximumSnapshotCells``
        /// unless a test or a library user chooses otherwise).
        public var snapshotCellBudget = ScenarioRunner.maximumSnapshotCells
        /// The work budget of the app's terminal (``Terminal/defaultWorkBudget`` unless chosen).
        public var screenWorkBudget = Terminal.defaultWorkBudget

        public init(
            outputFolder: URL? = nil, realTime: Bool = false,
            progress: (@Sendable (Int, Int, Duration) -> Void)? = nil
        ) {
            self.outputFolder = outputFolder
            self.realTime = realTime
            self.progress = progress
        }

        /// Options that write snapshots into `output`.
        public init(
            output: OutputFolder?, realTime: Bool = false,
            progress: (@Sendable (Int, Int, Duration) -> Void)? = nil
        ) {
            self.output = output
            self.outputFolder = output.map { URL(fileURLWithPath: $0.path, isDirectory: true) }
            self.realTime = realTime
            self.progress = progress
        }
    }

    /// One snapshot taken during the run.
    public struct SnapshotRecord: Sendable {
        /// `<name>-<seq>` (the file name without `.png`).
        public var id: String
        /// The written file, when an output folder was given.
        public var path: String?
        /// When it was taken, on the scenario's clock.
        public var time: Duration
        /// The timeline step that led to it.
        public var step: Scenario.TimedStep?
        /// The snapshot's outcome (redacted screen, findings, exposures).
        public var outcome: Snapshotter.Outcome
        /// The screen as the app showed it at the snapshot moment, before redaction
        /// (its own marks included); audits read finding positions from it.
        public var shown: Screen
        /// Whether the app's own opaque privacy cover was up, so nothing on `shown` was visible.
        public var coveredByApp: Bool
    }

    /// What a run produced.
    public struct Result: Sendable {
        public var log: [LifecycleEvent]
        public var snapshots: [SnapshotRecord]
        /// Violations and watchdog terminations make `veil run` exit 1.
        public var exitCode: Int32 {
            log.contains { event in
                switch event.kind {
                case .violation: return true
                case .termination(let reason, _, _): return reason == .watchdog
                default: return false
                }
            } ? 1 : 0
        }
    }

    /// The rule id of a violation logged when a snapshot could not be made safely.
    public static let snapshotFailedRule = "snapshotFailed"
    /// The rule id of a violation logged when a rule's regex ran out of time on a snapshot
    /// (the rows it left unscanned are hidden whole).
    public static let regexBudgetRule = "regexBudget"

    /// The most screen cells a run may snapshot (detect, redact, render, write), summed over
    /// its snapshots: 2^21, two snapshots at 1000×1000, 174 at 200×60 or 1,092 at 80×24
    /// (about 10 s of writing PNG files with two `fsync`s each on the reference machine). A
    /// snapshot of a screen already snapshotted in the run (same cells, title, cursor and
    /// cover) reuses that outcome, links its file and costs nothing. Past the limit the run
    /// stops with an ``InputError`` at the step (exit 2).
    public static let maximumSnapshotCells = 1 << 21
    /// A snapshot of a screen that changed (it was copied out of the terminal and compared)
    /// but equals one snapshotted before is charged its cells divided by this: copying and
    /// comparing cost far less than a snapshot, yet 1,000 backgroundings of a 1000×1000
    /// screen that the app re-marks each time are 10^9 cells to copy and compare.
    public static let comparedSnapshotDivisor = 64

    public let scenario: Scenario
    public let snapshotter: Snapshotter

    public init(scenario: Scenario, snapshotter: Snapshotter) {
        self.scenario = scenario
        self.snapshotter = snapshotter
    }

    /// Runs the scenario: the screen is set up, the app (simulated, or the live program)
    /// goes through the timeline on the lifecycle core, and at every snapshot moment the
    /// snapshot hook (``ScenarioSnapshots``) takes, de-duplicates and writes the snapshot.
    /// - Throws: ``InputError`` (file:line:column) for a missing file, a region outside the
    ///   screen, or a timeline event that makes no sense in the app's state at that point;
    ///   ``SnapshotWriteError`` when a snapshot cannot be written. Nothing the run wrote is
    ///   left behind.
    public func run(_ options: Options = Options()) async throws -> Result {
        let files = try readFiles()
        let output = try options.output ?? options.outputFolder.map { try OutputFolder.open($0.path) }
        let screen = try makeScreen(files: files, options: options)
        // A live program is the app (``LiveApp``): it runs on the real clock, and every program
        // it started is stopped, reaped and its pty closed however the run ends.
        let live = scenario.command.map { LiveApp(screen: screen, command: $0) }
        defer { live?.finish() }
        let log = LifecycleLog()
        let system = makeSystem(screen: screen, live: live, files: files, log: log, options: options)
        let snapshots = ScenarioSnapshots(
            scenario: scenario, snapshotter: snapshotter, screen: screen, log: log, output: output,
            cellBudget: options.snapshotCellBudget)
        system.onSnapshotMoment { moment in snapshots.take(at: moment.time) }
        do {
            try await play(
                system: system, screen: screen, live: live, files: files, snapshots: snapshots, options: options)
            try snapshots.finish()
        } catch {
            // Nothing of the simulation (work still sleeping on the clock) outlives the run.
            await system.finish()
            // Bad input stops the run: remove the snapshots it already wrote, so an input
            // error leaves no output behind (DESIGN.md invariant 4).
            snapshots.removeWritten()
            throw error
        }
        let result = Result(log: log.events, snapshots: snapshots.records)
        await system.finish()  // after the result: ending left-over work logs nothing the run did
        return result
    }
}
