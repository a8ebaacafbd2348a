/// The watchdog: races a deadline-bound phase (didEnterBackground, willTerminate, launch)
/// against its deadline on the simulation's clock.
///
/// Modelled on swift-service-lifecycle's `ServiceGroup`: the callback and the deadline are
/// child tasks of one task group, each returning a ``WatchdogResult``; the first result is
/// decided by one `switch`. The race itself is decided under the app's lock: the side that
/// first claims it wins, so exactly one of "finished in time" and "killed" happens. When the
/// deadline wins, its side terminates the app at once (reason `watchdog`, code `0x8badf00d`,
/// `during` the callback that was running, if one had started); the callback's task is
/// cancelled (by the kill itself on a real-time clock, by the parent right after on a virtual
/// one), and whatever it still does is ignored: it cannot log, post, begin background tasks
/// or reach the snapshot hook any more.
///
/// On a real-time clock the deadline side runs on the watchdog's own thread
/// (``SerialThreadExecutor/watchdog``), like the real watchdog, which is another process: the
/// termination is logged on time even when the cooperative pool is saturated, by the app's
/// blocking code or by other work in the process. On a ``VirtualClock`` everything stays on the
/// simulation thread, deterministic.
enum WatchdogResult: Sendable {
    /// The phase returned before its deadline.
    case finished
    /// The deadline passed first: the app was killed.
    case deadlineExceeded
    /// The deadline's wait was cancelled from outside (the driver was cancelled).
    case cancelled
}

extension Application {
    /// Runs `operation` under `deadline`; returns whether it finished in time with the app still running.
    func withDeadline(
        _ deadline: Duration, incarnation: Int, operation: @escaping @Sendable () async -> Void
    ) async -> Bool {
        let deadlineAt = clock.elapsed + deadline
        let clock = self.clock
        let race = core.withLock { core -> Int in
            core.nextDeadline += 1
            core.openDeadlines.insert(core.nextDeadline)
            return core.nextDeadline
        }
        defer { core.withLock { _ = $0.openDeadlines.remove(race) } }  // undecided when cancelled

        let operationSide: @Sendable () async -> WatchdogResult = { [self] in
            if clock.isRealTime {
                // The kill itself cancels the operation (as an activity of this run), on time:
                // the parent, which cancels it otherwise, may be starved of a thread by then.
                _ = await runCancelledAtTermination(incarnation: incarnation) {
                    await operation()
                    return true
                }
            } else {
                await operation()
            }
            let won = core.withLock { $0.openDeadlines.remove(race) != nil }
            return won ? .finished : .deadlineExceeded
        }
        let deadlineSide: @Sendable () async -> WatchdogResult = { [self] in
            do {
                try await clock.sleepForWatchdog(untilElapsed: deadlineAt)
            } catch {
                return .cancelled
            }
            let cancel = core.withLock { core -> [@Sendable () -> Void]? in
                guard core.openDeadlines.remove(race) != nil else { return nil }  // finished in time
                let during = core.currentCallback?.selector
                return killLocked(
                    &core, incarnation: incarnation,
                    violation: (
                        LifecycleRule.deadline,
                        "\(during ?? "a callback") did not return within \(deadline.secondsText) s"
                    ),
                    reason: .watchdog, code: TerminationCode.watchdog, during: during)
            }
            guard let cancel else { return .finished }
            cancel.forEach { cancel in cancel() }
            return .deadlineExceeded
        }

        return await withTaskGroup(of: WatchdogResult.self) { group in
            // Every child counts as runnable from the start; a finished child hands its token
            // to this task, which gives up its own while waiting (see VirtualClock).
            clock.enter()
            group.addTask(operation: operationSide)
            clock.enter()
            if clock.isRealTime, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                group.addTask(executorPreference: SerialThreadExecutor.watchdog, operation: deadlineSide)
            } else {
                group.addTask(operation: deadlineSide)
            }
            clock.leave()
            let first = await group.next() ?? .cancelled
            let inTime: Bool
            switch first {
            case .finished:
                inTime = isAlive(incarnation)
            case .deadlineExceeded, .cancelled:
                inTime = false
            }
            group.cancelAll()
            clock.leave()
            _ = await group.next()
            return inTime
        }
    }
}
