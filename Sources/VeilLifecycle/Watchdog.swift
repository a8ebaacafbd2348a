/// The watchdog: races a deadline-bound phase (didEnterBackground, willTerminate, launch)
/// against its deadline on the simulation's clock.
///
/// Modelled on swift-service-lifecycle's `ServiceGroup`: the callback and the deadline are
/// child tasks of one task group, each returning a ``WatchdogResult``; the first result is
/// decided by one `switch`. When the deadline wins, the app is terminated at once (reason
/// `watchdog`, code `0x8badf00d`, `during` the callback that was running), the callback's
/// task is cancelled, and whatever it still does is ignored: it cannot log, post, begin
/// background tasks or reach the snapshot hook any more.
enum WatchdogResult: Sendable {
    /// The phase returned before its deadline.
    case finished
    /// The deadline passed first.
    case deadlineExceeded
    /// The waiting task was cancelled from outside (the driver was cancelled).
    case cancelled
}

extension Application {
    /// Runs `operation` under `deadline`; returns whether it finished in time with the app still running.
    func withDeadline(
        _ deadline: Duration, incarnation: Int, operation: @escaping @Sendable () async -> Void
    ) async -> Bool {
        let deadlineAt = clock.elapsed + deadline
        let clock = self.clock
        return await withTaskGroup(of: WatchdogResult.self) { group in
            // Every child counts as runnable from the start; a finished child hands its token
            // to this task, which gives up its own while waiting (see VirtualClock).
            clock.enter()
            group.addTask {
                await operation()
                return .finished
            }
            clock.enter()
            group.addTask {
                do {
                    try await clock.sleep(untilElapsed: deadlineAt)
                    return .deadlineExceeded
                } catch {
                    return .cancelled
                }
            }
            clock.leave()
            let first = await group.next() ?? .cancelled
            let inTime: Bool
            switch first {
            case .finished:
                inTime = isAlive(incarnation)
            case .deadlineExceeded:
                let during = core.withLock { $0.currentCallback?.selector }
                kill(
                    incarnation: incarnation,
                    violation: (LifecycleRule.deadline,
                                "\(during ?? "a callback") did not return within \(deadline.secondsText) s"),
                    reason: .watchdog, code: TerminationCode.watchdog, during: during
                )
                inTime = false
            case .cancelled:
                inTime = false
            }
            group.cancelAll()
            clock.leave()
            _ = await group.next()
            return inTime
        }
    }
}
