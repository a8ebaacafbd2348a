import Foundation

/// The structured lifecycle log: every state change, callback, notification, background-task
/// event, termination and violation, in order. The proof that the order is right.
///
/// The `System` appends to it; other modules may append too (the snapshot service appends
/// `snapshot` entries). Handlers see every entry synchronously, in append order.
///
/// ```swift
/// let memory = InMemoryLifecycleLogHandler()
/// let log = LifecycleLog(handlers: [memory])
/// let system = System(delegate: app, clock: VirtualClock(), log: log)
/// try await system.send(.launch())
/// print(log.jsonLines)
/// ```
public final class LifecycleLog: Sendable {
    private struct State {
        var events: [LifecycleEvent] = []
        var handlers: [any LifecycleLogHandler] = []
    }

    /// The log's lock, shared with the state of the app that writes to it.
    let lock = SharedLock()
    private let state: LockedState<State>

    /// Makes an empty log reporting to `handlers`.
    public init(handlers: [any LifecycleLogHandler] = []) {
        state = LockedState(State(handlers: handlers), lock: lock)
    }

    /// Every entry so far, in order.
    public var events: [LifecycleEvent] { state.withLock { $0.events } }

    /// The number of entries so far.
    public var count: Int { state.withLock { $0.events.count } }

    /// Adds a handler that sees every later entry.
    public func addHandler(_ handler: some LifecycleLogHandler) {
        state.withLock { $0.handlers.append(handler) }
    }

    /// Appends an entry and passes it to every handler, in order.
    public func append(_ event: LifecycleEvent) {
        // Handlers run under the lock once the appender is done with the state, so every
        // handler sees every entry in log order and may read the app's state.
        state.withLock { state in
            state.events.append(event)
            guard !state.handlers.isEmpty else { return }
            let handlers = state.handlers
            lock.deferUntilUnlocked {
                for handler in handlers {
                    handler.handle(event)
                }
            }
        }
    }

    /// Appends an entry of `kind` at `time` since the start.
    public func append(_ kind: LifecycleEvent.Kind, at time: Duration) {
        append(LifecycleEvent(time: time, kind: kind))
    }

    /// The whole log as JSON lines (`--log json`), each ending in a newline.
    public var jsonLines: String {
        events.map { $0.jsonLine + "\n" }.joined()
    }
}

/// Receives every entry of a ``LifecycleLog`` as it is appended.
///
/// `handle` runs synchronously, in log order, while the log (and the state of the app
/// writing it) is locked: it may read the log and the `System`'s state, and may append
/// (the new entry is delivered after the current one), but must not block or wait for
/// other tasks.
public protocol LifecycleLogHandler: Sendable {
    /// Called once per entry, in log order.
    func handle(_ event: LifecycleEvent)
}

/// A log handler that keeps entries in memory, for tests (like swift-log's `InMemoryLogHandler`).
public final class InMemoryLifecycleLogHandler: LifecycleLogHandler {
    private let entries = LockedState<[LifecycleEvent]>([])

    /// Makes an empty handler.
    public init() {}

    public func handle(_ event: LifecycleEvent) {
        entries.withLock { $0.append(event) }
    }

    /// Every entry received, in order.
    public var events: [LifecycleEvent] { entries.withLock { $0 } }

    /// Forgets every entry received so far.
    public func clear() {
        entries.withLock { $0.removeAll() }
    }
}

/// A log handler that calls a closure for every entry.
public struct ClosureLifecycleLogHandler: LifecycleLogHandler {
    private let body: @Sendable (LifecycleEvent) -> Void

    /// Makes a handler that calls `body` for every entry.
    public init(_ body: @escaping @Sendable (LifecycleEvent) -> Void) {
        self.body = body
    }

    public func handle(_ event: LifecycleEvent) {
        body(event)
    }
}
