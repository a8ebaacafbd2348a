import VeilScreen

extension RuleSet {
    /// The time all regular expressions together may run on one screen (grid and title);
    /// lines left unscanned when it runs out are hidden (see ``regexLineBudgetMilliseconds``).
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
    /// For each finding, the index of its rule (-1 for app marks and regions).
    var findingRanks: [Int] = []
    /// The regex time left on this screen.
    var regexBudget = RegexBudget()

    init(rules: RuleSet, screen: Screen) {
        self.rules = rules
        self.screen = screen
    }

    mutating func run() throws {
        let text = ScreenText(screen: screen)
        appMarkedCells(in: text)
        declaredRegions(in: text)
        try scanRules(in: text, location: .screen)
        if rules.scansTitle && !screen.title.isEmpty {
            try scanRules(in: ScreenText(title: screen.title), location: .title)
        }
        removeCoveredFindings()
    }

    // MARK: Layers 2–3: rules (layer 1 and regions: DetectionRun+AppMarks, +Regions)

    mutating func scanRules(in text: ScreenText, location: Finding.Location) throws {
        let index = rules.index
        var present = [UInt64](repeating: 0, count: index.keywordWords)
        var candidates: [Candidate] = []
        try text.bytes.withUnsafeBufferPointer { all in
            var previous = UnsafeBufferPointer(rebasing: all[0..<0])
            for (lineNumber, line) in text.lines.enumerated() {
                let buf = UnsafeBufferPointer(rebasing: all[line.range])
                defer { previous = buf }
                guard !buf.isEmpty else { continue }
                for k in present.indices { present[k] = 0 }
                index.mark(buf, bits: &present)
                let digitRuns = DigitRuns(buf)
                // Indices, not values: nothing of a rule is copied unless its keywords pass
                // and, for a built-in detector, unless it finds a candidate.
                for ruleIndex in index.entries.indices where index.runs(ruleIndex, bits: present) {
                    candidates.removeAll(keepingCapacity: true)
                    if let detector = index.builtIn[ruleIndex] {
                        if detector.mayMatch(digitRuns) { detector.scan(buf, previous: previous, into: &candidates) }
                    } else {
                        let entry = index.entries[ruleIndex]
                        switch entry.matcher {
                        case .builtIn: break
                        case let .pattern(pattern):
                            guard RegexScan.candidates(pattern, line: buf, budget: &regexBudget, into: &candidates) else {
                                hideUnscanned(line, ruleIndex: ruleIndex, text: text, location: location)
                                continue
                            }
                        case let .custom(detector):
                            try RegexScan.candidates(detector, ruleID: entry.id, line: buf, into: &candidates)
                        }
                    }
                    if candidates.isEmpty { continue }
                    let rule = rules.rules[ruleIndex]
                    let context = index.entries[ruleIndex].context
                    for candidate in candidates {
                        evaluate(candidate, rule: rule, rank: ruleIndex, context: context, line: buf,
                                 previous: previous, text: text, lineNumber: lineNumber, location: location)
                    }
                }
            }
        }
    }

    /// Runs a candidate through validators, entropy, context words and allowlists, and
    /// records it as a finding or as dropped.
    mutating func evaluate(
        _ candidate: Candidate, rule: Rule, rank: Int, context: [[UInt8]], line: UTF8Line, previous: UTF8Line,
        text: ScreenText, lineNumber: Int, location: Finding.Location
    ) {
        let base = text.lines[lineNumber].range.lowerBound
        let spans = text.cellSpans(for: (base + candidate.secret.lowerBound)..<(base + candidate.secret.upperBound))
        func drop(_ reason: String) {
            dropped.append(DroppedCandidate(ruleID: rule.id, location: location, spans: spans, reason: reason))
        }
        // Inside a block finding of an earlier rule: the overlap pass would drop it anyway
        // (see `removeCoveredFindings`), so skip the validators and allowlists.
        if !candidate.continuesToEndMarker, let cover = earlierBlockFinding(covering: spans, location: location, rank: rank) {
            return drop("covered by \(cover)")
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
            hasContext = context.contains { line.containsLowercase($0) || previous.containsLowercase($0) }
        }
        if needsContext && !hasContext { return drop("no context word nearby") }
        let match = String(decoding: UnsafeBufferPointer(rebasing: line[candidate.match]), as: UTF8.self)
        let lineText = { String(decoding: line, as: UTF8.self) }
        let allows = { (list: Allowlist) in list.allows(secret: secret, match: match, line: lineText) }
        if let allowlist = rule.allowlists.first(where: allows) ?? rules.allowlists.first(where: allows) {
            return drop("allowlisted" + (allowlist.description.isEmpty ? "" : " (\(allowlist.description))"))
        }
        let severity = hasContext ? (rule.contextSeverity ?? rule.severity) : rule.severity
        var findingSpans = spans
        var matchText = match
        var secretText = secret
        if candidate.continuesToEndMarker && location == .screen {
            (findingSpans, matchText) = privateKeyBlock(from: base + candidate.secret.lowerBound, lineNumber: lineNumber, text: text)
            secretText = matchText
        } else if candidate.continuesToEndMarker && location == .text {
            (findingSpans, matchText) = textPrivateKeyBlock(from: base + candidate.secret.lowerBound, lineNumber: lineNumber, text: text)
            secretText = matchText
        }
        findings.append(Finding(
            ruleID: rule.id, category: rule.category, severity: severity, source: .rule, location: location,
            spans: findingSpans, style: rule.style, matchText: matchText, secretText: secretText))
        findingRanks.append(rank)
    }

    /// The id of a block finding of an earlier rule that covers `spans`, if any.
    private func earlierBlockFinding(covering spans: [CellSpan], location: Finding.Location, rank: Int) -> String? {
        for (finding, findingRank) in zip(findings, findingRanks)
        where findingRank >= 0 && findingRank < rank && finding.severity == .block && finding.location == location
            && finding.covers(spans) {
            return finding.ruleID
        }
        return nil
    }

    /// The cells of a private key block: from the header to the end of its row, whole rows
    /// below it, and the END line up to its marker; or whole rows down to the bottom.
    func privateKeyBlock(from start: Int, lineNumber: Int, text: ScreenText) -> ([CellSpan], String) {
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
}
