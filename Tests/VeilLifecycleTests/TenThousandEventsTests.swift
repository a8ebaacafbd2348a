import Foundation
import Testing
import VeilLifecycle

/// The 10,000-event scenario of DESIGN.md's performance table (target: ≤ 100 ms in release).
///
/// Timed here only to print the number; it asserts the run's outcome, never its speed.
/// Release timing: see `TenThousandEvents.run()` and the report's command.
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

@Suite("10,000 events")
struct TenThousandEventsTests {
    @Test("a 10,000-event scenario on the virtual clock (prints its wall time)")
    func tenThousand() async throws {
        #expect(TenThousandEvents.events.count == 10_000)
        let (took, log, clock, system) = try await TenThousandEvents.run()
        print("10,000-event scenario: \(took) wall time, \(log.count) log entries, \(system.elapsed) virtual")
        #expect(system.state == .active)
        // Each cycle takes 17 s: 1 s in didEnterBackground twice, plus waits of 10 s and 5 s.
        #expect(system.elapsed == .seconds(1000 * 17))
        #expect(log.events.filter { $0.type == "termination" }.isEmpty)
        #expect(log.events.filter { $0.kind == .state(from: .background, to: .suspended) }.count == 2 * 1000)
        try clock.checkSuspension()
    }
}
