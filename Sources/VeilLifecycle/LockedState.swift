import Foundation

/// A value guarded by a lock: the one place where VeilLifecycle shares mutable state.
///
/// `Mutex` from Synchronization would do, but it needs macOS 15 and the package supports 14.
final class LockedState<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
