/// A `UIApplication` notification posted by the lifecycle core.
public struct ApplicationNotification: Sendable, Hashable, CustomStringConvertible {
    /// The notification's name.
    public var name: Name
    /// When it was posted, as time since the scenario started.
    public var time: Duration

    /// Makes a notification named `name` posted at `time`.
    public init(name: Name, time: Duration) {
        self.name = name
        self.time = time
    }

    public var description: String { name.rawValue }

    /// A notification name, spelled as UIKit's (`UIApplication.didBecomeActiveNotification`).
    ///
    /// Like `Notification.Name`, a struct wrapping the string.
    public struct Name: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// Posted after `application(_:didFinishLaunchingWithOptions:)` returns.
        public static let didFinishLaunching = Name(rawValue: "UIApplication.didFinishLaunchingNotification")
        /// Posted after `applicationDidBecomeActive(_:)`.
        public static let didBecomeActive = Name(rawValue: "UIApplication.didBecomeActiveNotification")
        /// Posted after `applicationWillResignActive(_:)`.
        public static let willResignActive = Name(rawValue: "UIApplication.willResignActiveNotification")
        /// Posted after `applicationDidEnterBackground(_:)` returns in time.
        public static let didEnterBackground = Name(rawValue: "UIApplication.didEnterBackgroundNotification")
        /// Posted **before** `applicationWillEnterForeground(_:)`.
        public static let willEnterForeground = Name(rawValue: "UIApplication.willEnterForegroundNotification")
        /// Posted after `applicationWillTerminate(_:)`.
        public static let willTerminate = Name(rawValue: "UIApplication.willTerminateNotification")
        /// Posted after `applicationDidReceiveMemoryWarning(_:)`.
        public static let didReceiveMemoryWarning = Name(rawValue: "UIApplication.didReceiveMemoryWarningNotification")
        /// Posted **before** `applicationSignificantTimeChange(_:)`; coalesced while suspended.
        public static let significantTimeChange = Name(rawValue: "UIApplication.significantTimeChangeNotification")
        /// Posted after `applicationProtectedDataWillBecomeUnavailable(_:)`; queued while suspended.
        public static let protectedDataWillBecomeUnavailable = Name(
            rawValue: "UIApplication.protectedDataWillBecomeUnavailableNotification")
        /// Posted after `applicationProtectedDataDidBecomeAvailable(_:)`; queued while suspended.
        public static let protectedDataDidBecomeAvailable = Name(
            rawValue: "UIApplication.protectedDataDidBecomeAvailableNotification")
    }
}
