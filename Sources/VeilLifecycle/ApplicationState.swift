/// The five states of an app's life cycle, as `spec/lifecycle.md` names them.
///
/// Inside a callback the app sees only `inactive`, `active` or `background` (UIKit's
/// `UIApplication.State`); `notRunning` and `suspended` run no code.
public enum ApplicationState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Not launched, or terminated.
    case notRunning
    /// In the foreground but not receiving events (launching, interrupted, in the app switcher).
    case inactive
    /// In the foreground and receiving events.
    case active
    /// In the background and executing code.
    case background
    /// In the background, not executing code; no callback on entry, may be purged silently.
    case suspended

    public var description: String { rawValue }

    /// Whether the app's code can run in this state.
    public var isRunning: Bool {
        switch self {
        case .inactive, .active, .background: true
        case .notRunning, .suspended: false
        }
    }

    /// Whether the app is in the foreground (active or inactive).
    public var isForeground: Bool { self == .active || self == .inactive }
}
