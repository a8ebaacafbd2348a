import VeilRedaction

/// A rules file an audit applied to at least one input, as every report names it; also what
/// every other command that reads rules says with `--verbose` (``appliedLine``).
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

        /// Where ``RulesFileResolver`` found the file, and its path as reports show it.
        public static func of(_ source: RulesFileResolver.Source) -> (source: Source, path: String) {
            switch source {
            case .builtIn: (.builtIn, AuditRulesFile.builtInPath)
            case .config(let path): (.config, path)
            case .scenario(let path): (.scenario, path)
            case .nearest(let path): (.nearest, path)
            }
        }
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

    /// The file that `source` names, applied to `inputs` inputs, outside an audit (nothing
    /// pinned, nothing judged).
    public init(applied source: RulesFileResolver.Source, inputs: Int = 1) {
        let (kind, path) = Source.of(source)
        self.init(path: path, source: kind, inputs: inputs, pinned: kind == .config)
    }

    /// What a command that reads rules says with `--verbose`: `rules: .veil.yml (nearest)`,
    /// `rules: built-in`; the audit's wording (``summary``) without what only an audit judges
    /// (inputs counted, pinned or from the audited tree).
    public var appliedLine: String {
        "rules: " + (source == .builtIn ? path : "\(path) (\(source.rawValue))")
    }

    /// The note when a `.veil.yml` above an input was not applied because it lies outside the
    /// current folder (``RulesFileResolver/unappliedFile(forInputAt:scenarioRules:)``).
    public static func unappliedNote(_ path: String) -> String {
        "\(path) was not applied: it is outside the current folder, and Veil reads no rules file "
            + "above it; run Veil from that file's folder or give --config \(ShellQuoting.quote(path))"
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
