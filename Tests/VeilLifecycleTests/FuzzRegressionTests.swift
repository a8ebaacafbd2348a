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

    /// `fuzz-scenario` again: a run stopped by an impossible event while background work still
    /// slept on the clock returned with that work only cancelled by the `System`'s release,
    /// ending a moment later on the simulation thread with the Application still held.
    @Test("finish() ends the work still running, so nothing of the simulation outlives it")
    func finishEndsRunningWorkBeforeReturning() async throws {
        let clock = VirtualClock()
        weak var application: Application?
        do {
            let app = ScriptedApp([
                .didEnterBackground: { application in
                    application.runBackgroundTask(withName: "sync", work: { await application.work(for: .seconds(3)) })
                }
            ])
            let system = System(delegate: app, clock: clock)
            try await system.run([.launch(), .home])
            application = system.application
            #expect(system.application.openBackgroundTasks.count == 1)
            #expect(clock.pendingSleepers > 0)
            await system.finish()
            #expect(clock.pendingSleepers == 0)
            #expect(system.application.openBackgroundTasks.isEmpty)
            #expect(system.log.events.map(compact).contains { $0.hasPrefix("T end sync") })
        }
        #expect(application == nil)  // at once: nothing is left to end later
    }
}
