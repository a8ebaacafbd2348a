import VeilLifecycle

/// The bundled demo: a small banking app run through a day of interruptions on the virtual clock.
///
/// The app puts up a privacy cover in `applicationWillResignActive(_:)` (the app switcher
/// shows the live inactive UI) and removes it in `applicationDidBecomeActive(_:)`; in
/// `applicationDidEnterBackground(_:)` it saves for 1 s and starts a short background task
/// that syncs for 3 s. This is the temporary `veil demo` until the snapshot service lands.
public enum DemoSession {
    /// The demo's timeline: launch, home, tap icon, an accepted call, tap icon, lock, unlock.
    public static let timeline: [SystemEvent] = [
        .launch(), .wait(.seconds(2)), .home, .wait(.seconds(30)), .tapIcon, .wait(.seconds(5)),
        .incomingCall(.accepted), .wait(.seconds(60)), .tapIcon, .wait(.seconds(3)), .lock,
        .wait(.seconds(20)), .unlock,
    ]

    /// Runs the demo on `clock` (virtual by default: instant) and returns its log.
    public static func run(clock: some Clock<Duration> = VirtualClock()) async throws -> LifecycleLog {
        let log = LifecycleLog()
        let system = System(delegate: BankApp(), clock: clock, log: log)
        try await system.run(timeline)
        return log
    }
}

/// The demo's app delegate: a banking app that hides its screen whenever it is not active.
actor BankApp: ApplicationDelegate {
    /// Whether the privacy cover is up (what a snapshot would show).
    private(set) var privacyCover = false

    func applicationWillResignActive(_ application: Application) async {
        privacyCover = true
    }

    func applicationDidBecomeActive(_ application: Application) async {
        privacyCover = false
    }

    func applicationDidEnterBackground(_ application: Application) async {
        await application.work(for: .seconds(1))  // write the session state to disk
        let task = application.beginBackgroundTask(withName: "sync") {
            // Expiration: give up syncing; the next launch retries.
        }
        guard task != .invalid else { return }
        application.dispatch {
            await application.work(for: .seconds(3))  // upload pending transfers
            application.endBackgroundTask(task)
        }
    }
}
