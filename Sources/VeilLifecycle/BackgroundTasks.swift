/// Identifies a background task: UIKit's `UIBackgroundTaskIdentifier`.
public struct BackgroundTaskIdentifier: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Returned when running in the background is impossible (not running, exits on suspend,
    /// background time already expired, suspended). Ending it does nothing.
    public static let invalid = BackgroundTaskIdentifier(rawValue: 0)

    public var description: String { self == .invalid ? "invalid" : String(rawValue) }
}

/// An open background task.
struct BackgroundTaskRecord: Sendable {
    let id: Int
    let name: String
    let expirationHandler: (@Sendable (BackgroundTaskIdentifier) async -> Void)?
    var expired = false
}

/// One stay in the background: background time counts from its start.
struct BackgroundSession: Sendable {
    /// Elapsed time when the app entered the background.
    let start: Duration
    /// Elapsed time when background time runs out.
    let end: Duration
    /// Whether the expiration handlers already ran (no new task may begin).
    var expired = false
    /// The timer that runs the expiration handlers and enforces the end, while armed.
    var timer: Task<Void, Never>?
}

extension Application {
    /// `beginBackgroundTask`: registers a task unless running in the background is impossible.
    func beginTask(
        name: String?, expirationHandler: (@Sendable (BackgroundTaskIdentifier) async -> Void)?
    ) -> BackgroundTaskIdentifier {
        let caller = Application.currentIncarnation
        let id: Int? = core.withLock { core in
            guard core.isAlive(caller), core.state != .suspended, !policy.exitsOnSuspend else { return nil }
            if core.state == .background, core.session?.expired ?? false { return nil }
            core.nextTaskID += 1
            let id = core.nextTaskID
            core.tasks.append(BackgroundTaskRecord(id: id, name: name ?? "", expirationHandler: expirationHandler))
            appendLocked(.backgroundTask(event: .begin, name: name ?? "", id: id))
            armSessionTimerLocked(&core)
            return id
        }
        return id.map(BackgroundTaskIdentifier.init(rawValue:)) ?? .invalid
    }

    /// `endBackgroundTask`: ends an open task; the app suspends when its last task ends.
    func endTask(_ identifier: BackgroundTaskIdentifier) {
        let caller = Application.currentIncarnation
        core.withLock { core in
            guard core.isAlive(caller), let index = core.tasks.firstIndex(where: { $0.id == identifier.rawValue })
            else { return }
            let task = core.tasks.remove(at: index)
            appendLocked(.backgroundTask(event: .end, name: task.name, id: task.id))
            if core.tasks.isEmpty {
                core.session?.timer?.cancel()
                core.session?.timer = nil
                suspendIfIdleLocked(&core)
            }
        }
    }

    /// Time left in the background, `Double.greatestFiniteMagnitude` in the foreground.
    var remainingBackgroundTime: Double {
        core.withLock { core in
            switch core.state {
            case .active, .inactive: return Double.greatestFiniteMagnitude
            case .notRunning, .suspended: return 0
            case .background:
                guard let session = core.session else { return 0 }
                return max(0, (session.end - clock.elapsed).inSeconds)
            }
        }
    }

    /// Starts a background session (entering the background) and arms its timer if a task is open.
    func startSessionLocked(_ core: inout Core) {
        core.session?.timer?.cancel()
        let now = clock.elapsed
        core.session = BackgroundSession(start: now, end: now + policy.effectiveBackgroundTime)
        armSessionTimerLocked(&core)
    }

    /// Ends the background session (foreground, suspension, termination), disarming its timer.
    func endSessionLocked(_ core: inout Core) {
        core.session?.timer?.cancel()
        core.session = nil
    }

    /// Arms the expiration timer when the app runs in the background with an open task.
    func armSessionTimerLocked(_ core: inout Core) {
        guard core.state == .background, !core.tasks.isEmpty, let session = core.session, session.timer == nil,
            !session.expired
        else { return }
        let incarnation = core.incarnation
        let warning = max(session.start, session.end - policy.expirationWarning)
        core.session?.timer = clock.detached { [self] in
            await runSessionTimer(incarnation: incarnation, warningAt: warning, end: session.end)
        }
    }

    /// The expiration timer: expiration handlers at `warningAt`, termination at `end` if a task is left.
    private func runSessionTimer(incarnation: Int, warningAt: Duration, end: Duration) async {
        do {
            try await clock.sleep(untilElapsed: warningAt)
        } catch {
            return
        }
        let expiring: [BackgroundTaskRecord] = core.withLock { core in
            guard core.isAlive(incarnation), core.state == .background, core.session != nil else { return [] }
            core.session?.expired = true
            var list: [BackgroundTaskRecord] = []
            for index in core.tasks.indices where !core.tasks[index].expired {
                core.tasks[index].expired = true
                list.append(core.tasks[index])
                appendLocked(.backgroundTask(event: .expire, name: core.tasks[index].name, id: core.tasks[index].id))
            }
            return list
        }
        // The handlers run as an activity of their own: time runs out at `end` whether or not
        // they have returned by then.
        let handlers = expiring.compactMap { task in
            task.expirationHandler.map { handler in (handler, BackgroundTaskIdentifier(rawValue: task.id)) }
        }
        if !handlers.isEmpty {
            startActivity(for: incarnation) {
                for (handler, id) in handlers where !Task.isCancelled {
                    await handler(id)
                }
            }
        }
        do {
            try await clock.sleep(untilElapsed: end)
        } catch {
            return
        }
        let leaked: [BackgroundTaskRecord] = core.withLock { core in
            guard core.isAlive(incarnation), core.state == .background else { return [] }
            return core.tasks
        }
        guard !leaked.isEmpty else { return }
        let names = leaked.map { "'\($0.name)' (id \($0.id))" }.joined(separator: ", ")
        let seconds = policy.effectiveBackgroundTime.secondsText
        kill(
            incarnation: incarnation,
            violation: (
                LifecycleRule.backgroundTaskLeaked,
                "background task \(names) was not ended when background time (\(seconds) s) ran out"
            ),
            reason: .backgroundTaskExpired, code: nil, during: nil
        )
    }
}
