import Foundation
import VeilLifecycle

extension ScenarioRunner {
    /// Plays the timeline, step by step.
    func play(
        system: System, screen: AppScreen, live: LiveApp?, files: [String: [UInt8]],
        snapshots: ScenarioSnapshots, options: Options
    ) async throws {
        for (index, timed) in scenario.timeline.enumerated() {
            if let failure = snapshots.failure { throw failure }
            snapshots.play(timed)
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
                screen: screen, snapshots: snapshots.budget, limit: options.snapshotCellBudget, at: timed)
            options.progress?(index + 1, scenario.timeline.count, system.elapsed)
        }
        if let failure = snapshots.failure { throw failure }
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
}
