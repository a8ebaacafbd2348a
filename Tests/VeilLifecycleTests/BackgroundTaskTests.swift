import Foundation
import Testing
import VeilLifecycle

@Suite("Background tasks")
struct BackgroundTaskTests {
    /// A didEnterBackground that begins a task whose work ends it after `work`.
    static func uploading(work: Duration, endInExpirationHandler: Bool = false) -> [DelegateMethod: ScriptedApp
        .Behaviour]
    {
        [
            .didEnterBackground: { app in
                let ids = Recorder<BackgroundTaskIdentifier>()
                let id = app.beginBackgroundTask(withName: "upload") {
                    if endInExpirationHandler { ids.all.forEach(app.endBackgroundTask) }
                }
                ids.append(id)
                app.dispatch {
                    await app.work(for: work)
                    app.endBackgroundTask(id)
                }
            }
        ]
    }

    @Test("a task ended in time: the app stays in the background, then suspends when it ends")
    func endedInTime() async throws {
        let h = Harness(Self.uploading(work: .seconds(20)))
        try await h.run(.launch(), .home)
        #expect(h.system.state == .background)
        #expect(
            h.trace(from: launchTrace.count) == [
                "C willResignActive@active", "N willResignActive", "S active>inactive", "S inactive>background",
                "C didEnterBackground@background", "T begin upload 1", "N didEnterBackground", "P snap.png 0",
            ])
        try await h.run(.wait(.seconds(40)))
        #expect(h.trace.suffix(2) == ["T end upload 1", "S background>suspended"])
        #expect(h.times(of: "S background>suspended") == [20])
        #expect(!h.trace.contains { $0.hasPrefix("T expire") })
        h.finish()
    }

    @Test("a task ended in its expiration handler: expire at 25 s, end, suspend")
    func endedInExpirationHandler() async throws {
        let h = Harness(Self.uploading(work: .seconds(100), endInExpirationHandler: true))
        try await h.run(.launch(), .home, .wait(.seconds(60)))
        #expect(h.trace.suffix(3) == ["T expire upload 1", "T end upload 1", "S background>suspended"])
        #expect(h.times(of: "T expire") == [25])
        #expect(h.times(of: "S background>suspended") == [25])
        #expect(h.system.state == .suspended)
        h.finish()
    }

    @Test("a leaked task: expiration handler at 25 s, terminated at 30 s with a violation")
    func leaked() async throws {
        let h = Harness([.didEnterBackground: { app in _ = app.beginBackgroundTask(withName: "leak") }])
        try await h.run(.launch(), .home, .wait(.seconds(60)))
        #expect(
            h.trace.suffix(4) == [
                "T expire leak 1", "V backgroundTaskLeaked", "X backgroundTaskExpired", "S background>notRunning",
            ])
        #expect(h.times(of: "T expire") == [25])
        #expect(h.times(of: "X backgroundTaskExpired") == [30])
        let violation = try #require(h.system.log.events.first { $0.type == "violation" })
        #expect(
            violation.kind
                == .violation(
                    rule: "backgroundTaskLeaked",
                    message: "background task 'leak' (id 1) was not ended when background time (30.000 s) ran out"))
        h.finish()
    }

    @Test(
        "allowance profiles: the expiration handler runs 5 s before the allowance ends",
        arguments: [
            (BackgroundTimeProfile.ios6, 600.0), (.ios7, 180.0), (.ios13, 30.0),
        ])
    func profiles(profile: BackgroundTimeProfile, allowance: Double) async throws {
        let h = Harness(
            [.didEnterBackground: { app in _ = app.beginBackgroundTask(withName: "p") }],
            policy: LifecyclePolicy(profile: profile))
        try await h.run(.launch(), .wait(.seconds(1)), .home, .wait(.seconds(1000)))
        #expect(h.times(of: "T expire") == [1 + allowance - 5])
        #expect(h.times(of: "X backgroundTaskExpired") == [1 + allowance])
        h.finish()
    }

    @Test("custom background time and expiration warning")
    func customBackgroundTime() async throws {
        let h = Harness(
            [.didEnterBackground: { app in _ = app.beginBackgroundTask(withName: "p") }],
            policy: LifecyclePolicy(backgroundTime: .seconds(12), expirationWarning: .seconds(2)))
        try await h.run(.launch(), .home, .wait(.seconds(100)))
        #expect(h.times(of: "T expire") == [10])
        #expect(h.times(of: "X backgroundTaskExpired") == [12])
        h.finish()
    }

    @Test("backgroundTimeRemaining: infinite in the foreground, the time left in the background")
    func timeRemaining() async throws {
        let values = Recorder<Double>()
        let h = Harness([
            .didBecomeActive: { app in values.append(app.backgroundTimeRemaining) },
            .didEnterBackground: { app in
                let id = app.beginBackgroundTask(withName: "t")
                values.append(app.backgroundTimeRemaining)
                app.dispatch {
                    await app.work(for: .seconds(10))
                    values.append(app.backgroundTimeRemaining)
                    app.endBackgroundTask(id)
                }
            },
        ])
        try await h.run(.launch(), .home, .wait(.seconds(15)))
        #expect(values.all == [Double.greatestFiniteMagnitude, 30, 20])
        #expect(h.system.application.backgroundTimeRemaining == 0)  // suspended
        h.finish()
    }

    @Test(".invalid when running in the background is impossible")
    func invalidCases() async throws {
        // Not running.
        let idle = Harness()
        #expect(idle.system.application.beginBackgroundTask(withName: "x") == .invalid)
        // exitsOnSuspend.
        let ids = Recorder<BackgroundTaskIdentifier>()
        let exits = Harness(
            [.didEnterBackground: { app in ids.append(app.beginBackgroundTask(withName: "x")) }],
            policy: LifecyclePolicy(exitsOnSuspend: true))
        try await exits.run(.launch(), .home)
        #expect(ids.all == [.invalid])
        #expect(!exits.trace.contains { $0.hasPrefix("T ") })
        // Background time already expired: a new task after the expiration handlers ran.
        let late = Recorder<BackgroundTaskIdentifier>()
        let expired = Harness([
            .didEnterBackground: { app in
                let first = app.beginBackgroundTask(withName: "first") {
                    late.append(app.beginBackgroundTask(withName: "second"))
                }
                app.dispatch {
                    await app.work(for: .seconds(27))
                    late.append(app.beginBackgroundTask(withName: "third"))
                    app.endBackgroundTask(first)
                }
            }
        ])
        try await expired.run(.launch(), .home, .wait(.seconds(60)))
        #expect(late.all == [.invalid, .invalid])
        #expect(expired.system.state == .suspended)
        // Suspended.
        #expect(expired.system.application.beginBackgroundTask(withName: "x") == .invalid)
        // Ending .invalid does nothing.
        let count = expired.mark
        expired.system.application.endBackgroundTask(.invalid)
        #expect(expired.mark == count)
        idle.finish()
        exits.finish()
        expired.finish()
    }

    @Test("overlapping tasks: the app suspends only when the last one ends")
    func overlapping() async throws {
        let h = Harness([
            .didEnterBackground: { app in
                for (name, seconds) in [("a", 5), ("b", 12), ("c", 8)] {
                    let id = app.beginBackgroundTask(withName: name)
                    app.dispatch {
                        await app.work(for: .seconds(seconds))
                        app.endBackgroundTask(id)
                    }
                }
            }
        ])
        try await h.run(.launch(), .home, .wait(.seconds(20)))
        let tasks = h.trace.filter { $0.hasPrefix("T ") || $0 == "S background>suspended" }
        #expect(
            tasks == [
                "T begin a 1", "T begin b 2", "T begin c 3", "T end a 1", "T end c 3", "T end b 2",
                "S background>suspended",
            ])
        #expect(h.times(of: "S background>suspended") == [12])
        h.finish()
    }

    @Test("a task begun in the foreground keeps a backgrounded app running; returning resets the allowance")
    func foregroundTask() async throws {
        let id = Recorder<BackgroundTaskIdentifier>()
        let h = Harness([
            .didBecomeActive: { app in
                if id.all.isEmpty { id.append(app.beginBackgroundTask(withName: "fg")) }
            }
        ])
        try await h.run(.launch(), .home, .wait(.seconds(20)), .tapIcon, .wait(.seconds(5)), .home)
        #expect(h.system.state == .background)
        try await h.run(.wait(.seconds(26)))
        // Second background stay started at 25 s: expiration at 25 + 25 = 50 s, not at 25 s.
        #expect(h.times(of: "T expire") == [50])
        h.system.application.endBackgroundTask(id.all[0])
        #expect(h.system.state == .suspended)
        h.finish()
    }

    @Test("work started in a background task runs concurrently with events")
    func concurrentWork() async throws {
        let h = Harness(Self.uploading(work: .seconds(20)))
        try await h.run(
            .launch(), .home, .wait(.seconds(5)), .significantTimeChange, .wait(.seconds(5)), .memoryWarning)
        #expect(h.system.state == .background)
        try await h.run(.wait(.seconds(15)))
        #expect(h.times(of: "T end upload") == [20])
        #expect(h.times(of: "C timeChange") == [5])
        #expect(h.times(of: "C memoryWarning") == [10])
        h.finish()
    }

    @Test("a callback running when background time runs out is cancelled with the app")
    func killedDuringCallback() async throws {
        let h = Harness([
            .didEnterBackground: { app in _ = app.beginBackgroundTask(withName: "leak") },
            .didReceiveMemoryWarning: { app in
                await app.work(for: .seconds(10))
                _ = app.beginBackgroundTask(withName: "late")
            },
        ])
        try await h.run(.launch(), .home, .wait(.seconds(28)))
        let mark = h.mark
        try await h.run(.memoryWarning)
        #expect(
            h.trace(from: mark) == [
                "C memoryWarning@background", "V backgroundTaskLeaked", "X backgroundTaskExpired",
                "S background>notRunning",
            ])
        #expect(h.system.elapsed == .seconds(30))
        h.finish()
    }
}
