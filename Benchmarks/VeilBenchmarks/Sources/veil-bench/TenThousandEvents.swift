// A copy of Tests/VeilLifecycleTests/TenThousandEvents.swift (test sources cannot be shared with
// this package); keep the two in step.
import Foundation
import VeilLifecycle

enum TenThousandEvents {
    /// An app that works 1 s in didEnterBackground and syncs 2 s in a background task.
    struct Worker: ApplicationDelegate {
        func applicationDidEnterBackground(_ application: Application) async {
            await application.work(for: .seconds(1))
            let task = application.beginBackgroundTask(withName: "sync")
            application.dispatch {
                await application.work(for: .seconds(2))
                application.endBackgroundTask(task)
            }
        }
    }

    /// One cycle of 10 events; the scenario is `launch` + 999 cycles + 9 events = 10,000 events.
    static let cycle: [SystemEvent] = [
        .home, .wait(.seconds(10)), .tapIcon, .incomingCall(.declined), .notificationCenter,
        .significantTimeChange, .lock, .wait(.seconds(5)), .unlock, .memoryWarning,
    ]

    static var events: [SystemEvent] {
        [.launch()] + Array(Array(repeating: cycle, count: 1000).joined().prefix(9_999))
    }

    /// Runs the scenario; returns the wall time, the log and the clock.
    static func run() async throws -> (Duration, LifecycleLog, VirtualClock, System) {
        let clock = VirtualClock()
        let system = System(delegate: Worker(), clock: clock)
        let events = self.events
        let start = ContinuousClock.now
        try await system.run(events)
        return (ContinuousClock.now - start, system.log, clock, system)
    }
}
