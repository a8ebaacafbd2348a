/// A clock whose time moves only when the simulation lets it: instant and deterministic.
///
/// A `System` created with a virtual clock *drives* it: the clock advances only when every
/// simulated activity (the event driver, callbacks, the watchdog, background-task timers and
/// work started with ``Application/dispatch(_:)``) is blocked on the clock. It then jumps to
/// the earliest armed deadline and resumes that one sleeper itself, with no `Task.yield`
/// loops, so hours of simulated waiting take microseconds.
///
/// ```swift
/// let clock = VirtualClock()
/// let system = System(delegate: MyApp(), clock: clock)
/// try await system.send(.launch())
/// try await system.send(.wait(.seconds(3600)))   // returns at once; clock.now is 1 h later
/// try clock.checkSuspension()                    // no timer left armed
/// ```
///
/// Without a `System`, the clock works like a manual test clock: ``advance(by:)`` resumes
/// every sleeper that is due, in deadline order, and ``sleepersArmed(atLeast:)`` waits until
/// enough sleepers are registered.
public final class VirtualClock: Clock, Sendable {
    /// A point in virtual time: an offset from the clock's creation.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The time since the clock was created.
        public var offset: Duration

        /// Makes an instant at `offset` from the clock's origin.
        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        /// Armed sleepers, sorted by deadline, then by arrival.
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
        /// Sleeps cancelled before they were registered.
        var cancelledEarly: Set<UInt64> = []
        /// Drivers attached (systems); while > 0 the clock advances by itself when idle.
        var drivers = 0
        /// Activities that can make progress without time moving (meaningful while driven).
        var running = 0
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        mutating func insert(_ sleeper: Sleeper) {
            var index = sleepers.endIndex
            while index > sleepers.startIndex, sleepers[index - 1].deadline > sleeper.deadline {
                index -= 1
            }
            sleepers.insert(sleeper, at: index)
        }

        /// When driven and nothing can run, jumps to the earliest deadline and picks that sleeper.
        mutating func advanceIfIdle() -> Sleeper? {
            guard drivers > 0, running == 0, !sleepers.isEmpty else { return nil }
            let first = sleepers.removeFirst()
            if first.deadline > now { now = first.deadline }
            running += 1
            return first
        }

        mutating func readyWaiters() -> [CheckedContinuation<Void, Never>] {
            guard !waiters.isEmpty else { return [] }
            var ready: [CheckedContinuation<Void, Never>] = []
            waiters.removeAll { waiter in
                guard sleepers.count >= waiter.count else { return false }
                ready.append(waiter.continuation)
                return true
            }
            return ready
        }
    }

    private let state = LockedState(State())

    /// Makes a clock at offset zero with no sleepers.
    public init() {}

    /// The current virtual time.
    public var now: Instant { state.withLock { $0.now } }

    /// Virtual time has no granularity.
    public var minimumResolution: Duration { .zero }

    /// The number of sleepers currently armed.
    public var pendingSleepers: Int { state.withLock { $0.sleepers.count } }

    /// The earliest armed deadline, if any.
    public var nextDeadline: Instant? { state.withLock { $0.sleepers.first?.deadline } }

    /// Suspends until virtual time reaches `deadline`; throws `CancellationError` if cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> UInt64? in
            // Fast path on a driven clock: when the caller is the only runnable activity and
            // its deadline comes strictly before every armed one, sleeping would only jump
            // time to that deadline and resume the caller at once, so jump without suspending.
            if state.drivers > 0, state.running == 1,
                state.sleepers.first.map({ deadline < $0.deadline }) ?? true
            {
                if deadline > state.now { state.now = deadline }
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case cancelled, due, armed(Sleeper?, [CheckedContinuation<Void, Never>]) }
                let outcome = state.withLock { state -> Outcome in
                    if state.cancelledEarly.remove(id) != nil { return .cancelled }
                    if deadline <= state.now { return .due }
                    state.insert(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    if state.drivers > 0 { state.running -= 1 }
                    let ready = state.readyWaiters()
                    return .armed(state.advanceIfIdle(), ready)
                }
                switch outcome {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .due: continuation.resume()
                case .armed(let next, let ready):
                    ready.forEach { $0.resume() }
                    next?.continuation.resume()
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelledEarly.insert(id)
                    return nil
                }
                if state.drivers > 0 { state.running += 1 }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, resuming every sleeper due by then in deadline order.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `deadline`, resuming every sleeper due by then in deadline order.
    ///
    /// Work the resumed sleepers start afterwards is not awaited; a driven clock (one
    /// attached to a `System`) needs no manual advancing at all.
    public func advance(to deadline: Instant) {
        while true {
            let due = state.withLock { state -> Sleeper? in
                guard let first = state.sleepers.first, first.deadline <= deadline else {
                    if deadline > state.now { state.now = deadline }
                    return nil
                }
                state.sleepers.removeFirst()
                if first.deadline > state.now { state.now = first.deadline }
                if state.drivers > 0 { state.running += 1 }
                return first
            }
            guard let due else { return }
            due.continuation.resume()
        }
    }

    /// Waits until at least `count` sleepers are armed (no polling: the clock resumes you).
    public func sleepersArmed(atLeast count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Throws if any sleeper is still armed: ends every scenario test, proving no timer leaked.
    public func checkSuspension() throws {
        let armed = state.withLock { $0.sleepers.map(\.deadline) }
        guard armed.isEmpty else {
            throw VirtualClockError(armedDeadlines: armed.map(\.offset), now: now.offset)
        }
    }

    // MARK: Driving (used by System)

    /// Attaches a driver: from now on the clock advances by itself whenever nothing can run.
    /// The driver counts as one running activity until it blocks.
    func attachDriver() {
        state.withLock { state in
            state.drivers += 1
            state.running += 1
        }
    }

    /// Detaches a driver that holds its running token. When the last driver leaves (its
    /// `System` is gone) nothing will advance the clock again, so the sleepers still armed
    /// are cancelled: left waiting, their tasks and everything they hold would never be freed.
    func detachDriver() {
        let (next, orphans) = state.withLock { state -> (Sleeper?, [Sleeper]) in
            state.drivers -= 1
            state.running -= 1
            guard state.drivers == 0 else { return (state.advanceIfIdle(), []) }
            defer { state.sleepers.removeAll() }
            return (nil, state.sleepers)
        }
        next?.continuation.resume()
        for orphan in orphans { orphan.continuation.resume(throwing: CancellationError()) }
    }

    /// Counts one more activity as runnable (call before starting it).
    func enter() {
        state.withLock { state in
            if state.drivers > 0 { state.running += 1 }
        }
    }

    /// Counts one activity less as runnable (it finished, or is about to block off the clock).
    func leave() {
        let next = state.withLock { state -> Sleeper? in
            guard state.drivers > 0 else { return nil }
            state.running -= 1
            return state.advanceIfIdle()
        }
        next?.continuation.resume()
    }
}

/// Thrown by ``VirtualClock/checkSuspension()`` when sleepers are still armed.
public struct VirtualClockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The deadlines still armed, as offsets from the clock's origin.
    public var armedDeadlines: [Duration]
    /// The clock's time when the check ran.
    public var now: Duration

    public var description: String {
        let list = armedDeadlines.map { "\($0)" }.joined(separator: ", ")
        return "\(armedDeadlines.count) sleeper(s) still armed at \(now) (deadlines: \(list)); "
            + "a background task, timer or callback is probably still waiting on the clock"
    }
}
