import Foundation

/// A recursive lock that can be shared by several ``LockedState`` values, with actions
/// deferred until its outermost holder is done with the state.
///
/// An app's core state and its lifecycle log share one: log handlers, deferred this way,
/// run in log order while the lock is still held, yet outside any access to the state, so
/// they may read the app's state and append to the log.
final class SharedLock: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var depth = 0
    private var deferred: [() -> Void] = []
    private var draining = false

    /// Runs `body` holding the lock; then, if outermost, runs the deferred actions in order.
    @inline(__always)
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        depth += 1
        let result: R
        do {
            result = try body()
        } catch {
            depth -= 1
            drainIfOutermost()
            throw error
        }
        depth -= 1
        drainIfOutermost()
        return result
    }

    /// Schedules `action` to run, under the lock, when the outermost holder finishes (call
    /// while holding the lock).
    func deferUntilUnlocked(_ action: @escaping () -> Void) {
        deferred.append(action)
    }

    private func drainIfOutermost() {
        guard depth == 0, !draining, !deferred.isEmpty else { return }
        draining = true
        var next = 0
        while next < deferred.count {
            let action = deferred[next]
            next += 1
            action()
        }
        deferred.removeAll(keepingCapacity: true)
        draining = false
    }
}

/// A value guarded by a lock: the one place where VeilLifecycle shares mutable state.
///
/// `Mutex` from Synchronization would do for most of it, but it needs macOS 15, and the
/// app's state and its log share a ``SharedLock``.
final class LockedState<State>: @unchecked Sendable {
    let lock: SharedLock
    private var state: State

    init(_ state: State, lock: SharedLock = SharedLock()) {
        self.state = state
        self.lock = lock
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try lock.withLock { try body(&state) }
    }
}
