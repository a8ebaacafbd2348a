/// The unstructured tasks a simulation started (``SimulationClock/detached(_:)``: background
/// work, expiration timers, dispatched work) that have not ended yet.
///
/// Such a task holds the ``Application`` until it ends. ``System/finish()`` cancels them and
/// waits for them, so that nothing of a simulation is still running, or kept alive, once
/// its driver is done with it.
final class SimulationTasks: Sendable {
    private struct State {
        var nextID: UInt64 = 0
        /// Running tasks by id; nil while the task is being created.
        var running: [UInt64: Task<Void, Never>?] = [:]
    }

    private let state = LockedState(State())

    /// Starts the task `start` makes, passing it the id it must hand to ``ended(_:)`` last.
    func start(_ start: (UInt64) -> Task<Void, Never>) -> Task<Void, Never> {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            state.running[state.nextID] = .some(nil)
            return state.nextID
        }
        let task = start(id)
        state.withLock { state in
            if state.running[id] != nil { state.running[id] = task }  // else it has already ended
        }
        return task
    }

    /// Called by a task as its last step.
    func ended(_ id: UInt64) {
        state.withLock { _ = $0.running.removeValue(forKey: id) }
    }

    /// Cancels every running task and waits until all have ended, including tasks they start
    /// while ending.
    func cancelAll() async {
        while true {
            let (tasks, starting) = state.withLock { state in
                (state.running.values.compactMap { $0 }, state.running.values.contains { $0 == nil })
            }
            if tasks.isEmpty {
                guard starting else { return }
                await Task.yield()  // another thread is between `start` and storing its task
                continue
            }
            for task in tasks { task.cancel() }
            for task in tasks { await task.value }
        }
    }
}
