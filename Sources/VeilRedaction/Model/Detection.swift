/// What detection found on a screen, and what it looked at and let go.
public struct Detection: Sendable {
    /// The findings, in screen order (title last); a finding wholly covered by a more
    /// severe (or equally severe, larger or earlier) rule's finding is dropped.
    public var findings: [Finding]
    /// Candidates that matched a rule's pattern but were dropped, with the reason.
    public var dropped: [DroppedCandidate]
}

/// A candidate a rule matched and then let go (failed validation, low entropy, no context
/// word, allowlisted, covered by another finding). Holds no text, only where and why.
public struct DroppedCandidate: Hashable, Sendable, CustomStringConvertible {
    /// Why a candidate was let go, in kinds a report can pick from (`veil scan --verbose`
    /// lists the ``allowlisted`` and ``placeholder`` ones: values that look sensitive but
    /// are known not to be).
    public enum Kind: String, Hashable, Sendable, Codable {
        /// An allowlist (of the rule or of the rules file) matched it.
        case allowlisted
        /// It stands in for a value: a variable, a command substitution, a template, a mask,
        /// a stand-in word, a documentation example (see ``Placeholder``).
        case placeholder
        /// A validator, the entropy threshold or the missing context word rejected it, or
        /// its label's value was already hidden (``Cell/looksHidden``).
        case rejected
        /// A more severe or larger finding covers it.
        case covered
    }

    /// The rule that matched.
    public var ruleID: String
    /// Grid or title.
    public var location: Finding.Location
    /// The cells the candidate would have hidden.
    public var spans: [CellSpan]
    /// Why it was dropped (`luhn: Luhn check fails`, `no context word nearby`, …).
    public var reason: String
    /// The kind of reason.
    public var kind: Kind

    /// A dropped candidate.
    public init(
        ruleID: String, location: Finding.Location, spans: [CellSpan], reason: String, kind: Kind = .rejected
    ) {
        self.ruleID = ruleID
        self.location = location
        self.spans = spans
        self.reason = reason
        self.kind = kind
    }

    public var description: String {
        let place = spans.map { "\($0.row):\($0.col)+\($0.width)" }.joined(separator: ",")
        return "\(ruleID) at \(location == .title ? "title " : "")\(place): \(reason)"
    }
}

/// Why detection could not finish. Redaction turns any of these into a fully covered
/// screen (fail closed). Messages never contain screen text.
public enum DetectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A custom detector threw.
    case detectorFailed(ruleID: String, errorType: String)
    /// A custom detector returned a range outside its line or inside a character.
    case invalidRange(ruleID: String)
    /// The findings on one screen overlap so much that comparing them would pass
    /// ``RuleSet/maximumCoverChecks`` (a work budget, see SECURITY.md "Work budgets").
    case tooManyOverlaps(limit: Int)

    public var description: String {
        switch self {
        case let .detectorFailed(ruleID, errorType): "rule '\(ruleID)': detector failed (\(errorType))"
        case let .invalidRange(ruleID): "rule '\(ruleID)': detector returned a range outside its line"
        case let .tooManyOverlaps(limit):
            "work budget exceeded: the findings on this screen overlap in more than \(limit) pairs"
        }
    }
}
