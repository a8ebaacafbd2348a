import Foundation

/// Reviewed findings that no longer fail an audit: accepted ones and false positives.
///
/// Identity is (snapshot id, rule id, fingerprint of the whole normalized match): never a
/// position, so a different secret on the same line is a new finding (gitleaks #2239) and
/// two tokens of one kind stay two entries (detect-secrets #858). Positions are kept only
/// as hints. The JSON is deterministic (sorted keys and entries, no timestamps), so
/// regenerating an unchanged baseline gives the same bytes. Fingerprints are keyed
/// (HMAC-SHA256, truncated) with a secret from the environment (`VEIL_FINGERPRINT_SALT`, a CI
/// secret: the file then holds only the HMACs and a key check, never the key; format version
/// 2), or, for baselines made without one, with the baseline's own salt written in the file
/// (version 1, still read and kept as it is).
///
/// A baseline changes verdicts, never redaction: accepted findings are still hidden.
///
/// ```swift
/// var baseline = Baseline(salt: Baseline.randomSalt())
/// baseline.record(findings, snapshot: "login", status: .accepted, reason: "test card")
/// try baseline.jsonData().write(to: url)
/// let result = try Baseline(jsonData: Data(contentsOf: url)).apply(findings, snapshot: "login")
/// result.remaining   // findings the baseline does not cover
/// result.stale       // entries nothing matched any more
/// ```
public struct Baseline: Hashable, Sendable {
    /// The format version of a baseline whose salt is in the file.
    public static let formatVersion = 1
    /// The format version of a baseline keyed with a secret from the environment.
    public static let keyedFormatVersion = 2

    /// What a reviewer decided about a finding.
    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        /// Real, and accepted (e.g. a published test card).
        case accepted
        /// Not sensitive at all (written `false_positive`).
        case falsePositive = "false_positive"

        public init(from decoder: Decoder) throws {
            let name = try decoder.singleValueContainer().decode(String.self)
            switch name {
            case "accepted": self = .accepted
            case "false_positive", "falsePositive": self = .falsePositive
            default:
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "unknown status '\(name)' (accepted, false_positive)"))
            }
        }
    }

    /// Where a finding was when it was recorded: a hint for people, not part of identity.
    ///
    /// `row` and `col` are the finding's first screen cell, 0-based, as an audit report's
    /// `spans[]` gives it (for a capture, the cell where the value first showed on screen).
    public struct Hint: Hashable, Sendable, Codable {
        /// The first span's row, 0-based.
        public var row: Int
        /// The first span's column, 0-based.
        public var col: Int
        /// `title` when the finding was in the window title; absent for the grid.
        public var location: String?

        /// A hint at a screen cell (`title`: in the window title, whose characters `col` counts).
        public init(row: Int, col: Int, title: Bool = false) {
            self.row = row
            self.col = col
            self.location = title ? "title" : nil
        }

        /// The first span of `finding`, which must be on the screen it was judged on.
        public init?(_ finding: Finding) {
            guard let span = finding.spans.first else { return nil }
            self.init(row: span.row, col: span.col, title: finding.location == .title)
        }
    }

    /// One reviewed finding.
    public struct Entry: Hashable, Sendable, Codable, Comparable {
        /// The snapshot the finding was on (e.g. `login`).
        public var snapshot: String
        /// The finding's rule id.
        public var rule: String
        /// The finding's fingerprint under the baseline's salt.
        public var fingerprint: String
        /// Accepted or false positive.
        public var status: Status
        /// Why, in the reviewer's words.
        public var reason: String
        /// Where it was when recorded.
        public var hint: Hint?

        public init(
            snapshot: String, rule: String, fingerprint: String, status: Status, reason: String, hint: Hint? = nil
        ) {
            self.snapshot = snapshot
            self.rule = rule
            self.fingerprint = fingerprint
            self.status = status
            self.reason = reason
            self.hint = hint
        }

        /// The identity: (snapshot, rule, fingerprint).
        public var identity: Identity { Identity(snapshot: snapshot, rule: rule, fingerprint: fingerprint) }

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.snapshot, lhs.rule, lhs.fingerprint, lhs.status.rawValue, lhs.reason)
                < (rhs.snapshot, rhs.rule, rhs.fingerprint, rhs.status.rawValue, rhs.reason)
        }
    }

    /// What makes two findings the same for a baseline.
    public struct Identity: Hashable, Sendable {
        public var snapshot: String
        public var rule: String
        public var fingerprint: String
    }

    /// The salt of this baseline's fingerprints.
    public let salt: [UInt8]
    /// Whether ``salt`` is a secret from the environment, kept out of the file (only the
    /// HMACs and a key check are written).
    public let isKeyedWithSecret: Bool
    /// The entries, sorted, one per identity.
    public private(set) var entries: [Entry]

    /// An empty baseline; keep the salt of an existing baseline when updating it.
    /// - Parameter keyedWithSecret: `salt` is a secret from the environment, never written.
    public init(salt: [UInt8], entries: [Entry] = [], keyedWithSecret: Bool = false) {
        self.salt = salt
        self.isKeyedWithSecret = keyedWithSecret
        self.entries = []
        for entry in entries { insert(entry) }
    }

    /// 16 random bytes for a new baseline's salt.
    public static func randomSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// The identity a finding has in this baseline.
    public func identity(of finding: Finding, snapshot: String) -> Identity {
        Identity(snapshot: snapshot, rule: finding.ruleID, fingerprint: finding.fingerprint(salt: salt))
    }

    /// Records findings as reviewed, each hinted at by its first span (``Hint/init(_:)``);
    /// an identity already present keeps its entry.
    public mutating func record(_ findings: [Finding], snapshot: String, status: Status = .accepted, reason: String) {
        for finding in findings {
            record(finding, snapshot: snapshot, status: status, reason: reason, hint: Hint(finding))
        }
    }

    /// Records one finding as reviewed with the `hint` its caller knows (a capture's finding
    /// is judged on the rows that showed it, so only the caller knows the screen cell); an
    /// identity already present keeps its entry.
    public mutating func record(
        _ finding: Finding, snapshot: String, status: Status = .accepted, reason: String, hint: Hint?
    ) {
        insert(
            Entry(
                snapshot: snapshot, rule: finding.ruleID, fingerprint: finding.fingerprint(salt: salt),
                status: status, reason: reason, hint: hint))
    }

    /// Removes the entries of `identities`.
    public mutating func remove(_ identities: Set<Identity>) {
        entries.removeAll { identities.contains($0.identity) }
    }

    private mutating func insert(_ entry: Entry) {
        let index = entries.partitioningIndex { !($0 < entry) }
        if entries.contains(where: { $0.identity == entry.identity }) { return }
        entries.insert(entry, at: index)
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, for a predicate that is false
    /// then true along the array (binary search).
    func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if predicate(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
