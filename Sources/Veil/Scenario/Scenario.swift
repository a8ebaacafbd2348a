import VeilLifecycle

/// A scenario file (Docs/scenario.md): the simulated app's screen and handlers, the
/// system's policy, and the timeline of user and system events.
public struct Scenario: Sendable, Hashable {
    /// A position in the scenario file (1-based), kept so later errors can name it.
    public struct Position: Sendable, Hashable {
        public var line: Int
        public var column: Int
        public init(line: Int, column: Int) { self.line = line; self.column = column }
    }

    /// A rectangle of cells (0-based).
    public struct Rect: Sendable, Hashable {
        public var row: Int, col: Int, width: Int, height: Int
        public init(row: Int, col: Int, width: Int, height: Int) {
            self.row = row; self.col = col; self.width = width; self.height = height
        }
    }

    /// Where the screen's first content comes from.
    public enum Content: Sendable, Hashable {
        case none
        /// A file of terminal bytes, as the scenario names it (relative to its folder, read
        /// inside its ``Scenario/location``).
        case file(String)
        /// Inline terminal bytes.
        case bytes([UInt8])
        /// A live program (`exec:`): the command and its arguments, run in a pseudo-terminal
        /// as the app (``LiveApp``).
        case command([String])
    }

    /// The app's screen.
    public struct ScreenSpec: Sendable, Hashable {
        public var cols = 80
        public var rows = 24
        public var content: Content = .none
        public var sensitive: [Rect] = []
        public init() {}
    }

    /// The system's policy.
    public struct Policy: Sendable, Hashable {
        public var didEnterBackgroundDeadline: Duration = .seconds(5)
        public var willTerminateDeadline: Duration = .seconds(5)
        /// Extra background time; nil means the profile's allowance.
        public var backgroundTime: Duration?
        /// `ios6`, `ios7` or `ios13`.
        public var profile = "ios13"
        public var exitsOnSuspend = false
        public var expirationWarning: Duration = .seconds(5)
        public init() {}
    }

    /// What the app does inside a callback.
    public enum Action: Sendable, Hashable {
        case work(Duration)
        case beginBackgroundTask(name: String, work: Duration?, endInExpirationHandler: Bool)
        case endBackgroundTasks
        case privacyCover(Bool)
        case show(file: String)
        case print([UInt8])
        case mark(Rect, reason: String)
        case returnFalse
    }

    /// One step of the timeline: a user or system event for the lifecycle core, or a change
    /// the app's screen gets directly.
    public enum Step: Sendable, Hashable {
        /// An event of the lifecycle vocabulary (launch, home, lock, wait, …).
        case event(SystemEvent)
        /// Terminal bytes written to the screen.
        case print([UInt8])
        /// The screen's content replaced by a file's bytes.
        case show(file: String)
        /// Text typed to a live program (`type:`).
        case type([UInt8])
        /// Keys pressed in a live program (`keys: [Enter, Down, Ctrl-C]`), by name
        /// (``KeyNames``): arrows follow the program's cursor-key mode when sent.
        case keys([String])
        /// Waits until the live program's screen matches a regular expression (`waitFor:`).
        case waitFor(pattern: String, timeout: Duration)
        /// Waits until the live program's output has been quiet this long (`waitIdle:`).
        case waitIdle(Duration, timeout: Duration)

        /// Whether the step drives a live program (only `exec:` scenarios have them).
        public var drivesProgram: Bool {
            switch self {
            case .type, .keys, .waitFor, .waitIdle: true
            case .event, .print, .show: false
            }
        }
    }

    /// A timeline step with its place in the file.
    public struct TimedStep: Sendable, Hashable {
        public var step: Step
        public var position: Position
    }

    /// Used in snapshot file names.
    public var name: String
    /// The scenario file's path as given.
    public var path: String
    public var screen = ScreenSpec()
    /// The rules file as the scenario names it (read inside its ``location``); nil means
    /// `.veil.yml` beside the scenario, else built-in.
    public var rulesPath: String?
    /// Where `rules:` is in the file.
    public var rulesPosition: Position?
    public var policy = Policy()
    /// Handler actions keyed by the delegate method's short name (e.g. `applicationDidEnterBackground`).
    public var handlers: [String: [Action]] = [:]
    public var timeline: [TimedStep] = []
    /// Every file the scenario names (screen, show) as written, with where it is named.
    public var fileReferences: [String: Position] = [:]
    /// Where the files it names are read from.
    public var location: Location

    /// The live program's command when the scenario runs one (`exec:`), else nil.
    public var command: [String]? {
        if case .command(let command) = screen.content { return command }
        return nil
    }

    public init(name: String, path: String) {
        self.name = name
        self.path = path
        self.location = Location(besides: path)
    }

    /// The handler keys a scenario may use (the short delegate method names).
    public static let handlerKeys: [String] = [
        "willFinishLaunchingWithOptions", "didFinishLaunchingWithOptions", "openURL",
        "applicationDidBecomeActive", "applicationWillResignActive", "applicationDidEnterBackground",
        "applicationWillEnterForeground", "applicationWillTerminate", "applicationDidReceiveMemoryWarning",
        "applicationSignificantTimeChange", "applicationProtectedDataWillBecomeUnavailable",
        "applicationProtectedDataDidBecomeAvailable", "expirationHandler",
    ]

    /// The full selector spellings accepted as handler keys, mapped to the short names.
    public static let selectorAliases: [String: String] = [
        "application(_:willFinishLaunchingWithOptions:)": "willFinishLaunchingWithOptions",
        "application(_:didFinishLaunchingWithOptions:)": "didFinishLaunchingWithOptions",
        "application(_:open:options:)": "openURL",
        "applicationDidBecomeActive(_:)": "applicationDidBecomeActive",
        "applicationWillResignActive(_:)": "applicationWillResignActive",
        "applicationDidEnterBackground(_:)": "applicationDidEnterBackground",
        "applicationWillEnterForeground(_:)": "applicationWillEnterForeground",
        "applicationWillTerminate(_:)": "applicationWillTerminate",
        "applicationDidReceiveMemoryWarning(_:)": "applicationDidReceiveMemoryWarning",
        "applicationSignificantTimeChange(_:)": "applicationSignificantTimeChange",
        "applicationProtectedDataWillBecomeUnavailable(_:)": "applicationProtectedDataWillBecomeUnavailable",
        "applicationProtectedDataDidBecomeAvailable(_:)": "applicationProtectedDataDidBecomeAvailable",
    ]
}
