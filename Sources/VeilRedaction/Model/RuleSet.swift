import VeilScreen

/// An ordered set of rules, declared regions and global allowlists: everything that decides
/// what on a screen is private.
///
/// ```swift
/// let rules = try RuleSet.builtIn                                  // Resources/Rules/default.yml
/// let custom = try RuleSet(contentsOf: URL(fileURLWithPath: ".veil.yml"))
/// let findings = try rules.findings(in: screen)
/// ```
public struct RuleSet: Sendable {
    /// The rules in order; findings of equal standing are attributed to the earlier rule.
    public var rules: [Rule] { didSet { index = KeywordIndex(rules: rules) } }
    /// Regions declared sensitive whatever their text.
    public var regions: [DeclaredRegion]
    /// Allowlists that apply to every rule.
    public var allowlists: [Allowlist]
    /// Whether the window title is scanned (and redacted when it holds a finding).
    public var scansTitle: Bool
    /// The file the set was loaded from, or `<built-in>`.
    public var origin: String

    /// The keyword prefilter, rebuilt whenever `rules` changes.
    private(set) var index: KeywordIndex

    /// Creates a rule set from parts.
    public init(
        rules: [Rule], regions: [DeclaredRegion] = [], allowlists: [Allowlist] = [],
        scansTitle: Bool = true, origin: String = "<memory>"
    ) {
        self.rules = rules
        self.regions = regions
        self.allowlists = allowlists
        self.scansTitle = scansTitle
        self.origin = origin
        self.index = KeywordIndex(rules: rules)
    }

    /// The rule with `id`, if any.
    public func rule(withID id: String) -> Rule? {
        rules.first { $0.id == id }
    }

    /// A copy with the rules in `ids` disabled (unknown ids are ignored).
    public func disabling(_ ids: some Sequence<String>) -> RuleSet {
        let set = Set(ids)
        var copy = self
        copy.rules = rules.map { rule in
            var rule = rule
            if set.contains(rule.id) { rule.isEnabled = false }
            return rule
        }
        return copy
    }

    /// A copy holding only the rule `id` (enabled), no regions, and the same global
    /// allowlists: how examples are checked.
    func only(_ id: String) -> RuleSet {
        var copy = self
        copy.rules = rules.filter { $0.id == id }.map { rule in
            var rule = rule
            rule.isEnabled = true
            return rule
        }
        copy.regions = []
        return copy
    }
}
