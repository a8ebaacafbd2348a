import Testing
@testable import VeilLifecycle

/// Found by `Fuzz/fuzz-scenario`: LeakSanitizer reported a whole simulation (System,
/// Application, app screen, snapshot outcomes) unreachable after `ScenarioRunner.run`. Tasks
/// still sleeping on the virtual clock when its `System` went away were never resumed, so
/// they and everything they held stayed alive forever.
@Suite struct FuzzRegressionTests {
    @Test("releasing the last System cancels every sleeper still armed on its virtual clock")
    func releasingTheDriverCancelsArmedSleepers() async throws {
        let clock = VirtualClock()
        let deadlines = [Duration.seconds(60), .seconds(3600)]
        let sleepers = deadlines.map { delay in
            Task { try await clock.sleep(until: clock.now.advanced(by: delay)) }
        }
        await clock.sleepersArmed(atLeast: 2)
        do {
            let system = System(delegate: ScriptedApp(), clock: clock)
            #expect(system.state == .notRunning)
        }
        // Before the fix both stayed armed for ever.
        #expect(clock.pendingSleepers == 0)
        sleepers.forEach { $0.cancel() }  // frees them if the expectation above failed
        for sleeper in sleepers {
            await #expect(throws: CancellationError.self) { try await sleeper.value }
        }
    }
}
