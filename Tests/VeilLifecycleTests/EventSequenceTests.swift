import Foundation
import Testing
import VeilLifecycle

/// One test per row of the event-sequence table in `spec/lifecycle.md`.
@Suite("Event sequences")
struct EventSequenceTests {
    @Test("launch (tap icon, cold): willFinish → didFinish → didBecomeActive")
    func coldLaunch() async throws {
        let h = Harness()
        try await h.run(.launch())
        #expect(h.trace == launchTrace)
        #expect(h.system.state == .active)
        h.finish()
    }

    @Test("tap icon while not running is a cold launch")
    func tapIconCold() async throws {
        let h = Harness()
        try await h.run(.tapIcon)
        #expect(h.trace == launchTrace)
        h.finish()
    }

    @Test("launch with URL: willFinish → didFinish → open(url) (inactive) → didBecomeActive")
    func launchWithURL() async throws {
        let h = Harness()
        try await h.run(.launch(url: URL(string: "bank://pay")!))
        #expect(
            h.trace == [
                "S notRunning>inactive", "C willFinish@inactive", "C didFinish@inactive", "N didFinishLaunching",
                "C open@inactive", "S inactive>active", "C didBecomeActive@active", "N didBecomeActive",
            ])
        h.finish()
    }

    @Test(
        "a launch method returning false: open(url) is not called",
        arguments: [
            DelegateMethod.willFinishLaunching, .didFinishLaunching,
        ])
    func launchReturningFalse(method: DelegateMethod) async throws {
        let h = Harness(returnsFalse: [method])
        try await h.run(.launch(url: URL(string: "bank://pay")!))
        #expect(h.trace == launchTrace)
        h.finish()
    }

    @Test("background launch: willFinish → didFinish (background) → didEnterBackground; snapshot; suspended")
    func backgroundLaunch() async throws {
        let h = Harness()
        try await h.run(.backgroundLaunch)
        #expect(
            h.trace == [
                "S notRunning>background", "C willFinish@background", "C didFinish@background", "N didFinishLaunching",
                "C didEnterBackground@background", "N didEnterBackground", "P snap.png 0", "S background>suspended",
            ])
        #expect(h.snapshots.all.map(\.reason) == [.backgroundLaunch])
        h.finish()
    }

    @Test("background launch of a suspended app resumes it in the background for a new snapshot")
    func resumeInBackground() async throws {
        let h = Harness()
        try await h.run(.launch(), .home)
        let mark = h.mark
        try await h.run(.backgroundLaunch)
        #expect(h.trace(from: mark) == ["S suspended>background", "P snap.png 0", "S background>suspended"])
        #expect(h.snapshots.all.map(\.reason) == [.didEnterBackground, .resumeInBackground])
        h.finish()
    }

    @Test("home: willResignActive → didEnterBackground; snapshot; suspend (no callback)")
    func home() async throws {
        let h = Harness()
        try await h.run(.launch())
        let mark = h.mark
        try await h.run(.home)
        #expect(h.trace(from: mark) == homeTrace)
        #expect(h.system.state == .suspended)
        h.finish()
    }

    @Test("tap icon (warm): willEnterForeground (notification first, state background) → didBecomeActive")
    func tapIconWarm() async throws {
        let h = Harness()
        try await h.run(.launch(), .home)
        let mark = h.mark
        try await h.run(.tapIcon)
        #expect(
            h.trace(from: mark) == [
                "S suspended>background", "N willEnterForeground", "C willEnterForeground@background",
                "S background>inactive", "S inactive>active", "C didBecomeActive@active", "N didBecomeActive",
            ])
        h.finish()
    }

    @Test("open URL (warm): willEnterForeground → open(url) (inactive) → didBecomeActive")
    func openURLWarm() async throws {
        let h = Harness()
        try await h.run(.launch(), .home)
        let mark = h.mark
        try await h.run(.openURL(URL(string: "bank://statement")!))
        #expect(
            h.trace(from: mark) == [
                "S suspended>background", "N willEnterForeground", "C willEnterForeground@background",
                "S background>inactive", "C open@inactive", "S inactive>active", "C didBecomeActive@active",
                "N didBecomeActive",
            ])
        h.finish()
    }

    @Test("open URL while not running is a cold launch with URL")
    func openURLCold() async throws {
        let h = Harness()
        try await h.run(.openURL(URL(string: "bank://x")!))
        #expect(h.trace.contains("C open@inactive"))
        #expect(h.system.state == .active)
        h.finish()
    }

    @Test("incoming call declined: willResignActive, then didBecomeActive")
    func callDeclined() async throws {
        let h = Harness()
        try await h.run(.launch())
        let mark = h.mark
        try await h.run(.incomingCall(.declined))
        #expect(
            h.trace(from: mark) == [
                "C willResignActive@active", "N willResignActive", "S active>inactive",
                "S inactive>active", "C didBecomeActive@active", "N didBecomeActive",
            ])
        h.finish()
    }

    @Test("incoming call accepted: willResignActive, then didEnterBackground; snapshot")
    func callAccepted() async throws {
        let h = Harness()
        try await h.run(.launch())
        let mark = h.mark
        try await h.run(.incomingCall(.accepted))
        #expect(h.trace(from: mark) == homeTrace)
        h.finish()
    }

    @Test(
        "alarm, notification center, control center: willResignActive then didBecomeActive",
        arguments: [
            SystemEvent.alarm, .notificationCenter, .controlCenter,
        ])
    func transientInterruptions(event: SystemEvent) async throws {
        let h = Harness()
        try await h.run(.launch())
        let mark = h.mark
        try await h.run(event)
        #expect(
            h.trace(from: mark) == [
                "C willResignActive@active", "N willResignActive", "S active>inactive",
                "S inactive>active", "C didBecomeActive@active", "N didBecomeActive",
            ])
        h.finish()
    }

    @Test("app switcher opened: willResignActive only; same app chosen: didBecomeActive")
    func switcherSelf() async throws {
        let h = Harness()
        try await h.run(.launch())
        var mark = h.mark
        try await h.run(.appSwitcher)
        #expect(h.trace(from: mark) == ["C willResignActive@active", "N willResignActive", "S active>inactive"])
        #expect(h.system.state == .inactive)
        mark = h.mark
        try await h.run(.switcherSelect(.this))
        #expect(h.trace(from: mark) == ["S inactive>active", "C didBecomeActive@active", "N didBecomeActive"])
        h.finish()
    }

    @Test("app switcher, other app chosen: didEnterBackground; snapshot")
    func switcherOther() async throws {
        let h = Harness()
        try await h.run(.launch(), .appSwitcher)
        let mark = h.mark
        try await h.run(.switcherSelect(.other))
        #expect(
            h.trace(from: mark) == [
                "S inactive>background", "C didEnterBackground@background", "N didEnterBackground", "P snap.png 0",
                "S background>suspended",
            ])
        h.finish()
    }

    @Test("lock: willResignActive → didEnterBackground → protectedDataWillBecomeUnavailable")
    func lock() async throws {
        let h = Harness()
        try await h.run(.launch())
        let mark = h.mark
        try await h.run(.lock)
        #expect(
            h.trace(from: mark) == [
                "C willResignActive@active", "N willResignActive", "S active>inactive", "S inactive>background",
                "C didEnterBackground@background", "N didEnterBackground", "P snap.png 0",
                "C protectedDataWillBecomeUnavailable@background", "N protectedDataWillBecomeUnavailable",
                "S background>suspended",
            ])
        #expect(h.system.isDeviceLocked)
        h.finish()
    }

    @Test("unlock: protectedDataDidBecomeAvailable → willEnterForeground → didBecomeActive")
    func unlock() async throws {
        let h = Harness()
        try await h.run(.launch(), .lock)
        let mark = h.mark
        try await h.run(.unlock)
        #expect(
            h.trace(from: mark) == [
                "S suspended>background", "C protectedDataDidBecomeAvailable@background",
                "N protectedDataDidBecomeAvailable", "N willEnterForeground", "C willEnterForeground@background",
                "S background>inactive", "S inactive>active", "C didBecomeActive@active", "N didBecomeActive",
            ])
        #expect(!h.system.isDeviceLocked)
        h.finish()
    }

    @Test("force-quit while inactive in the switcher: didEnterBackground → willTerminate")
    func forceQuitFromSwitcher() async throws {
        let h = Harness()
        try await h.run(.launch(), .appSwitcher)
        let mark = h.mark
        try await h.run(.forceQuit)
        #expect(
            h.trace(from: mark) == [
                "S inactive>background", "C didEnterBackground@background", "N didEnterBackground",
                "C willTerminate@background", "N willTerminate", "X userForceQuit 0xdeadfa11",
                "S background>notRunning",
            ])
        #expect(h.snapshots.all.isEmpty)
        h.finish()
    }

    @Test("force-quit while suspended: no callback at all")
    func forceQuitSuspended() async throws {
        let h = Harness()
        try await h.run(.launch(), .home)
        let mark = h.mark
        try await h.run(.forceQuit)
        #expect(h.trace(from: mark) == ["X userForceQuit 0xdeadfa11", "S suspended>notRunning"])
        h.finish()
    }

    @Test("system kill while running in the background: willTerminate")
    func systemKillInBackground() async throws {
        let h = Harness([
            .didEnterBackground: { app in _ = app.beginBackgroundTask(withName: "sync") }
        ])
        try await h.run(.launch(), .home)
        #expect(h.system.state == .background)
        let mark = h.mark
        try await h.run(.memoryPressure)
        #expect(
            h.trace(from: mark) == [
                "C willTerminate@background", "N willTerminate", "X memoryPressure", "S background>notRunning",
            ])
        h.finish()
    }

    @Test("memory pressure while suspended: purged silently")
    func memoryPressureSuspended() async throws {
        let h = Harness()
        try await h.run(.launch(), .home)
        let mark = h.mark
        try await h.run(.memoryPressure)
        #expect(h.trace(from: mark) == ["X memoryPressure", "S suspended>notRunning"])
        #expect(h.system.state == .notRunning)
        h.finish()
    }

    @Test("exitsOnSuspend + home: willResignActive → didEnterBackground → willTerminate → notRunning")
    func exitsOnSuspend() async throws {
        let h = Harness(policy: LifecyclePolicy(exitsOnSuspend: true))
        try await h.run(.launch())
        let mark = h.mark
        try await h.run(.home)
        #expect(
            h.trace(from: mark) == [
                "C willResignActive@active", "N willResignActive", "S active>inactive", "S inactive>background",
                "C didEnterBackground@background", "N didEnterBackground", "P snap.png 0",
                "C willTerminate@background", "N willTerminate", "X exitsOnSuspend", "S background>notRunning",
            ])
        h.finish()
    }

    @Test("relaunch after termination starts a fresh run")
    func relaunch() async throws {
        let h = Harness()
        try await h.run(.launch(), .home, .forceQuit)
        let mark = h.mark
        try await h.run(.tapIcon)
        #expect(h.trace(from: mark) == launchTrace)
        h.finish()
    }

    @Test("memory warning: delegate, then notification; state unchanged")
    func memoryWarning() async throws {
        let h = Harness()
        try await h.run(.launch())
        let mark = h.mark
        try await h.run(.memoryWarning)
        #expect(h.trace(from: mark) == ["C memoryWarning@active", "N didReceiveMemoryWarning"])
        #expect(h.system.state == .active)
        h.finish()
    }

    @Test("significant time change: notification first, then delegate")
    func significantTimeChange() async throws {
        let h = Harness()
        try await h.run(.launch())
        let mark = h.mark
        try await h.run(.significantTimeChange)
        #expect(h.trace(from: mark) == ["N significantTimeChange", "C timeChange@active"])
        h.finish()
    }

    @Test("the timeline of spec/scenario.md, with its times")
    func scenarioTimeline() async throws {
        let h = Harness([.didEnterBackground: { app in await app.work(for: .milliseconds(1500)) }])
        try await h.run(
            .launch(), .wait(.seconds(2)), .home, .wait(.seconds(40)), .tapIcon, .incomingCall(.declined), .lock,
            .unlock, .appSwitcher, .forceQuit)
        #expect(h.system.state == .notRunning)
        #expect(h.times(of: "C willResignActive") == [2, 43.5, 43.5, 45])
        #expect(h.times(of: "S background>suspended") == [3.5, 45])
        #expect(h.times(of: "C willTerminate") == [46.5])
        #expect(h.system.elapsed == .milliseconds(46_500))
        h.finish()
    }
}
