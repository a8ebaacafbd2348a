/// `card.pan`: runs of 13–19 digits, optionally in groups separated by one `[ -]`,
/// standing alone (`(?<![0-9A-Za-z])(?:\d[ -]?){12,18}\d(?![0-9A-Za-z])`). Issuer, length,
/// grouping and Luhn are checked by the rule's `luhn` validator (``CardNumber``).
///
/// When a separated run is longer than a card or grouped unlike one (`Qty 2 4111 1111 1111
/// 1111`), its sub-runs of whole groups that look like a card are candidates instead.
struct CardNumberScanner: NativeScanner {
    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        var groups: [Range<Int>] = []
        while i < n {
            guard ASCII.isDigit(line[i]) else { i += 1; continue }
            let start = i
            groups.removeAll(keepingCapacity: true)
            var groupStart = i
            var j = i
            while j < n {
                let b = line[j]
                if ASCII.isDigit(b) {
                    j += 1
                } else if (b == ASCII.space || b == ASCII.dash) && j + 1 < n && ASCII.isDigit(line[j + 1]) {
                    groups.append(groupStart..<j)
                    j += 1
                    groupStart = j
                } else {
                    break
                }
            }
            groups.append(groupStart..<j)
            i = j
            guard line.alnumBoundary(before: start), line.alnumBoundary(at: j),
                !line.followsDecimalPoint(start), !line.precedesDecimalPoint(j)
            else { continue }
            let digits = groups.reduce(0) { $0 + $1.count }
            if (13...19).contains(digits) && CardNumber.hasCardGrouping(groups.map(\.count)) {
                candidates.append(Candidate(match: start..<j, secret: start..<j))
            } else if groups.count >= 2 {
                subRuns(groups, into: &candidates)
            }
        }
    }

    /// Candidates made of consecutive whole groups, 13–19 digits, grouped like a card.
    private func subRuns(_ groups: [Range<Int>], into candidates: inout [Candidate]) {
        var first = 0
        while first < groups.count {
            var digits = 0
            var found: Int?
            for last in first..<groups.count {
                digits += groups[last].count
                if digits > 19 { break }
                if digits >= 13
                    && CardNumber.hasCardGrouping(groups[first...last].map(\.count))
                {
                    found = last
                }
            }
            if let last = found {
                let range = groups[first].lowerBound..<groups[last].upperBound
                candidates.append(Candidate(match: range, secret: range))
                first = last + 1
            } else {
                first += 1
            }
        }
    }
}
