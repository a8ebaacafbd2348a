/// Findings wholly inside others.
extension DetectionRun {
    /// Drops a rule finding wholly covered by another that is more severe, or as severe and
    /// larger, or as severe, as large and from an earlier rule.
    mutating func removeCoveredFindings() {
        let order = rules.index.order
        func rank(_ finding: Finding) -> Int { order[finding.ruleID] ?? -1 }
        var kept: [Finding] = []
        for (i, finding) in findings.enumerated() {
            guard finding.source == .rule else { kept.append(finding); continue }
            let winner = findings.enumerated().first { j, other in
                guard j != i, other.source == .rule, other.covers(finding) else { return false }
                if other.severity != finding.severity { return other.severity > finding.severity }
                if other.cellCount != finding.cellCount { return other.cellCount > finding.cellCount }
                return rank(other) < rank(finding) || (rank(other) == rank(finding) && j < i)
            }
            if let winner {
                dropped.append(DroppedCandidate(ruleID: finding.ruleID, location: finding.location, spans: finding.spans,
                                                reason: "covered by \(winner.element.ruleID)"))
            } else {
                kept.append(finding)
            }
        }
        findings = kept.sorted { a, b in
            if a.location != b.location { return a.location == .screen }
            let (sa, sb) = (a.spans.first, b.spans.first)
            if sa != sb, let sa, let sb { return sa < sb }
            return rank(a) < rank(b)
        }
    }
}
