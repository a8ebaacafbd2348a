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

    /// What an allowlist says about a candidate.
    enum Verdict {
        case allowed
        case notAllowed
        /// A regex ran out of the regex budget before it decided: nothing is allowed and the
        /// caller hides the line unscanned (fail closed).
        case exhausted
    }

    /// Whether this allowlist allows a candidate; its regexes are charged to `budget` like
    /// a rule's (an allowlist regex on a whole line can backtrack as badly as a rule's).
    func verdict(secret: String, match: String, line: () -> String, budget: inout RegexBudget) -> Verdict {
        var regexPasses: Bool?
        if !regexes.isEmpty {
            let text: String
            switch regexTarget {
            case .secret: text = secret
            case .match: text = match
            case .line: text = line()
            }
            var passes = false
            for regex in regexes {
                guard let matched = regex.matches(text, budget: &budget) else { return .exhausted }
                if matched {
                    passes = true
                    break
                }
            }
            regexPasses = passes
        }
        var stopwordPasses: Bool?
        if !stopwords.isEmpty {
            let lowered = secret.lowercased()
            stopwordPasses = stopwords.contains { lowered.contains($0) }
        }
        let allowed: Bool
        switch (regexPasses, stopwordPasses) {
        case (nil, nil): allowed = false
        case let (regex?, nil): allowed = regex
        case let (nil, stopword?): allowed = stopword
        case let (regex?, stopword?): allowed = condition == .or ? regex || stopword : regex && stopword
        }
        return allowed ? .allowed : .notAllowed
    }
}

extension [Allowlist] {
    /// The first allowlist that allows a candidate, `.exhausted` when the regex budget ran out
    /// before one did, else nil.
    func firstAllowing(
        secret: String, match: String, line: () -> String,
        budget: inout RegexBudget
    ) -> (allowlist: Allowlist?, exhausted: Bool) {
        for allowlist in self {
            switch allowlist.verdict(secret: secret, match: match, line: line, budget: &budget) {
            case .allowed: return (allowlist, false)
            case .notAllowed: continue
            case .exhausted: return (nil, true)
            }
        }
        return (nil, false)
    }
}
