extension Finding {
    /// The same finding with its spans `rows` rows higher (`rows` may be negative): for a
    /// finding made on lines stacked into a larger screen, where its group starts at `rows`.
    public func movedUp(by rows: Int) -> Finding {
        guard location == .screen, rows != 0 else { return self }
        return Finding(
            ruleID: ruleID, category: category, severity: severity, source: source, location: location,
            spans: spans.map { CellSpan(row: $0.row - rows, col: $0.col, width: $0.width) }, style: style,
            matchText: matchText, secretText: secretText)
    }
}

extension Finding {
    /// The same finding (rule, value, fingerprint) on the screen cells `spans`: the part of
    /// its value a moment showed before the value was complete (a card number typed key by
    /// key, judged at a moment half-way).
    public func placed(at spans: [CellSpan]) -> Finding {
        Finding(
            ruleID: ruleID, category: category, severity: severity, source: source, location: .screen,
            spans: spans, style: style, matchText: matchText, secretText: secretText)
    }
}

extension Finding {
    /// Whether the finding's value holds `part`, spaces and line breaks ignored on both sides:
    /// which value a part drawn on screen belongs to (``placed(at:)``).
    public func valueHolds(_ part: String) -> Bool {
        let part = part.filter { !$0.isWhitespace }
        return secretText.filter { !$0.isWhitespace }.contains(part)
    }
}

extension Finding {
    /// Whether this finding is `earlier`'s value grown longer: the same rule, and `earlier`'s
    /// value a proper prefix of this one's (a value typed key by key, judged at each key).
    public func extends(_ earlier: Finding) -> Bool {
        ruleID == earlier.ruleID && secretText.count > earlier.secretText.count
            && secretText.hasPrefix(earlier.secretText)
    }
}
