import Foundation

/// The app's delegate: UIKit's `UIApplicationDelegate` life-cycle methods, with their names
/// and order (`spec/lifecycle.md`).
///
/// Every method has a default that does nothing; the launch methods return `true`. Methods
/// may be `async`: simulate work by sleeping on the app's clock with
/// ``Application/work(for:)`` (virtual or real time), or just take long on a real clock.
/// `applicationDidEnterBackground(_:)` and `applicationWillTerminate(_:)` must return within
/// their deadline (5 s), launch within 20 s, or the watchdog terminates the app
/// (`0x8badf00d`) and nothing more of the callback runs.
///
/// An actor or a `Sendable` class can conform:
/// ```swift
/// actor BankApp: ApplicationDelegate {
///     func applicationDidEnterBackground(_ application: Application) async {
///         let task = application.beginBackgroundTask(withName: "upload") { }
///         await application.work(for: .seconds(1))
///         application.endBackgroundTask(task)
///     }
/// }
/// ```
public protocol ApplicationDelegate: Sendable {
    /// Launch has begun (state `inactive`; `background` for a background launch).
    /// Returning `false` means the launch URL will not be opened.
    func application(_ application: Application, willFinishLaunchingWithOptions options: LaunchOptions) async -> Bool
    /// Launch is almost done (state `inactive`; `background` for a background launch).
    /// Returning `false` means the launch URL will not be opened.
    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) async -> Bool
    /// Open a URL (state `inactive`). Not called if a launch method returned `false`.
    func application(_ application: Application, open url: URL, options: OpenURLOptions) async -> Bool
    /// The app became active (state `active`).
    func applicationDidBecomeActive(_ application: Application) async
    /// The app is about to become inactive (state still `active`).
    func applicationWillResignActive(_ application: Application) async
    /// The app is now in the background (state `background`); must return within the deadline.
    func applicationDidEnterBackground(_ application: Application) async
    /// The app is about to enter the foreground (state still `background`).
    func applicationWillEnterForeground(_ application: Application) async
    /// The app, running in the background, is about to be terminated; must return within the deadline.
    func applicationWillTerminate(_ application: Application) async
    /// The system is low on memory: free what you can.
    func applicationDidReceiveMemoryWarning(_ application: Application) async
    /// The time changed significantly (posted after the notification).
    func applicationSignificantTimeChange(_ application: Application) async
    /// The device is locking: protected files become unavailable.
    func applicationProtectedDataWillBecomeUnavailable(_ application: Application) async
    /// The device unlocked: protected files are available again.
    func applicationProtectedDataDidBecomeAvailable(_ application: Application) async
}

/// The defaults: every method does nothing, and the launch methods return `true`.
extension ApplicationDelegate {
    public func application(_ application: Application, willFinishLaunchingWithOptions options: LaunchOptions) async
        -> Bool
    { true }
    public func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) async
        -> Bool
    { true }
    public func application(_ application: Application, open url: URL, options: OpenURLOptions) async -> Bool { true }
    public func applicationDidBecomeActive(_ application: Application) async {}
    public func applicationWillResignActive(_ application: Application) async {}
    public func applicationDidEnterBackground(_ application: Application) async {}
    public func applicationWillEnterForeground(_ application: Application) async {}
    public func applicationWillTerminate(_ application: Application) async {}
    public func applicationDidReceiveMemoryWarning(_ application: Application) async {}
    public func applicationSignificantTimeChange(_ application: Application) async {}
    public func applicationProtectedDataWillBecomeUnavailable(_ application: Application) async {}
    public func applicationProtectedDataDidBecomeAvailable(_ application: Application) async {}
}

/// What a launch was for: `launchOptions` of UIKit.
public struct LaunchOptions: Sendable, Hashable {
    /// The URL the app was launched to open, if any.
    public var url: URL?
    /// Whether the app was launched into the background (e.g. a background fetch).
    public var isBackgroundLaunch: Bool

    /// Makes launch options.
    public init(url: URL? = nil, isBackgroundLaunch: Bool = false) {
        self.url = url
        self.isBackgroundLaunch = isBackgroundLaunch
    }
}

/// The options passed with a URL to open.
public struct OpenURLOptions: Sendable, Hashable {
    /// Whether the app was launched by this URL (cold) rather than resumed (warm).
    public var isLaunch: Bool

    /// Makes URL options.
    public init(isLaunch: Bool) {
        self.isLaunch = isLaunch
    }
}

/// The delegate methods, with their Swift selector spelling (the log's callback `name`) and
/// their scenario handler key.
public enum DelegateMethod: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case willFinishLaunching = "application(_:willFinishLaunchingWithOptions:)"
    case didFinishLaunching = "application(_:didFinishLaunchingWithOptions:)"
    case openURL = "application(_:open:options:)"
    case didBecomeActive = "applicationDidBecomeActive(_:)"
    case willResignActive = "applicationWillResignActive(_:)"
    case didEnterBackground = "applicationDidEnterBackground(_:)"
    case willEnterForeground = "applicationWillEnterForeground(_:)"
    case willTerminate = "applicationWillTerminate(_:)"
    case didReceiveMemoryWarning = "applicationDidReceiveMemoryWarning(_:)"
    case significantTimeChange = "applicationSignificantTimeChange(_:)"
    case protectedDataWillBecomeUnavailable = "applicationProtectedDataWillBecomeUnavailable(_:)"
    case protectedDataDidBecomeAvailable = "applicationProtectedDataDidBecomeAvailable(_:)"

    /// The selector spelling, as the log writes it.
    public var selector: String { rawValue }

    public var description: String { rawValue }

    /// The scenario handler key (`spec/scenario.md`, "Handler keys").
    public var handlerKey: String {
        switch self {
        case .willFinishLaunching: "willFinishLaunchingWithOptions"
        case .didFinishLaunching: "didFinishLaunchingWithOptions"
        case .openURL: "openURL"
        case .didBecomeActive: "applicationDidBecomeActive"
        case .willResignActive: "applicationWillResignActive"
        case .didEnterBackground: "applicationDidEnterBackground"
        case .willEnterForeground: "applicationWillEnterForeground"
        case .willTerminate: "applicationWillTerminate"
        case .didReceiveMemoryWarning: "applicationDidReceiveMemoryWarning"
        case .significantTimeChange: "applicationSignificantTimeChange"
        case .protectedDataWillBecomeUnavailable: "applicationProtectedDataWillBecomeUnavailable"
        case .protectedDataDidBecomeAvailable: "applicationProtectedDataDidBecomeAvailable"
        }
    }

    /// Finds a method by handler key or by full selector spelling.
    public init?(handlerKey: String) {
        guard let method = Self.allCases.first(where: { $0.handlerKey == handlerKey || $0.rawValue == handlerKey })
        else { return nil }
        self = method
    }

    /// The notification posted with this method, if any (open URL has none).
    public var notification: ApplicationNotification.Name? {
        switch self {
        case .willFinishLaunching, .openURL: nil
        case .didFinishLaunching: .didFinishLaunching
        case .didBecomeActive: .didBecomeActive
        case .willResignActive: .willResignActive
        case .didEnterBackground: .didEnterBackground
        case .willEnterForeground: .willEnterForeground
        case .willTerminate: .willTerminate
        case .didReceiveMemoryWarning: .didReceiveMemoryWarning
        case .significantTimeChange: .significantTimeChange
        case .protectedDataWillBecomeUnavailable: .protectedDataWillBecomeUnavailable
        case .protectedDataDidBecomeAvailable: .protectedDataDidBecomeAvailable
        }
    }

    /// Whether the notification is posted before the delegate call (willEnterForeground,
    /// significantTimeChange) rather than after it.
    public var notificationComesFirst: Bool {
        self == .willEnterForeground || self == .significantTimeChange
    }
}
