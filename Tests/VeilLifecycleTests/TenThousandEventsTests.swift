import Testing
import VeilLifecycle

/// Timed here only to print the number; it asserts the run's outcome, never its speed.
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
