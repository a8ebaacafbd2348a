import VeilScreen

/// Layer 2: regions a rules file declares, by rectangle or label.
extension DetectionRun {
    mutating func declaredRegions(in text: ScreenText) {
        for region in rules.regions {
            switch region.anchor {
            case let .rectangle(row, col, width, height):
                let rows = max(row, 0)..<min(row + height, screen.rows)
                let cols = max(col, 0)..<min(col + width, screen.cols)
                guard !rows.isEmpty, !cols.isEmpty else {
                    dropped.append(
                        DroppedCandidate(
                            ruleID: region.id, location: .screen, spans: [],
                            reason: "rectangle lies outside the \(screen.cols)x\(screen.rows) screen"))
                    continue
                }
                var spans: [CellSpan] = []
                for r in rows {
                    var first = cols.lowerBound
                    var last = cols.upperBound - 1
                    if screen[r, first].width == 0 && first > 0 { first -= 1 }
                    if screen[r, last].width == 2 && last + 1 < screen.cols { last += 1 }
                    spans.append(CellSpan(row: r, col: first, width: last - first + 1))
                }
                let content = cellText(spans)
                findings.append(
                    Finding(
                        ruleID: region.id, category: region.category, severity: region.severity, source: .region,
                        location: .screen, spans: spans, style: region.style, matchText: content, secretText: content))
                findingRanks.append(-1)
            case let .label(label, width):
                labelRegion(region, label: label, width: width, in: text)
            }
        }
    }

    mutating func labelRegion(_ region: DeclaredRegion, label: String, width: Int?, in text: ScreenText) {
        let needle = Array(label.lowercased().utf8)
        guard !needle.isEmpty else { return }
        text.bytes.withUnsafeBufferPointer { all in
            for line in text.lines {
                let buf = UnsafeBufferPointer(rebasing: all[line.range])
                var i = 0
                while i + needle.count <= buf.count {
                    guard buf.matchesLowercase(needle, at: i) else { i += 1; continue }
                    let labelEnd = i + needle.count
                    let start = buf.skippingWhitespace(from: labelEnd)
                    var spans: [CellSpan] = []
                    var secret = start..<start
                    if let width {
                        // A fixed field: `width` cells from the value (or right after the label).
                        let anchorByte = start < buf.count ? start : labelEnd - 1
                        let cell = text.cellIndex(ofByte: line.range.lowerBound + anchorByte)
                        let row = cell / screen.cols
                        var col = cell % screen.cols
                        if start >= buf.count { col += screen[row, col].width == 2 ? 2 : 1 }
                        let end = min(screen.cols, col + width)
                        if end > col { spans = [CellSpan(row: row, col: col, width: end - col)] }
                        var j = start
                        while j < buf.count
                            && text.cellIndex(ofByte: line.range.lowerBound + j) < row * screen.cols + end
                        { j += 1 }
                        secret = start..<j
                    } else {
                        var j = start
                        while j < buf.count
                            && !(buf.whitespaceLength(at: j) > 0
                                && buf.whitespaceLength(at: j + buf.whitespaceLength(at: j)) > 0)
                        {
                            j += 1
                        }
                        while j > start && buf.whitespaceLength(at: j - 1) > 0 { j -= 1 }
                        secret = start..<j
                        spans = text.cellSpans(for: (line.range.lowerBound + start)..<(line.range.lowerBound + j))
                    }
                    i = max(labelEnd, secret.upperBound)
                    guard !spans.isEmpty else { continue }
                    let secretText = text.string(
                        (line.range.lowerBound + secret.lowerBound)..<(line.range.lowerBound + secret.upperBound))
                    let matchText = label + secretText
                    var budget = regexBudget
                    // An allowlist regex that runs out of budget allows nothing: the region's
                    // finding stays, hidden (fail closed).
                    let verdict = rules.allowlists.firstAllowing(
                        secret: secretText, match: matchText, line: { text.string(line.range) }, budget: &budget)
                    regexBudget = budget
                    if let allowlist = verdict.allowlist {
                        dropped.append(
                            DroppedCandidate(
                                ruleID: region.id, location: .screen, spans: spans,
                                reason: "allowlisted (\(allowlist.description))"))
                        continue
                    }
                    findings.append(
                        Finding(
                            ruleID: region.id, category: region.category, severity: region.severity, source: .region,
                            location: .screen, spans: spans, style: region.style, matchText: matchText,
                            secretText: secretText))
                    findingRanks.append(-1)
                }
            }
        }
    }
}
