import Foundation
import Synchronization
import VeilLifecycle

/// An app whose delegate callbacks run a scenario's handler actions (work, background
/// tasks, privacy cover, show, print, mark, returnFalse) against its ``AppScreen``.
public final class SimulatedApp: ApplicationDelegate {
    /// The app's screen.
    public let screen: AppScreen
    private let handlers: [String: [Scenario.Action]]
    /// File contents for `show` actions, read before the run so a missing file is an input error.
    private let files: [String: [UInt8]]

    /// - Parameters:
    ///   - files: the bytes of every file a `show` action names, keyed by path.
    public init(screen: AppScreen, handlers: [String: [Scenario.Action]], files: [String: [UInt8]]) {
        self.screen = screen
        self.handlers = handlers
        self.files = files
    }

    /// Runs the actions of `key`; returns false when one of them is `returnFalse`.
    @discardableResult
    func perform(_ key: String, in application: Application) async -> Bool {
        var result = true
        for action in handlers[key] ?? [] {
            if Task.isCancelled { break }  // the watchdog killed the app: nothing more runs
            switch action {
            case .work(let duration):
                await application.work(for: duration)
            case .beginBackgroundTask(let name, let work, let endInExpirationHandler):
                beginTask(name: name, work: work, endInExpirationHandler: endInExpirationHandler, in: application)
            case .endBackgroundTasks:
                application.endAllBackgroundTasks()
            case .privacyCover(let on):
                screen.setPrivacyCover(on)
            case .show(let file):
                screen.show(files[file] ?? [])
            case .print(let bytes):
                screen.print(bytes)
            case .mark(let rect, let reason):
                // Rectangles were checked against the screen size when the scenario loaded;
                // after a resize one may reach past the screen: mark the part still on it.
                let size = screen.size
                let width = min(rect.width, size.cols - rect.col), height = min(rect.height, size.rows - rect.row)
                if width > 0 && height > 0 {
                    try? screen.mark(row: rect.row, col: rect.col, width: width, height: height, reason: reason)
                }
            case .returnFalse:
                result = false
            }
        }
        return result
    }

    private func beginTask(name: String, work: Duration?, endInExpirationHandler: Bool, in application: Application) {
        // The application keeps these closures while the task is open: holding it weakly
        // avoids a cycle that outlives a run ending with the task still open.
        let expiration: @Sendable (BackgroundTaskIdentifier) async -> Void = { [self, weak application] id in
            guard let application else { return }
            await perform("expirationHandler", in: application)
            if endInExpirationHandler { application.endBackgroundTask(id) }
        }
        if let work {
            application.runBackgroundTask(
                withName: name,
                work: { [weak application] in await application?.work(for: work) },
                expirationHandler: expiration)
        } else {
            // No work of its own: the task stays open until endBackgroundTasks or its handler ends it.
            let box = Mutex<BackgroundTaskIdentifier>(.invalid)
            let id = application.beginBackgroundTask(withName: name) {
                await expiration(box.withLock { $0 })
            }
            box.withLock { $0 = id }
        }
    }

    public func application(_ application: Application, willFinishLaunchingWithOptions options: LaunchOptions) async
        -> Bool
    {
        await perform("willFinishLaunchingWithOptions", in: application)
    }
    public func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) async
        -> Bool
    {
        await perform("didFinishLaunchingWithOptions", in: application)
    }
    public func application(_ application: Application, open url: URL, options: OpenURLOptions) async -> Bool {
        await perform("openURL", in: application)
    }
    public func applicationDidBecomeActive(_ application: Application) async {
        await perform("applicationDidBecomeActive", in: application)
    }
    public func applicationWillResignActive(_ application: Application) async {
        await perform("applicationWillResignActive", in: application)
    }
    public func applicationDidEnterBackground(_ application: Application) async {
        await perform("applicationDidEnterBackground", in: application)
    }
    public func applicationWillEnterForeground(_ application: Application) async {
        await perform("applicationWillEnterForeground", in: application)
    }
    public func applicationWillTerminate(_ application: Application) async {
        await perform("applicationWillTerminate", in: application)
    }
    public func applicationDidReceiveMemoryWarning(_ application: Application) async {
        await perform("applicationDidReceiveMemoryWarning", in: application)
    }
    public func applicationSignificantTimeChange(_ application: Application) async {
        await perform("applicationSignificantTimeChange", in: application)
    }
    public func applicationProtectedDataWillBecomeUnavailable(_ application: Application) async {
        await perform("applicationProtectedDataWillBecomeUnavailable", in: application)
    }
    public func applicationProtectedDataDidBecomeAvailable(_ application: Application) async {
        await perform("applicationProtectedDataDidBecomeAvailable", in: application)
    }
}
