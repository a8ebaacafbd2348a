/// One app-switcher snapshot the audit looked at.
public struct AuditedSnapshot: Sendable, Hashable, Comparable, Identifiable {
    /// The snapshot's id, e.g. `bank-0001`; for a capture, the capture's path.
    public var id: String
    /// The file that caused the snapshot (the scenario or the capture), repository-relative.
    public var file: String
    /// Where in ``file``: the timeline step, or line 1 column 1 of a capture.
    public var region: AuditRegion
    /// How many spans Veil's redaction hid in the snapshot.
    public var hidden: Int
    /// Whether no finding (suppressed or not) names this snapshot. ``AuditReport`` sets it
    /// from its findings; the value given here is ignored.
    public internal(set) var isClean: Bool

    /// A snapshot; `file` is normalized like ``AuditLocation/path``.
    public init(id: String, file: String, region: AuditRegion, hidden: Int) {
        self.id = id
        self.file = AuditLocation.normalize(file)
        self.region = region
        self.hidden = hidden
        isClean = true
    }

    /// Timeline order: by region, then id.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.region, lhs.id, lhs.hidden) < (rhs.file, rhs.region, rhs.id, rhs.hidden)
    }
}

/// A path given to `veil audit`, with the snapshots it produced.
public struct AuditedInput: Sendable, Hashable, Comparable {
    /// What kind of file an input is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A scenario file played on the virtual clock.
        case scenario
        /// Captured terminal bytes or a recording, judged at every moment it showed.
        case capture
        /// A VHS tape (`.tape`), judged as text: what it types, its `Env` and `Set` values.
        case tape
        /// An SVG capture (termtosvg, svg-term, a still screen): its frames judged as screens.
        case svg
    }

    /// Repository-relative path, forward slashes.
    public var path: String
    /// Scenario or capture.
    public var kind: Kind
    /// In timeline order once the report is built.
    public var snapshots: [AuditedSnapshot]
    /// Why the input could not be audited; any error makes the audit exit 2.
    public var error: InputError?
    /// Seconds spent on this input, if measured (JUnit `testsuite time`; other formats omit it).
    public var durationSeconds: Double?

    /// An input; snapshots are sorted into timeline order.
    public init(
        path: String, kind: Kind, snapshots: [AuditedSnapshot] = [], error: InputError? = nil,
        durationSeconds: Double? = nil
    ) {
        self.path = AuditLocation.normalize(path)
        self.kind = kind
        self.snapshots = snapshots.sorted()
        self.error = error
        self.durationSeconds = durationSeconds
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.path != rhs.path { return lhs.path < rhs.path }
        if lhs.kind != rhs.kind { return lhs.kind.rawValue < rhs.kind.rawValue }
        return (lhs.error?.description ?? "") < (rhs.error?.description ?? "")
    }
}

/// A baseline entry that matched no finding: the reviewed value is gone, so the entry can go.
public struct StaleBaselineEntry: Sendable, Hashable, Comparable {
    /// The snapshot id the entry names.
    public var snapshotID: String
    /// The rule id the entry names.
    public var ruleID: String
    /// The content fingerprint the entry names.
    public var fingerprint: String
    /// The reason recorded in the entry.
    public var reason: String?

    /// A stale entry, as read from the baseline.
    public init(snapshotID: String, ruleID: String, fingerprint: String, reason: String? = nil) {
        self.snapshotID = snapshotID
        self.ruleID = ruleID
        self.fingerprint = fingerprint
        self.reason = reason
    }

    /// One sentence for reports: what the entry is and what to do, with its reason.
    var explanation: String {
        var text =
            "Stale baseline entry: snapshot \(snapshotID), rule \(ruleID), fingerprint \(fingerprint) matches no finding; remove it from the baseline."
        if let reason { text += " Reason given: \(reason)" }
        return text
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.snapshotID, lhs.ruleID, lhs.fingerprint, lhs.reason ?? "")
            < (rhs.snapshotID, rhs.ruleID, rhs.fingerprint, rhs.reason ?? "")
    }
}
