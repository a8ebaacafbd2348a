/// A misuse of the lifecycle core: an event that makes no sense now, or bad input.
///
/// Like `ServiceGroupError`, it is a struct wrapping a code, so codes can be added later.
public struct LifecycleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable {
            case invalidEvent, eventInProgress, invalidDuration, invalidEventSyntax
        }
        private let value: Value

        /// The event cannot happen in the app's current state (e.g. `home` while `notRunning`).
        public static let invalidEvent = Code(value: .invalidEvent)
        /// `send` was called while another event was still being processed.
        public static let eventInProgress = Code(value: .eventInProgress)
        /// A duration could not be parsed (`250ms`, `1.5s`, `2m` are valid).
        public static let invalidDuration = Code(value: .invalidDuration)
        /// An event's name or argument could not be parsed.
        public static let invalidEventSyntax = Code(value: .invalidEventSyntax)

        public var description: String { "\(value)" }
    }

    /// What went wrong.
    public var code: Code
    /// The event concerned, in scenario spelling (`home`, `unlock`, `wait: 2s`), if any.
    public var event: String?
    /// The app's state when the event arrived, if relevant.
    public var state: ApplicationState?
    /// A sentence for people, naming the event and the state.
    public var message: String

    public var description: String { message }

    static func invalidEvent(_ event: SystemEvent, in state: ApplicationState, _ reason: String) -> LifecycleError {
        LifecycleError(
            code: .invalidEvent, event: event.description, state: state,
            message: "event '\(event)' is not possible while the app is \(state): \(reason)"
        )
    }

    static func eventInProgress(_ event: SystemEvent, current: String) -> LifecycleError {
        LifecycleError(
            code: .eventInProgress, event: event.description, state: nil,
            message: "event '\(event)' was sent while '\(current)' is still being processed; send events one at a time"
        )
    }

    static func invalidDuration(_ text: String) -> LifecycleError {
        LifecycleError(
            code: .invalidDuration, event: nil, state: nil,
            message: "invalid duration '\(text)': expected a number with a unit such as 250ms, 1.5s, 2m or 1h"
        )
    }

    static func invalidEventSyntax(_ text: String, _ reason: String) -> LifecycleError {
        LifecycleError(
            code: .invalidEventSyntax, event: text, state: nil, message: "invalid event '\(text)': \(reason)")
    }
}
