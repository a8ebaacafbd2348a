import Foundation

/// One user or system event of the scenario vocabulary (`spec/scenario.md`, "Timeline events").
///
/// Build them directly (`.home`, `.wait(.seconds(2))`, `.incomingCall(.accepted)`) or from
/// scenario text with ``init(name:argument:)``.
public enum SystemEvent: Sendable, Hashable, CustomStringConvertible {
    /// Cold launch from the icon, optionally opening a URL (`launch`, `launch: {url: URL}`).
    case launch(url: URL? = nil)
    /// Launch into the background (e.g. a background fetch); resumes a suspended app in the background.
    case backgroundLaunch
    /// Home button or swipe up: the app goes to the background.
    case home
    /// Tap on the app's icon: warm return from the background, or a cold launch.
    case tapIcon
    /// Another app opens a URL handled by this app.
    case openURL(URL)
    /// The app switcher is opened over the active app.
    case appSwitcher
    /// A card is chosen in the open app switcher.
    case switcherSelect(SwitcherChoice)
    /// An incoming call appears over the active app and is accepted or declined.
    case incomingCall(CallOutcome)
    /// An alarm or system alert appears and is dismissed.
    case alarm
    /// Notification Center is pulled down and dismissed.
    case notificationCenter
    /// Control Center is pulled down and dismissed.
    case controlCenter
    /// The device is locked (with a passcode: protected data becomes unavailable).
    case lock
    /// The device is unlocked.
    case unlock
    /// The user swipes the app away in the app switcher (or it is force-quit while suspended).
    case forceQuit
    /// The system sends a memory warning.
    case memoryWarning
    /// The system needs memory: a suspended app is purged.
    case memoryPressure
    /// The time changed significantly (midnight, time zone, daylight saving).
    case significantTimeChange
    /// The terminal (the app's screen) is resized: visible view controllers lay out again.
    case resize(ScreenSize)
    /// Time passes; background work and timers run meanwhile.
    case wait(Duration)

    /// The card chosen in the app switcher.
    public enum SwitcherChoice: String, Sendable, Hashable, CaseIterable {
        /// This app's card (`switcherSelect: self`).
        case this = "self"
        /// Another app's card or the home screen (`switcherSelect: other`).
        case other
    }

    /// How an incoming call ends.
    public enum CallOutcome: String, Sendable, Hashable, CaseIterable {
        /// The call is answered: the phone app takes the foreground.
        case accepted
        /// The call is declined: the app becomes active again.
        case declined
    }

    /// The event's scenario name (`launch`, `switcherSelect`, `wait`, …).
    public var name: String {
        switch self {
        case .launch: "launch"
        case .backgroundLaunch: "backgroundLaunch"
        case .home: "home"
        case .tapIcon: "tapIcon"
        case .openURL: "openURL"
        case .appSwitcher: "appSwitcher"
        case .switcherSelect: "switcherSelect"
        case .incomingCall: "incomingCall"
        case .alarm: "alarm"
        case .notificationCenter: "notificationCenter"
        case .controlCenter: "controlCenter"
        case .lock: "lock"
        case .unlock: "unlock"
        case .forceQuit: "forceQuit"
        case .memoryWarning: "memoryWarning"
        case .memoryPressure: "memoryPressure"
        case .significantTimeChange: "significantTimeChange"
        case .resize: "resize"
        case .wait: "wait"
        }
    }

    /// The event in scenario spelling: `home`, `wait: 1.500s`, `incomingCall: accepted`.
    public var description: String {
        switch self {
        case .launch(let url?): "launch: {url: \(url.absoluteString)}"
        case .openURL(let url): "openURL: \(url.absoluteString)"
        case .switcherSelect(let choice): "switcherSelect: \(choice.rawValue)"
        case .incomingCall(let outcome): "incomingCall: \(outcome.rawValue)"
        case .resize(let size): "resize: \(size)"
        case .wait(let duration): "wait: \(duration.secondsText)s"
        default: name
        }
    }

    /// Builds an event from its scenario name and argument text (`("wait", "250ms")`).
    ///
    /// `launch` takes an optional URL, `openURL` a URL, `switcherSelect` `self|other`,
    /// `incomingCall` `accepted|declined`, `resize` `COLSxROWS`, `wait` a duration; the others
    /// take none. Throws a ``LifecycleError`` naming the event and what was expected.
    public init(name: String, argument: String? = nil) throws {
        let spelled = argument.map { "\(name): \($0)" } ?? name
        func required() throws -> String {
            guard let argument, !argument.isEmpty else {
                throw LifecycleError.invalidEventSyntax(spelled, "'\(name)' needs an argument")
            }
            return argument
        }
        func url(_ text: String) throws -> URL {
            guard let url = URL(string: text), url.scheme != nil else {
                throw LifecycleError.invalidEventSyntax(spelled, "'\(text)' is not a URL with a scheme")
            }
            return url
        }
        func choice<T: RawRepresentable & CaseIterable>(_: T.Type) throws -> T where T.RawValue == String {
            let text = try required()
            guard let value = T(rawValue: text) else {
                let allowed = T.allCases.map(\.rawValue).joined(separator: "|")
                throw LifecycleError.invalidEventSyntax(spelled, "expected \(allowed)")
            }
            return value
        }
        let simple: [String: SystemEvent] = [
            "backgroundLaunch": .backgroundLaunch, "home": .home, "tapIcon": .tapIcon,
            "appSwitcher": .appSwitcher, "alarm": .alarm, "notificationCenter": .notificationCenter,
            "controlCenter": .controlCenter, "lock": .lock, "unlock": .unlock, "forceQuit": .forceQuit,
            "memoryWarning": .memoryWarning, "memoryPressure": .memoryPressure,
            "significantTimeChange": .significantTimeChange,
        ]
        switch name {
        case "launch": self = .launch(url: try argument.map(url))
        case "openURL": self = .openURL(try url(try required()))
        case "switcherSelect": self = .switcherSelect(try choice(SwitcherChoice.self))
        case "incomingCall": self = .incomingCall(try choice(CallOutcome.self))
        case "resize":
            guard let size = ScreenSize(parsing: try required()) else {
                throw LifecycleError.invalidEventSyntax(spelled, "expected COLSxROWS, e.g. 80x24")
            }
            self = .resize(size)
        case "wait":
            do { self = .wait(try DurationParser.parse(try required())) } catch let error as LifecycleError
                where error.code == .invalidDuration
            {
                throw LifecycleError.invalidEventSyntax(spelled, error.message)
            }
        default:
            guard let event = simple[name] else {
                throw LifecycleError.invalidEventSyntax(spelled, "unknown event '\(name)'")
            }
            guard argument == nil else {
                throw LifecycleError.invalidEventSyntax(spelled, "'\(name)' takes no argument")
            }
            self = event
        }
    }
}

/// A terminal size in character cells: the app's screen.
public struct ScreenSize: Sendable, Hashable, CustomStringConvertible {
    /// Columns.
    public var columns: Int
    /// Rows.
    public var rows: Int

    /// Makes a size of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Parses `COLSxROWS` (`80x24`); both at least 1.
    public init?(parsing text: String) {
        let parts = text.trimmingWhitespace().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns > 0, rows > 0 else {
            return nil
        }
        self.init(columns: columns, rows: rows)
    }

    /// The default terminal size, 80×24.
    public static let standard = ScreenSize(columns: 80, rows: 24)

    public var description: String { "\(columns)x\(rows)" }
}
