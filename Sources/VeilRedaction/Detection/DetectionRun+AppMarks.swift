import VeilScreen

/// Layer 1: cells the app marked sensitive are always findings.
extension DetectionRun {
    /// Groups the marked cells of the screen; `text` says whether there are any (it saw
    /// every cell), so a screen without marks costs nothing here.
    mutating func appMarkedCells(in text: ScreenText) {
        struct Group {
            var index: UInt16
            var spans: [CellSpan]
        }
        guard text.hasMarkedCells else { return }
        var groups: [Group] = []
        var open: [Int] = []  // groups whose last span is on the previous row
        for row in 0..<screen.rows {
            var nextOpen: [Int] = []
            var col = 0
            while col < screen.cols {
                let index = screen[row, col].sensitiveIndex
                guard index != 0 else { col += 1; continue }
                var start = col
                while col < screen.cols && screen[row, col].sensitiveIndex == index { col += 1 }
                if screen[row, start].width == 0 && start > 0 { start -= 1 }
                if screen[row, col - 1].width == 2 && col < screen.cols { col += 1 }
                let span = CellSpan(row: row, col: start, width: col - start)
                if let g = open.first(where: {
                    groups[$0].index == index && groups[$0].spans.last?.columns == span.columns
                }) {
                    groups[g].spans.append(span)
                    nextOpen.append(g)
                } else {
                    groups.append(Group(index: index, spans: [span]))
                    nextOpen.append(groups.count - 1)
                }
            }
            open = nextOpen
        }
        for group in groups {
            let reason =
                Int(group.index) < screen.sensitiveReasons.count ? screen.sensitiveReasons[Int(group.index)] : ""
            let content = cellText(group.spans)
            findings.append(
                Finding(
                    ruleID: "app.marked", category: .secret, severity: .block, source: .appMarked(reason: reason),
                    location: .screen, spans: group.spans, style: nil, matchText: content, secretText: content))
            findingRanks.append(-1)
        }
    }

    /// The text of cells, rows joined by newlines.
    func cellText(_ spans: [CellSpan]) -> String {
        spans.map { span in
            (span.col..<min(screen.cols, span.col + span.width)).map { screen.text(row: span.row, col: $0) }.joined()
        }.joined(separator: "\n")
    }
}
