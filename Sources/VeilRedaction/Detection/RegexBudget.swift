import Synchronization

/// The regular-expression work one screen may take, counted in ICU match-engine steps (see
/// ``StepCountedRegex``): deterministic, so the same input always gives the same findings
/// whatever the machine's load, and bounded, so that a pattern that backtracks
/// catastrophically (`(a+)+$` on a long row) cannot hang a snapshot or blow the 5-second
/// `applicationDidEnterBackground` deadline.
///
/// One call (one rule's regex, or one allowlist regex, on one logical line) may take
/// ``perLine`` steps; all calls on a screen together ``perScreen``; all screens of one input
/// (a scenario's snapshots, which may be 100,000) together the input's ``RegexAllowance``.
/// A rule's call that runs out stops inside the match and its line is hidden unscanned: a
/// ``Finding`` with source ``Finding/Source/timedOut`` covers every row of it (fail closed).
/// An allowlist regex that runs out allows nothing, and the line is hidden the same way.
/// Once the screen's or the input's budget is spent, every further line a regex would scan
/// is hidden without running it.
struct RegexBudget {
    /// The whole budget of one screen.
    static let perScreen = RuleSet.regexScreenBudgetSteps
    /// The most one regex may take on one logical line.
    static let perLine = RuleSet.regexLineBudgetSteps

    /// What is left of the input's budget (shared by its screens).
    let allowance: RegexAllowance
    private(set) var spent = 0

    init(allowance: RegexAllowance) {
        self.allowance = allowance
    }

    /// Whether nothing is left for this screen.
    var isSpent: Bool { callAllowance <= 0 }

    /// The most the next call may take.
    var callAllowance: Int { min(Self.perLine, Self.perScreen - spent, allowance.remaining) }

    /// Counts the steps a call took.
    mutating func charge(_ steps: Int) {
        spent += steps
        allowance.charge(steps)
    }
}

/// The regex steps one input may take over all its screens (``RuleSet/regexInputBudgetSteps``
/// by default): a scenario shares one among all its snapshots. Thread-safe.
public final class RegexAllowance: Sendable {
    private let left: Mutex<Int>

    /// A budget of `steps` ICU match-engine steps.
    public init(steps: Int) {
        left = Mutex(steps)
    }

    /// One input's budget, ``RuleSet/regexInputBudgetSteps``. (An initializer rather than a
    /// default argument: a default's value is copied into every module that calls it.)
    public convenience init() {
        self.init(steps: RuleSet.regexInputBudgetSteps)
    }

    /// The steps left (never negative).
    public var remaining: Int { left.withLock { max(0, $0) } }

    func charge(_ steps: Int) {
        left.withLock { $0 -= steps }
    }
}

extension RuleSet {
    /// The ICU match-engine steps (each about 10,000 backtracking states, the unit of
    /// ICU's `uregex_setTimeLimit`; roughly 0.1 ms each on one core of this project's 2-core
    /// machine) that one regex may take on one logical line before the line is hidden unscanned.
    public static let regexLineBudgetSteps = 250
    /// The steps all regexes together may take on one screen (grid and title).
    public static let regexScreenBudgetSteps = 1_000
    /// The steps all regexes together may take on all the screens of one input (a capture,
    /// or every snapshot of a scenario).
    public static let regexInputBudgetSteps = 10_000
}

extension DetectionRun {
    /// Hides a logical line that a regex rule could not scan in its budget: a finding over
    /// its every cell (or the whole title), with no text (nothing was matched).
    mutating func hideUnscanned(_ line: ScreenText.Line, ruleIndex: Int, text: ScreenText, location: Finding.Location) {
        let rule = rules.rules[ruleIndex]
        let spans: [CellSpan]
        if location == .screen {
            spans = (line.firstRow...line.lastRow).map { CellSpan(row: $0, col: 0, width: screen.cols) }
        } else {
            spans = text.cellSpans(for: line.range)
        }
        guard !spans.isEmpty else { return }
        findings.append(
            Finding(
                ruleID: rule.id, category: rule.category, severity: .warn, source: .timedOut, location: location,
                spans: spans, style: nil, matchText: "", secretText: ""))
        findingRanks.append(-1)
    }
}

extension RegexPattern {
    /// Whether the pattern matches in `text`, charged to `budget`; nil when the budget ran
    /// out first (an allowlist then allows nothing and the line is hidden: fail closed).
    func matches(_ text: String, budget: inout RegexBudget) -> Bool? {
        if let decided = decidedWithoutRegex(text) { return decided }
        let allowance = budget.callAllowance
        guard allowance > 0 else { return nil }
        var found = false
        let outcome = lazy.stepCounted.enumerate(Array(text.utf16), group: 0, allowance: allowance) { _, _ in
            found = true
            return false
        }
        budget.charge(outcome.steps)
        if found { return true }
        return outcome.stopped ? nil : false
    }
}
