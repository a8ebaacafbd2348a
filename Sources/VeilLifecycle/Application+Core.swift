import Foundation

/// A system notification waiting for a suspended app.
enum QueuedDelivery: Sendable, Hashable {
    case significantTimeChange
    case protectedData(available: Bool)
}

/// Everything about the app that changes, guarded by one lock.
struct Core: Sendable {
    var state: ApplicationState = .notRunning
    /// Bumped at every launch: code of an earlier run cannot affect this one.
    var incarnation = 0
    var tasks: [BackgroundTaskRecord] = []
    var nextTaskID = 0
    var session: BackgroundSession?
    /// The delegate method running now (the termination's `during`).
    var currentCallback: DelegateMethod?
    /// While > 0, an event is in progress and the app does not suspend yet.
    var holdSuspension = 0
    /// Notifications for a suspended app, coalesced, delivered on resume.
    var queue: [QueuedDelivery] = []
    /// A resize arrived while suspended: lay out on resume.
    var pendingLayout = false
    var deviceLocked = false
    /// Whether the app was in the foreground when the device locked (unlock brings it back).
    var foregroundAtLock = false
    /// Protected-data availability as the app last learned it.
    var protectedDataAvailable = true
    var screenSize: ScreenSize
    /// App code running concurrently (`dispatch`, expiration handlers, callbacks that background
    /// time may cut short), each with its cancellation; cancelled at suspension and termination.
    var activities: [Int: @Sendable () -> Void] = [:]
    var finishedActivities: Set<Int> = []
    var nextActivity = 0
    /// The event being processed, for `eventInProgress` errors.
    var currentEvent: SystemEvent?
    /// Deadline races not decided yet (see `withDeadline`): the side that removes a race's id
    /// wins it, so exactly one of "finished in time" and "killed by the watchdog" happens.
    var openDeadlines: Set<Int> = []
    var nextDeadline = 0

    init(screenSize: ScreenSize) {
        self.screenSize = screenSize
    }

    /// Whether the app runs, and `incarnation` (if given) is its current run.
    func isAlive(_ incarnation: Int?) -> Bool {
        state != .notRunning && (incarnation == nil || incarnation == self.incarnation)
    }

    /// Adds a delivery to the queue, keeping only the latest of each kind.
    mutating func enqueue(_ delivery: QueuedDelivery) {
        switch delivery {
        case .significantTimeChange:
            queue.removeAll { $0 == .significantTimeChange }
        case .protectedData:
            queue.removeAll { if case .protectedData = $0 { true } else { false } }
        }
        queue.append(delivery)
    }
}

/// Arguments of a delegate call.
struct CallArguments: Sendable {
    var launchOptions = LaunchOptions()
    var url: URL?
    var isLaunchURL = false
}

extension Application {
    // MARK: Log

    /// Appends to the log at the current time (call with the core lock held, for order).
    func appendLocked(_ kind: LifecycleEvent.Kind) {
        log.append(kind, at: clock.elapsed)
    }

    /// Whether `incarnation` is the app's current, running run.
    func isAlive(_ incarnation: Int) -> Bool {
        core.withLock { $0.isAlive(incarnation) }
    }

    // MARK: State

    /// Changes state and logs it (lock held).
    func transitionLocked(_ core: inout Core, to state: ApplicationState) {
        let from = core.state
        guard from != state else { return }
        core.state = state
        appendLocked(.state(from: from, to: state))
    }

    /// What a state change does to the background session.
    enum SessionChange {
        case start, end, keep
    }

    /// Changes state if `incarnation` is still the running app; returns whether it was.
    @discardableResult
    func transition(to state: ApplicationState, incarnation: Int, session: SessionChange) -> Bool {
        core.withLock { core in
            guard core.isAlive(incarnation) else { return false }
            transitionLocked(&core, to: state)
            switch session {
            case .start: startSessionLocked(&core)
            case .end: endSessionLocked(&core)
            case .keep: break
            }
            return true
        }
    }

    /// Suspends a background app that holds no task and is not in the middle of an event.
    func suspendIfIdleLocked(_ core: inout Core) {
        guard core.state == .background, core.tasks.isEmpty, core.holdSuspension == 0, !policy.exitsOnSuspend else {
            return
        }
        endSessionLocked(&core)
        transitionLocked(&core, to: .suspended)
        // A suspended app runs no code: work it left running is abandoned.
        core.activities.values.forEach { cancel in cancel() }
        core.activities.removeAll()
        core.finishedActivities.removeAll()
    }

    // MARK: Callbacks and notifications

    /// Calls a delegate method, logging it with the state seen inside; `nil` if the app died.
    func call(_ method: DelegateMethod, incarnation: Int, _ arguments: CallArguments = CallArguments()) async -> Bool? {
        enum Start { case dead, inline, killable }
        let start = core.withLock { core -> Start in
            guard core.isAlive(incarnation) else { return .dead }
            core.currentCallback = method
            appendLocked(.callback(name: method.selector, state: core.state))
            // In the background with a task open, background time may run out during the
            // callback; the app is killed then, and the callback must be cancelled with it.
            return core.state == .background && !core.tasks.isEmpty ? .killable : .inline
        }
        let result: Bool
        switch start {
        case .dead:
            return nil
        case .inline:
            result = await Application.$currentIncarnation.withValue(incarnation) {
                await invoke(method, arguments)
            }
        case .killable:
            result =
                await runCancelledAtTermination(incarnation: incarnation) { [self] in
                    await invoke(method, arguments)
                } ?? false
        }
        return core.withLock { core in
            guard core.isAlive(incarnation) else { return nil }
            if core.currentCallback == method { core.currentCallback = nil }
            return result
        }
    }

    /// Runs app code as a task the app's termination cancels, and waits for it; `nil` if the
    /// app's run `incarnation` is already over.
    func runCancelledAtTermination(
        incarnation: Int, _ body: @escaping @Sendable () async -> Bool
    ) async -> Bool? {
        let id: Int? = core.withLock { core in
            guard core.isAlive(incarnation) else { return nil }
            core.nextActivity += 1
            return core.nextActivity
        }
        guard let id else { return nil }
        // The task counts as runnable from its start and hands its token to this waiting task.
        clock.enter()
        let task = SimulationExecutor.valueTask(enabled: clock.virtual != nil) {
            await Application.$currentIncarnation.withValue(incarnation) { await body() }
        }
        let cancelNow = core.withLock { core -> Bool in
            guard core.isAlive(incarnation) else { return true }
            core.activities[id] = { task.cancel() }
            return false
        }
        if cancelNow { task.cancel() }
        clock.leave()
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        core.withLock { _ = $0.activities.removeValue(forKey: id) }
        return result
    }

    private func invoke(_ method: DelegateMethod, _ arguments: CallArguments) async -> Bool {
        switch method {
        case .willFinishLaunching:
            return await delegate.application(self, willFinishLaunchingWithOptions: arguments.launchOptions)
        case .didFinishLaunching:
            return await delegate.application(self, didFinishLaunchingWithOptions: arguments.launchOptions)
        case .openURL:
            guard let url = arguments.url else { return false }
            return await delegate.application(self, open: url, options: OpenURLOptions(isLaunch: arguments.isLaunchURL))
        case .didBecomeActive: await delegate.applicationDidBecomeActive(self)
        case .willResignActive: await delegate.applicationWillResignActive(self)
        case .didEnterBackground: await delegate.applicationDidEnterBackground(self)
        case .willEnterForeground: await delegate.applicationWillEnterForeground(self)
        case .willTerminate: await delegate.applicationWillTerminate(self)
        case .didReceiveMemoryWarning: await delegate.applicationDidReceiveMemoryWarning(self)
        case .significantTimeChange: await delegate.applicationSignificantTimeChange(self)
        case .protectedDataWillBecomeUnavailable: await delegate.applicationProtectedDataWillBecomeUnavailable(self)
        case .protectedDataDidBecomeAvailable: await delegate.applicationProtectedDataDidBecomeAvailable(self)
        }
        return true
    }

    /// Posts a notification (logged) if the app still runs; returns whether it does.
    @discardableResult
    func post(_ name: ApplicationNotification.Name, incarnation: Int) -> Bool {
        let time: Duration? = core.withLock { core in
            guard core.isAlive(incarnation) else { return nil }
            appendLocked(.notification(name: name.rawValue))
            return clock.elapsed
        }
        guard let time else { return false }
        notificationCenter.post(ApplicationNotification(name: name, time: time))
        return true
    }

    /// Calls a delegate method and posts its notification in the documented order.
    @discardableResult
    func deliver(_ method: DelegateMethod, incarnation: Int, _ arguments: CallArguments = CallArguments()) async -> Bool
    {
        guard let name = method.notification else {
            return await call(method, incarnation: incarnation, arguments) != nil
        }
        if method.notificationComesFirst {
            guard post(name, incarnation: incarnation) else { return false }
            return await call(method, incarnation: incarnation, arguments) != nil
        }
        guard await call(method, incarnation: incarnation, arguments) != nil else { return false }
        return post(name, incarnation: incarnation)
    }

    /// Delivers a system notification now, or queues it (coalesced) while the app is suspended.
    func deliverOrQueue(_ delivery: QueuedDelivery, incarnation: Int) async {
        let queued = core.withLock { core -> Bool in
            guard core.state == .suspended else { return false }
            core.enqueue(delivery)
            return true
        }
        if !queued { await deliverSystemNotification(delivery, incarnation: incarnation) }
    }

    /// Delivers one system notification to a running app.
    func deliverSystemNotification(_ delivery: QueuedDelivery, incarnation: Int) async {
        switch delivery {
        case .significantTimeChange:
            await deliver(DelegateMethod.significantTimeChange, incarnation: incarnation)
        case .protectedData(let available):
            let changed = core.withLock { core -> Bool in
                guard core.protectedDataAvailable != available else { return false }
                core.protectedDataAvailable = available
                return true
            }
            guard changed else { return }
            await deliver(
                available ? .protectedDataDidBecomeAvailable : .protectedDataWillBecomeUnavailable,
                incarnation: incarnation)
        }
    }

    /// Delivers what queued up while suspended (before anything else on resume).
    func deliverQueued(incarnation: Int) async {
        let queued = core.withLock { core -> [QueuedDelivery] in
            defer { core.queue.removeAll() }
            return core.queue
        }
        for delivery in queued {
            await deliverSystemNotification(delivery, incarnation: incarnation)
        }
    }

    // MARK: Snapshot hook

    /// Tells the snapshot handlers, in order, that the snapshot moment has come.
    func snapshotMoment(_ reason: SnapshotMoment.Reason, incarnation: Int) async {
        let handlers = snapshotHandlers.withLock { $0 }
        for handler in handlers {
            let moment: SnapshotMoment? = core.withLock { core in
                guard core.isAlive(incarnation), core.state == .background else { return nil }
                return SnapshotMoment(reason: reason, time: clock.elapsed, state: core.state)
            }
            guard let moment else { return }
            await handler(moment)
        }
    }

    // MARK: Termination

    /// Terminates the app at once: logs an optional violation, the termination and the state
    /// change, and cancels everything of this run. No callback is called.
    func kill(
        incarnation: Int, violation: (rule: String, message: String)?, reason: TerminationReason,
        code: String?, during: String?
    ) {
        let cancel = core.withLock { core in
            killLocked(
                &core, incarnation: incarnation, violation: violation, reason: reason, code: code, during: during)
        }
        cancel.forEach { cancel in cancel() }
    }

    /// Terminates the app (lock held) like ``kill(incarnation:violation:reason:code:during:)``;
    /// returns the cancellations of this run's activities, to call once the lock is released.
    func killLocked(
        _ core: inout Core, incarnation: Int, violation: (rule: String, message: String)?,
        reason: TerminationReason, code: String?, during: String?
    ) -> [@Sendable () -> Void] {
        guard core.isAlive(incarnation) else { return [] }
        if let violation {
            appendLocked(.violation(rule: violation.rule, message: violation.message))
        }
        appendLocked(.termination(reason: reason, code: code, during: during))
        transitionLocked(&core, to: .notRunning)
        endSessionLocked(&core)
        core.tasks.removeAll()
        core.queue.removeAll()
        core.pendingLayout = false
        core.currentCallback = nil
        core.protectedDataAvailable = true
        defer {
            core.activities.removeAll()
            core.finishedActivities.removeAll()
        }
        return Array(core.activities.values)
    }

    /// Terminates a running background app the documented way: `applicationWillTerminate(_:)`
    /// within its deadline, its notification, then the termination.
    func terminateGracefully(incarnation: Int, reason: TerminationReason, code: String?) async {
        let completed = await withDeadline(policy.willTerminateDeadline, incarnation: incarnation) { [self] in
            await deliver(.willTerminate, incarnation: incarnation)
        }
        guard completed else { return }
        kill(incarnation: incarnation, violation: nil, reason: reason, code: code, during: nil)
    }
}
