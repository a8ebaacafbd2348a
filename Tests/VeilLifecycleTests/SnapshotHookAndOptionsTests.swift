import Foundation
import Testing
import VeilLifecycle

@Suite("Snapshot hook")
struct SnapshotHookTests {
    @Test("the hook runs after didEnterBackground returned and its notification, before suspension, state background")
    func moments() async throws {
        let states = Recorder<ApplicationState>()
        let h = Harness()
        h.system.onSnapshotMoment { moment in states.append(h.system.state) }
        try await h.run(
            .launch(), .home, .tapIcon, .incomingCall(.accepted), .tapIcon, .appSwitcher, .switcherSelect(.other),
            .tapIcon, .lock, .backgroundLaunch, .unlock, .appSwitcher, .forceQuit, .backgroundLaunch)
        #expect(
            h.snapshots.all.map(\.reason) == [
                .didEnterBackground, .didEnterBackground, .didEnterBackground, .didEnterBackground, .resumeInBackground,
                .backgroundLaunch,
            ])
        #expect(h.snapshots.all.allSatisfy { $0.state == .background })
        #expect(states.all == Array(repeating: .background, count: 6))
        h.finish()
    }

    @Test("handlers are awaited in registration order, and time spent in them is the clock's")
    func order() async throws {
        let calls = Recorder<String>()
        let h = Harness()
        h.system.onSnapshotMoment { _ in calls.append("second") }
        h.system.onSnapshotMoment { moment in
            calls.append("third at \(moment.time)")
        }
        try await h.run(.launch(), .wait(.seconds(3)), .home)
        #expect(calls.all == ["second", "third at 3.0 seconds"])
        h.finish()
    }
}

@Suite("Launch and URL options")
struct OptionsTests {
    final class OptionsApp: ApplicationDelegate {
        let launches = Recorder<LaunchOptions>()
        let opens = Recorder<OpenURLOptions>()
        func application(_ application: Application, willFinishLaunchingWithOptions options: LaunchOptions) async
            -> Bool
        {
            launches.append(options)
            return true
        }
        func application(_ application: Application, open url: URL, options: OpenURLOptions) async -> Bool {
            opens.append(options)
            return true
        }
    }

    @Test("launch options and URL options tell cold from warm and background launches")
    func options() async throws {
        let app = OptionsApp()
        let clock = VirtualClock()
        let system = System(delegate: app, clock: clock)
        let url = URL(string: "bank://a")!
        try await system.run([.launch(url: url), .home, .openURL(url), .home, .forceQuit, .backgroundLaunch])
        #expect(app.launches.all == [LaunchOptions(url: url), LaunchOptions(isBackgroundLaunch: true)])
        #expect(app.opens.all == [OpenURLOptions(isLaunch: true), OpenURLOptions(isLaunch: false)])
        try clock.checkSuspension()
    }

    @Test("a resize while not running sets the size the next launch lays out at")
    func resizeNotRunning() async throws {
        let h = Harness()
        try await h.run(.resize(ScreenSize(columns: 132, rows: 43)), .launch())
        #expect(h.system.application.screenSize == ScreenSize(columns: 132, rows: 43))
        #expect(h.trace == launchTrace)
        h.finish()
    }
}

@Suite("Self-ending background tasks")
struct SelfEndingBackgroundTaskTests {
    static func app(work: Duration, endInExpirationHandler: Bool, handlerWork: Duration = .zero) -> Harness {
        Harness([
            .didEnterBackground: { app in
                app.runBackgroundTask(withName: "upload", work: { await app.work(for: work) }) { id in
                    await app.work(for: handlerWork)
                    if endInExpirationHandler { app.endBackgroundTask(id) }
                }
            }
        ])
    }

    @Test("work that finishes in time ends the task itself")
    func inTime() async throws {
        let h = Self.app(work: .seconds(20), endInExpirationHandler: false)
        try await h.run(.launch(), .home, .wait(.seconds(60)))
        #expect(h.times(of: "T end upload") == [20])
        #expect(h.system.state == .suspended)
        h.finish()
    }

    @Test("endInExpirationHandler: the handler ends it (after its own 2 s of work); the work is abandoned")
    func endedByHandler() async throws {
        let h = Self.app(work: .seconds(40), endInExpirationHandler: true, handlerWork: .seconds(2))
        try await h.run(.launch(), .home, .wait(.seconds(60)))
        #expect(h.times(of: "T expire upload") == [25])
        #expect(h.times(of: "T end upload") == [27])
        #expect(h.times(of: "S background>suspended") == [27])
        h.finish()
    }

    @Test("a handler that does not end it: terminated when time runs out, the work cancelled")
    func notEnded() async throws {
        let h = Self.app(work: .seconds(40), endInExpirationHandler: false)
        try await h.run(.launch(), .home, .wait(.seconds(60)))
        #expect(h.trace.suffix(3) == ["V backgroundTaskLeaked", "X backgroundTaskExpired", "S background>notRunning"])
        #expect(!h.trace.contains("T end upload 1"))
        h.finish()
    }

    @Test("a handler still running when time runs out does not save the app")
    func slowHandler() async throws {
        let h = Self.app(work: .seconds(40), endInExpirationHandler: true, handlerWork: .seconds(8))
        try await h.run(.launch(), .home, .wait(.seconds(60)))
        #expect(h.times(of: "X backgroundTaskExpired") == [30])
        #expect(!h.trace.contains("T end upload 1"))
        h.finish()
    }
}
