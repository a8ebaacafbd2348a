/// What kind of private data a rule finds.
public enum RuleCategory: String, Hashable, Sendable, Codable, CaseIterable {
    /// Credentials and keys: passwords, tokens, private keys.
    case secret
    /// Personal data: card numbers, IBANs, phone numbers, e-mail addresses, ID numbers.
    case pii
}

/// How serious a finding is.
public enum Severity: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// Reported only; never fails an audit.
    case warn
    /// Fails an audit unless a baseline or an allowlist covers it.
    case block

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warn && rhs == .block
    }
}
