import Foundation
import Testing
import VeilLifecycle

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
            },
        ])
        try await h.run(.launch(), .home)
        #expect(h.trace(from: launchTrace.count) == [
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
        #expect(violation.jsonLine == #"{"t":5.000,"type":"violation","rule":"deadline","message":"applicationDidEnterBackground(_:) did not return within 5.000 s"}"#)
        let termination = try #require(h.system.log.events.first { $0.type == "termination" })
        #expect(termination.jsonLine == #"{"t":5.000,"type":"termination","reason":"watchdog","code":"0x8badf00d","during":"applicationDidEnterBackground(_:)"}"#)
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
            },
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
        #expect(h.trace(from: mark) == [
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
        #expect(h.trace == [
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
        #expect(h.trace.suffix(3) == [
            "V deadline", "X watchdog 0x8badf00d applicationDidEnterBackground(_:)", "S background>notRunning",
        ])
        #expect(!h.trace.contains("C willTerminate@background"))
        h.finish()
    }
}

@Suite("Watchdog on the real clock")
struct RealClockWatchdogTests {
    private func run(work: Duration) async throws -> (System, Recorder<SnapshotMoment>) {
        let app = ScriptedApp([.didEnterBackground: { app in await app.work(for: work) }])
        let system = System(
            delegate: app, clock: ContinuousClock(),
            policy: LifecyclePolicy(didEnterBackgroundDeadline: .milliseconds(50)))
        let snapshots = Recorder<SnapshotMoment>()
        system.onSnapshotMoment { snapshots.append($0) }
        try await system.run([.launch(), .home])
        return (system, snapshots)
    }

    @Test("50 ms deadline, 200 ms of work: terminated by the watchdog at about 50 ms")
    func tooSlow() async throws {
        let start = ContinuousClock.now
        let (system, snapshots) = try await run(work: .milliseconds(200))
        let took = ContinuousClock.now - start
        #expect(system.state == .notRunning)
        #expect(snapshots.all.isEmpty)
        let termination = try #require(system.log.events.first { $0.type == "termination" })
        #expect(termination.kind == .termination(
            reason: .watchdog, code: "0x8badf00d", during: "applicationDidEnterBackground(_:)"))
        #expect(termination.time >= .milliseconds(50))
        #expect(took < .milliseconds(190), "the cancelled callback must not be waited for")
    }

    @Test("50 ms deadline, 200 ms of blocking code: terminated at the deadline, its later effects ignored")
    func blockingCode() async throws {
        let app = ScriptedApp([
            .didEnterBackground: { app in
                blockFor(milliseconds: 200)  // real code that simply takes long
                _ = app.beginBackgroundTask(withName: "late")
            },
        ])
        let system = System(
            delegate: app, clock: ContinuousClock(),
            policy: LifecyclePolicy(didEnterBackgroundDeadline: .milliseconds(50)))
        try await system.run([.launch(), .home])
        let termination = try #require(system.log.events.first { $0.type == "termination" })
        #expect(termination.time >= .milliseconds(50))
        #expect(termination.time < .milliseconds(190), "the kill must not wait for the blocking code")
        #expect(system.log.events.last?.kind == .state(from: .background, to: .notRunning))
        #expect(!system.log.events.contains { $0.type == "backgroundTask" })
        #expect(!system.log.events.contains { $0.kind == .notification(name: "UIApplication.didEnterBackgroundNotification") })
    }

    @Test("50 ms deadline, 10 ms of work: in time")
    func inTime() async throws {
        let (system, snapshots) = try await run(work: .milliseconds(10))
        #expect(system.state == .suspended)
        #expect(snapshots.all.count == 1)
        #expect(!system.log.events.contains { $0.type == "termination" })
    }
}

/// Blocks the calling thread: real code that takes long without ever awaiting.
func blockFor(milliseconds: Int) {
    usleep(UInt32(milliseconds) * 1000)
}
