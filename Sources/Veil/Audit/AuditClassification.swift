/// What kind of problem a finding is.
public enum AuditCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A credential or key: card numbers, tokens, private keys, passwords.
    case secret
    /// Personal data: e-mail addresses, phone numbers, national identifiers.
    case pii
    /// A broken life-cycle rule: a watchdog kill, a leaked or expired background task.
    case lifecycle
    /// A setting of the audited tree that weakens the audit itself: a rules file that turns
    /// built-in rules off, allows almost anything or stops scanning a channel
    /// (``AuditRule/rulesWeakened``).
    case configuration

    /// Whether every finding of the category fails the audit whatever its severity, and can
    /// be neither baselined nor allowed by a `veil:allow` marker: life-cycle violations and
    /// weakening configuration.
    public var alwaysBlocks: Bool { self == .lifecycle || self == .configuration }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }

    private var order: Int { Self.allCases.firstIndex(of: self)! }
}

/// How much a finding matters to the audit's outcome.
public enum AuditSeverity: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Fails the audit unless the baseline covers it.
    case block
    /// Reported only; never changes the exit code.
    case warn

    /// `block` sorts before `warn`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs == .block && rhs == .warn }
}

/// How a baseline entry classified a finding it covers.
public enum BaselineStatus: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Reviewed and accepted as it is (a test card number on a demo screen, say).
    case accepted
    /// Reviewed and judged not sensitive at all.
    case falsePositive = "false_positive"

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The baseline entry that suppresses a finding.
public struct AuditBaselineMatch: Sendable, Hashable, Comparable {
    /// The entry's review status.
    public var status: BaselineStatus
    /// The reviewer's reason, as written in the baseline file.
    public var reason: String?
    /// Whether a `veil:allow` marker in the input itself allowed the finding (``InlineAllow``)
    /// rather than a baseline entry; ``reason`` then says where the marker is.
    public var inSource = false

    /// A match with the entry's status and reason.
    public init(status: BaselineStatus, reason: String? = nil, inSource: Bool = false) {
        self.status = status
        self.reason = reason
        self.inSource = inSource
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.status, lhs.reason ?? "", lhs.inSource ? 1 : 0) < (rhs.status, rhs.reason ?? "", rhs.inSource ? 1 : 0)
    }
}
