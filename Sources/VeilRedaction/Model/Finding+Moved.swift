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
