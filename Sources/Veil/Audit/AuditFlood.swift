/// The findings of one rule in one input past the flood threshold
/// (``AuditReportOptions/groupAbove``), which the `text` and `sarif` reports give as one
/// group: how many, the first and the last, a sample masked.
///
/// Grouping is presentation only: each value is still a finding of its own in the report
/// (JSON lists them all, and says which were grouped in `floods`), the baseline still
/// suppresses value by value, and a flood fails the audit when one of its findings does.
public struct AuditFlood: Sendable, Hashable {
    /// The input's path.
    public var inputPath: String
    /// The rule's id.
    public var ruleID: String
    /// Its findings, in report order (more than the threshold).
    public var findings: [AuditFinding]

    /// The first finding (the sample).
    public var first: AuditFinding { findings[0] }
    /// The last finding.
    public var last: AuditFinding { findings[findings.count - 1] }
    /// Every place of every value.
    public var places: Int { findings.reduce(0) { $0 + $1.placeCount } }
    /// Whether one of its findings fails the audit.
    public var fails: Bool { findings.contains(where: \.fails) }
    /// Whether every one of its findings is suppressed.
    public var isSuppressed: Bool { findings.allSatisfy(\.isSuppressed) }

    /// `2,817 values of generic.entropy (a flood, at 2,901 places): the first at PATH:L:C,
    /// the last at PATH:L:C; the first ••••`.
    public var message: String {
        var text = "\(findings.count) values of \(ruleID) (a flood, at \(places) places): the first at "
        text += "\(first.location), the last at \(last.location)"
        if let masked = first.masked { text += "; the first \(masked.text)" }
        return text
    }

    /// The floods among `findings` (rules with more than `threshold` findings in one input;
    /// 0: none), in order of their first finding, and the findings left, in order.
    /// Findings without a rule's value (life-cycle, configuration) are never grouped.
    public static func group(_ findings: [AuditFinding], above threshold: Int) -> (
        kept: [AuditFinding], floods: [AuditFlood]
    ) {
        guard threshold > 0, findings.count > threshold else { return (findings, []) }
        struct Key: Hashable {
            var input: String
            var rule: String
        }
        func groupable(_ finding: AuditFinding) -> Bool { !finding.category.alwaysBlocks }
        var counts: [Key: Int] = [:]
        for finding in findings where groupable(finding) {
            counts[Key(input: finding.inputPath, rule: finding.ruleID), default: 0] += 1
        }
        guard counts.values.contains(where: { $0 > threshold }) else { return (findings, []) }
        var kept: [AuditFinding] = []
        var groups: [Key: [AuditFinding]] = [:]
        var order: [Key] = []
        for finding in findings {
            let key = Key(input: finding.inputPath, rule: finding.ruleID)
            guard groupable(finding), (counts[key] ?? 0) > threshold else {
                kept.append(finding)
                continue
            }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(finding)
        }
        return (
            kept,
            order.map { AuditFlood(inputPath: $0.input, ruleID: $0.rule, findings: groups[$0] ?? []) }
        )
    }
}
