import Foundation
import VeilLifecycle
import VeilRender
import VeilScreen

extension ScenarioRunner {
    /// Screen set-up: the app's screen at the scenario's size, with its content drawn and its
    /// sensitive regions marked; a scenario that drives a program names one.
    /// - Throws: ``InputError`` naming the scenario for a region outside the screen, content
    ///   past the work budget, or a step that drives a program without one.
    func makeScreen(files: [String: [UInt8]], options: Options) throws -> AppScreen {
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
        return screen
    }

    /// The lifecycle core the app runs on: the live program on the real clock, a simulated
    /// app on the virtual clock (or the real one with ``Options/realTime``).
    func makeSystem(
        screen: AppScreen, live: LiveApp?, files: [String: [UInt8]], log: LifecycleLog, options: Options
    ) -> System {
        let app: any ApplicationDelegate =
            live ?? SimulatedApp(screen: screen, handlers: scenario.handlers, files: files)
        if let live { log.addHandler(live.stateObserver) }
        let policy = lifecyclePolicy()
        let size = ScreenSize(columns: scenario.screen.cols, rows: scenario.screen.rows)
        if options.realTime || live != nil {
            return System(delegate: app, clock: ContinuousClock(), policy: policy, log: log, screenSize: size)
        }
        return System(delegate: app, clock: VirtualClock(), policy: policy, log: log, screenSize: size)
    }

    func lifecyclePolicy() -> LifecyclePolicy {
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
    func readFiles() throws -> [String: [UInt8]] {
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

extension ScenarioRunner {
    /// Runs the scenario writing its snapshots into the folder at `path` (made when missing,
    /// opened as `policy` allows: ``OutputFolder/openForRun(_:policy:)``); when the run fails,
    /// the folder goes again if this run made it (it is empty then: a failed run removes the
    /// snapshots it wrote), so bad input leaves nothing behind.
    /// - Throws: ``InputError`` naming `path` when it cannot be the output folder; what
    ///   ``run(_:)`` throws.
    public func run(
        writingInto path: String, policy: OutputPolicy, options: Options = Options()
    ) async throws -> Result {
        let opened = try OutputFolder.openForRun(path, policy: policy)
        var options = options
        options.output = opened.folder
        do {
            return try await run(options)
        } catch {
            if !opened.existed { _ = opened.folder.removeIfEmpty() }
            throw error
        }
    }
}
