/// Human-readable listings of rules (what `veil rules list` and `show` print); every value
/// from a rules file is escaped with ``DisplayText``.
extension RuleSet {
    /// One line per rule and region: id, state, category, severity, how it matches, and
    /// its description; ending with a newline. Rules of one ``Rule/group`` are listed
    /// together under a line naming it (`[GitHub]`), groups in the order they first appear,
    /// rules without a group first.
    public func catalog() -> String {
        var rows: [[String]] = [["ID", "STATE", "CATEGORY", "SEVERITY", "MATCHES", "DESCRIPTION"]]
        var headings: [Int: String] = [:]
        var groups: [String] = []
        for rule in rules where !groups.contains(rule.group) { groups.append(rule.group) }
        groups.sort { $0.isEmpty && !$1.isEmpty }
        for group in groups {
            if !group.isEmpty { headings[rows.count] = "[" + DisplayText.escaped(group) + "]" }
            for rule in rules where rule.group == group {
                rows.append(
                    [
                        rule.id, rule.isEnabled ? "on" : "off", rule.category.rawValue, rule.severity.rawValue,
                        rule.matcherSummary, rule.description,
                    ].map { DisplayText.escaped($0) })
            }
        }
        if !regions.isEmpty && groups.contains(where: { !$0.isEmpty }) { headings[rows.count] = "[regions]" }
        for region in regions {
            rows.append(
                [
                    region.id, "on", region.category.rawValue, region.severity.rawValue,
                    region.anchorSummary, region.description,
                ].map { DisplayText.escaped($0) })
        }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.enumerated().map { index, row in
            let line =
                (0..<5).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) }
                .joined(separator: "  ") + "  " + row[5]
            return (headings[index].map { "\n" + $0 + "\n" } ?? "") + line.trimmingTrailingSpaces() + "\n"
        }.joined()
    }
}

extension Rule {
    /// `detector card.pan`, `regex '…'` or `custom`.
    var matcherSummary: String {
        switch matcher {
        case let .builtIn(detector): "detector \(detector.rawValue)"
        case let .pattern(pattern):
            labels.isEmpty
                ? "regex" + (pattern.secretGroup == 0 ? "" : " (group \(pattern.secretGroup))")
                : "labelled value"
        case .custom: "custom"
        }
    }

    /// Every field of the rule, one per line, with its examples; ending with a newline.
    public func details() -> String {
        var lines = ["id: \(id)"]
        if !name.isEmpty { lines.append("name: \(name)") }
        if !description.isEmpty { lines.append("description: \(description)") }
        if !group.isEmpty { lines.append("group: \(group)") }
        lines.append("enabled: \(isEnabled)")
        lines.append("category: \(category.rawValue)")
        lines.append(
            "severity: \(severity.rawValue)"
                + (contextSeverity.map { " (\($0.rawValue) next to a context word)" } ?? ""))
        switch matcher {
        case let .builtIn(detector): lines.append("detector: \(detector.rawValue)")
        case let .pattern(pattern):
            if !labels.isEmpty { lines.append("label: \(labels.joined(separator: ", "))") }
            lines.append("regex: \(pattern.source)")
            if pattern.secretGroup != 0 { lines.append("secretGroup: \(pattern.secretGroup)") }
        case .custom: lines.append("detector: custom")
        }
        if !validators.isEmpty { lines.append("validate: \(validators.map(\.rawValue).joined(separator: ", "))") }
        if let entropy { lines.append("entropy: > \(entropy)") }
        if !keywords.isEmpty { lines.append("keywords: \(keywords.joined(separator: ", "))") }
        if !context.isEmpty { lines.append("context: \(context.joined(separator: ", "))") }
        if !tags.isEmpty { lines.append("tags: \(tags.joined(separator: ", "))") }
        if let style { lines.append("style: \(style.name)") }
        for allowlist in allowlists {
            var parts = ["allowlist:"]
            if !allowlist.description.isEmpty { parts.append(allowlist.description) }
            if !allowlist.regexes.isEmpty {
                parts.append(
                    "regexes on \(allowlist.regexTarget.rawValue) [\(allowlist.regexes.map(\.source).joined(separator: ", "))]"
                )
            }
            if !allowlist.stopwords.isEmpty {
                parts.append("stopwords [\(allowlist.stopwords.joined(separator: ", "))]")
            }
            if allowlist.regexes.count + allowlist.stopwords.count > 1 {
                parts.append("(\(allowlist.condition.rawValue))")
            }
            lines.append(parts.joined(separator: " "))
        }
        if let position { lines.append("defined at: \(position)") }
        if !examples.isEmpty {
            lines.append("examples (↓ marks what is hidden):")
            lines += examples.map { "  " + $0.source.replacingNewlines() }
        }
        if !negativeExamples.isEmpty {
            lines.append("negative examples:")
            lines += negativeExamples.map { "  " + $0.source.replacingNewlines() }
        }
        // Every field comes from a rules file: escaped, one line each (multi-line examples
        // were joined with ⏎ above).
        return lines.map { DisplayText.escaped($0) + "\n" }.joined()
    }
}

extension DeclaredRegion {
    /// Every field of the region, one per line (what `veil rules show` prints for a region's
    /// id); ending with a newline.
    public func details() -> String {
        var lines = ["id: \(id)", "kind: region"]
        if !description.isEmpty { lines.append("description: \(description)") }
        lines.append("category: \(category.rawValue)")
        lines.append("severity: \(severity.rawValue)")
        switch anchor {
        case let .rectangle(row, col, width, height):
            lines.append("rectangle: row \(row), col \(col), \(width)×\(height) cells (0-based)")
        case let .label(label, width):
            lines.append("label: \(label)")
            lines.append("width: \(width.map(String.init) ?? "up to two blanks in a row or the line's end")")
        }
        if let style { lines.append("style: \(style.name)") }
        return lines.map { DisplayText.escaped($0) + "\n" }.joined()
    }

    var anchorSummary: String {
        switch anchor {
        case let .rectangle(row, col, width, height): "rectangle \(row),\(col) \(width)x\(height)"
        case let .label(label, width): "label \"\(label)\"" + (width.map { " width \($0)" } ?? "")
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }

    /// Newlines shown as `⏎ ` so a multi-line example stays on one indented line.
    func replacingNewlines() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ⏎ ")
    }
}
