/// Every span a redaction hides and why: the rule, category, severity and fingerprint of
/// each, and whether the title or the whole screen is covered. Audits and reports are
/// built from the plan; ``Redactor/apply(_:to:)`` carries it out.
public struct RedactionPlan: Hashable, Sendable {
    /// One hidden span.
    public struct Entry: Hashable, Sendable {
        /// The 0-based row (0 for the title).
        public var row: Int
        /// The 0-based first column (for the title: the first character).
        public var col: Int
        /// The number of cells (for the title: characters).
        public var width: Int
        /// The rule or region that hid the span (`app.marked` for the app's marks).
        public var ruleID: String
        /// Secret or personal data.
        public var category: RuleCategory
        /// Block or warn.
        public var severity: Severity
        /// The finding's content fingerprint (``Finding/fingerprint``, under the public
        /// default salt): for telling entries apart in memory only, never for output.
        public var fingerprint: String
        /// How the span is replaced.
        public var style: RedactionStyle

        public init(
            row: Int, col: Int, width: Int, ruleID: String, category: RuleCategory,
            severity: Severity, fingerprint: String, style: RedactionStyle
        ) {
            self.row = row
            self.col = col
            self.width = width
            self.ruleID = ruleID
            self.category = category
            self.severity = severity
            self.fingerprint = fingerprint
            self.style = style
        }
    }

    /// The columns of the screen the plan was made for.
    public var cols: Int
    /// The rows of the screen the plan was made for.
    public var rows: Int
    /// The hidden spans of the grid, in the order they are applied.
    public var entries: [Entry]
    /// The hidden spans of the window title.
    public var titleEntries: [Entry]
    /// Whether every cell and the title are covered (the privacy cover).
    public var coversEverything: Bool

    /// Creates a plan.
    public init(cols: Int, rows: Int, entries: [Entry] = [], titleEntries: [Entry] = [], coversEverything: Bool = false)
    {
        self.cols = cols
        self.rows = rows
        self.entries = entries
        self.titleEntries = titleEntries
        self.coversEverything = coversEverything
    }

    /// Whether the window title is changed.
    public var redactsTitle: Bool { coversEverything || !titleEntries.isEmpty }

    /// The plan that hides `findings` on a `cols`×`rows` screen; each finding in its own
    /// style or else `style`. Opaque styles are applied last, so they win where spans overlap.
    public init(findings: [Finding], cols: Int, rows: Int, style: RedactionStyle) {
        self.init(cols: cols, rows: rows, coversEverything: style == .privacyCover)
        for finding in findings {
            let chosen = style == .privacyCover ? .privacyCover : (finding.style ?? style)
            for span in finding.spans {
                let entry = Entry(
                    row: span.row, col: span.col, width: span.width, ruleID: finding.ruleID,
                    category: finding.category, severity: finding.severity,
                    fingerprint: finding.fingerprint, style: chosen)
                if finding.location == .title { titleEntries.append(entry) } else { entries.append(entry) }
            }
        }
        func opacity(_ entry: Entry) -> Int {
            switch entry.style {
            case .placeholder: 0
            case .mask: 1
            case .solid, .privacyCover: 2
            }
        }
        entries = entries.enumerated().sorted { (opacity($0.element), $0.offset) < (opacity($1.element), $1.offset) }
            .map(\.element)
    }

    /// The number of grid cells the plan hides (overlaps counted once).
    public var hiddenCellCount: Int {
        if coversEverything { return cols * rows }
        var cells = Set<Int>()
        for entry in entries {
            for col in entry.col..<(entry.col + entry.width) { cells.insert(entry.row * cols + col) }
        }
        return cells.count
    }
}
