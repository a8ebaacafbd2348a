/// A rule the audit applied: a detector (`card.pan`, `iban`, …) or a life-cycle rule.
///
/// Reporters describe every rule that a report lists (SARIF `tool.driver.rules`), so each
/// finding's ``AuditFinding/ruleID`` should name one of them; ``AuditReport`` adds a bare
/// description for any rule id it is not given.
public struct AuditRule: Sendable, Hashable, Comparable, Identifiable {
    /// Stable identifier, e.g. `card.pan`, `cn.resident_id`, `lifecycle.watchdog`.
    public var id: String
    /// Readable name, e.g. `Payment card number`.
    public var name: String
    /// One sentence.
    public var shortDescription: String
    /// What the rule detects and how it validates a candidate.
    public var fullDescription: String
    /// What to do about a finding.
    public var help: String
    /// `secret`, `pii` or `lifecycle`.
    public var category: AuditCategory
    /// The default severity of the rule's findings.
    public var severity: AuditSeverity
    /// A number from 0.0 to 10.0, written with one decimal (SARIF `security-severity`).
    public var securitySeverity: String

    /// A rule; `securitySeverity` defaults to ``defaultSecuritySeverity(category:severity:)``.
    public init(
        id: String, name: String, shortDescription: String, fullDescription: String, help: String,
        category: AuditCategory, severity: AuditSeverity, securitySeverity: String? = nil
    ) {
        self.id = id
        self.name = name
        self.shortDescription = shortDescription
        self.fullDescription = fullDescription
        self.help = help
        self.category = category
        self.severity = severity
        self.securitySeverity = securitySeverity ?? Self.defaultSecuritySeverity(category: category, severity: severity)
    }

    /// `9.0` for a blocking secret, `8.0` for blocking personal data, `7.0` for a life-cycle
    /// rule and `5.0` for a warning (GitHub shows ≥ 9.0 as critical, ≥ 7.0 high, ≥ 4.0 medium).
    public static func defaultSecuritySeverity(category: AuditCategory, severity: AuditSeverity) -> String {
        switch (category, severity) {
        case (.lifecycle, _): "7.0"
        case (.configuration, _): "8.0"
        case (_, .warn): "5.0"
        case (.secret, .block): "9.0"
        case (.pii, .block): "8.0"
        }
    }

    /// The severity reporters use: a life-cycle rule always fails the audit.
    public var effectiveSeverity: AuditSeverity { category.alwaysBlocks ? .block : severity }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.id < rhs.id }

    /// Every field, for a total order.
    var sortKey: [String] {
        [id, name, shortDescription, fullDescription, help, category.rawValue, severity.rawValue, securitySeverity]
    }

    /// A minimal description for a rule id that a report was not given.
    static func undescribed(id: String, category: AuditCategory, severity: AuditSeverity) -> AuditRule {
        AuditRule(
            id: id, name: id, shortDescription: "Findings of rule \(id).",
            fullDescription: "Findings of rule \(id); the audit was given no description of it.",
            help: "Look at the snapshot the finding names.", category: category, severity: severity
        )
    }
}

extension AuditRule {
    /// `lifecycle.watchdog`: a deadline-bound callback did not return in time.
    public static let lifecycleWatchdog = AuditRule(
        id: "lifecycle.watchdog", name: "Watchdog termination",
        shortDescription: "A callback missed its deadline and the watchdog killed the app.",
        fullDescription: """
            applicationDidEnterBackground(_:) and applicationWillTerminate(_:) have about 5 seconds \
            to return. An app that misses the deadline is killed with reason 0x8badf00d and no \
            snapshot is taken.
            """,
        help: "Return from the callback quickly; move long work into a background task started early.",
        category: .lifecycle, severity: .block
    )

    /// `lifecycle.backgroundTaskLeaked`: a background task was never ended.
    public static let lifecycleBackgroundTaskLeaked = AuditRule(
        id: "lifecycle.backgroundTaskLeaked", name: "Leaked background task",
        shortDescription: "A background task was begun and never ended.",
        fullDescription: """
            Every beginBackgroundTask(withName:expirationHandler:) must be balanced by \
            endBackgroundTask(_:). A task left running keeps the app from being suspended until \
            the system expires it.
            """,
        help: "End every background task when its work finishes and in its expiration handler.",
        category: .lifecycle, severity: .block
    )

    /// `lifecycle.backgroundTaskExpired`: a task outlived its expiration handler.
    public static let lifecycleBackgroundTaskExpired = AuditRule(
        id: "lifecycle.backgroundTaskExpired", name: "Expired background task",
        shortDescription: "A background task was still running after its expiration handler ran.",
        fullDescription: """
            The expiration handler runs shortly before the background time runs out; a task not \
            ended by then gets the app killed.
            """,
        help: "End the task inside its expiration handler.",
        category: .lifecycle, severity: .block
    )

    /// `lifecycle.snapshotFailed`: a snapshot could not be made safely, so none was taken.
    public static let lifecycleSnapshotFailed = AuditRule(
        id: "lifecycle.snapshotFailed", name: "Snapshot failed",
        shortDescription: "An app-switcher snapshot could not be redacted or drawn safely.",
        fullDescription: """
            Veil fails closed: when redaction or rendering fails no snapshot is written, and the \
            audit cannot say what the app would have shown.
            """,
        help: "Look at the run's log for the reason; simplify the screen or fix the rules file.",
        category: .lifecycle, severity: .block
    )

    /// `rules.weakened`: a rules file of the audited tree turns rules off, replaces a built-in
    /// rule, allows almost any value or stops scanning the window title, and the workflow did
    /// not pin a rules file with the same content.
    public static let rulesWeakened = AuditRule(
        id: "rules.weakened", name: "Rules file weakens the audit",
        shortDescription: "A rules file in the audited tree makes the audit see less than the built-in rules.",
        fullDescription: """
            A pull request controls every file of the tree, rules files included. A .veil.yml (or a \
            scenario's rules: file) that sets extend.useDefault: false, lists extend.disabledRules, \
            replaces a built-in rule, adds an allowlist that lets through values of several kinds, or \
            sets scanTitle: false would make the audit pass what it should fail; it is a finding at \
            the line of the setting unless the workflow pinned a rules file with the same content \
            (--pinned-rules, --config, or the Action's copy from the base branch).
            """,
        help: """
            Keep the change out of the pull request, or have a maintainer land it on the base branch \
            first (the Action pins the base branch's copy), or pin the file with --pinned-rules.
            """,
        category: .configuration, severity: .block
    )

    /// The three life-cycle rules.
    public static let lifecycleRules: [AuditRule] = [
        lifecycleWatchdog, lifecycleBackgroundTaskLeaked, lifecycleBackgroundTaskExpired,
    ]
}
