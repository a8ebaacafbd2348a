import Foundation
import Testing
import VeilLifecycle

/// A thread-safe list for recording what happens in tests.
final class Recorder<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Element] = []

    func append(_ item: Element) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}

/// A delegate whose methods run scripted behaviour and record the state they see inside.
final class ScriptedApp: ApplicationDelegate {
    typealias Behaviour = @Sendable (Application) async -> Void

    let behaviours: [DelegateMethod: Behaviour]
    let returnsFalse: Set<DelegateMethod>
    /// (method, `application.applicationState` read inside the method).
    let seen = Recorder<String>()
    /// Methods that ran to their end.
    let finished = Recorder<DelegateMethod>()

    init(_ behaviours: [DelegateMethod: Behaviour] = [:], returnsFalse: Set<DelegateMethod> = []) {
        self.behaviours = behaviours
        self.returnsFalse = returnsFalse
    }

    private func run(_ method: DelegateMethod, _ application: Application) async -> Bool {
        seen.append("\(short(method))@\(application.applicationState)")
        await behaviours[method]?(application)
        finished.append(method)
        return !returnsFalse.contains(method)
    }

    func application(_ application: Application, willFinishLaunchingWithOptions options: LaunchOptions) async -> Bool {
        await run(.willFinishLaunching, application)
    }
    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) async -> Bool {
        await run(.didFinishLaunching, application)
    }
    func application(_ application: Application, open url: URL, options: OpenURLOptions) async -> Bool {
        await run(.openURL, application)
    }
    func applicationDidBecomeActive(_ application: Application) async { _ = await run(.didBecomeActive, application) }
    func applicationWillResignActive(_ application: Application) async { _ = await run(.willResignActive, application) }
    func applicationDidEnterBackground(_ application: Application) async {
        _ = await run(.didEnterBackground, application)
    }
    func applicationWillEnterForeground(_ application: Application) async {
        _ = await run(.willEnterForeground, application)
    }
    func applicationWillTerminate(_ application: Application) async { _ = await run(.willTerminate, application) }
    func applicationDidReceiveMemoryWarning(_ application: Application) async {
        _ = await run(.didReceiveMemoryWarning, application)
    }
    func applicationSignificantTimeChange(_ application: Application) async {
        _ = await run(.significantTimeChange, application)
    }
    func applicationProtectedDataWillBecomeUnavailable(_ application: Application) async {
        _ = await run(.protectedDataWillBecomeUnavailable, application)
    }
    func applicationProtectedDataDidBecomeAvailable(_ application: Application) async {
        _ = await run(.protectedDataDidBecomeAvailable, application)
    }
}

/// A short name for a delegate method, for readable expected traces.
func short(_ method: DelegateMethod) -> String {
    switch method {
    case .willFinishLaunching: "willFinish"
    case .didFinishLaunching: "didFinish"
    case .openURL: "open"
    case .didBecomeActive: "didBecomeActive"
    case .willResignActive: "willResignActive"
    case .didEnterBackground: "didEnterBackground"
    case .willEnterForeground: "willEnterForeground"
    case .willTerminate: "willTerminate"
    case .didReceiveMemoryWarning: "memoryWarning"
    case .significantTimeChange: "timeChange"
    case .protectedDataWillBecomeUnavailable: "protectedDataWillBecomeUnavailable"
    case .protectedDataDidBecomeAvailable: "protectedDataDidBecomeAvailable"
    }
}

/// One log entry as a compact line: `S notRunning>inactive`, `C willFinish@inactive`,
/// `N didFinishLaunching`, `T begin upload 1`, `X watchdog 0x8badf00d applicationDidEnterBackground(_:)`,
/// `V deadline`, `P snap.png 2`.
func compact(_ event: LifecycleEvent) -> String {
    switch event.kind {
    case .state(let from, let to): "S \(from)>\(to)"
    case .callback(let name, let state):
        "C \(DelegateMethod(rawValue: name).map(short) ?? name)@\(state)"
    case .notification(let name):
        "N "
            + name.replacingOccurrences(of: "UIApplication.", with: "").replacingOccurrences(
                of: "Notification", with: "")
    case .backgroundTask(let kind, let name, let id): "T \(kind) \(name) \(id)"
    case .termination(let reason, let code, let during):
        (["X", reason.rawValue] + [code, during].compactMap { $0 }).joined(separator: " ")
    case .violation(let rule, _): "V \(rule)"
    case .snapshot(let path, let hidden): "P \(path) \(hidden)"
    }
}

/// A virtual-clock system with a scripted app, and helpers to read its log.
struct Harness {
    let clock = VirtualClock()
    let app: ScriptedApp
    let system: System
    let snapshots = Recorder<SnapshotMoment>()

    init(
        _ behaviours: [DelegateMethod: ScriptedApp.Behaviour] = [:], returnsFalse: Set<DelegateMethod> = [],
        policy: LifecyclePolicy = LifecyclePolicy()
    ) {
        app = ScriptedApp(behaviours, returnsFalse: returnsFalse)
        system = System(delegate: app, clock: clock, policy: policy)
        let snapshots = self.snapshots
        let log = system.log
        system.onSnapshotMoment { moment in
            snapshots.append(moment)
            log.append(.snapshot(path: "snap.png", hidden: 0), at: moment.time)
        }
    }

    /// Sends events in order.
    func run(_ events: SystemEvent...) async throws {
        try await system.run(events)
    }

    /// The compact trace of everything logged so far.
    var trace: [String] { system.log.events.map(compact) }

    /// The trace of what was logged from entry `start` on.
    func trace(from start: Int) -> [String] { Array(trace.dropFirst(start)) }

    /// The number of log entries so far.
    var mark: Int { system.log.count }

    /// Elapsed seconds of the entries matching `prefix`.
    func times(of prefix: String) -> [Double] {
        system.log.events.filter { compact($0).hasPrefix(prefix) }.map(\.t)
    }

    /// Checks that every callback saw, through `applicationState`, the state the log recorded.
    func expectSeenStatesMatchLog(sourceLocation: SourceLocation = #_sourceLocation) {
        let logged = trace.filter { $0.hasPrefix("C ") }.map { String($0.dropFirst(2)) }
        #expect(app.seen.all == logged, sourceLocation: sourceLocation)
    }

    /// Ends a test: no sleeper may be left armed on the clock.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: Never.self, sourceLocation: sourceLocation) { try clock.checkSuspension() }
        expectSeenStatesMatchLog(sourceLocation: sourceLocation)
    }
}

/// The trace of a cold launch to active.
let launchTrace = [
    "S notRunning>inactive", "C willFinish@inactive", "C didFinish@inactive", "N didFinishLaunching",
    "S inactive>active", "C didBecomeActive@active", "N didBecomeActive",
]

/// The trace of going home from active, with no background task.
let homeTrace = [
    "C willResignActive@active", "N willResignActive", "S active>inactive", "S inactive>background",
    "C didEnterBackground@background", "N didEnterBackground", "P snap.png 0", "S background>suspended",
]
