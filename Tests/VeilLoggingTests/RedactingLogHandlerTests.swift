import Foundation
import Logging
import Testing
import VeilLogging
import VeilRedaction
import VeilTestSupport

/// What the wrapped handler received: the events, flattened to their strings.
final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [LogEvent] = []

    func add(_ event: LogEvent) { lock.withLock { stored.append(event) } }
    var events: [LogEvent] { lock.withLock { stored } }

    /// Every string the wrapped handler could print: message, source, error, metadata keys and values.
    var everything: String {
        events.map { event in
            var parts = [event.message.description, event.source, event.error.map { "\($0)" } ?? ""]
            if let metadata = event.metadata { parts.append(Self.flatten(metadata)) }
            return parts.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static func flatten(_ metadata: Logger.Metadata) -> String {
        metadata.map { key, value in "\(key)=\(flatten(value))" }.joined(separator: "\n")
    }

    static func flatten(_ value: Logger.MetadataValue) -> String {
        switch value {
        case let .string(string): string
        case let .stringConvertible(convertible): convertible.description
        case let .array(values): values.map(flatten).joined(separator: "\n")
        case let .dictionary(dictionary): flatten(dictionary)
        }
    }
}

/// The handler under the redacting one.
struct CapturingHandler: LogHandler {
    let captured: Captured
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        // As a real handler does: its own metadata and provider's values are printed too.
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { $1 } }
        if let explicit = event.metadata { all.merge(explicit) { $1 } }
        event.metadata = all
        captured.add(event)
    }
}

struct Token: CustomStringConvertible, Sendable {
    var value: String
    var description: String { "Token(\(value))" }
}

struct FailingDetector: CustomDetector {
    struct Boom: Error {}
    func matches(in line: String) throws -> [Range<String.Index>] { throw Boom() }
}

@Suite struct RedactingLogHandlerTests {
    static let card = "4111 1111 1111 1111"

    func logger(
        _ captured: Captured, rules: RuleSet? = nil, style: TextRedactionStyle = .placeholder,
        provider: Logger.MetadataProvider? = nil
    ) throws -> Logger {
        var inner = CapturingHandler(captured: captured)
        inner.metadataProvider = provider
        let resolved = try rules ?? RuleSet.builtIn
        let handler = RedactingLogHandler(wrapping: inner, rules: resolved, style: style)
        return Logger(label: "test") { _ in handler }
    }

    @Test func theMessageIsRedacted() throws {
        let captured = Captured()
        try logger(captured).info("charging card \(Self.card) for order 12")
        #expect(captured.events.map(\.message.description) == ["charging card [REDACTED:card.pan] for order 12"])
    }

    @Test func metadataOfEveryShapeIsRedacted() throws {
        let captured = Captured()
        var log = try logger(
            captured, style: .mask, provider: Logger.MetadataProvider { ["trace.card": "\(Self.card)"] })
        log[metadataKey: "user"] = "jane.doe@acme-corp.io"
        log.info(
            "hello",
            metadata: [
                "nested": ["card": "\(Self.card)", "list": ["ok", "mail jane.doe@acme-corp.io"]],
                "token": .stringConvertible(Token(value: "AKIAIOSFODNN7EXAMPLF")),
                "jane.doe@acme-corp.io": "a key that is an address",
            ], source: "billing-4111111111111111")
        let everything = captured.everything
        for secret in [Self.card, "jane.doe@acme-corp.io", "AKIAIOSFODNN7EXAMPLF", "4111111111111111"] {
            #expect(!everything.contains(secret), "\(secret.prefix(4))… reached the wrapped handler")
        }
        let metadata = try #require(captured.events.first?.metadata)
        #expect(metadata["trace.card"] == .string("•••••••••••••••••••"))
        #expect(
            metadata["nested"]
                == .dictionary([
                    "card": "•••••••••••••••••••",
                    "list": ["ok", .string("mail " + String(repeating: "•", count: 21))],
                ]))
        #expect(captured.events.first?.message.description == "hello")
    }

    @Test func aValueFoundInTheMessageIsHiddenInTheMetadata() throws {
        let captured = Captured()
        try logger(captured).info("password: Zq8!rT2#vLm9", metadata: ["echo": "Zq8!rT2#vLm9"])
        #expect(!captured.everything.contains("Zq8!rT2#vLm9"))
    }

    @Test func theErrorIsPassedAsItsRedactedDescription() throws {
        let captured = Captured()
        struct PaymentError: Error, CustomStringConvertible {
            var description: String { "declined \(RedactingLogHandlerTests.card)" }
        }
        try logger(captured).error("payment failed", error: PaymentError())
        #expect(captured.events.first.flatMap { $0.error.map { "\($0)" } } == "declined [REDACTED:card.pan]")
    }

    @Test func aFailingDetectorHidesTheWholeEvent() throws {
        let captured = Captured()
        var rules = try RuleSet.builtIn
        rules.rules.append(Rule(id: "boom", matcher: .custom(FailingDetector())))
        try logger(captured, rules: rules).info("card \(Self.card)", metadata: ["k": "value"])
        let event = try #require(captured.events.first)
        #expect(event.message.description.hasPrefix("[REDACTED: log event hidden, detection failed"))
        #expect(event.metadata == [:] || event.metadata == nil)
        #expect(!captured.everything.contains("4111"))
        #expect(!captured.everything.contains("value"))
    }

    @Test func levelAndHandlerMetadataAreKept() throws {
        let captured = Captured()
        var log = try logger(captured)
        log.logLevel = .warning
        log.info("dropped")
        log[metadataKey: "request"] = "42"
        log.warning("kept")
        #expect(captured.events.map(\.message.description) == ["kept"])
        #expect(captured.events.first?.metadata?["request"] == "42")
        #expect(log.logLevel == .warning)
    }

    /// Random messages and metadata with planted secrets of every built-in detector: no
    /// planted value ever reaches the wrapped handler.
    @Test func noPlantedSecretReachesTheWrappedHandler() throws {
        let rules = try RuleSet.builtIn
        var random = SeededGenerator(seed: 0x10_9)
        var secrets = RandomSecrets(random: SeededGenerator(seed: 0x10_A))
        // No word ends in digits: a number next to a planted one would make them one longer number.
        let words = ["GET", "/api/v1/orders", "status=ok", "user", "retry", "took 12ms", "ok", "→", "日志", "id=a9b"]
        func filler() -> String {
            (0..<Int.random(in: 0...6, using: &random)).map { _ in random.pick(words) }.joined(separator: " ")
        }
        for round in 0..<1_000 {
            let captured = Captured()
            let log = try logger(captured, rules: rules, style: random.pick([.mask, .placeholder, .solid]))
            var planted: [PlantedSecret] = []
            func plant() -> String {
                let secret = secrets.any()
                planted.append(secret)
                return secret.lines.joined(separator: "\n")
            }
            func value(depth: Int) -> Logger.MetadataValue {
                switch Int.random(in: 0..<(depth < 2 ? 5 : 3), using: &random) {
                case 0: return .string(filler())
                case 1: return .string(filler() + " " + plant() + " " + filler())
                case 2: return .stringConvertible(Token(value: plant()))
                case 3: return .array((0..<Int.random(in: 1...3, using: &random)).map { _ in value(depth: depth + 1) })
                default:
                    var inner: Logger.Metadata = [:]
                    for i in 0..<Int.random(in: 1...3, using: &random) { inner["k\(i)"] = value(depth: depth + 1) }
                    return .dictionary(inner)
                }
            }
            let message = filler() + (random.chance(70) ? " " + plant() + " " : " ") + filler()
            var metadata: Logger.Metadata = [:]
            for i in 0..<Int.random(in: 0...4, using: &random) { metadata["key\(i)"] = value(depth: 0) }
            log.info("\(message)", metadata: metadata)
            let everything = captured.everything
            #expect(captured.events.count == 1)
            for secret in planted {
                for form in secret.leakForms {
                    #expect(
                        !everything.contains(form),
                        "round \(round): a \(secret.detector) value reached the wrapped handler")
                }
            }
        }
    }
}
