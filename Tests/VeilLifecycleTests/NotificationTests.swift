import Foundation
import Testing
import VeilLifecycle

@Suite("Notifications")
struct NotificationTests {
    @Test("observers see notifications in the documented order relative to the delegate")
    func observerOrder() async throws {
        let order = Recorder<String>()
        let app = ScriptedApp([
            .willEnterForeground: { _ in order.append("delegate willEnterForeground") },
            .didEnterBackground: { _ in order.append("delegate didEnterBackground") },
            .significantTimeChange: { _ in order.append("delegate significantTimeChange") },
        ])
        let clock = VirtualClock()
        let system = System(delegate: app, clock: clock)
        let center = system.application.notificationCenter
        center.addObserver(for: .willEnterForeground) { order.append("note \($0.name.rawValue)") }
        center.addObserver(for: .didEnterBackground) { order.append("note \($0.name.rawValue)") }
        center.addObserver(for: .significantTimeChange) { order.append("note \($0.name.rawValue)") }
        try await system.run([.launch(), .home, .tapIcon, .significantTimeChange])
        #expect(
            order.all == [
                "delegate didEnterBackground", "note UIApplication.didEnterBackgroundNotification",
                "note UIApplication.willEnterForegroundNotification", "delegate willEnterForeground",
                "note UIApplication.significantTimeChangeNotification", "delegate significantTimeChange",
            ])
        try clock.checkSuspension()
    }

    @Test("an observer for every name, and removal")
    func observeAllAndRemove() async throws {
        let names = Recorder<ApplicationNotification.Name>()
        let clock = VirtualClock()
        let system = System(delegate: ScriptedApp(), clock: clock)
        let token = system.application.notificationCenter.addObserver(for: nil) { names.append($0.name) }
        try await system.send(.launch())
        system.application.notificationCenter.removeObserver(token)
        try await system.send(.home)
        #expect(names.all == [.didFinishLaunching, .didBecomeActive])
        try clock.checkSuspension()
    }

    @Test("notifications posted while suspended are queued, coalesced, and delivered before willEnterForeground")
    func queuedAndCoalesced() async throws {
        let h = Harness()
        try await h.run(.launch(), .home)
        let mark = h.mark
        try await h.run(.significantTimeChange, .wait(.seconds(1)), .significantTimeChange, .significantTimeChange)
        #expect(h.trace(from: mark).isEmpty)  // suspended: nothing delivered yet
        try await h.run(.tapIcon)
        #expect(
            h.trace(from: mark) == [
                "S suspended>background", "N significantTimeChange", "C timeChange@background",
                "N willEnterForeground", "C willEnterForeground@background", "S background>inactive",
                "S inactive>active", "C didBecomeActive@active", "N didBecomeActive",
            ])
        h.finish()
    }

    @Test("lock while suspended: protectedDataWillBecomeUnavailable is queued; unlock cancels it out")
    func protectedDataQueuedAndCoalesced() async throws {
        let h = Harness()
        try await h.run(.launch(), .home)
        let mark = h.mark
        try await h.run(.lock)
        #expect(h.trace(from: mark).isEmpty)
        try await h.run(.unlock)
        #expect(h.trace(from: mark).isEmpty)  // unavailable then available again: nothing to tell
        #expect(h.system.state == .suspended)  // the app was in the background when the device locked
        try await h.run(.tapIcon)
        #expect(!h.trace.contains { $0.contains("protectedData") })
        h.finish()
    }

    @Test("lock while suspended, then resume while still locked: the queued notification comes first")
    func protectedDataDeliveredOnResume() async throws {
        let h = Harness()
        try await h.run(.launch(), .home, .lock)
        let mark = h.mark
        try await h.run(.backgroundLaunch)
        #expect(
            h.trace(from: mark) == [
                "S suspended>background", "C protectedDataWillBecomeUnavailable@background",
                "N protectedDataWillBecomeUnavailable", "P snap.png 0", "S background>suspended",
            ])
        let unlockMark = h.mark
        try await h.run(.unlock)
        #expect(h.trace(from: unlockMark).isEmpty)
        try await h.run(.tapIcon)
        #expect(
            h.trace(from: unlockMark).prefix(3) == [
                "S suspended>background", "C protectedDataDidBecomeAvailable@background",
                "N protectedDataDidBecomeAvailable",
            ])
        h.finish()
    }

    @Test("lock while running in the background: delivered at once")
    func protectedDataInBackground() async throws {
        let h = Harness([.didEnterBackground: { app in _ = app.beginBackgroundTask(withName: "t") }])
        try await h.run(.launch(), .home)
        let mark = h.mark
        try await h.run(.lock)
        #expect(
            h.trace(from: mark) == [
                "C protectedDataWillBecomeUnavailable@background", "N protectedDataWillBecomeUnavailable",
            ])
        h.system.application.endAllBackgroundTasks()
        #expect(h.system.state == .suspended)
        h.finish()
    }
}

@Suite("Invalid events")
struct InvalidEventTests {
    @Test(
        "an impossible event throws a typed error naming event and state, and changes nothing",
        arguments: [
            ([SystemEvent](), SystemEvent.home, ApplicationState.notRunning),
            ([.launch()], .unlock, .active),
            ([.launch()], .launch(), .active),
            ([.launch()], .tapIcon, .active),
            ([.launch()], .switcherSelect(.this), .active),
            ([.launch()], .forceQuit, .active),
            ([.launch()], .memoryPressure, .active),
            ([.launch(), .home], .home, .suspended),
            ([.launch(), .home], .memoryWarning, .suspended),
            ([.launch(), .home], .incomingCall(.accepted), .suspended),
            ([.launch(), .lock], .lock, .suspended),
            ([], .forceQuit, .notRunning),
            ([], .significantTimeChange, .notRunning),
            ([.launch(), .appSwitcher], .appSwitcher, .inactive),
        ])
    func invalid(before: [SystemEvent], event: SystemEvent, state: ApplicationState) async throws {
        let h = Harness()
        try await h.system.run(before)
        let mark = h.mark
        let error = await #expect(throws: LifecycleError.self) { try await h.system.send(event) }
        #expect(error?.code == .invalidEvent)
        #expect(error?.state == state)
        #expect(error?.event == event.description)
        #expect(error?.message.hasPrefix("event '\(event)' is not possible while the app is \(state): ") == true)
        #expect(h.mark == mark)
        #expect(h.system.state == state)
        h.finish()
    }

    @Test("events are processed one at a time")
    func eventInProgress() async throws {
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let (gate, gateContinuation) = AsyncStream<Void>.makeStream()
        let h = Harness([
            .didFinishLaunching: { _ in
                startedContinuation.yield()
                for await _ in gate { break }
            }
        ])
        let launch = Task { try await h.system.send(.launch()) }
        for await _ in started { break }
        let error = await #expect(throws: LifecycleError.self) { try await h.system.send(.home) }
        #expect(error?.code == .eventInProgress)
        #expect(
            error?.message == "event 'home' was sent while 'launch' is still being processed; send events one at a time"
        )
        gateContinuation.yield()
        try await launch.value
        #expect(h.system.state == .active)
        try await h.run(.home)
        h.finish()
    }
}
