import VeilScreen

/// Plans and applies redaction: finds what is sensitive with a ``RuleSet`` and replaces
/// those cells in a new screen, failing closed.
///
/// ```swift
/// let redactor = Redactor(rules: try RuleSet.builtIn, style: .solid)
/// let result = redactor.redact(screen)     // never throws: on failure, a privacy cover
/// render(result.screen)                    // the original `screen` is untouched
/// if let failure = result.failure { log("covered the whole screen: \(failure)") }
/// ```
public struct Redactor: Sendable {
    /// What is sensitive.
    public var rules: RuleSet
    /// The style of spans whose rule names none; `.privacyCover` covers every screen.
    public var style: RedactionStyle
    /// The regex budget of the input the screens come from (shared by every screen this
    /// redactor sees); nil gives each screen a fresh input budget.
    public var allowance: RegexAllowance?
    /// Values found before (earlier frames of a recording): hidden wherever they show.
    public var known = KnownValues()

    /// Creates a redactor.
    public init(rules: RuleSet, style: RedactionStyle = .solid, allowance: RegexAllowance? = nil) {
        self.rules = rules
        self.style = style
        self.allowance = allowance
    }

    /// The findings on `screen` and the plan that hides them.
    /// - Throws: ``DetectionError``.
    public func plan(for screen: Screen) throws -> RedactionPlan {
        try planAndFindings(for: screen).plan
    }

    func planAndFindings(for screen: Screen) throws -> (plan: RedactionPlan, findings: [Finding]) {
        let findings = try rules.findings(in: screen, allowance: allowance, known: known)
        return (RedactionPlan(findings: findings, cols: screen.cols, rows: screen.rows, style: style), findings)
    }

    /// A new screen with the plan's spans replaced; `screen` itself is untouched.
    /// - Throws: ``RedactionError`` when the plan does not fit the screen or a cell the app
    ///   marked sensitive would stay visible. Nothing partial is ever returned.
    public func apply(_ plan: RedactionPlan, to screen: Screen) throws -> Screen {
        try ScreenRedaction.apply(plan, to: screen)
    }

    /// Detects, plans and applies, failing closed: if anything goes wrong, the result is
    /// the privacy cover (every cell and the title replaced) with ``RedactedScreen/failure``
    /// saying why.
    public func redact(_ screen: Screen) -> RedactedScreen {
        do {
            let (plan, findings) = try planAndFindings(for: screen)
            return RedactedScreen(screen: try apply(plan, to: screen), plan: plan, findings: findings, failure: nil)
        } catch {
            return .covered(screen, because: error)
        }
    }

    /// Applies a plan made elsewhere, failing closed like ``redact(_:)``.
    public func redact(_ screen: Screen, using plan: RedactionPlan) -> RedactedScreen {
        do {
            return RedactedScreen(screen: try apply(plan, to: screen), plan: plan, findings: [], failure: nil)
        } catch {
            return .covered(screen, because: error)
        }
    }
}

/// The result of redacting a screen.
public struct RedactedScreen: Sendable {
    /// The screen to draw: a new value, the original never.
    public let screen: Screen
    /// What was hidden.
    public let plan: RedactionPlan
    /// The findings behind the plan (empty when the plan was given).
    public let findings: [Finding]
    /// Why the whole screen was covered instead, if something failed (no screen text).
    public let failure: String?

    /// Whether every cell is covered (by style or because something failed).
    public var isFullyCovered: Bool { plan.coversEverything }

    static func covered(_ screen: Screen, because error: Error) -> RedactedScreen {
        let plan = RedactionPlan(cols: screen.cols, rows: screen.rows, coversEverything: true)
        return RedactedScreen(
            screen: ScreenRedaction.privacyCover(of: screen), plan: plan, findings: [],
            failure: String(describing: error))
    }
}
