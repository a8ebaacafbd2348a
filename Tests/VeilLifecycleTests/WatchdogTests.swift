import Foundation
import Testing
import VeilLifecycle
import VeilTestSupport

@Suite("Watchdog deadlines")
struct WatchdogTests {
    @Test("didEnterBackground taking 4.9 s is in time: notification, snapshot, suspension")
    func didEnterBackgroundInTime() async throws {
        let h = Harness([.didEnterBackground: { app in await app.work(for: .milliseconds(4900)) }])
        try await h.run(.launch(), .home)
        #expect(h.trace(from: launchTrace.count) == homeTrace)
        #expect(h.times(of: "S background>suspended") == [4.9])
        #expect(h.snapshots.all.map(\.time) == [.milliseconds(4900)])
        #expect(!h.trace.contains { $0.hasPrefix("X ") || $0.hasPrefix("V ") })
        h.finish()
    }

    @Test("didEnterBackground taking 5.1 s: watchdog kill at 5 s, nothing more of the app")
    func didEnterBackgroundTooLong() async throws {
        let h = Harness([
            .didEnterBackground: { app in
                await app.work(for: .milliseconds(5100))
                // Effects after the kill are ignored.
                _ = app.beginBackgroundTask(withName: "late")
            }
        ])
        try await h.run(.launch(), .home)
        #expect(
            h.trace(from: launchTrace.count) == [
                "C willResignActive@active", "N willResignActive", "S active>inactive", "S inactive>background",
                "C didEnterBackground@background", "V deadline",
                "X watchdog 0x8badf00d applicationDidEnterBackground(_:)", "S background>notRunning",
            ])
        #expect(h.times(of: "X watchdog") == [5.0])
        #expect(h.system.state == .notRunning)
        #expect(h.snapshots.all.isEmpty)
        #expect(!h.trace.contains("N didEnterBackground"))
        // The callback was cancelled: its clock sleep ended at the kill, not at 5.1 s.
        #expect(h.system.elapsed == .seconds(5))
        let violation = try #require(h.system.log.events.first { $0.type == "violation" })
        #expect(
            violation.jsonLine
                == #"{"t":5.000,"type":"violation","rule":"deadline","message":"applicationDidEnterBackground(_:) did not return within 5.000 s"}"#
        )
        let termination = try #require(h.system.log.events.first { $0.type == "termination" })
        #expect(
            termination.jsonLine
                == #"{"t":5.000,"type":"termination","reason":"watchdog","code":"0x8badf00d","during":"applicationDidEnterBackground(_:)"}"#
        )
        // Nothing more runs afterwards: later events see a not-running app.
        let mark = h.mark
        await #expect(throws: LifecycleError.self) { try await h.system.send(.home) }
        try await h.run(.wait(.seconds(60)))
        #expect(h.mark == mark)
        h.finish()
    }

    @Test("an uncooperative callback that ignores cancellation still has no effect after the kill")
    func uncooperativeCallback() async throws {
        let h = Harness([
            .didEnterBackground: { app in
                try? await app.sleep(for: .seconds(6))  // cancelled at 5 s
                await app.work(for: .seconds(1))  // returns at once: still cancelled
                app.notificationCenter.post(ApplicationNotification(name: .didEnterBackground, time: app.elapsed))
                _ = app.beginBackgroundTask(withName: "late")
            }
        ])
        try await h.run(.launch(), .home)
        #expect(h.system.state == .notRunning)
        #expect(!h.trace.contains { $0.hasPrefix("T ") })
        #expect(h.system.application.openBackgroundTasks.isEmpty)
        h.finish()
    }

    @Test("custom didEnterBackground deadline", arguments: [(900, false), (1100, true)])
    func customDeadline(workMilliseconds: Int, killed: Bool) async throws {
        let h = Harness(
            [.didEnterBackground: { app in await app.work(for: .milliseconds(workMilliseconds)) }],
            policy: LifecyclePolicy(didEnterBackgroundDeadline: .seconds(1)))
        try await h.run(.launch(), .home)
        #expect(h.trace.contains("X watchdog 0x8badf00d applicationDidEnterBackground(_:)") == killed)
        #expect(h.system.state == (killed ? .notRunning : .suspended))
        #expect(h.snapshots.all.count == (killed ? 0 : 1))
        h.finish()
    }

    @Test("willTerminate must return within its deadline (default 5 s)")
    func willTerminateDeadline() async throws {
        let h = Harness([
            .didEnterBackground: { app in _ = app.beginBackgroundTask(withName: "keep") },
            .willTerminate: { app in await app.work(for: .seconds(6)) },
        ])
        try await h.run(.launch(), .home)
        let mark = h.mark
        try await h.run(.memoryPressure)
        #expect(
            h.trace(from: mark) == [
                "C willTerminate@background", "V deadline", "X watchdog 0x8badf00d applicationWillTerminate(_:)",
                "S background>notRunning",
            ])
        #expect(h.times(of: "X watchdog") == [5])
        h.finish()
    }

    @Test("custom willTerminate deadline: 2 s of work within 3 s is fine")
    func willTerminateCustomDeadline() async throws {
        let h = Harness(
            [.willTerminate: { app in await app.work(for: .seconds(2)) }],
            policy: LifecyclePolicy(willTerminateDeadline: .seconds(3), exitsOnSuspend: true))
        try await h.run(.launch(), .home)
        #expect(h.trace.suffix(3) == ["N willTerminate", "X exitsOnSuspend", "S background>notRunning"])
        #expect(h.times(of: "X exitsOnSuspend") == [2])
        h.finish()
    }

    @Test("launch deadline: 20 s for willFinish + didFinish; during names the running method")
    func launchDeadline() async throws {
        let h = Harness([
            .willFinishLaunching: { app in await app.work(for: .seconds(15)) },
            .didFinishLaunching: { app in await app.work(for: .seconds(6)) },
        ])
        try await h.run(.launch())
        #expect(
            h.trace == [
                "S notRunning>inactive", "C willFinish@inactive", "C didFinish@inactive", "V deadline",
                "X watchdog 0x8badf00d application(_:didFinishLaunchingWithOptions:)", "S inactive>notRunning",
            ])
        #expect(h.times(of: "X watchdog") == [20])
        h.finish()
    }

    @Test("launch within a custom launch deadline")
    func launchCustomDeadline() async throws {
        let h = Harness(
            [.didFinishLaunching: { app in await app.work(for: .seconds(25)) }],
            policy: LifecyclePolicy(launchDeadline: .seconds(30)))
        try await h.run(.launch())
        #expect(h.system.state == .active)
        #expect(h.times(of: "C didBecomeActive") == [25])
        h.finish()
    }

    @Test("force-quit from the switcher: didEnterBackground too slow → watchdog, no willTerminate")
    func forceQuitWatchdog() async throws {
        let h = Harness([.didEnterBackground: { app in await app.work(for: .seconds(10)) }])
        try await h.run(.launch(), .appSwitcher, .forceQuit)
        #expect(
            h.trace.suffix(3) == [
                "V deadline", "X watchdog 0x8badf00d applicationDidEnterBackground(_:)", "S background>notRunning",
            ])
        #expect(!h.trace.contains("C willTerminate@background"))
        h.finish()
    }
}

/// Serialized: the stress test saturates the cooperative pool, which would hold up the callbacks
/// of the others (the watchdog itself is not held up; that is what the stress test shows).
@Suite("Watchdog on the real clock", .serialized, .realTime)
struct WatchdogRealTimeTests {
    /// A real-clock system whose didEnterBackground runs `didEnterBackground` under `deadline`.
    private func system(
        deadline: Duration, didEnterBackground: @escaping ScriptedApp.Behaviour
    ) -> (System, ScriptedApp, Recorder<SnapshotMoment>) {
        let app = ScriptedApp([.didEnterBackground: didEnterBackground])
        let system = System(
            delegate: app, clock: ContinuousClock(),
            policy: LifecyclePolicy(didEnterBackgroundDeadline: deadline))
        let snapshots = Recorder<SnapshotMoment>()
        system.onSnapshotMoment { snapshots.append($0) }
        return (system, app, snapshots)
    }

    /// Checks a watchdog kill in didEnterBackground: logged on time, and nothing of the app after it.
    private func expectKilledOnTime(
        _ system: System, _ app: ScriptedApp, _ snapshots: Recorder<SnapshotMoment>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(system.state == .notRunning, sourceLocation: sourceLocation)
        #expect(snapshots.all.isEmpty, sourceLocation: sourceLocation)
        let termination = try #require(
            system.log.events.first { $0.type == "termination" }, sourceLocation: sourceLocation)
        // `during` names the callback if it had started; on a very busy machine the deadline
        // may pass before it does (it then never starts).
        let started = app.seen.all.contains("didEnterBackground@background")
        #expect(
            termination.kind
                == .termination(
                    reason: .watchdog, code: "0x8badf00d", during: started ? "applicationDidEnterBackground(_:)" : nil),
            sourceLocation: sourceLocation)
        // The deadline runs from entering the background (the phase may start late when the
        // process is busy). The watchdog has its own thread: a bound that holds however busy the
        // cooperative pool is.
        let background = try #require(
            system.log.events.first { $0.kind == .state(from: .inactive, to: .background) },
            sourceLocation: sourceLocation)
        let killedAfter = termination.time - background.time
        #expect(killedAfter >= .milliseconds(50), sourceLocation: sourceLocation)
        #expect(
            killedAfter < .milliseconds(500), "the kill must not wait for the callback",
            sourceLocation: sourceLocation)
        // Nothing of the app after the kill: no late task, no notification, no state change.
        #expect(
            system.log.events.last?.kind == .state(from: .background, to: .notRunning),
            sourceLocation: sourceLocation)
        #expect(!system.log.events.contains { $0.type == "backgroundTask" }, sourceLocation: sourceLocation)
        #expect(
            !system.log.events.contains {
                $0.kind == .notification(name: "UIApplication.didEnterBackgroundNotification")
            }, sourceLocation: sourceLocation)
    }

    @Test("50 ms deadline, 2 s of work: killed at about 50 ms, the work cancelled, its later effects ignored")
    func tooSlow() async throws {
        let cancelled = Recorder<Bool>()
        let (system, app, snapshots) = self.system(deadline: .milliseconds(50)) { app in
            await app.work(for: .seconds(2))
            cancelled.append(Task.isCancelled)
            _ = app.beginBackgroundTask(withName: "late")
        }
        try await system.run([.launch(), .home])
        try expectKilledOnTime(system, app, snapshots)
        // The kill cancelled the callback's work: the run did not wait for 2 s of it.
        let started = app.seen.all.contains("didEnterBackground@background")
        #expect(cancelled.all == (started ? [true] : []))
    }

    @Test("50 ms deadline, 1 s of blocking code: killed at the deadline, its later effects ignored")
    func blockingCode() async throws {
        let (system, app, snapshots) = self.system(deadline: .milliseconds(50)) { app in
            blockFor(milliseconds: 1000)  // real code that simply takes long, holding its thread
            _ = app.beginBackgroundTask(withName: "late")
        }
        try await system.run([.launch(), .home])
        try expectKilledOnTime(system, app, snapshots)
    }

    @Test("a saturated cooperative pool does not delay the watchdog")
    func saturatedPoolRealTime() async throws {
        // The instants (real time) at which the termination was logged and the spinners ended.
        let terminationLogged = Recorder<ContinuousClock.Instant>()
        let spinnersEnded = Recorder<ContinuousClock.Instant>()
        let spinnersStarted = Recorder<ContinuousClock.Instant>()
        let spinners = 2 * ProcessInfo.processInfo.activeProcessorCount
        let (system, app, snapshots) = self.system(deadline: .milliseconds(50)) { app in
            // Occupy every thread of the cooperative pool (twice over) with code that never
            // awaits, like CPU-heavy tests running in parallel, then work past the deadline.
            for _ in 0..<spinners {
                spinnersStarted.append(.now)
                Task.detached {
                    spin(for: .seconds(1))
                    spinnersEnded.append(.now)
                }
            }
            await app.work(for: .seconds(2))
        }
        system.log.addHandler(
            ClosureLifecycleLogHandler { event in
                if event.type == "termination" { terminationLogged.append(.now) }
            })
        try await system.run([.launch(), .home])
        try expectKilledOnTime(system, app, snapshots)
        // On a very busy machine the deadline can pass before the callback starts; it then
        // never runs and starts no spinner (waiting for `spinners` of them hung the test).
        // The spinners that did start end on their own; wait for them before comparing.
        let started = spinnersStarted.all.count
        guard started > 0 else { return }
        while spinnersEnded.all.count < started {
            try await Task.sleep(for: .milliseconds(20))
        }
        let logged = try #require(terminationLogged.all.first)
        let firstSpinnerEnd = try #require(spinnersEnded.all.min())
        #expect(logged < firstSpinnerEnd, "the termination must be logged while the pool is saturated")
    }

    @Test("50 ms of work under a 5 s deadline: in time, snapshot, suspension")
    func inTime() async throws {
        let (system, _, snapshots) = self.system(deadline: .seconds(5)) { app in
            await app.work(for: .milliseconds(50))
        }
        try await system.run([.launch(), .home])
        #expect(system.state == .suspended)
        #expect(snapshots.all.count == 1)
        #expect(!system.log.events.contains { $0.type == "termination" })
    }
}

/// Blocks the calling thread: real code that takes long without ever awaiting.
func blockFor(milliseconds: Int) {
    usleep(UInt32(milliseconds) * 1000)
}

/// Keeps the calling thread busy computing for `duration`, without ever awaiting.
func spin(for duration: Duration) {
    let end = ContinuousClock.now + duration
    var x: UInt64 = 1
    while ContinuousClock.now < end {
        for _ in 0..<10_000 { x = x &* 6_364_136_223_846_793_005 &+ 1 }
    }
    if x == 0 { print("unreachable") }
}
