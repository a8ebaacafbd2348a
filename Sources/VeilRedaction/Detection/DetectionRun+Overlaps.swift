/// Findings wholly inside others.
extension DetectionRun {
    /// Drops a rule finding wholly covered by another that is more severe, or as severe and
    /// larger, or as severe, as large and from an earlier rule.
    ///
    /// Works on indices, each finding's rank looked up once: comparing copies of findings
    /// (strings and arrays, retained and released for every pair) was 5 % of a screen.
    mutating func removeCoveredFindings() {
        let order = rules.index.order
        let ranks = findings.map { order[$0.ruleID] ?? -1 }
        let locations = findings.map(\.location)
        let fromRules = findings.map { $0.source == .rule }
        let severities = findings.map(\.severity)
        let cellCounts = findings.map(\.cellCount)
        var kept: [Int] = []
        kept.reserveCapacity(findings.count)
        var covered: [DroppedCandidate] = []
        findings.withUnsafeBufferPointer { all in
            for i in all.indices {
                guard fromRules[i] else { kept.append(i); continue }
                var winner: Int?
                for j in all.indices {
                    // `covers(_: Finding)` spelled out, so no finding is copied for the call.
                    guard j != i, fromRules[j], locations[j] == locations[i], all[j].covers(all[i].spans)
                    else { continue }
                    let wins: Bool
                    if severities[j] != severities[i] {
                        wins = severities[j] > severities[i]
                    } else if cellCounts[j] != cellCounts[i] {
                        wins = cellCounts[j] > cellCounts[i]
                    } else {
                        wins = ranks[j] < ranks[i] || (ranks[j] == ranks[i] && j < i)
                    }
                    if wins {
                        winner = j
                        break
                    }
                }
                if let winner {
                    covered.append(DroppedCandidate(
                        ruleID: all[i].ruleID, location: all[i].location, spans: all[i].spans,
                        reason: "covered by \(all[winner].ruleID)"))
                } else {
                    kept.append(i)
                }
            }
        }
        dropped += covered
        // Screen before title, then by first cell, then by rule; read once per finding.
        let keys = findings.map { (onScreen: $0.location == .screen, first: $0.spans.first) }
        let ordered = kept.sorted { a, b in
            if keys[a].onScreen != keys[b].onScreen { return keys[a].onScreen }
            let (sa, sb) = (keys[a].first, keys[b].first)
            if sa != sb, let sa, let sb { return sa < sb }
            return ranks[a] < ranks[b]
        }
        findings = ordered.map { findings[$0] }
    }
}
