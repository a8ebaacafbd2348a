/// Findings wholly inside others.
extension DetectionRun {
    /// Drops a rule finding wholly covered by another that is more severe, or as severe and
    /// larger, or as severe, as large and from an earlier rule.
    ///
    /// O(n log n) plus the overlaps: the findings that may cover one come from a
    /// ``CoveringSpanIndex`` (47,000 findings on one screen took 16 s when every pair was
    /// compared).
    ///
    /// Works on indices, each finding's rank looked up once: comparing copies of findings
    /// (strings and arrays, retained and released for every pair) was 5 % of a screen.
    /// - Throws: ``DetectionError/tooManyOverlaps(limit:)`` past ``RuleSet/maximumCoverChecks``.
    mutating func removeCoveredFindings() throws {
        // Nothing to compare (most screens of a recording): no check was counted either.
        if findings.isEmpty && coverChecks <= coverCheckLimit { return }
        let order = rules.index.order
        let ranks = findings.map { order[$0.ruleID] ?? -1 }
        let locations = findings.map(\.location)
        let fromRules = findings.map { $0.source == .rule }
        let severities = findings.map(\.severity)
        let cellCounts = findings.map(\.cellCount)
        var kept: [Int] = []
        kept.reserveCapacity(findings.count)
        var covered: [DroppedCandidate] = []
        // A finding that covers finding `i` contains the first cell of `i`'s first span: the
        // candidates come from an index of the rule findings' spans by location and row.
        var spansByRow: [RowKey: [(start: Int, end: Int, owner: Int)]] = [:]
        for j in findings.indices where fromRules[j] {
            for span in findings[j].spans {
                spansByRow[RowKey(location: locations[j], row: span.row), default: []]
                    .append((span.col, span.col + span.width, j))
            }
        }
        let index = spansByRow.mapValues(CoveringSpanIndex.init)
        var coverChecks = 0
        defer { self.coverChecks += coverChecks }
        findings.withUnsafeBufferPointer { all in
            for i in all.indices {
                guard self.coverChecks + coverChecks <= coverCheckLimit else { break }
                guard fromRules[i] else { kept.append(i); continue }
                var winner: Int?
                func consider(_ j: Int) {
                    coverChecks += 1
                    // `covers(_: Finding)` spelled out, so no finding is copied for the call.
                    guard j != i, winner.map({ j < $0 }) ?? true, fromRules[j], locations[j] == locations[i],
                        all[j].covers(all[i].spans)
                    else { return }
                    let wins: Bool
                    if severities[j] != severities[i] {
                        wins = severities[j] > severities[i]
                    } else if cellCounts[j] != cellCounts[i] {
                        wins = cellCounts[j] > cellCounts[i]
                    } else {
                        wins = ranks[j] < ranks[i] || (ranks[j] == ranks[i] && j < i)
                    }
                    // The earliest winner names the cover, as a scan in order would.
                    if wins { winner = j }
                }
                if let first = all[i].spans.first {
                    index[RowKey(location: locations[i], row: first.row)]?
                        .forEachOwner(containing: first.col, first.col + first.width, consider)
                } else {
                    all.indices.forEach(consider)  // no cells: covered by any winner
                }
                if let winner {
                    covered.append(
                        DroppedCandidate(
                            ruleID: all[i].ruleID, location: all[i].location, spans: all[i].spans,
                            reason: "covered by \(all[winner].ruleID)", kind: .covered))
                } else {
                    kept.append(i)
                }
            }
        }
        if self.coverChecks + coverChecks > coverCheckLimit {
            throw DetectionError.tooManyOverlaps(limit: coverCheckLimit)
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

/// A row of the grid or of the title.
private struct RowKey: Hashable {
    var location: Finding.Location
    var row: Int
}
