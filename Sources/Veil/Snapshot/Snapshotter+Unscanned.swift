import VeilRedaction

extension Snapshotter.Outcome {
    /// One message per rule whose regular expression (or allowlist regex) ran out of its regex
    /// budget on this screen (``RuleSet/regexScreenBudgetSteps``): the rows (or title) it left unscanned, which
    /// the snapshot hides whole, naming the rule's place in its rules file. Empty when every
    /// rule finished.
    public func unscannedWarnings(rules: RuleSet) -> [String] {
        var rowsByRule: [(rule: String, rows: Set<Int>, title: Bool)] = []
        for finding in findings where finding.source == .timedOut {
            let index =
                rowsByRule.firstIndex { $0.rule == finding.ruleID }
                ?? {
                    rowsByRule.append((finding.ruleID, [], false))
                    return rowsByRule.count - 1
                }()
            if finding.location == .title {
                rowsByRule[index].title = true
            } else {
                rowsByRule[index].rows.formUnion(finding.spans.map(\.row))
            }
        }
        return rowsByRule.map { entry in
            var places: [String] = []
            if !entry.rows.isEmpty {
                let rows = entry.rows.sorted()
                places.append((rows.count == 1 ? "row " : "rows ") + Self.ranges(rows))
            }
            if entry.title { places.append("the window title") }
            let position = rules.rules.first { $0.id == entry.rule }?.position.map { " (\($0))" } ?? ""
            return "rule '\(entry.rule)'\(position) ran out of its regex budget "
                + "(\(RuleSet.regexLineBudgetSteps) ICU steps a line, "
                + "\(RuleSet.regexScreenBudgetSteps) a screen, \(RuleSet.regexInputBudgetSteps) an input): "
                + "\(places.joined(separator: " and ")) hidden unscanned"
        }
    }

    /// `0–3, 7` for [0, 1, 2, 3, 7].
    static func ranges(_ sorted: [Int]) -> String {
        var parts: [String] = []
        var start = sorted[0], end = sorted[0]
        for value in sorted.dropFirst() {
            if value == end + 1 { end = value; continue }
            parts.append(start == end ? "\(start)" : "\(start)–\(end)")
            start = value
            end = value
        }
        parts.append(start == end ? "\(start)" : "\(start)–\(end)")
        return parts.joined(separator: ", ")
    }
}
