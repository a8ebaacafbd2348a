import Logging
import VeilRedaction

/// Redacts the parts of one log event as one text: each part on its own line(s), metadata
/// values after their key (`key: value`) so that labelled detectors see the label.
struct LogRedactor: Sendable {
    /// The rules could not be loaded: every event is hidden whole.
    struct RulesUnavailable: Error {}

    /// An event's parts after redaction.
    struct Redacted {
        var message: String
        var metadata: Logger.Metadata
        var source: String
        var error: String?
    }

    let rules: Result<RuleSet, RulesUnavailable>
    let style: TextRedactionStyle

    /// What replaces a whole event when it cannot be checked.
    static func hidden(_ reason: String) -> Redacted {
        Redacted(message: "[REDACTED: log event hidden, \(reason)]", metadata: [:], source: "[REDACTED]", error: nil)
    }

    func redact(message: String, metadata: Logger.Metadata, source: String, error: String?) -> Redacted {
        guard case let .success(rules) = rules else { return Self.hidden("the Veil rules file could not be loaded") }
        var text = TextPieces()
        text.append(message, label: "")
        text.append(source, label: "source")
        if let error { text.append(error, label: "error") }
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            text.append(key, label: "")
            Self.collect(value, label: key, into: &text)
        }
        let values: [String]
        do {
            values = try text.redacted(with: rules, style: style)
        } catch {
            return Self.hidden("detection failed: \(error)")
        }
        var next = values.makeIterator()
        func take() -> String { next.next() ?? "[REDACTED]" }
        let redactedMessage = take()
        let redactedSource = take()
        let redactedError = error.map { _ in take() }
        var redactedMetadata: Logger.Metadata = [:]
        for (_, value) in metadata.sorted(by: { $0.key < $1.key }) {
            let key = take()
            redactedMetadata[key] = Self.rebuild(value, taking: take)
        }
        return Redacted(
            message: redactedMessage, metadata: redactedMetadata, source: redactedSource, error: redactedError)
    }

    /// Appends the strings of `value` (keys and leaves, depth first, dictionary keys sorted).
    static func collect(_ value: Logger.MetadataValue, label: String, into text: inout TextPieces) {
        switch value {
        case let .string(string): text.append(string, label: label)
        case let .stringConvertible(convertible): text.append(convertible.description, label: label)
        case let .array(values): for element in values { collect(element, label: label, into: &text) }
        case let .dictionary(dictionary):
            for (key, element) in dictionary.sorted(by: { $0.key < $1.key }) {
                text.append(key, label: "")
                collect(element, label: key, into: &text)
            }
        }
    }

    /// `value` with its strings replaced, in the order ``collect(_:label:into:)`` read them;
    /// a string-convertible value becomes its redacted description.
    static func rebuild(_ value: Logger.MetadataValue, taking take: () -> String) -> Logger.MetadataValue {
        switch value {
        case .string, .stringConvertible: return .string(take())
        case let .array(values): return .array(values.map { rebuild($0, taking: take) })
        case let .dictionary(dictionary):
            var result: Logger.Metadata = [:]
            for (_, element) in dictionary.sorted(by: { $0.key < $1.key }) {
                let key = take()
                result[key] = rebuild(element, taking: take)
            }
            return .dictionary(result)
        }
    }
}

/// Strings laid out as one text (each after its label, on its own lines) and redacted
/// together, so a value found in one is hidden in all.
struct TextPieces {
    private var bytes: [UInt8] = []
    private var ranges: [Range<Int>] = []

    mutating func append(_ value: String, label: String) {
        if !label.isEmpty {
            bytes += label.utf8
            bytes += ": ".utf8
        }
        let start = bytes.count
        bytes += value.utf8
        ranges.append(start..<bytes.count)
        bytes.append(0x0A)
    }

    /// Each string with what the rules find in the whole text replaced in `style`.
    func redacted(with rules: RuleSet, style: TextRedactionStyle) throws -> [String] {
        let findings = try rules.textFindings(inUTF8: bytes)
        var hidden: [(range: Range<Int>, ruleID: String)] = []
        for finding in findings {
            for range in finding.hiddenRanges { hidden.append((range, finding.ruleID)) }
        }
        hidden.sort { $0.range.lowerBound < $1.range.lowerBound }
        return ranges.map { piece in
            var out: [UInt8] = []
            var copied = piece.lowerBound
            for (range, ruleID) in hidden where range.overlaps(piece) {
                let lower = max(range.lowerBound, copied)
                let upper = min(range.upperBound, piece.upperBound)
                guard lower < upper else { continue }
                out += bytes[copied..<lower]
                let characters = String(decoding: bytes[lower..<upper], as: UTF8.self).unicodeScalars.count
                out += style.replacement(characters: characters, ruleID: ruleID).utf8
                copied = upper
            }
            out += bytes[copied..<piece.upperBound]
            return String(decoding: out, as: UTF8.self)
        }
    }
}
