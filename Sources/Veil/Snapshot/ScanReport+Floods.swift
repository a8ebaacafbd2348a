import VeilRedaction

extension ScanReport {
    /// The default of `--group-above`: more values of one rule in one input than this are a
    /// flood, reported as one group (a page of text stays a page).
    public static let defaultGroupAbove = 50

    /// The values of one rule in a capture past the flood threshold, reported as one group:
    /// how many, the first and the last (in the order first seen), a sample masked.
    struct Flood {
        /// The rule's exposures, in the order first seen (at least 2).
        var exposures: [CaptureExposure]
        var ruleID: String { exposures[0].finding.ruleID }
        /// Every place of every value.
        var places: Int { exposures.reduce(0) { $0 + $1.placeCount } }
    }

    /// Splits `exposures`: the values of each rule with more than `threshold` of them (0:
    /// never) become one ``Flood``; the rest are kept, in order. A line hidden unscanned
    /// (the regex budget) is never grouped.
    static func floods(_ exposures: [CaptureExposure], above threshold: Int) -> (
        kept: [CaptureExposure], floods: [Flood]
    ) {
        guard threshold > 0, exposures.count > threshold else { return (exposures, []) }
        var counts: [String: Int] = [:]
        for exposure in exposures where exposure.finding.source != .timedOut {
            counts[exposure.finding.ruleID, default: 0] += 1
        }
        let flooded = Set(counts.filter { $0.value > threshold }.keys)
        guard !flooded.isEmpty else { return (exposures, []) }
        var kept: [CaptureExposure] = []
        var groups: [String: [CaptureExposure]] = [:]
        var order: [String] = []
        for exposure in exposures {
            let rule = exposure.finding.ruleID
            guard exposure.finding.source != .timedOut, flooded.contains(rule) else {
                kept.append(exposure)
                continue
            }
            if groups[rule] == nil { order.append(rule) }
            groups[rule, default: []].append(exposure)
        }
        return (kept, order.map { Flood(exposures: groups[$0] ?? []) })
    }
}
