/// The clock a `System` runs on, erased to elapsed time since the simulation started.
///
/// On a ``VirtualClock`` it also does the activity bookkeeping that lets the clock advance
/// only when everything is blocked; on any other clock `enter`/`leave` do nothing.
struct SimulationClock: Sendable {
    private let _elapsed: @Sendable () -> Duration
    private let _sleep: @Sendable (Duration) async throws -> Void
    let virtual: VirtualClock?
    /// Whether the clock runs in real time (`ContinuousClock`, `SuspendingClock`): the
    /// watchdog then keeps its deadlines on its own thread (``sleepForWatchdog(untilElapsed:)``).
    let isRealTime: Bool

    /// The virtual clock's offset when the simulation started.
    private let virtualStart: Duration
    /// The simulation's unstructured tasks still running (see ``detached(_:)``).
    let tasks = SimulationTasks()

    init<C: Clock<Duration>>(_ clock: C) {
        let start = clock.now
        _elapsed = { start.duration(to: clock.now) }
        _sleep = { elapsed in try await clock.sleep(until: start.advanced(by: elapsed), tolerance: nil) }
        virtual = clock as? VirtualClock
        isRealTime = clock is ContinuousClock || clock is SuspendingClock
        virtualStart = virtual?.now.offset ?? .zero
    }

    /// Time since the simulation started.
    var elapsed: Duration {
        if let virtual { return virtual.now.offset - virtualStart }  // the hot path, without generics
        return _elapsed()
    }

    /// Sleeps until `elapsed` time since the start; throws `CancellationError` when cancelled.
    func sleep(untilElapsed elapsed: Duration) async throws {
        try await _sleep(elapsed)
    }

    /// Sleeps until `elapsed` time since the start, for the watchdog; throws `CancellationError`
    /// when cancelled.
    ///
    /// On a real-time clock the deadline is a timer on the watchdog thread
    /// (``SerialThreadExecutor/watchdog``), which resumes the caller on time even when the
    /// cooperative pool is saturated; elsewhere it is ``sleep(untilElapsed:)``.
    func sleepForWatchdog(untilElapsed elapsed: Duration) async throws {
        if isRealTime, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            try await SerialThreadExecutor.watchdog.sleep(until: .now.advanced(by: elapsed - self.elapsed))
            return
        }
        try await sleep(untilElapsed: elapsed)
    }

    /// Counts an activity about to start as runnable.
    @inline(__always)
    func enter() { virtual?.enter() }

    /// Counts an activity as no longer runnable (finished or blocking off the clock).
    @inline(__always)
    func leave() { virtual?.leave() }

    /// Starts `body` as a counted activity that gives up its token when it ends; it stays in
    /// ``tasks`` until then.
    @discardableResult
    func detached(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        enter()
        let tasks = self.tasks
        let enabled = virtual != nil
        return tasks.start { id in
            SimulationExecutor.task(enabled: enabled) { [self] in
                await body()
                leave()
                tasks.ended(id)
            }
        }
    }
}
