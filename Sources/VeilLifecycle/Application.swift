import Foundation

/// The simulated app object, UIKit's `UIApplication`: its state, background tasks, window
/// and notification centre, as the delegate sees them.
///
/// A ``System`` creates it and passes it to every delegate method. Its members are safe to
/// use from any task; calls made by code of an app that was terminated meanwhile (a
/// callback still winding down after the watchdog fired) have no effect.
public final class Application: Sendable {
    let delegate: any ApplicationDelegate
    let clock: SimulationClock
    let policy: LifecyclePolicy
    let log: LifecycleLog
    let core: LockedState<Core>
    let snapshotHandlers = LockedState<[@Sendable (SnapshotMoment) async -> Void]>([])

    /// The app's notification centre (`NotificationCenter.default` for `UIApplication` names).
    public let notificationCenter = ApplicationNotificationCenter()

    /// The app's key window, holding the root view controller.
    public let window: Window

    /// Which run of the app the current task belongs to (set while app code runs).
    @TaskLocal static var currentIncarnation: Int?

    init(
        delegate: any ApplicationDelegate, clock: SimulationClock, policy: LifecyclePolicy,
        log: LifecycleLog, screenSize: ScreenSize
    ) {
        self.delegate = delegate
        self.clock = clock
        self.policy = policy
        self.log = log
        self.core = LockedState(Core(screenSize: screenSize), lock: log.lock)
        self.window = Window(size: screenSize)
    }

    /// The app's state: inside a callback, the state UIKit reports there (`spec/lifecycle.md`).
    public var applicationState: ApplicationState { core.withLock { $0.state } }

    /// Time left to run in the background, in seconds: `Double.greatestFiniteMagnitude` in the
    /// foreground; in the background, the time until background time runs out; 0 when not running.
    public var backgroundTimeRemaining: Double { remainingBackgroundTime }

    /// The system's policy for this app.
    public var lifecyclePolicy: LifecyclePolicy { policy }

    /// Time since the simulation started, on its clock.
    public var elapsed: Duration { clock.elapsed }

    /// The terminal size the app's screen has now.
    public var screenSize: ScreenSize { core.withLock { $0.screenSize } }

    /// Asks for time to finish work in the background; balance with ``endBackgroundTask(_:)``.
    ///
    /// Returns ``BackgroundTaskIdentifier/invalid`` when background running is impossible:
    /// the app is not running or suspended, the policy exits on suspend, or background time
    /// already expired. Calls may overlap. `expirationHandler` runs
    /// ``LifecyclePolicy/expirationWarning`` before background time runs out; a task still
    /// open when it runs out gets the app terminated (`backgroundTaskExpired`).
    public func beginBackgroundTask(
        withName name: String?, expirationHandler: (@Sendable () async -> Void)? = nil
    ) -> BackgroundTaskIdentifier {
        beginTask(name: name, expirationHandler: Self.ignoringIdentifier(expirationHandler))
    }

    /// Asks for background time without a name; see ``beginBackgroundTask(withName:expirationHandler:)``.
    public func beginBackgroundTask(expirationHandler: (@Sendable () async -> Void)? = nil) -> BackgroundTaskIdentifier
    {
        beginTask(name: nil, expirationHandler: Self.ignoringIdentifier(expirationHandler))
    }

    private static func ignoringIdentifier(
        _ handler: (@Sendable () async -> Void)?
    ) -> (@Sendable (BackgroundTaskIdentifier) async -> Void)? {
        guard let handler else { return nil }
        return { @Sendable _ in await handler() }
    }

    /// Begins a background task that performs `work` concurrently and ends itself when the
    /// work is done (the scenario action `beginBackgroundTask: {name, work}`).
    ///
    /// `expirationHandler` receives the task's identifier, so it can end the task
    /// (`endInExpirationHandler: true`) or leave it open and let the app be terminated. The
    /// work is cancelled if the app is terminated. Returns `.invalid` (and starts no work)
    /// when background running is impossible.
    ///
    /// A name of its own (not an overload of `beginBackgroundTask`), so that a trailing
    /// closure given to `beginBackgroundTask(withName:)` is always the expiration handler.
    @discardableResult
    public func runBackgroundTask(
        withName name: String?,
        work: @escaping @Sendable () async -> Void,
        expirationHandler: (@Sendable (BackgroundTaskIdentifier) async -> Void)? = nil
    ) -> BackgroundTaskIdentifier {
        let id = beginTask(name: name, expirationHandler: expirationHandler)
        guard id != .invalid else { return id }
        dispatch { [self] in
            await work()
            endTask(id)
        }
        return id
    }

    /// Ends a background task; when the last one ends in the background, the app is suspended.
    /// Ending `.invalid` or an already-ended task does nothing.
    public func endBackgroundTask(_ identifier: BackgroundTaskIdentifier) {
        endTask(identifier)
    }

    /// Ends every open background task (the scenario action `endBackgroundTasks`).
    public func endAllBackgroundTasks() {
        let open = core.withLock { $0.tasks.map(\.id) }
        for id in open {
            endTask(BackgroundTaskIdentifier(rawValue: id))
        }
    }

    /// The background tasks open now.
    public var openBackgroundTasks: [BackgroundTaskIdentifier] {
        core.withLock { $0.tasks.map { BackgroundTaskIdentifier(rawValue: $0.id) } }
    }

    /// Simulates `duration` of work on the app's clock (virtual or real).
    ///
    /// Returns early if the task is cancelled, e.g. because the watchdog terminated the app.
    public func work(for duration: Duration) async {
        try? await sleep(for: duration)
    }

    /// Sleeps `duration` on the app's clock; throws `CancellationError` when cancelled.
    public func sleep(for duration: Duration) async throws {
        try await clock.sleep(untilElapsed: clock.elapsed + duration)
    }

    /// Runs `work` concurrently with the app's main flow, like a background queue.
    ///
    /// The work is cancelled when the app is suspended or terminates (a suspended app runs
    /// no code: end your background task only when the work is done or abandoned). On a ``VirtualClock`` this is the way
    /// to start concurrent work that sleeps on the clock: a plain `Task` is invisible to the
    /// driver, which could then advance time while that task is still running.
    public func dispatch(_ work: @escaping @Sendable () async -> Void) {
        startActivity(for: Application.currentIncarnation, work)
    }

    /// Starts `work` as a counted activity of the app's run `caller` (the current run when nil),
    /// cancelled when the app suspends or terminates; does nothing if that run is over.
    func startActivity(for caller: Int?, _ work: @escaping @Sendable () async -> Void) {
        let registration: (id: Int, incarnation: Int)? = core.withLock { core in
            guard core.isAlive(caller) else { return nil }
            core.nextActivity += 1
            return (core.nextActivity, core.incarnation)
        }
        guard let (id, incarnation) = registration else { return }
        let task = clock.detached { [self] in
            await Application.$currentIncarnation.withValue(incarnation) { await work() }
            core.withLock { core in
                if core.activities.removeValue(forKey: id) == nil { core.finishedActivities.insert(id) }
            }
        }
        let cancelNow = core.withLock { core -> Bool in
            if core.finishedActivities.remove(id) != nil { return false }
            guard core.isAlive(incarnation) else { return true }
            core.activities[id] = { task.cancel() }
            return false
        }
        if cancelNow { task.cancel() }
    }
}

/// The moment the app-switcher snapshot is taken: passed to ``System/onSnapshotMoment(_:)`` handlers.
public struct SnapshotMoment: Sendable, Hashable {
    /// Why a snapshot is due now.
    public enum Reason: String, Sendable, Hashable {
        /// `applicationDidEnterBackground(_:)` returned in time (home, call accepted, lock, …).
        case didEnterBackground
        /// A background launch finished (after its didEnterBackground returned).
        case backgroundLaunch
        /// A suspended app was resumed in the background.
        case resumeInBackground
    }

    /// Why a snapshot is due.
    public var reason: Reason
    /// Time since the scenario started.
    public var time: Duration
    /// The app's state (always `background`: still running, not yet suspended).
    public var state: ApplicationState
}
