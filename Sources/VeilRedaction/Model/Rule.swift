/// One detection rule: how candidates are found, what they must pass, and what is exempt.
///
/// Detection runs cheapest first: the keyword prefilter (a rule runs on a line only if one
/// of its keywords occurs there), the matcher, the validators, the entropy threshold, the
/// context words, then the rule's and the global allowlists. Every dropped candidate
/// records why (``Detection/dropped``).
public struct Rule: Sendable {
    /// How a rule finds candidates.
    public enum Matcher: Sendable {
        /// A built-in detector scanning bytes directly (the fast path).
        case builtIn(BuiltInDetector)
        /// A regular expression (see ``RegexPattern`` for the dialect).
        case pattern(RegexPattern)
        /// A detector supplied by the program.
        case custom(any CustomDetector)
    }

    /// A unique id such as `card.pan`; findings and reports carry it.
    public var id: String
    /// A short name for messages and reports, e.g. `Payment card number`; empty means the
    /// reader derives one from ``description`` (or uses the id).
    public var name: String
    /// One sentence on what the rule finds.
    public var description: String
    /// The family the rule belongs to (`GitHub`, `Payment and identity`): `veil rules list`
    /// prints the rules of a family together under its name. Empty: no family.
    public var group: String
    /// For a rule whose regex is the shape of a value: the words one of which the key on
    /// its left names (``LabelledValuePattern``); empty for other rules.
    public var labels: [String]
    /// How candidates are found.
    public var matcher: Matcher
    /// Literal prefilter words, compared case-insensitively; empty means always run. One
    /// that starts with `^` counts only where a line's text starts, after its spaces, tabs
    /// and ideographic spaces (``isAnchoredKeyword(_:)``).
    public var keywords: [String]
    /// The secret's Shannon entropy must exceed this, in bits per character.
    public var entropy: Double?
    /// Checks every candidate must pass.
    public var validators: [Validator]
    /// Words looked for (case-insensitively) on the match's line and the line above. They
    /// are required for every match of a `pattern` or `custom` rule, and for the forms a
    /// built-in detector or validator marks (a UnionPay number failing Luhn, a bare 9-digit
    /// SSN, a phone number without `+`), unless ``contextSeverity`` is set, in which case
    /// they only raise the severity.
    public var context: [String]
    /// The severity of a match next to a context word (e.g. `generic.entropy`: warn, block
    /// next to `token`).
    public var contextSeverity: Severity?
    /// Free-form labels (`pci`, `token`).
    public var tags: [String]
    /// Secret or personal data.
    public var category: RuleCategory
    /// Block or warn.
    public var severity: Severity
    /// A redaction style for this rule's findings instead of the redactor's.
    public var style: RedactionStyle?
    /// Exceptions for this rule only.
    public var allowlists: [Allowlist]
    /// Texts the rule must find, with the span to hide between `↓` markers.
    public var examples: [RuleExample]
    /// Look-alikes the rule must not find.
    public var negativeExamples: [RuleExample]
    /// Disabled rules are kept (and linted) but never run.
    public var isEnabled: Bool
    /// Where the rule is defined, for messages.
    public var position: SourcePosition?

    /// Creates a rule.
    public init(
        id: String, name: String = "", description: String = "", group: String = "", labels: [String] = [],
        matcher: Matcher, keywords: [String] = [],
        entropy: Double? = nil, validators: [Validator] = [], context: [String] = [],
        contextSeverity: Severity? = nil, tags: [String] = [], category: RuleCategory = .secret,
        severity: Severity = .block, style: RedactionStyle? = nil, allowlists: [Allowlist] = [],
        examples: [RuleExample] = [], negativeExamples: [RuleExample] = [], isEnabled: Bool = true,
        position: SourcePosition? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.group = group
        self.labels = labels
        self.matcher = matcher
        self.keywords = keywords
        self.entropy = entropy
        self.validators = validators
        self.context = context
        self.contextSeverity = contextSeverity
        self.tags = tags
        self.category = category
        self.severity = severity
        self.style = style
        self.allowlists = allowlists
        self.examples = examples
        self.negativeExamples = negativeExamples
        self.isEnabled = isEnabled
        self.position = position
    }

    /// Whether context words are required for every match (pattern and custom rules).
    var requiresContextAlways: Bool {
        guard !context.isEmpty, contextSeverity == nil else { return false }
        if case .builtIn = matcher { return false }
        return true
    }
}

extension Rule {
    /// Whether `keyword` is anchored: `^` and at least one character, found only at the
    /// start of a line's text (`^-u` is in `  -u user:pass \`, not in `sudo -u postgres`).
    public static func isAnchoredKeyword(_ keyword: String) -> Bool {
        keyword.count > 1 && keyword.hasPrefix("^")
    }
}
