import VeilScreen

extension RuleSet {
    /// The time a rule's regular expression may run on one screen before detection fails.
    public static let regexBudgetMilliseconds = 250

    /// Everything sensitive on `screen` (app-marked cells, declared regions, rule matches
    /// on the grid and in the title) minus allowlists.
    /// - Throws: ``DetectionError`` when a custom detector fails or a regex runs too long.
    public func findings(in screen: Screen) throws -> [Finding] {
        try detect(in: screen).findings
    }

    /// Findings plus the candidates that were dropped and why.
    /// - Throws: ``DetectionError``.
    public func detect(in screen: Screen) throws -> Detection {
        var run = DetectionRun(rules: self, screen: screen)
        try run.run()
        return Detection(findings: run.findings, dropped: run.dropped)
    }
}

/// One detection pass over one screen.
struct DetectionRun {
    let rules: RuleSet
    let screen: Screen
    var findings: [Finding] = []
    var dropped: [DroppedCandidate] = []

    init(rules: RuleSet, screen: Screen) {
        self.rules = rules
        self.screen = screen
    }

    mutating func run() throws {
        let text = ScreenText(screen: screen)
        appMarkedCells()
        declaredRegions(in: text)
        try scanRules(in: text, location: .screen)
        if rules.scansTitle && !screen.title.isEmpty {
            try scanRules(in: ScreenText(title: screen.title), location: .title)
        }
        removeCoveredFindings()
    }

    // MARK: Layer 1: cells the app marked

    private mutating func appMarkedCells() {
        struct Group {
            var index: UInt16
            var spans: [CellSpan]
        }
        guard screen.cells.contains(where: { $0.sensitiveIndex != 0 }) else { return }
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
                if let g = open.first(where: { groups[$0].index == index && groups[$0].spans.last?.columns == span.columns }) {
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
            let reason = Int(group.index) < screen.sensitiveReasons.count ? screen.sensitiveReasons[Int(group.index)] : ""
            let content = cellText(group.spans)
            findings.append(Finding(
                ruleID: "app.marked", category: .secret, severity: .block, source: .appMarked(reason: reason),
                location: .screen, spans: group.spans, style: nil, matchText: content, secretText: content))
        }
    }

    /// The text of cells, rows joined by newlines.
    private func cellText(_ spans: [CellSpan]) -> String {
        spans.map { span in
            (span.col..<min(screen.cols, span.col + span.width)).map { screen.text(row: span.row, col: $0) }.joined()
        }.joined(separator: "\n")
    }

    // MARK: Layer 2: declared regions

    private mutating func declaredRegions(in text: ScreenText) {
        for region in rules.regions {
            switch region.anchor {
            case let .rectangle(row, col, width, height):
                let rows = max(row, 0)..<min(row + height, screen.rows)
                let cols = max(col, 0)..<min(col + width, screen.cols)
                guard !rows.isEmpty, !cols.isEmpty else {
                    dropped.append(DroppedCandidate(ruleID: region.id, location: .screen, spans: [],
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
                findings.append(Finding(
                    ruleID: region.id, category: region.category, severity: region.severity, source: .region,
                    location: .screen, spans: spans, style: region.style, matchText: content, secretText: content))
            case let .label(label, width):
                labelRegion(region, label: label, width: width, in: text)
            }
        }
    }

    private mutating func labelRegion(_ region: DeclaredRegion, label: String, width: Int?, in text: ScreenText) {
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
                        while j < buf.count && text.cellIndex(ofByte: line.range.lowerBound + j) < row * screen.cols + end { j += 1 }
                        secret = start..<j
                    } else {
                        var j = start
                        while j < buf.count && !(buf.whitespaceLength(at: j) > 0
                                                 && buf.whitespaceLength(at: j + buf.whitespaceLength(at: j)) > 0) {
                            j += 1
                        }
                        while j > start && buf.whitespaceLength(at: j - 1) > 0 { j -= 1 }
                        secret = start..<j
                        spans = text.cellSpans(for: (line.range.lowerBound + start)..<(line.range.lowerBound + j))
                    }
                    i = max(labelEnd, secret.upperBound)
                    guard !spans.isEmpty else { continue }
                    let secretText = text.string((line.range.lowerBound + secret.lowerBound)..<(line.range.lowerBound + secret.upperBound))
                    let matchText = label + secretText
                    if let allowlist = rules.allowlists.first(where: {
                        $0.allows(secret: secretText, match: matchText, line: { text.string(line.range) })
                    }) {
                        dropped.append(DroppedCandidate(ruleID: region.id, location: .screen, spans: spans,
                                                        reason: "allowlisted (\(allowlist.description))"))
                        continue
                    }
                    findings.append(Finding(
                        ruleID: region.id, category: region.category, severity: region.severity, source: .region,
                        location: .screen, spans: spans, style: region.style, matchText: matchText, secretText: secretText))
                }
            }
        }
    }

    // MARK: Layers 2–3: rules

    private mutating func scanRules(in text: ScreenText, location: Finding.Location) throws {
        let index = rules.index
        var present = [Bool](repeating: false, count: index.keywordCount)
        var candidates: [Candidate] = []
        try text.bytes.withUnsafeBufferPointer { all in
            var previous = UnsafeBufferPointer(rebasing: all[0..<0])
            for (lineNumber, line) in text.lines.enumerated() {
                let buf = UnsafeBufferPointer(rebasing: all[line.range])
                defer { previous = buf }
                guard !buf.isEmpty else { continue }
                for k in present.indices { present[k] = false }
                index.mark(buf, present: &present)
                for (ruleIndex, entry) in index.entries.enumerated() where entry.isEnabled {
                    let keywords = index.ruleKeywords[ruleIndex]
                    if !keywords.isEmpty && !keywords.contains(where: { present[$0] }) { continue }
                    candidates.removeAll(keepingCapacity: true)
                    switch entry.matcher {
                    case let .builtIn(detector):
                        detector.scanner.scan(buf, previous: previous, into: &candidates)
                    case let .pattern(pattern):
                        try RegexScan.candidates(pattern, ruleID: entry.id, line: buf, into: &candidates)
                    case let .custom(detector):
                        try RegexScan.candidates(detector, ruleID: entry.id, line: buf, into: &candidates)
                    }
                    if candidates.isEmpty { continue }
                    let rule = rules.rules[ruleIndex]
                    for candidate in candidates {
                        evaluate(candidate, rule: rule, line: buf, previous: previous, text: text,
                                 lineNumber: lineNumber, location: location)
                    }
                }
            }
        }
    }

    private mutating func evaluate(
        _ candidate: Candidate, rule: Rule, line: UTF8Line, previous: UTF8Line, text: ScreenText,
        lineNumber: Int, location: Finding.Location
    ) {
        let base = text.lines[lineNumber].range.lowerBound
        func spans() -> [CellSpan] {
            text.cellSpans(for: (base + candidate.secret.lowerBound)..<(base + candidate.secret.upperBound))
        }
        func drop(_ reason: String) {
            dropped.append(DroppedCandidate(ruleID: rule.id, location: location, spans: spans(), reason: reason))
        }
        let secret = String(decoding: UnsafeBufferPointer(rebasing: line[candidate.secret]), as: UTF8.self)
        var needsContext = candidate.needsContext || rule.requiresContextAlways
        for validator in rule.validators {
            switch validator.verdict(secret) {
            case .valid: break
            case .validWithContext: needsContext = true
            case let .invalid(reason): return drop("\(validator.rawValue): \(reason)")
            }
        }
        if let threshold = rule.entropy {
            let bits = ShannonEntropy.bits(secret)
            guard bits > threshold else {
                return drop("entropy \(String(format: "%.2f", bits)) ≤ \(threshold)")
            }
        }
        var hasContext = false
        if needsContext || rule.contextSeverity != nil {
            hasContext = rule.context.contains { word in
                let bytes = Array(word.lowercased().utf8)
                return line.containsLowercase(bytes) || previous.containsLowercase(bytes)
            }
        }
        if needsContext && !hasContext { return drop("no context word nearby") }
        let match = String(decoding: UnsafeBufferPointer(rebasing: line[candidate.match]), as: UTF8.self)
        let lineText = { String(decoding: line, as: UTF8.self) }
        if let allowlist = (rule.allowlists + rules.allowlists).first(where: {
            $0.allows(secret: secret, match: match, line: lineText)
        }) {
            return drop("allowlisted" + (allowlist.description.isEmpty ? "" : " (\(allowlist.description))"))
        }
        let severity = hasContext ? (rule.contextSeverity ?? rule.severity) : rule.severity
        var findingSpans = spans()
        var matchText = match
        var secretText = secret
        if candidate.continuesToEndMarker && location == .screen {
            (findingSpans, matchText) = privateKeyBlock(from: base + candidate.secret.lowerBound, lineNumber: lineNumber, text: text)
            secretText = matchText
        }
        findings.append(Finding(
            ruleID: rule.id, category: rule.category, severity: severity, source: .rule, location: location,
            spans: findingSpans, style: rule.style, matchText: matchText, secretText: secretText))
    }

    /// The cells of a private key block: from the header to the end of its row, whole rows
    /// below it, and the END line up to its marker; or whole rows down to the bottom.
    private func privateKeyBlock(from start: Int, lineNumber: Int, text: ScreenText) -> ([CellSpan], String) {
        let cols = screen.cols
        let headerLine = text.lines[lineNumber]
        let startCell = text.cellIndex(ofByte: start)
        var spans = [CellSpan(row: startCell / cols, col: startCell % cols, width: cols - startCell % cols)]
        for row in (startCell / cols + 1)..<(headerLine.lastRow + 1) {
            spans.append(CellSpan(row: row, col: 0, width: cols))
        }
        var content = [text.string(start..<headerLine.range.upperBound)]
        text.bytes.withUnsafeBufferPointer { all in
            for line in text.lines[(lineNumber + 1)...] {
                let buf = UnsafeBufferPointer(rebasing: all[line.range])
                if let end = PrivateKeyScanner.endMarkerEnd(buf) {
                    let endSpans = text.cellSpans(for: line.range.lowerBound..<(line.range.lowerBound + end))
                    for row in line.firstRow...line.lastRow where row < endSpans.last?.row ?? line.firstRow {
                        spans.append(CellSpan(row: row, col: 0, width: cols))
                    }
                    if let last = endSpans.last { spans.append(CellSpan(row: last.row, col: 0, width: last.col + last.width)) }
                    content.append(text.string(line.range.lowerBound..<(line.range.lowerBound + end)))
                    return
                }
                for row in line.firstRow...line.lastRow { spans.append(CellSpan(row: row, col: 0, width: cols)) }
                content.append(text.string(line.range))
            }
        }
        return (spans, content.joined(separator: "\n"))
    }

    // MARK: Overlaps

    /// Drops a rule finding wholly covered by another that is more severe, or as severe and
    /// larger, or as severe, as large and from an earlier rule.
    private mutating func removeCoveredFindings() {
        let order = Dictionary(rules.rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        func rank(_ finding: Finding) -> Int { order[finding.ruleID] ?? -1 }
        var kept: [Finding] = []
        for (i, finding) in findings.enumerated() {
            guard finding.source == .rule else { kept.append(finding); continue }
            let winner = findings.enumerated().first { j, other in
                guard j != i, other.source == .rule, other.covers(finding) else { return false }
                if other.severity != finding.severity { return other.severity > finding.severity }
                if other.cellCount != finding.cellCount { return other.cellCount > finding.cellCount }
                return rank(other) < rank(finding) || (rank(other) == rank(finding) && j < i)
            }
            if let winner {
                dropped.append(DroppedCandidate(ruleID: finding.ruleID, location: finding.location, spans: finding.spans,
                                                reason: "covered by \(winner.element.ruleID)"))
            } else {
                kept.append(finding)
            }
        }
        findings = kept.sorted { a, b in
            if a.location != b.location { return a.location == .screen }
            let (sa, sb) = (a.spans.first, b.spans.first)
            if sa != sb, let sa, let sb { return sa < sb }
            return rank(a) < rank(b)
        }
    }
}
