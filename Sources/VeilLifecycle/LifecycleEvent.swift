/// One entry of the lifecycle log: what happened, and when on the scenario's clock.
///
/// The JSON form (``jsonLine``) is the contract of `spec/scenario.md`: keys `t`, `type`, then
/// the fields, `t` in seconds with three decimals:
/// `{"t":2.000,"type":"callback","name":"applicationWillResignActive(_:)","state":"active"}`.
public struct LifecycleEvent: Sendable, Hashable, CustomStringConvertible {
    /// Time since the scenario started, on the scenario's clock.
    public var time: Duration
    /// What happened.
    public var kind: Kind

    /// Makes an entry of `kind` at `time` since the start.
    public init(time: Duration, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// `t`: seconds since the start.
    public var t: Double { time.inSeconds }

    /// What happened; each case is one `type` of the log.
    public enum Kind: Sendable, Hashable {
        /// The app's state changed.
        case state(from: ApplicationState, to: ApplicationState)
        /// A delegate method was called; `name` is its selector, `state` the state seen inside.
        case callback(name: String, state: ApplicationState)
        /// A notification was posted (`UIApplication.didBecomeActiveNotification`).
        case notification(name: String)
        /// An app-switcher snapshot was written (appended by the snapshot service).
        case snapshot(path: String, hidden: Int)
        /// A background task began, had its expiration handler called, or ended.
        case backgroundTask(event: BackgroundTaskEvent, name: String, id: Int)
        /// The app was terminated; `code` where iOS has one, `during` the callback running then.
        case termination(reason: TerminationReason, code: String?, during: String?)
        /// A rule was broken: a missed deadline, a leaked background task, an unhidden finding.
        case violation(rule: String, message: String)
    }

    /// The log's `type` field: `state`, `callback`, `notification`, `snapshot`,
    /// `backgroundTask`, `termination` or `violation`.
    public var type: String {
        switch kind {
        case .state: "state"
        case .callback: "callback"
        case .notification: "notification"
        case .snapshot: "snapshot"
        case .backgroundTask: "backgroundTask"
        case .termination: "termination"
        case .violation: "violation"
        }
    }

    /// The fields after `t` and `type`, in log order, as (key, value) pairs.
    public var fields: [(key: String, value: FieldValue)] {
        switch kind {
        case .state(let from, let to):
            [("from", .string(from.rawValue)), ("to", .string(to.rawValue))]
        case .callback(let name, let state):
            [("name", .string(name)), ("state", .string(state.rawValue))]
        case .notification(let name):
            [("name", .string(name))]
        case .snapshot(let path, let hidden):
            [("path", .string(path)), ("hidden", .int(hidden))]
        case .backgroundTask(let event, let name, let id):
            [("event", .string(event.rawValue)), ("name", .string(name)), ("id", .int(id))]
        case .termination(let reason, let code, let during):
            [("reason", .string(reason.rawValue))]
                + (code.map { [("code", FieldValue.string($0))] } ?? [])
                + (during.map { [("during", FieldValue.string($0))] } ?? [])
        case .violation(let rule, let message):
            [("rule", .string(rule)), ("message", .string(message))]
        }
    }

    /// A field value: text or a whole number.
    public enum FieldValue: Sendable, Hashable, CustomStringConvertible {
        /// A JSON string.
        case string(String)
        /// A JSON integer.
        case int(Int)

        public var description: String {
            switch self {
            case .string(let text): text
            case .int(let number): String(number)
            }
        }
    }

    /// The entry as one line of JSON, exactly as `veil run --log json` writes it.
    public var jsonLine: String {
        var line = "{\"t\":" + time.secondsText + ",\"type\":\"" + type + "\""
        for (key, value) in fields {
            line += ",\"" + key + "\":"
            switch value {
            case .string(let text): line += Self.jsonString(text)
            case .int(let number): line += String(number)
            }
        }
        return line + "}"
    }

    public var description: String { jsonLine }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // C0, DEL, C1 and the line separators: `--log json` on a terminal or in a CI log
            // must not carry a live escape sequence or a line break from a scenario.
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension LifecycleEvent: Encodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes `t`, `type` and the fields (use ``jsonLine`` for the exact key order and `t` format).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Double(time.roundedMilliseconds) / 1000, forKey: Key(stringValue: "t"))
        try container.encode(type, forKey: Key(stringValue: "type"))
        for (key, value) in fields {
            switch value {
            case .string(let text): try container.encode(text, forKey: Key(stringValue: key))
            case .int(let number): try container.encode(number, forKey: Key(stringValue: key))
            }
        }
    }
}

/// What happened to a background task: `begin`, `expire` (its expiration handler ran) or `end`.
public enum BackgroundTaskEvent: String, Sendable, Hashable, CaseIterable {
    /// `beginBackgroundTask` returned a valid identifier.
    case begin
    /// Background time is about to run out: the task's expiration handler runs now.
    case expire
    /// `endBackgroundTask` ended the task.
    case end
}

/// Why the app was terminated; the log's `reason`.
///
/// A struct wrapping a name, so reasons can be added later without breaking anyone.
public struct TerminationReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A deadline-bound callback did not return in time (`0x8badf00d`).
    public static let watchdog = TerminationReason(rawValue: "watchdog")
    /// Background time ran out while a background task was still open.
    public static let backgroundTaskExpired = TerminationReason(rawValue: "backgroundTaskExpired")
    /// The user swiped the app away in the app switcher.
    public static let userForceQuit = TerminationReason(rawValue: "userForceQuit")
    /// The system purged the app to reclaim memory (jetsam).
    public static let memoryPressure = TerminationReason(rawValue: "memoryPressure")
    /// The app opted out of background execution (`UIApplicationExitsOnSuspend`).
    public static let exitsOnSuspend = TerminationReason(rawValue: "exitsOnSuspend")
    /// Any other termination by the system.
    public static let system = TerminationReason(rawValue: "system")

    public var description: String { rawValue }
}

/// The rules a ``LifecycleEvent/Kind/violation(rule:message:)`` names.
public enum LifecycleRule {
    /// A deadline-bound callback (didEnterBackground, willTerminate, launch) missed its deadline.
    public static let deadline = "deadline"
    /// A background task was still open when background time ran out.
    public static let backgroundTaskLeaked = "backgroundTaskLeaked"
}

/// Termination codes iOS writes in crash reports.
public enum TerminationCode {
    /// "Ate bad food": the watchdog killed an app that took too long in a system callback.
    public static let watchdog = "0x8badf00d"
    /// "Dead fall": the user force-quit the app.
    public static let userForceQuit = "0xdeadfa11"
}
