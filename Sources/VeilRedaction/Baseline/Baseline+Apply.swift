/// The findings a baseline leaves, the ones it covers, and its entries nothing matched.
public struct BaselineResult: Sendable {
    /// A finding with the entry that covers it.
    public struct Covered: Sendable {
        public var finding: Finding
        public var entry: Baseline.Entry
    }

    /// Findings the baseline does not cover: these decide an audit.
    public var remaining: [Finding]
    /// Findings covered by an entry.
    public var covered: [Covered]
    /// Entries that matched no finding (the secret is gone or changed): warn about them.
    public var stale: [Baseline.Entry]
}

extension Baseline {
    /// Subtracts the entries of `snapshot` from its findings; stale entries are those of
    /// that snapshot nothing matched.
    public func apply(_ findings: [Finding], snapshot: String) -> BaselineResult {
        apply([snapshot: findings])
    }

    /// Subtracts entries from the findings of several snapshots; an entry is stale when it
    /// matched nothing, including entries of snapshots not given (they no longer exist).
    public func apply(_ findingsBySnapshot: [String: [Finding]]) -> BaselineResult {
        var byIdentity: [Identity: Entry] = [:]
        for entry in entries { byIdentity[entry.identity] = entry }
        var used = Set<Identity>()
        var remaining: [Finding] = []
        var covered: [BaselineResult.Covered] = []
        for snapshot in findingsBySnapshot.keys.sorted() {
            for finding in findingsBySnapshot[snapshot] ?? [] {
                let identity = identity(of: finding, snapshot: snapshot)
                if let entry = byIdentity[identity] {
                    covered.append(.init(finding: finding, entry: entry))
                    used.insert(identity)
                } else {
                    remaining.append(finding)
                }
            }
        }
        let single = findingsBySnapshot.count == 1 ? findingsBySnapshot.keys.first : nil
        let stale = entries.filter { entry in
            !used.contains(entry.identity) && (single == nil || entry.snapshot == single)
        }
        return BaselineResult(remaining: remaining, covered: covered, stale: stale)
    }
}
