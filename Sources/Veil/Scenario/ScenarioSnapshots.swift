import Foundation
import Synchronization
import VeilLifecycle
import VeilRender
import VeilScreen

/// The snapshot hook of one scenario run (``ScenarioRunner``): at each snapshot moment it
/// captures the app's screen, charges the run's snapshot budget (a screen snapshotted before
/// is reused, not made again), takes the snapshot, writes it, and logs what it shows. Every
/// moment gets the next number, written or not, so ids never repeat. The first snapshot
/// that cannot be written stops the run (``failure``).
final class ScenarioSnapshots: Sendable {
    /// What the run has snapshotted so far.
    private struct State: Sendable {
        var records: [ScenarioRunner.SnapshotRecord] = []
        /// The timeline step being played (the snapshot's cause).
        var step: Scenario.TimedStep?
        var budget = SnapshotBudget()
        var moments = 0
        var failure: SnapshotWriteError?
    }

    private let state = Mutex(State())
    private let name: String
    private let snapshotter: Snapshotter
    private let screen: AppScreen
    private let log: LifecycleLog
    /// Where snapshots are written (nil: nowhere, as in an audit).
    private let output: OutputFolder?
    /// The snapshot cells the run may spend (``ScenarioRunner/Options/snapshotCellBudget``).
    private let cellBudget: Int

    init(
        scenario: Scenario, snapshotter: Snapshotter, screen: AppScreen, log: LifecycleLog, output: OutputFolder?,
        cellBudget: Int
    ) {
        self.name = scenario.name
        self.snapshotter = snapshotter
        self.screen = screen
        self.log = log
        self.output = output
        self.cellBudget = cellBudget
    }

    /// The snapshots taken, in order.
    var records: [ScenarioRunner.SnapshotRecord] { state.withLock { $0.records } }
    /// The snapshot budget spent so far.
    var budget: SnapshotBudget { state.withLock { $0.budget } }
    /// The first snapshot that could not be written, if any.
    var failure: SnapshotWriteError? { state.withLock { $0.failure } }

    /// Notes the timeline step being played (recorded with the snapshots it leads to).
    func play(_ step: Scenario.TimedStep) {
        state.withLock { $0.step = step }
    }

    /// The hook: the snapshot of the screen at `time`.
    func take(at time: Duration) {
        guard failure == nil else { return }
        // A screen past its work budget no longer follows what the app did (a mark may be
        // missing): no snapshot of it; the run stops after this step.
        guard screen.workBudgetExceededAtByte == nil else { return }
        let capture = screen.captureNotingCopies()
        let made: SnapshotBudget.Made?
        switch charge(capture) {
        case .exceeded: return
        case .new: made = nil
        case .reused(let earlier): made = earlier
        }
        let id = nextID()
        let outcome: Snapshotter.Outcome
        do {
            outcome =
                try made?.outcome
                ?? snapshotter.snapshot(of: capture.screen, coveredByApp: capture.coveredByApp)
        } catch {
            log.append(
                .violation(rule: ScenarioRunner.snapshotFailedRule, message: "snapshot \(id) not taken: \(error)"),
                at: time)
            return
        }
        let path: String?
        do {
            path = try write(outcome, id: id, reusing: made, screen: capture.screen, covered: capture.coveredByApp)
        } catch let failure as SnapshotWriteError {
            state.withLock { $0.failure = $0.failure ?? failure }
            return
        } catch {
            return
        }
        logged(outcome, id: id, path: path, at: time)
        state.withLock {
            $0.records.append(
                ScenarioRunner.SnapshotRecord(
                    id: id, path: path, time: time, step: $0.step, outcome: outcome,
                    shown: made?.screen ?? capture.screen, coveredByApp: capture.coveredByApp))
        }
    }

    /// What the budget says about a screen.
    private enum Charge {
        /// The run's snapshot budget ran out: no snapshot.
        case exceeded
        /// A screen not snapshotted before: charged its cells.
        case new
        /// A screen snapshotted before: that snapshot again (charged for the comparison only).
        case reused(SnapshotBudget.Made)
    }

    /// De-duplication and the budget (``SnapshotBudget/reuse(_:cells:copied:limit:)``).
    private func charge(_ capture: (screen: Screen, coveredByApp: Bool, copied: Bool)) -> Charge {
        let key = SnapshotBudget.Key(screen: capture.screen, covered: capture.coveredByApp)
        let cells = capture.screen.cols * capture.screen.rows
        let limit = cellBudget
        return state.withLock { state in
            let made = state.budget.reuse(key, cells: cells, copied: capture.copied, limit: limit)
            if state.budget.exceeded { return .exceeded }
            return made.map(Charge.reused) ?? .new
        }
    }

    /// The next snapshot id, `<name>-<seq>`.
    private func nextID() -> String {
        let sequence = state.withLock { state in
            state.moments += 1
            return state.moments
        }
        return "\(name)-" + String(format: "%04d", sequence)
    }

    /// Writing: the PNG into the output folder (a hard link to the file of an equal earlier
    /// snapshot); the path written, relative as the user gave the folder, or nil without one.
    /// - Throws: ``SnapshotWriteError``.
    private func write(
        _ outcome: Snapshotter.Outcome, id: String, reusing made: SnapshotBudget.Made?, screen: Screen,
        covered: Bool
    ) throws -> String? {
        var file: String?
        var path: String?
        if let output {
            let name = id + ".png"
            do {
                // The same image again: a hard link to the file already written (no new file
                // to write and sync for each of thousands of unchanged snapshots).
                if let written = made?.file {
                    try output.link(written, to: name)
                    state.withLock { $0.budget.linked = true }
                } else {
                    try output.write(outcome.png, to: name)
                    file = name
                }
            } catch {
                throw SnapshotWriteError(snapshotID: id, reason: "\(error)")
            }
            path = output.shown(name)  // as the user gave --out (relative stays relative)
        }
        if made == nil {
            let key = SnapshotBudget.Key(screen: screen, covered: covered)
            state.withLock {
                $0.budget.remember(key, SnapshotBudget.Made(outcome: outcome, file: file, screen: screen))
            }
        }
        return path
    }

    /// Logs the snapshot and what it would show that the app did not hide.
    private func logged(_ outcome: Snapshotter.Outcome, id: String, path: String?, at time: Duration) {
        log.append(.snapshot(path: path ?? id, hidden: outcome.hiddenSpans), at: time)
        for exposure in outcome.exposures {
            let place =
                exposure.location == .title
                ? "the window title"
                : exposure.spans.first.map { "row \($0.row + 1) col \($0.col + 1)" } ?? "the screen"
            log.append(
                .violation(
                    rule: exposure.ruleID,
                    message:
                        "snapshot \(id) would show \(exposure.ruleID) \(exposure.masked) at \(place) that the app did not hide"
                ),
                at: time)
        }
        for warning in outcome.unscannedWarnings(rules: snapshotter.settings.rules) {
            log.append(
                .violation(rule: ScenarioRunner.regexBudgetRule, message: "snapshot \(id): \(warning)"), at: time)
        }
    }

    /// Removes every snapshot written (bad input leaves no output behind: DESIGN.md invariant 4).
    func removeWritten() {
        guard let output else { return }
        for record in records where record.path != nil { _ = output.remove(record.id + ".png") }
    }

    /// Makes the links to earlier snapshots durable when the policy asks for durable writes
    /// (the folder synced once, at the end).
    func finish() throws {
        if let output, budget.linked, output.policy.durable { try output.sync() }
    }
}
