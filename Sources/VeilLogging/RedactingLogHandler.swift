import Logging
import VeilRedaction

/// A swift-log handler that redacts every log event with Veil's rules before passing it to
/// the handler it wraps: the message, the metadata (keys and values, nested dictionaries and
/// arrays, string-convertible values, the metadata provider's values), the source and the
/// attached error's description.
///
/// ```swift
/// LoggingSystem.bootstrap { RedactingLogHandler(wrapping: StreamLogHandler.standardOutput(label: $0)) }
/// ```
///
/// The event is read as one text, so a value found in the message is hidden in the metadata
/// too. Nothing is thrown into the logging call: when detection fails (a custom detector
/// throws) or the rules cannot be loaded, the wrapped handler receives a message saying the
/// event was hidden, and no metadata, source or error of it (fail closed).
public struct RedactingLogHandler: LogHandler {
    /// The handler that receives the redacted events (its own metadata and metadata provider
    /// are taken over, so that they are redacted too).
    private var wrapped: any LogHandler
    private let redactor: LogRedactor

    /// Metadata added to every event (redacted when logged).
    public var metadata: Logger.Metadata
    /// Metadata computed for every event (redacted when logged).
    public var metadataProvider: Logger.MetadataProvider?

    /// The wrapped handler's level.
    public var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Wraps `handler`.
    /// - Parameters:
    ///   - rules: the rules to apply; by default `.veil.yml` in the current folder when it
    ///     exists, else the built-in rules (loaded once per process).
    ///   - style: how hidden text is replaced; by default `[REDACTED:rule-id]`.
    public init(wrapping handler: any LogHandler, rules: RuleSet? = nil, style: TextRedactionStyle = .placeholder) {
        var handler = handler
        metadata = handler.metadata
        metadataProvider = handler.metadataProvider
        handler.metadata = [:]
        if handler.metadataProvider != nil { handler.metadataProvider = nil }
        wrapped = handler
        redactor = LogRedactor(rules: rules.map { .success($0) } ?? Self.defaultRules, style: style)
    }

    /// `.veil.yml` in the current folder, else the built-in rules; read once.
    static let defaultRules: Result<RuleSet, LogRedactor.RulesUnavailable> = {
        do {
            return .success(try RuleSet.resolve(configPath: nil))
        } catch {
            return .failure(LogRedactor.RulesUnavailable())
        }
    }()

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let explicit = event.metadata { merged.merge(explicit) { $1 } }
        let redacted = redactor.redact(
            message: event.message.description, metadata: merged, source: event.source,
            error: event.error.map { String(describing: $0) })
        wrapped.log(
            event: LogEvent(
                level: event.level, message: Logger.Message(stringLiteral: redacted.message),
                error: redacted.error.map(RedactedError.init),
                metadata: redacted.metadata.isEmpty ? nil : redacted.metadata,
                source: redacted.source, file: event.file, function: event.function, line: event.line))
    }
}

/// The error of a log event, as its redacted description.
public struct RedactedError: Error, CustomStringConvertible, Sendable {
    /// The original error's description, redacted.
    public let description: String
}
