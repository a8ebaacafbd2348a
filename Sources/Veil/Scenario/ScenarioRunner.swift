import Foundation
import Synchronization
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

    /// Runs the scenario.
    /// - Throws: ``InputError`` (file:line:column) for a missing file, a region outside the
    ///   screen, or a timeline event that makes no sense in the app's state at that point.
    public func run(_ options: Options = Options()) async throws -> Result {
        let files = try readFiles()
        let output = try options.output ?? options.outputFolder.map { try OutputFolder.open($0.path) }
        let screen = try AppScreen(
            cols: scenario.screen.cols, rows: scenario.screen.rows,
            workBudget: options.screenWorkBudget)
        switch scenario.screen.content {
        case .none: break
        case .bytes(let bytes): screen.print(bytes)
        case .file(let path): screen.print(files[path] ?? [])
        case .command: break  // the program draws once launched
        }
        if let byte = screen.workBudgetExceededAtByte {
            throw InputError(
                path: scenario.path,
                message: WorkBudgetMessage.screen(atByte: byte, of: "the screen's content"))
        }
        for rect in scenario.screen.sensitive {
            do {
                try screen.mark(
                    row: rect.row, col: rect.col, width: rect.width, height: rect.height, reason: "sensitive")
            } catch {
                throw InputError(
                    path: scenario.path,
                    message:
                        "screen sensitive region \(rect.row),\(rect.col) \(rect.width)x\(rect.height) is outside the \(scenario.screen.cols)x\(scenario.screen.rows) screen"
                )
            }
        }
        if let byte = screen.workBudgetExceededAtByte {
            throw InputError(
                path: scenario.path,
                message: WorkBudgetMessage.screen(
                    atByte: byte,
                    of: "the screen's content (with its \(scenario.screen.sensitive.count) sensitive regions)"))
        }
        if scenario.command == nil, let step = scenario.timeline.first(where: \.step.drivesProgram) {
            throw InputError(
                path: scenario.path, line: step.position.line, column: step.position.column,
                message:
                    "type, keys, waitFor and waitIdle drive a live program: they need screen.exec or veil exec SCENARIO -- COMMAND"
            )
        }
        // A live program is the app (``LiveApp``): it runs on the real clock, and every program
        // it started is stopped, reaped and its pty closed however the run ends.
        let live = scenario.command.map { LiveApp(screen: screen, command: $0) }
        defer { live?.finish() }
        let app: any ApplicationDelegate =
            live ?? SimulatedApp(screen: screen, handlers: scenario.handlers, files: files)
        let log = LifecycleLog()
        if let live { log.addHandler(live.stateObserver) }
        let system: System
        let policy = lifecyclePolicy()
        let size = ScreenSize(columns: scenario.screen.cols, rows: scenario.screen.rows)
        if options.realTime || live != nil {
            system = System(delegate: app, clock: ContinuousClock(), policy: policy, log: log, screenSize: size)
        } else {
            system = System(delegate: app, clock: VirtualClock(), policy: policy, log: log, screenSize: size)
        }
        let records = Mutex<[SnapshotRecord]>([])
        let currentStep = Mutex<Scenario.TimedStep?>(nil)
        let budget = Mutex(SnapshotBudget())
        // Every snapshot moment gets the next number, written or not, so ids never repeat.
        let moments = Mutex(0)
        // The first snapshot that could not be written: the run stops there (exit 2).
        let writeFailure = Mutex<SnapshotWriteError?>(nil)
        let name = scenario.name
        let snapshotter = self.snapshotter
        system.onSnapshotMoment { moment in
            guard writeFailure.withLock({ $0 == nil }) else { return }
            // A screen past its work budget no longer follows what the app did (a mark may be
            // missing): no snapshot of it; the run stops after this step.
            guard screen.workBudgetExceededAtByte == nil else { return }
            let capture = screen.captureNotingCopies()
            // A screen snapshotted before reuses that outcome; a new one is charged its cells.
            let key = SnapshotBudget.Key(screen: capture.screen, covered: capture.coveredByApp)
            let cells = capture.screen.cols * capture.screen.rows
            let reused = budget.withLock { budget -> SnapshotBudget.Made? in
                // The screen of the previous snapshot shares its storage when nothing changed:
                // comparing is O(1) then, while hashing visits every cell.
                let limit = options.snapshotCellBudget
                if let last = budget.last, last.key == key {
                    if capture.copied { budget.charge(cells / Self.comparedSnapshotDivisor, limit: limit) }
                    return last.value
                }
                if let earlier = budget.outcomes[key] {
                    budget.charge(cells / Self.comparedSnapshotDivisor, limit: limit)
                    budget.last = (key, earlier)
                    return earlier
                }
                budget.charge(cells, limit: limit)
                return nil
            }
            if budget.withLock({ $0.exceeded }) { return }
            let sequence = moments.withLock { count in
                count += 1
                return count
            }
            let id = "\(name)-" + String(format: "%04d", sequence)
            let outcome: Snapshotter.Outcome
            var path: String?
            do {
                outcome =
                    try reused?.outcome
                    ?? snapshotter.snapshot(of: capture.screen, coveredByApp: capture.coveredByApp)
            } catch {
                log.append(
                    .violation(rule: Self.snapshotFailedRule, message: "snapshot \(id) not taken: \(error)"),
                    at: moment.time)
                return
            }
            var file: String?
            if let output {
                let name = id + ".png"
                do {
                    // The same image again: a hard link to the file already written (no new
                    // file to write and sync for each of thousands of unchanged snapshots).
                    if let written = reused?.file {
                        try output.link(written, to: name)
                        budget.withLock { $0.linked = true }
                    } else {
                        try output.write(outcome.png, to: name)
                        file = name
                    }
                } catch {
                    writeFailure.withLock { $0 = SnapshotWriteError(snapshotID: id, reason: "\(error)") }
                    return
                }
                path = output.shown(name)  // as the user gave --out (relative stays relative)
            }
            if reused == nil {
                budget.withLock {
                    let made = SnapshotBudget.Made(outcome: outcome, file: file, screen: capture.screen)
                    $0.outcomes[key] = made
                    $0.last = (key, made)
                }
            }
            log.append(.snapshot(path: path ?? id, hidden: outcome.hiddenSpans), at: moment.time)
            for exposure in outcome.exposures {
                let place =
                    exposure.location == .title
                    ? "the window title"
                    : exposure.spans.first.map { "row \($0.row) col \($0.col)" } ?? "the screen"
                log.append(
                    .violation(
                        rule: exposure.ruleID,
                        message:
                            "snapshot \(id) would show \(exposure.ruleID) \(exposure.masked) at \(place) that the app did not hide"
                    ),
                    at: moment.time)
            }
            for warning in outcome.unscannedWarnings(rules: snapshotter.settings.rules) {
                log.append(
                    .violation(rule: Self.regexBudgetRule, message: "snapshot \(id): \(warning)"), at: moment.time)
            }
            let step = currentStep.withLock { $0 }
            records.withLock {
                $0.append(
                    SnapshotRecord(
                        id: id, path: path, time: moment.time, step: step, outcome: outcome,
                        shown: reused?.screen ?? capture.screen, coveredByApp: capture.coveredByApp))
            }
        }

        do {
            try await play(
                system: system, screen: screen, live: live, files: files, currentStep: currentStep,
                budget: budget, writeFailure: writeFailure, options: options)
        } catch {
            // Nothing of the simulation (work still sleeping on the clock) outlives the run.
            await system.finish()
            // Bad input stops the run: remove the snapshots it already wrote, so an input
            // error leaves no output behind (DESIGN.md invariant 4).
            if let output {
                for record in records.withLock({ $0 }) where record.path != nil { output.remove(record.id + ".png") }
            }
            throw error
        }
        if let output, budget.withLock({ $0.linked }) {
            try output.sync()
        }
        let result = Result(log: log.events, snapshots: records.withLock { $0 })
        await system.finish()  // after the result: ending left-over work logs nothing the run did
        return result
    }

    /// Plays the timeline, step by step.
    private func play(
        system: System, screen: AppScreen, live: LiveApp?, files: [String: [UInt8]],
        currentStep: borrowing Mutex<Scenario.TimedStep?>, budget: borrowing Mutex<SnapshotBudget>,
        writeFailure: borrowing Mutex<SnapshotWriteError?>, options: Options
    ) async throws {
        for (index, timed) in scenario.timeline.enumerated() {
            if let failure = writeFailure.withLock({ $0 }) { throw failure }
            currentStep.withLock { $0 = timed }
            do {
                switch timed.step {
                case .print(let bytes):
                    screen.print(bytes)
                case .show(let file):
                    screen.show(files[file] ?? [])
                case .event(.resize(let size)):
                    try screen.resize(cols: size.columns, rows: size.rows)
                    // A live program's pty gets the size too (and SIGWINCH from the kernel).
                    try? live?.session?.process.resize(cols: size.columns, rows: size.rows)
                    try await system.send(.resize(size))
                case .event(let event):
                    try await system.send(event)
                    if let failure = live?.startError {
                        throw InputError(
                            path: scenario.path, line: timed.position.line, column: timed.position.column,
                            message: failure.description)
                    }
                case .type, .keys, .waitFor, .waitIdle:
                    guard let live else { break }  // refused when the scenario was read
                    try await drive(live, timed)
                }
            } catch let error as LifecycleError {
                throw InputError(
                    path: scenario.path, line: timed.position.line, column: timed.position.column,
                    message: error.message)
            }
            try checkBudgets(
                screen: screen, snapshots: budget.withLock { $0 }, limit: options.snapshotCellBudget,
                at: timed)
            options.progress?(index + 1, scenario.timeline.count, system.elapsed)
        }
        if let failure = writeFailure.withLock({ $0 }) { throw failure }
    }

    /// Plays a step that drives the live program: typed text, keys, or a wait for the screen.
    /// - Throws: ``InputError`` at the step when the program is not running or the wait
    ///   times out.
    private func drive(_ live: LiveApp, _ timed: Scenario.TimedStep) async throws {
        func failure(_ message: String) -> InputError {
            InputError(
                path: scenario.path, line: timed.position.line, column: timed.position.column, message: message)
        }
        let notRunning = "the program is not running (launch it first; it may have exited)"
        switch timed.step {
        case .type(let bytes):
            guard live.send(bytes) else { throw failure(notRunning) }
        case .keys(let names):
            let cursorKeys = live.screen.modes.applicationCursorKeys
            let bytes = names.flatMap { KeyNames.bytes(for: $0, applicationCursorKeys: cursorKeys) ?? [] }
            guard live.send(bytes) else { throw failure(notRunning) }
        case .waitFor(let pattern, let timeout):
            let regex = try NSRegularExpression(pattern: pattern)
            let deadline = ContinuousClock.now + timeout
            while true {
                let text = live.screen.capture().screen.lines().joined(separator: "\n")
                if regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { return }
                if ContinuousClock.now >= deadline {
                    throw failure(
                        "waitFor: nothing on the program's screen matched within \(LiveCapture.describe(timeout))")
                }
                try await Task.sleep(for: .milliseconds(10))
            }
        case .waitIdle(let quiet, let timeout):
            guard let session = live.session else { throw failure(notRunning) }
            let deadline = ContinuousClock.now + timeout
            while true {
                let last = session.lastOutputTime ?? session.started
                if ContinuousClock.now - last >= quiet || session.process.exitIfEnded() != nil { return }
                if ContinuousClock.now >= deadline {
                    throw failure("waitIdle: the program was still writing after \(LiveCapture.describe(timeout))")
                }
                try await Task.sleep(for: .milliseconds(10))
            }
        case .event, .print, .show:
            break
        }
    }

    /// Stops the run at `timed` when the screen's work budget or the snapshot budget ran out
    /// during it.
    private func checkBudgets(
        screen: AppScreen, snapshots: SnapshotBudget, limit: Int,
        at timed: Scenario.TimedStep
    ) throws {
        let (line, column) = (timed.position.line, timed.position.column)
        if let byte = screen.workBudgetExceededAtByte {
            throw InputError(
                path: scenario.path, line: line, column: column,
                message: WorkBudgetMessage.screen(
                    atByte: byte, of: "what the app printed and showed"))
        }
        if snapshots.exceeded {
            throw InputError(
                path: scenario.path, line: line, column: column,
                message: """
                    work budget exceeded: this step's snapshot would bring the snapshotted screen cells to \
                    \(snapshots.cells), past the limit of \(limit) per scenario (\(Self.maximumSnapshotCells): \
                    2 snapshots at 1000x1000, 1,092 at 80x24; a screen snapshotted before costs nothing)
                    """)
        }
    }

    private func lifecyclePolicy() -> LifecyclePolicy {
        let spec = scenario.policy
        return LifecyclePolicy(
            didEnterBackgroundDeadline: spec.didEnterBackgroundDeadline,
            willTerminateDeadline: spec.willTerminateDeadline,
            profile: BackgroundTimeProfile(named: spec.profile) ?? .ios13,
            backgroundTime: spec.backgroundTime,
            expirationWarning: spec.expirationWarning,
            exitsOnSuspend: spec.exitsOnSuspend)
    }

    /// Reads every file the scenario names, so a missing or refused one (outside the root, not
    /// a regular file) stops the run before it starts.
    private func readFiles() throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        var total = 0
        for (path, position) in scenario.fileReferences.sorted(by: { $0.key < $1.key }) {
            do {
                // Inside the scenario's root, checked on the open descriptor (ConfinedRoot).
                let bytes = try scenario.location.read(path, limit: Scenario.maximumReferencedBytes - total)
                total += bytes.count
                files[path] = InputMode.throughLineDiscipline(bytes)
            } catch let error as InputError {
                let shared =
                    total > 0 && error.message.contains("the limit is")
                    ? " (the files one scenario names may hold \(InputFile.humanSize(Scenario.maximumReferencedBytes)) together)"
                    : ""
                throw InputError(
                    path: scenario.path, line: position.line, column: position.column,
                    message: "\(path): \(error.message)\(shared)")
            }
        }
        return files
    }
}

/// The snapshot cells a run spent, and the last snapshot (for reuse while the screen is unchanged).
struct SnapshotBudget: Sendable {
    var cells = 0
    var exceeded = false
    /// Every screen snapshotted so far (and whether the app's cover was up), with its outcome
    /// and the file written for it. The screens are the records' own values (shared storage),
    /// bounded by ``ScenarioRunner/maximumSnapshotCells``.
    var outcomes: [Key: Made] = [:]
    var last: (key: Key, value: Made)?
    /// Whether a file was linked to an earlier one (the folder is synced once at the end).
    var linked = false

    mutating func charge(_ units: Int, limit: Int) {
        cells += max(1, units)
        if cells > limit { exceeded = true }
    }

    /// A snapshot made: its outcome, its file, and the screen it was made of (a later equal
    /// screen's record keeps this one, so the copies of equal screens are freed).
    struct Made: Sendable {
        var outcome: Snapshotter.Outcome
        var file: String?
        var screen: Screen
    }

    struct Key: Hashable, Sendable {
        var screen: Screen
        var covered: Bool
    }
}

/// A snapshot that could not be written (a read-only or full disk): the run stops, removes
/// the snapshots it wrote, and exits 2 with this one error.
public struct SnapshotWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The snapshot's id, e.g. `bank-0001`.
    public var snapshotID: String
    /// The writer's error: the path and the system's reason.
    public var reason: String
    public var description: String { "snapshot \(snapshotID) not written: \(reason)" }
}
