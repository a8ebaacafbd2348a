import Foundation
import Testing
import VeilLifecycle
import VeilTestSupport

@Suite("Lifecycle log")
struct LifecycleLogTests {
    @Test("JSON lines exactly as spec/scenario.md writes them")
    func jsonLines() {
        let cases: [(LifecycleEvent.Kind, Duration, String)] = [
            (
                .state(from: .notRunning, to: .inactive), .zero,
                #"{"t":0.000,"type":"state","from":"notRunning","to":"inactive"}"#
            ),
            (
                .callback(name: "application(_:willFinishLaunchingWithOptions:)", state: .inactive), .zero,
                #"{"t":0.000,"type":"callback","name":"application(_:willFinishLaunchingWithOptions:)","state":"inactive"}"#
            ),
            (
                .notification(name: "UIApplication.didFinishLaunchingNotification"), .zero,
                #"{"t":0.000,"type":"notification","name":"UIApplication.didFinishLaunchingNotification"}"#
            ),
            (
                .snapshot(path: "out/bank-0001.png", hidden: 3), .seconds(2),
                #"{"t":2.000,"type":"snapshot","path":"out/bank-0001.png","hidden":3}"#
            ),
            (
                .termination(reason: .watchdog, code: "0x8badf00d", during: "applicationDidEnterBackground(_:)"),
                .seconds(9),
                #"{"t":9.000,"type":"termination","reason":"watchdog","code":"0x8badf00d","during":"applicationDidEnterBackground(_:)"}"#
            ),
            (
                .termination(reason: .memoryPressure, code: nil, during: nil), .milliseconds(12_345),
                #"{"t":12.345,"type":"termination","reason":"memoryPressure"}"#
            ),
            (
                .backgroundTask(event: .begin, name: "up\"load", id: 1), .milliseconds(1500),
                #"{"t":1.500,"type":"backgroundTask","event":"begin","name":"up\"load","id":1}"#
            ),
            (
                .violation(rule: "deadline", message: "a\nb"), .microseconds(1_999_600),
                #"{"t":2.000,"type":"violation","rule":"deadline","message":"a\nb"}"#
            ),
        ]
        for (kind, time, expected) in cases {
            #expect(LifecycleEvent(time: time, kind: kind).jsonLine == expected)
        }
    }

    @Test("Encodable output decodes back to the same fields")
    func encodable() throws {
        let event = LifecycleEvent(
            time: .milliseconds(2500), kind: .callback(name: "applicationWillResignActive(_:)", state: .active))
        let data = try JSONEncoder().encode(event)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["t"] as? Double == 2.5)
        #expect(object["type"] as? String == "callback")
        #expect(object["name"] as? String == "applicationWillResignActive(_:)")
        #expect(object["state"] as? String == "active")
    }

    @Test("handlers see every entry in order, including entries appended from outside")
    func handlers() async throws {
        let memory = InMemoryLifecycleLogHandler()
        let types = Recorder<String>()
        let log = LifecycleLog(handlers: [memory])
        log.addHandler(ClosureLifecycleLogHandler { types.append($0.type) })
        let clock = VirtualClock()
        let system = System(delegate: ScriptedApp(), clock: clock, log: log)
        system.onSnapshotMoment { moment in
            log.append(.snapshot(path: "s.png", hidden: 1), at: moment.time)
        }
        try await system.run([.launch(), .home])
        #expect(memory.events == log.events)
        #expect(types.all == log.events.map(\.type))
        #expect(log.events.contains { $0.kind == .snapshot(path: "s.png", hidden: 1) })
        #expect(log.jsonLines.split(separator: "\n").count == log.count)
        memory.clear()
        #expect(memory.events.isEmpty)
        try clock.checkSuspension()
    }
}

extension LifecycleLogTests {
    @Test("a handler may read the system's state and append; every handler sees one order")
    func reentrantHandlers() async throws {
        let log = LifecycleLog()
        let clock = VirtualClock()
        let system = System(delegate: ScriptedApp(), clock: clock, log: log)
        let first = Recorder<String>()
        let second = Recorder<String>()
        log.addHandler(
            ClosureLifecycleLogHandler { event in
                first.append(event.type)
                if case .state(_, let to) = event.kind {
                    #expect(system.state == to)  // the state is readable, and already changed
                    log.append(.violation(rule: "echo", message: "\(to)"), at: event.time)
                }
            })
        log.addHandler(ClosureLifecycleLogHandler { second.append($0.type) })
        try await system.run([.launch(), .home])
        #expect(first.all == log.events.map(\.type))
        #expect(second.all == log.events.map(\.type))
        let types = log.events.map(\.type)
        for (index, type) in types.enumerated() where type == "state" {
            #expect(types[index + 1] == "violation")
        }
        try clock.checkSuspension()
    }
}

@Suite("Parsing")
struct ParsingTests {
    @Test(
        "durations",
        arguments: [
            ("250ms", Duration.milliseconds(250)), ("1.5s", .milliseconds(1500)), ("2m", .seconds(120)),
            ("1h", .seconds(3600)), ("5", .seconds(5)), (" 30s ", .seconds(30)), ("0.001s", .milliseconds(1)),
        ])
    func durations(text: String, expected: Duration) throws {
        #expect(try DurationParser.parse(text) == expected)
        #expect(try Duration(parsing: text) == expected)
    }

    @Test("invalid durations name the text", arguments: ["", "s", "-1s", "abc", "5 parsecs", "1e3s", "2d", "1..5s"])
    func invalidDurations(text: String) {
        let error = #expect(throws: LifecycleError.self) { try DurationParser.parse(text) }
        #expect(error?.code == .invalidDuration)
        #expect(error?.message.contains("'\(text)'") == true)
    }

    @Test("events from scenario names and arguments")
    func events() throws {
        #expect(try SystemEvent(name: "home") == .home)
        #expect(try SystemEvent(name: "launch") == .launch())
        #expect(try SystemEvent(name: "launch", argument: "bank://x") == .launch(url: URL(string: "bank://x")!))
        #expect(try SystemEvent(name: "openURL", argument: "bank://y") == .openURL(URL(string: "bank://y")!))
        #expect(try SystemEvent(name: "switcherSelect", argument: "self") == .switcherSelect(.this))
        #expect(try SystemEvent(name: "switcherSelect", argument: "other") == .switcherSelect(.other))
        #expect(try SystemEvent(name: "incomingCall", argument: "declined") == .incomingCall(.declined))
        #expect(try SystemEvent(name: "resize", argument: "120x40") == .resize(ScreenSize(columns: 120, rows: 40)))
        #expect(try SystemEvent(name: "wait", argument: "250ms") == .wait(.milliseconds(250)))
        #expect(SystemEvent.wait(.milliseconds(1500)).description == "wait: 1.500s")
        #expect(SystemEvent.incomingCall(.accepted).description == "incomingCall: accepted")
    }

    @Test(
        "bad events give a clear error",
        arguments: [
            ("dance", nil, "unknown event 'dance'"),
            ("home", "now", "'home' takes no argument"),
            ("wait", nil, "'wait' needs an argument"),
            ("incomingCall", "maybe", "expected accepted|declined"),
            ("switcherSelect", "mine", "expected self|other"),
            ("resize", "80by24", "expected COLSxROWS, e.g. 80x24"),
            ("openURL", "not a url", "'not a url' is not a URL with a scheme"),
        ] as [(String, String?, String)])
    func badEvents(name: String, argument: String?, reason: String) {
        let error = #expect(throws: LifecycleError.self) { try SystemEvent(name: name, argument: argument) }
        #expect(error?.code == .invalidEventSyntax)
        #expect(error?.message.hasSuffix(reason) == true, "\(error?.message ?? "")")
    }

    @Test("handler keys and selectors")
    func handlerKeys() {
        #expect(DelegateMethod(handlerKey: "applicationDidEnterBackground") == .didEnterBackground)
        #expect(DelegateMethod(handlerKey: "application(_:didFinishLaunchingWithOptions:)") == .didFinishLaunching)
        #expect(DelegateMethod(handlerKey: "openURL") == .openURL)
        #expect(DelegateMethod(handlerKey: "nope") == nil)
        #expect(BackgroundTimeProfile(named: "ios7")?.allowance == .seconds(180))
        #expect(BackgroundTimeProfile(named: "ios99") == nil)
    }
}

@Suite("Virtual clock")
struct VirtualClockTests {
    @Test("manual advance resumes due sleepers in deadline order and moves now")
    func manualAdvance() async throws {
        let clock = VirtualClock()
        let order = Recorder<Int>()
        let tasks = [3, 1, 2].map { seconds in
            Task {
                try await clock.sleep(for: .seconds(seconds))
                order.append(seconds)
            }
        }
        await clock.sleepersArmed(atLeast: 3)
        #expect(clock.pendingSleepers == 3)
        #expect(clock.nextDeadline == VirtualClock.Instant(offset: .seconds(1)))
        #expect(throws: VirtualClockError.self) { try clock.checkSuspension() }
        clock.advance(by: .seconds(2))
        #expect(clock.now.offset == .seconds(2))
        #expect(clock.pendingSleepers == 1)
        clock.advance(by: .seconds(5))
        for task in tasks { try await task.value }
        #expect(Set(order.all) == [1, 2, 3])
        #expect(clock.now.offset == .seconds(7))
        try clock.checkSuspension()
    }

    @Test("cancelling a sleeper disarms it")
    func cancel() async throws {
        let clock = VirtualClock()
        let task = Task { try await clock.sleep(for: .seconds(10)) }
        await clock.sleepersArmed(atLeast: 1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.pendingSleepers == 0)
        #expect(clock.now.offset == .zero)
    }

    @Test("a driven clock runs hours of simulated time at once", .realTime)
    func hoursRealTime() async throws {
        let h = Harness()
        let start = ContinuousClock.now
        try await h.run(.launch(), .wait(.seconds(3 * 3600)), .home, .wait(.seconds(5 * 3600)), .tapIcon)
        // 8 h passed on the virtual clock and none of it on the real one. The bound is far
        // above any load seen here (42 s once, with two release builds running) and far below
        // the 8 h a real sleep would take; how fast it runs belongs in benchmarks.
        #expect(h.clock.now.offset == .seconds(8 * 3600))
        #expect(ContinuousClock.now - start < .seconds(600))
        #expect(h.system.elapsed == .seconds(8 * 3600))
        #expect(h.times(of: "C willEnterForeground") == [8 * 3600])
        h.finish()
    }
}
