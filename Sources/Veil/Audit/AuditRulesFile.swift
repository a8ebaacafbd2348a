/// A rules file an audit applied to at least one input, as every report names it.
public struct AuditRulesFile: Sendable, Hashable, Comparable {
    /// Where the file came from.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// `--config`, named by the workflow: pinned by definition.
        case config
        /// A scenario's `rules:` key: a file of the audited tree.
        case scenario
        /// The nearest `.veil.yml` of an input: a file of the audited tree.
        case nearest
        /// The built-in rules (`path` is `built-in`).
        case builtIn = "built-in"

        /// Whether the file lies in the audited tree (a pull request can change it).
        public var isFromTree: Bool { self == .scenario || self == .nearest }
    }

    /// The file as reports show it (relative to the current folder), or `built-in`.
    public var path: String
    /// Where it came from.
    public var source: Source
    /// How many inputs it applied to.
    public var inputs: Int
    /// Whether its content is that of a file the workflow pinned (`--config`,
    /// `--pinned-rules`): its weakening settings, if any, are then not findings.
    public var pinned: Bool
    /// How many of its settings weaken the audit (each a ``AuditRule/rulesWeakened`` finding
    /// unless ``pinned``).
    public var weakenings: Int

    /// A rules file's entry.
    public init(path: String, source: Source, inputs: Int, pinned: Bool, weakenings: Int = 0) {
        self.path = AuditLocation.normalize(path)
        self.source = source
        self.inputs = inputs
        self.pinned = pinned
        self.weakenings = weakenings
    }

    /// The name the built-in rules go by in reports.
    public static let builtInPath = "built-in"

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.source == .builtIn ? 1 : 0, lhs.path) < (rhs.source == .builtIn ? 1 : 0, rhs.path)
    }

    /// `.veil.yml (nearest, 2 inputs, pinned)` or `built-in (3 inputs)`, for the text report.
    public var summary: String {
        var parts = source == .builtIn ? [] : [source.rawValue]
        parts.append("\(inputs) input" + (inputs == 1 ? "" : "s"))
        if source.isFromTree { parts.append(pinned ? "pinned" : "from the audited tree") }
        if weakenings > 0 {
            parts.append(
                "\(weakenings) weakening setting" + (weakenings == 1 ? "" : "s") + (pinned ? " allowed by the pin" : "")
            )
        }
        return "\(path) (" + parts.joined(separator: ", ") + ")"
    }
}
