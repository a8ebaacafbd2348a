/// Exceptions that subtract candidates from a rule (or, at the top of a rules file, from
/// every rule), as in gitleaks.
///
/// A candidate is allowed when the checks that are present pass: any of `regexes` matches
/// the `regexTarget` text, and any of `stopwords` occurs (case-insensitively) in the secret.
/// With `condition: or` (the default) one passing check is enough, with `and` every
/// present check must pass.
public struct Allowlist: Hashable, Sendable {
    /// How the checks combine.
    public enum Condition: String, Hashable, Sendable, CaseIterable {
        /// One passing check allows the candidate.
        case or = "OR"
        /// Every present check must pass.
        case and = "AND"
    }

    /// What the regexes are matched against.
    public enum Target: String, Hashable, Sendable, CaseIterable {
        /// The hidden part (the secret group); the default.
        case secret
        /// The whole match, with any label.
        case match
        /// The whole logical line the match is on.
        case line
    }

    /// What the allowlist is for.
    public var description: String
    /// How `regexes` and `stopwords` combine.
    public var condition: Condition
    /// Patterns that allow a candidate when one matches the `regexTarget` text.
    public var regexes: [RegexPattern]
    /// What `regexes` are matched against.
    public var regexTarget: Target
    /// Lowercased words; a secret containing one is allowed.
    public private(set) var stopwords: [String]

    /// Creates an allowlist; stopwords are compared case-insensitively.
    public init(
        description: String = "", condition: Condition = .or, regexes: [RegexPattern] = [],
        regexTarget: Target = .secret, stopwords: [String] = []
    ) {
        self.description = description
        self.condition = condition
        self.regexes = regexes
        self.regexTarget = regexTarget
        self.stopwords = stopwords.map { $0.lowercased() }
    }

    /// Whether this allowlist allows a candidate.
    func allows(secret: String, match: String, line: () -> String) -> Bool {
        var regexPasses: Bool?
        if !regexes.isEmpty {
            let text: String
            switch regexTarget {
            case .secret: text = secret
            case .match: text = match
            case .line: text = line()
            }
            regexPasses = regexes.contains { $0.matchesWithinBudget(text) }
        }
        var stopwordPasses: Bool?
        if !stopwords.isEmpty {
            let lowered = secret.lowercased()
            stopwordPasses = stopwords.contains { lowered.contains($0) }
        }
        switch (regexPasses, stopwordPasses) {
        case (nil, nil): return false
        case let (regex?, nil): return regex
        case let (nil, stopword?): return stopword
        case let (regex?, stopword?): return condition == .or ? regex || stopword : regex && stopword
        }
    }
}
