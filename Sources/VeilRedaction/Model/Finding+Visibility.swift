import VeilScreen

extension Finding {
    /// Whether the finding shows on `screen` as the app left it: never for the app's own
    /// marks; always for a title finding; for the grid, when at least one of its cells is
    /// one the app did not mark sensitive. The one visibility test of snapshots, captures,
    /// scenarios and recordings.
    public func isVisible(on screen: Screen) -> Bool {
        if case .appMarked = source { return false }
        if location == .title { return true }
        return spans.contains { span in
            span.row < screen.rows
                && span.columns.contains { col in
                    col < screen.cols && !screen[span.row, col].isSensitive
                }
        }
    }
}

extension RedactionPlan {
    /// The number of distinct hidden spans (grid and title): a span hidden by several
    /// findings (an app mark and a detector on the same cells) counts once, and the privacy
    /// cover counts as one. What `veil snap`, `veil run` and `veil audit` report as `hidden`.
    public var hiddenSpanCount: Int {
        if coversEverything { return 1 }
        func distinct(_ entries: [Entry]) -> Int { Set(entries.map { [$0.row, $0.col, $0.width] }).count }
        return distinct(entries) + distinct(titleEntries)
    }
}
