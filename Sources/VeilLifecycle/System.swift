/// The simulated iOS: drives an app through its life cycle with user and system events.
///
/// `send(_:)` takes one ``SystemEvent`` at a time and produces exactly the callbacks,
/// notifications and state changes of `spec/lifecycle.md`, in order, into ``log``. Events
/// that make no sense in the app's state throw a ``LifecycleError`` naming both.
///
/// ```swift
/// let clock = VirtualClock()
/// let system = System(delegate: BankApp(), clock: clock)
/// system.onSnapshotMoment { moment in /* capture the screen */ }
/// try await system.run([.launch(), .wait(.seconds(2)), .home, .wait(.seconds(40)), .tapIcon])
/// print(system.log.jsonLines)
/// try clock.checkSuspension()
/// ```
///
/// Time comes from the clock given at creation: a ``VirtualClock`` makes a run instant and
/// deterministic (one `System` drives one virtual clock); `ContinuousClock` runs it in real
/// time. Between two `send` calls time stands still on a virtual clock; it moves during
/// `wait` events and while callbacks, the watchdog or background work sleep on it. On a
/// virtual clock, simulated work must wait only on the clock (``Application/work(for:)``,
/// ``Application/sleep(for:)``) and run concurrently only through ``Application/dispatch(_:)``
/// or ``Application/runBackgroundTask(withName:work:expirationHandler:)``; virtual-clock
/// simulations run on one shared thread, so app code must not block it.
public final class System: Sendable {
    /// The app being simulated.
    public let application: Application
    private let virtualClock: VirtualClock?

    /// Makes a system running `delegate`'s app (not yet launched) on `clock` under `policy`.
    public init(
        delegate: some ApplicationDelegate,
        clock: some Clock<Duration> = ContinuousClock(),
        policy: LifecyclePolicy = LifecyclePolicy(),
        log: LifecycleLog = LifecycleLog(),
        screenSize: ScreenSize = .standard
    ) {
        let simulationClock = SimulationClock(clock)
        virtualClock = simulationClock.virtual
        virtualClock?.attachDriver()
        application = Application(
            delegate: delegate, clock: simulationClock, policy: policy, log: log, screenSize: screenSize)
    }

    deinit {
        virtualClock?.detachDriver()
    }

    /// Ends the simulation: cancels the work still running or waiting on the clock (background
    /// work, expiration timers, work started with ``Application/dispatch(_:)``) and returns
    /// once all of it has ended, so that none of it runs, or keeps the ``application`` alive,
    /// after the call. Call it when done sending events (a run that stopped early included).
    ///
    /// Cancelled work ends as it does when the app is terminated: ``Application/work(for:)``
    /// returns early, and background tasks whose work returns are ended (logged). Without it,
    /// that work is only cancelled when the system is freed and ends a moment later.
    public func finish() async {
        await application.clock.tasks.cancelAll()
    }

    /// The lifecycle log this system writes.
    public var log: LifecycleLog { application.log }

    /// The system's policy.
    public var policy: LifecyclePolicy { application.policy }

    /// The app's state now.
    public var state: ApplicationState { application.applicationState }

    /// Time since the simulation started, on its clock.
    public var elapsed: Duration { application.clock.elapsed }

    /// Whether the device is locked.
    public var isDeviceLocked: Bool { application.core.withLock { $0.deviceLocked } }

    /// Registers the snapshot service's hook: called when the app-switcher snapshot is due.
    ///
    /// Handlers are awaited in registration order, on the event's task, at these moments:
    /// after `applicationDidEnterBackground(_:)` returned in time and its notification was
    /// posted (home, accepted call, switcher → other app, lock); after a background launch's
    /// didEnterBackground; after a suspended app resumed in the background. Always while the
    /// app is still `background` (before it is suspended or, with exitsOnSuspend, terminated),
    /// and never for an app the watchdog terminated. A handler that appends a `snapshot`
    /// entry to ``log`` should use ``SnapshotMoment/time``.
    public func onSnapshotMoment(_ handler: @escaping @Sendable (SnapshotMoment) async -> Void) {
        application.snapshotHandlers.withLock { $0.append(handler) }
    }

    /// Processes one event completely (including the work and deadlines it triggers).
    ///
    /// Throws ``LifecycleError/Code/invalidEvent`` when the event is impossible in the current
    /// state (nothing happens then), ``LifecycleError/Code/eventInProgress`` when called while
    /// another event is processed, and `CancellationError` if the calling task is cancelled
    /// during a `wait`.
    public func send(_ event: SystemEvent) async throws {
        try await SimulationExecutor.run(enabled: virtualClock != nil) { try await process(event) }
    }

    /// Sends every event in order; stops at the first error.
    public func run(_ events: some Sequence<SystemEvent>) async throws {
        let events = Array(events)
        try await SimulationExecutor.run(enabled: virtualClock != nil) {
            for event in events {
                try await process(event)
            }
        }
    }

    private func process(_ event: SystemEvent) async throws {
        let holds: Bool
        if case .wait = event { holds = false } else { holds = true }
        try application.core.withLock { core in
            if let current = core.currentEvent {
                throw LifecycleError.eventInProgress(event, current: current.description)
            }
            core.currentEvent = event
            if holds { core.holdSuspension += 1 }
        }
        defer {
            application.core.withLock { core in
                core.currentEvent = nil
                if holds {
                    core.holdSuspension -= 1
                    application.suspendIfIdleLocked(&core)
                }
            }
        }
        try await handle(event)
    }
}
