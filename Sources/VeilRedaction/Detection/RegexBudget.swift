import Foundation

/// The time that the rules' regular expressions may take on one screen (grid and title
/// together), so that a pattern that backtracks catastrophically (`(a+)+$` on a long row)
/// cannot hang a snapshot or blow the 5-second `applicationDidEnterBackground` deadline.
///
/// One call (one rule on one logical line) may run ``perLine``; all calls on a screen
/// together ``perScreen``. A call that runs out of time stops inside the match (ICU reports
/// progress during backtracking) and the line is hidden unscanned: a ``Finding`` with
/// source ``Finding/Source/timedOut`` covers every row of it (fail closed). Once the screen's
/// budget is spent, every further line a regex rule would scan is hidden the same way
/// without running it.
struct RegexBudget {
    /// The whole budget of one screen.
    static let perScreen: Duration = .milliseconds(RuleSet.regexBudgetMilliseconds)
    /// The most one rule may take on one logical line.
    static let perLine: Duration = .milliseconds(RuleSet.regexLineBudgetMilliseconds)

    let clock = ContinuousClock()
    private(set) var spent: Duration = .zero

    /// Whether any time is left.
    var isSpent: Bool { spent >= Self.perScreen }

    /// The deadline of a call starting now.
    func deadline(from start: ContinuousClock.Instant) -> ContinuousClock.Instant {
        start.advanced(by: min(Self.perLine, Self.perScreen - spent))
    }

    /// Counts the time a call took.
    mutating func charge(from start: ContinuousClock.Instant) {
        spent += clock.now - start
    }
}

extension RuleSet {
    /// The time one rule's regular expression may run on one logical line before that
    /// line is hidden unscanned (see ``regexBudgetMilliseconds`` for the whole screen).
    public static let regexLineBudgetMilliseconds = 50
}

extension DetectionRun {
    /// Hides a logical line that a regex rule could not scan in time: a finding over its
    /// every cell (or the whole title), with no text (nothing was matched).
    mutating func hideUnscanned(_ line: ScreenText.Line, ruleIndex: Int, text: ScreenText, location: Finding.Location) {
        let rule = rules.rules[ruleIndex]
        let spans: [CellSpan]
        if location == .screen {
            spans = (line.firstRow...line.lastRow).map { CellSpan(row: $0, col: 0, width: screen.cols) }
        } else {
            spans = text.cellSpans(for: line.range)
        }
        guard !spans.isEmpty else { return }
        findings.append(Finding(
            ruleID: rule.id, category: rule.category, severity: .warn, source: .timedOut, location: location,
            spans: spans, style: nil, matchText: "", secretText: ""))
        findingRanks.append(-1)
    }
}

extension RegexPattern {
    /// Whether the pattern matches in `text` within ``RegexBudget/perLine``; a match that
    /// runs out of time counts as no match. Allowlists use it: an allowlist regex that
    /// backtracks catastrophically then allows nothing, so the finding stays hidden.
    func matchesWithinBudget(_ text: String) -> Bool {
        if let decided = decidedWithoutRegex(text) { return decided }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: RegexBudget.perLine)
        final class Found: @unchecked Sendable { var value = false }
        let found = Found()
        regex.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(location: 0, length: text.utf16.count)) {
            result, _, stop in
            if result != nil {
                found.value = true
                stop.pointee = true
            } else if clock.now > deadline {
                found.value = false
                stop.pointee = true
            }
        }
        return found.value
    }
}
