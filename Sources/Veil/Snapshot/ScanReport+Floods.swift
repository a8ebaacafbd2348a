import VeilRedaction

extension ScanReport {
    /// The default of `--group-above`: more values of one rule in one input than this are a
    /// flood, reported as one group (a page of text stays a page).
    public static let defaultGroupAbove = 50

    /// The values of one rule in a capture past the flood threshold, reported as one group:
    /// how many, the first and the last (in the order first seen), a sample masked. It
    /// holds the two it shows and counts the rest (a flood of 36,000 values is not copied).
    struct Flood {
        /// The rule's first and last exposures, in the order first seen.
        var first: CaptureExposure
        var last: CaptureExposure
        /// How many values (at least 2).
        var count: Int
        /// Every place of every value.
        var places: Int
        var ruleID: String { first.finding.ruleID }
    }

    /// Splits `exposures`: the values of each rule with more than `threshold` of them (0:
    /// never) become one ``Flood``; the rest are kept, in order. A line hidden unscanned
    /// (the regex budget) is never grouped.
    static func floods(_ exposures: [CaptureExposure], above threshold: Int) -> (
        kept: [CaptureExposure], floods: [Flood]
    ) {
        guard threshold > 0, exposures.count > threshold else { return (exposures, []) }
        var counts: [String: Int] = [:]
        // By index: an exposure is a large value, and a loop variable would copy each.
        for index in exposures.indices where exposures[index].finding.source != .timedOut {
            counts[exposures[index].finding.ruleID, default: 0] += 1
        }
        let flooded = Set(counts.filter { $0.value > threshold }.keys)
        guard !flooded.isEmpty else { return (exposures, []) }
        var kept: [CaptureExposure] = []
        // Counted by index; only each flood's first and last exposures are copied.
        var groups: [(first: Int, last: Int, count: Int, places: Int)] = []
        var groupOfRule: [String: Int] = [:]
        for index in exposures.indices {
            let rule = exposures[index].finding.ruleID
            guard exposures[index].finding.source != .timedOut, flooded.contains(rule) else {
                kept.append(exposures[index])
                continue
            }
            let places = exposures[index].placeCount
            if let group = groupOfRule[rule] {
                groups[group].last = index
                groups[group].count += 1
                groups[group].places += places
            } else {
                groupOfRule[rule] = groups.count
                groups.append((index, index, 1, places))
            }
        }
        let floods = groups.map {
            Flood(first: exposures[$0.first], last: exposures[$0.last], count: $0.count, places: $0.places)
        }
        return (kept, floods)
    }
}
