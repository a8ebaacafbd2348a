import VeilRender

/// Something sensitive that a snapshot would show, or a life-cycle rule the app broke.
///
/// A finding never holds the sensitive value itself: only its ``masked`` form, a ``message``
/// built from the rule's name and that masked form, and the baseline ``fingerprint``.
///
/// The engine fills it like this:
/// - ``location``: for a scenario, the timeline step that caused the snapshot (or, for a
///   life-cycle rule, the step during which the rule broke); for a capture, line 1 column 1
///   (``AuditRegion/fileStart``) or the position of the bytes that drew the value.
/// - ``snapshotID``: the snapshot's id (`bank-0001`), or the capture's path; `nil` when no
///   snapshot was taken (a watchdog kill).
/// - ``fingerprint``: the content fingerprint the baseline uses (truncated salted SHA-256, hex).
/// - ``baseline``: the matching baseline entry; a suppressed finding stays in the report but
///   never fails the audit.
public struct AuditFinding: Sendable, Hashable, Comparable {
    /// The rule's id: a detector (`card.pan`, `iban`, `cn.resident_id`) or a life-cycle rule.
    public var ruleID: String
    /// `secret`, `pii` or `lifecycle`.
    public var category: AuditCategory
    /// As detected; see ``effectiveSeverity`` for what reporters use.
    public var severity: AuditSeverity
    /// Readable text; never contains the sensitive value (see ``detectionMessage(ruleName:masked:)``).
    public var message: String
    /// The value as it may be displayed.
    public var masked: MaskedValue?
    /// Where the finding points in the scenario or capture file.
    public var location: AuditLocation
    /// The path of the input (as in ``AuditedInput/path``) the finding belongs to;
    /// by default the location's path.
    public var inputPath: String
    /// The snapshot that would show the value; `nil` when the finding has no snapshot.
    public var snapshotID: String?
    /// The screen cells that held the value, if any.
    public var spans: [ScreenSpan]
    /// Hex content fingerprint: SARIF `partialFingerprints`, baseline identity, JUnit detail.
    public var fingerprint: String
    /// The baseline entry that suppresses the finding, if any.
    public var baseline: AuditBaselineMatch?
    /// When a capture showed the value (nil for scenario snapshots and life-cycle findings).
    public var exposure: AuditExposure?
    /// Where the value is in a medium when no screen of the capture shows it (a recording's
    /// header field, input, marker or escape-sequence string); nil for what screens show.
    public var medium: MediaPlace?
    /// The redacted picture of the moment the finding was visible (for the HTML report; see
    /// ``AuditOptions/frames``): nil when not asked for, or when nothing on a screen shows it.
    public var frame: AuditFrame?
    /// Where the finding's hidden cells are on ``frame``: one box per span (the cells' pixels,
    /// exactly); empty for a title, which snapshots do not draw.
    public var outline: [PixelRect] = []
    /// The text that holds a value found in a medium's text (a recording's header field,
    /// typed input, a tape's line), every value the rules found in it masked; shortened
    /// around the value.
    public var maskedLine: String?
    /// The lifecycle log around the moment (a scenario's snapshot, a broken rule).
    public var log: AuditLogExcerpt?
    /// Every place a capture showed the value, in the order first seen (the first is
    /// ``location`` and ``spans``); empty when the finding has one place only it knows of
    /// (a scenario's snapshot, a medium's text). See ``placeCount``.
    public var places: [AuditPlace] = []
    /// Places past the listed ones (``ExposurePlace/maximumListed``), counted only.
    public var unlistedPlaces = 0

    /// A finding; `inputPath` defaults to the location's path, `spans` are sorted.
    public init(
        ruleID: String, category: AuditCategory, severity: AuditSeverity, message: String,
        masked: MaskedValue? = nil, location: AuditLocation, inputPath: String? = nil,
        snapshotID: String?, spans: [ScreenSpan] = [], fingerprint: String,
        baseline: AuditBaselineMatch? = nil
    ) {
        self.ruleID = ruleID
        self.category = category
        self.severity = severity
        self.message = message
        self.masked = masked
        self.location = location
        self.inputPath = inputPath.map(AuditLocation.normalize) ?? location.path
        self.snapshotID = snapshotID
        self.spans = spans.sorted()
        self.fingerprint = fingerprint
        self.baseline = baseline
    }

    /// The standard message of a detector finding, one sentence for the person fixing it:
    /// `Payment card number •••• … would be visible in the app-switcher snapshot: hide it
    /// before the app enters the background`, without a value when `masked` is `nil`.
    public static func detectionMessage(ruleName: String, masked: MaskedValue?) -> String {
        let what = masked.map { "\(ruleName) \($0.text)" } ?? ruleName
        return "\(what) would be visible in the app-switcher snapshot: \(detectionAdvice)"
    }

    /// The message of a value found in a medium's text rather than on a screen:
    /// `GitHub token ghp_… is in the recording's header field "command": no screen shows it,
    /// but anyone with the file can read it; remove it (veil redact leaves it out)`.
    public static func mediumMessage(
        ruleName: String, masked: MaskedValue?, place: MediaPlace, medium: String, advice: String = mediumAdvice
    ) -> String {
        let what = masked.map { "\(ruleName) \($0.text)" } ?? ruleName
        return "\(what) is in the \(medium)'s \(place.description): \(advice)"
    }

    /// What to do about a value a medium holds but no screen shows.
    public static let mediumAdvice =
        "no screen shows it, but anyone with the file can read it; remove it (veil redact leaves it out)"

    /// What to do about a value a VHS tape holds.
    public static let tapeAdvice =
        "the tape types or sets it, so anyone with the tape can read it and its recording may show it; take it out of the tape (read it from the environment when the tape runs)"

    /// What to do about a value an SVG's text holds outside its screens.
    public static let svgAdvice =
        "no frame shows it, but anyone with the file can read it; remove it (veil redact x.svg -o y.svg replaces it)"

    /// What to do about a detector finding, as the message ends.
    public static let detectionAdvice = "hide it before the app enters the background"

    /// Whether a baseline entry covers the finding.
    public var isSuppressed: Bool { baseline != nil }

    /// The severity reporters use: a life-cycle or configuration finding always counts as `block`.
    public var effectiveSeverity: AuditSeverity { category.alwaysBlocks ? .block : severity }

    /// Whether the finding fails the audit: not suppressed, and blocking or a life-cycle violation.
    public var fails: Bool { !isSuppressed && effectiveSeverity == .block }

    /// Report order: input, location, snapshot, rule, then every other field, so equal
    /// findings given in any order come out the same.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.inputPath != rhs.inputPath { return lhs.inputPath < rhs.inputPath }
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.snapshotID != rhs.snapshotID {
            return (lhs.snapshotID ?? "") < (rhs.snapshotID ?? "") || lhs.snapshotID == nil
        }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        if lhs.spans != rhs.spans { return lhs.spans.lexicographicallyPrecedes(rhs.spans) }
        if lhs.fingerprint != rhs.fingerprint { return lhs.fingerprint < rhs.fingerprint }
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        if lhs.category != rhs.category { return lhs.category < rhs.category }
        if lhs.message != rhs.message { return lhs.message < rhs.message }
        if lhs.masked != rhs.masked { return (lhs.masked?.text ?? "") < (rhs.masked?.text ?? "") || lhs.masked == nil }
        if lhs.baseline != rhs.baseline {
            guard let left = lhs.baseline else { return true }
            guard let right = rhs.baseline else { return false }
            return left < right
        }
        return false
    }
}
