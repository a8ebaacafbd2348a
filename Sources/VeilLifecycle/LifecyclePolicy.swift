/// The system's policy: deadlines, background time and background execution (`policy:` of a scenario).
public struct LifecyclePolicy: Sendable, Hashable {
    /// How long `applicationDidEnterBackground(_:)` may take (default 5 s).
    public var didEnterBackgroundDeadline: Duration
    /// How long `applicationWillTerminate(_:)` may take (default 5 s).
    public var willTerminateDeadline: Duration
    /// How long launch may take: willFinish + didFinish (+ open URL) (default 20 s).
    public var launchDeadline: Duration
    /// The background-time profile (default iOS 13+: 30 s).
    public var profile: BackgroundTimeProfile
    /// Background time per background session; `nil` takes the profile's allowance.
    public var backgroundTime: Duration?
    /// How long before background time runs out the expiration handlers run (default 5 s).
    public var expirationWarning: Duration
    /// `UIApplicationExitsOnSuspend` (iOS ≤ 12): the app terminates instead of suspending.
    public var exitsOnSuspend: Bool

    /// Makes a policy; every argument defaults to iOS 13+ behaviour.
    public init(
        didEnterBackgroundDeadline: Duration = .seconds(5),
        willTerminateDeadline: Duration = .seconds(5),
        launchDeadline: Duration = .seconds(20),
        profile: BackgroundTimeProfile = .ios13,
        backgroundTime: Duration? = nil,
        expirationWarning: Duration = .seconds(5),
        exitsOnSuspend: Bool = false
    ) {
        self.didEnterBackgroundDeadline = didEnterBackgroundDeadline
        self.willTerminateDeadline = willTerminateDeadline
        self.launchDeadline = launchDeadline
        self.profile = profile
        self.backgroundTime = backgroundTime
        self.expirationWarning = expirationWarning
        self.exitsOnSuspend = exitsOnSuspend
    }

    /// The background time actually granted per session.
    public var effectiveBackgroundTime: Duration { backgroundTime ?? profile.allowance }
}

/// How much background time a background task gets, per iOS version.
public struct BackgroundTimeProfile: Sendable, Hashable, CustomStringConvertible {
    /// The profile's name in scenario files (`ios6`, `ios7`, `ios13`).
    public var name: String
    /// The time granted after entering the background.
    public var allowance: Duration

    /// Makes a custom profile.
    public init(name: String, allowance: Duration) {
        self.name = name
        self.allowance = allowance
    }

    /// Before iOS 7: about 600 s.
    public static let ios6 = BackgroundTimeProfile(name: "ios6", allowance: .seconds(600))
    /// iOS 7 to 12: about 180 s.
    public static let ios7 = BackgroundTimeProfile(name: "ios7", allowance: .seconds(180))
    /// iOS 13 and later: about 30 s (the default).
    public static let ios13 = BackgroundTimeProfile(name: "ios13", allowance: .seconds(30))

    /// The built-in profiles.
    public static let all: [BackgroundTimeProfile] = [.ios6, .ios7, .ios13]

    /// Finds a built-in profile by name (`ios6`, `ios7`, `ios13`).
    public init?(named name: String) {
        guard let profile = Self.all.first(where: { $0.name == name }) else { return nil }
        self = profile
    }

    public var description: String { name }
}
