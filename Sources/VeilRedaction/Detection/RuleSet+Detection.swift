import VeilScreen

extension RuleSet {
    /// The most pairs of findings on one screen that the covered-findings pass compares (each
    /// finding with the findings that contain its first cell): 2^24, under a second. Only
    /// findings piled on the same cells reach it (thousands of rules matching the same text);
    /// past it detection fails (``DetectionError/tooManyOverlaps(limit:)``) and the screen is
    /// covered whole, never shown.
    public static let maximumCoverChecks = 1 << 24

    /// Everything sensitive on `screen` (app-marked cells, declared regions, rule matches
    /// on the grid and in the title) minus allowlists. Regexes are charged to `allowance`
    /// (the input's regex budget; a fresh one when nil), see ``regexScreenBudgetSteps``.
    ///
    /// Every other occurrence of a value a rule found, on this screen or among `known`
    /// values (found in earlier frames), is a finding too: see ``KnownValues``.
    /// - Throws: ``DetectionError`` when a custom detector fails.
    public func findings(
        in screen: Screen, allowance: RegexAllowance? = nil, known: KnownValues = KnownValues()
    ) throws -> [Finding] {
        try detect(in: screen, allowance: allowance, known: known, contextRows: nil).findings
    }

    /// ``findings(in:allowance:known:)`` on a screen some of whose rows are only context:
    /// the line above lines being judged, there for the detectors that read the line above
    /// (a label such as `SSN` or `password`, a context word), not to be judged again.
    ///
    /// `contextRows` has one flag per row of `screen` (missing flags count as false; nil:
    /// no context row). A logical line (rows joined by soft wraps) whose rows are all
    /// context is not scanned: no rule runs on it and it holds no finding (no rule match,
    /// no app-marked cells, no repeat of a known value), but it is still the line above
    /// the line after it, exactly as when it is scanned. The findings are those of the call
    /// without `contextRows` minus the ones lying entirely on context rows (a finding that
    /// reaches a row that is not context, such as a private key block whose header is on a
    /// context line, is kept whole), with two exceptions: a value found only on a context
    /// line is not found, so its other occurrences are findings only when `known` holds it
    /// (a caller's context lines were judged before, so their values are known); and lines
    /// not scanned spend no regex budget. Declared regions ignore the flags.
    /// - Throws: ``DetectionError`` when a custom detector fails.
    public func findings(
        in screen: Screen, allowance: RegexAllowance? = nil, known: KnownValues = KnownValues(),
        contextRows: [Bool]?
    ) throws -> [Finding] {
        try detect(in: screen, allowance: allowance, known: known, contextRows: contextRows).findings
    }

    /// Findings plus the candidates that were dropped and why.
    /// - Throws: ``DetectionError``.
    public func detect(
        in screen: Screen, allowance: RegexAllowance? = nil, known: KnownValues = KnownValues()
    ) throws -> Detection {
        try detect(in: screen, allowance: allowance, known: known, contextRows: nil)
    }

    /// ``detect(in:allowance:known:)`` with context rows, as
    /// ``findings(in:allowance:known:contextRows:)`` (dropped candidates lying entirely on
    /// context rows are left out too).
    /// - Throws: ``DetectionError``.
    public func detect(
        in screen: Screen, allowance: RegexAllowance? = nil, known: KnownValues = KnownValues(),
        contextRows: [Bool]?
    ) throws -> Detection {
        var run = DetectionRun(rules: self, screen: screen, allowance: allowance ?? RegexAllowance())
        if let contextRows, contextRows.contains(true) { run.contextRows = contextRows }
        try run.run(known: known)
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
    /// The regex steps left on this screen and input.
    var regexBudget: RegexBudget
    /// The spans of the block findings of rules so far, by location and row, for
    /// ``earlierBlockFinding(covering:location:rank:)``.
    var blockSpans: [BlockSpanKey: BlockSpanRow] = [:]
    /// Pairs of findings compared by ``removeCoveredFindings()`` (tests check it stays near linear).
    var coverChecks = 0
    /// Past this many, detection fails (``RuleSet/maximumCoverChecks``; tests lower it).
    var coverCheckLimit = RuleSet.maximumCoverChecks
    /// For each row of the screen, whether it is only context (see
    /// ``RuleSet/findings(in:allowance:known:contextRows:)``); nil when none is.
    var contextRows: [Bool]?
    /// Whether ``addRepeats(of:in:location:)`` may take its shortcut for a few known values
    /// and none of this run's (tests compare both ways).
    var searchesKnownValuesFirst = true

    init(rules: RuleSet, screen: Screen, allowance: RegexAllowance) {
        self.rules = rules
        self.screen = screen
        self.regexBudget = RegexBudget(allowance: allowance)
    }

    mutating func run(known: KnownValues = KnownValues()) throws {
        let text = ScreenText(screen: screen)
        appMarkedCells(in: text)
        declaredRegions(in: text)
        let regionDropped = dropped.count
        try scanRules(in: text, location: .screen)
        let title = rules.scansTitle && !screen.title.isEmpty ? ScreenText(title: screen.title) : nil
        if let title { try scanRules(in: title, location: .title) }
        try removeCoveredFindings()
        // Layer 4: every other occurrence of a found value, on the grid and in the title.
        var added = addRepeats(of: known, in: text, location: .screen)
        if let title { added += addRepeats(of: known, in: title, location: .title) }
        if !added.isEmpty { sortFindings() }
        if contextRows != nil { leaveOutContextRows(regionDropped: regionDropped) }
    }

    /// Whether every row of `spans` (at least one) on the grid is one of `contextRows`.
    static func liesOnContextRows(_ spans: [CellSpan], location: Finding.Location, _ contextRows: [Bool]) -> Bool {
        guard location == .screen, !spans.isEmpty else { return false }
        return spans.allSatisfy { $0.row >= 0 && $0.row < contextRows.count && contextRows[$0.row] }
    }

    /// Drops the findings and dropped candidates lying entirely on context rows, except
    /// those of declared regions (the first `regionDropped` dropped candidates, and the
    /// findings whose source is a region).
    private mutating func leaveOutContextRows(regionDropped: Int) {
        guard let contextRows else { return }
        findings.removeAll {
            $0.source != .region && Self.liesOnContextRows($0.spans, location: $0.location, contextRows)
        }
        var index = 0
        dropped.removeAll { candidate in
            defer { index += 1 }
            return index >= regionDropped
                && Self.liesOnContextRows(candidate.spans, location: candidate.location, contextRows)
        }
    }

    /// Screen before title, then by first cell (the order ``removeCoveredFindings()`` leaves).
    mutating func sortFindings() {
        let order = findings.indices.sorted { a, b in
            let (x, y) = (findings[a], findings[b])
            if (x.location == .screen) != (y.location == .screen) { return x.location == .screen }
            if let sa = x.spans.first, let sb = y.spans.first, sa != sb { return sa < sb }
            return a < b
        }
        findings = order.map { findings[$0] }
    }

    // MARK: Layers 2–3: rules (layer 1 and regions: DetectionRun+AppMarks, +Regions)

    mutating func scanRules(in text: ScreenText, location: Finding.Location) throws {
        let index = rules.index
        try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: index.keywordWords + index.ruleWords) {
            scratch in
            scratch.initialize(repeating: 0)
            let present = UnsafeMutableBufferPointer(rebasing: scratch[0..<index.keywordWords])
            let selected = UnsafeMutableBufferPointer(rebasing: scratch[index.keywordWords...])
            try scanRules(in: text, location: location, index: index, present: present, selected: selected)
        }
    }

    /// ``scanRules(in:location:)`` with the keyword bit set of a line in `present` and the
    /// rules it selects in `selected`.
    private mutating func scanRules(
        in text: ScreenText, location: Finding.Location, index: KeywordIndex,
        present: UnsafeMutableBufferPointer<UInt64>, selected: UnsafeMutableBufferPointer<UInt64>
    ) throws {
        let bits = UnsafeBufferPointer(present)
        var marked = false
        var chosen = false
        var candidates: [Candidate] = []
        let contextRows = location == .screen ? self.contextRows : nil
        try text.bytes.withUnsafeBufferPointer { all in
            var previous = UnsafeBufferPointer(rebasing: all[0..<0])
            for (lineNumber, line) in text.lines.enumerated() {
                guard coverChecks <= coverCheckLimit else {
                    throw DetectionError.tooManyOverlaps(limit: coverCheckLimit)
                }
                let buf = UnsafeBufferPointer(rebasing: all[line.range])
                defer { previous = buf }
                guard !buf.isEmpty else { continue }
                if let contextRows, line.lastRow < contextRows.count,
                    contextRows[line.firstRow...line.lastRow].allSatisfy({ $0 })
                {
                    // Only context: scanned for the header of a private key block only (its
                    // body may be on the lines below), and still the line above the next.
                    guard !index.endMarkerRules.isEmpty, PrivateKeyScanner.mayHoldHeader(buf) else { continue }
                    if marked { for k in present.indices { present[k] = 0 } }
                    marked = index.mark(buf, bits: present)
                    let digitRuns = DigitRuns()
                    for ruleIndex in index.endMarkerRules where index.runs(ruleIndex, bits: bits) {
                        try scanRule(
                            ruleIndex, index: index, line: buf, previous: previous, digitRuns: digitRuns, text: text,
                            lineNumber: lineNumber, location: location, candidates: &candidates, onlyBlocks: true)
                    }
                    continue
                }
                if chosen { for k in selected.indices { selected[k] = 0 } }
                chosen = index.selectRules(buf, rules: selected)
                let digitRuns = DigitRuns(buf)
                // Indices, not values: nothing of a rule is copied unless its keywords pass
                // and, for a built-in detector, unless it finds a candidate. On a line without
                // any keyword, only the rules without keywords can run; on a line with some,
                // the rules of its keywords and those, in rule order.
                if chosen {
                    index.unconditionalBits.withUnsafeBufferPointer { always in
                        for w in selected.indices { selected[w] |= always[w] }
                    }
                    try selected.forEachSetBit { ruleIndex in
                        try scanRule(
                            ruleIndex, index: index, line: buf, previous: previous, digitRuns: digitRuns, text: text,
                            lineNumber: lineNumber, location: location, candidates: &candidates)
                    }
                } else if !(index.unconditionalAreGated && digitRuns.isQuiet) {
                    for ruleIndex in index.unconditional {
                        try scanRule(
                            ruleIndex, index: index, line: buf, previous: previous, digitRuns: digitRuns, text: text,
                            lineNumber: lineNumber, location: location, candidates: &candidates)
                    }
                }
            }
        }
    }

    /// Runs rule `ruleIndex` on one line and evaluates its candidates (with `onlyBlocks`,
    /// only those that continue on the lines below).
    @inline(__always)
    private mutating func scanRule(
        _ ruleIndex: Int, index: KeywordIndex, line buf: UTF8Line, previous: UTF8Line, digitRuns: DigitRuns,
        text: ScreenText, lineNumber: Int, location: Finding.Location, candidates: inout [Candidate],
        onlyBlocks: Bool = false
    ) throws {
        candidates.removeAll(keepingCapacity: true)
        if let detector = index.builtIn[ruleIndex] {
            guard detector.mayMatch(digitRuns) else { return }
            detector.scan(buf, previous: previous, into: &candidates)
        } else {
            let entry = index.entries[ruleIndex]
            switch entry.matcher {
            case .builtIn: break
            case let .pattern(pattern):
                guard RegexScan.candidates(pattern, line: buf, budget: &regexBudget, into: &candidates) else {
                    hideUnscanned(text.lines[lineNumber], ruleIndex: ruleIndex, text: text, location: location)
                    return
                }
            case let .custom(detector):
                try RegexScan.candidates(detector, ruleID: entry.id, line: buf, into: &candidates)
            }
        }
        if onlyBlocks { candidates.removeAll { !$0.continuesToEndMarker } }
        if candidates.isEmpty { return }
        let rule = rules.rules[ruleIndex]
        let context = index.entries[ruleIndex].context
        for candidate in candidates {
            evaluate(
                candidate, rule: rule, rank: ruleIndex, context: context, line: buf,
                previous: previous, text: text, lineNumber: lineNumber, location: location)
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
        func drop(_ reason: String, kind: DroppedCandidate.Kind = .rejected) {
            dropped.append(
                DroppedCandidate(ruleID: rule.id, location: location, spans: spans, reason: reason, kind: kind))
        }
        // A hidden value reads as blanks, so a label followed by one would take the next word
        // for its value (`TOKEN=` + hidden cells + `okay`): a match that reaches its value
        // across a cell shown hidden (``Cell/looksHidden``), for a value with none, is the
        // label's hidden value, not this one.
        if location == .screen, candidate.secret.lowerBound > candidate.match.lowerBound,
            text.showsHiddenCell(bytes: (base + candidate.match.lowerBound)..<(base + candidate.secret.lowerBound)),
            !text.showsHiddenCell(bytes: (base + candidate.secret.lowerBound)..<(base + candidate.secret.upperBound))
        {
            return drop("its label's value is already hidden")
        }
        // Inside a block finding of an earlier rule: the overlap pass would drop it anyway
        // (see `removeCoveredFindings`), so skip the validators and allowlists.
        if !candidate.continuesToEndMarker,
            let cover = earlierBlockFinding(covering: spans, location: location, rank: rank)
        {
            return drop("covered by \(cover)", kind: .covered)
        }
        let secret = String(decoding: UnsafeBufferPointer(rebasing: line[candidate.secret]), as: UTF8.self)
        var needsContext = candidate.needsContext || rule.requiresContextAlways
        for validator in rule.validators {
            switch validator.verdict(secret) {
            case .valid: break
            case .validWithContext: needsContext = true
            case let .invalid(reason) where validator == .random: return drop(reason, kind: .placeholder)
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
            hasContext = context.contains { line.containsWord($0) || previous.containsWord($0) }
        }
        if needsContext && !hasContext { return drop("no context word nearby") }
        let match = String(decoding: UnsafeBufferPointer(rebasing: line[candidate.match]), as: UTF8.self)
        let lineText = { String(decoding: line, as: UTF8.self) }
        var budget = regexBudget
        var verdict = rule.allowlists.firstAllowing(secret: secret, match: match, line: lineText, budget: &budget)
        if verdict.allowlist == nil && !verdict.exhausted {
            verdict = rules.allowlists.firstAllowing(secret: secret, match: match, line: lineText, budget: &budget)
        }
        regexBudget = budget
        if let allowlist = verdict.allowlist {
            return drop(
                "allowlisted" + (allowlist.description.isEmpty ? "" : " (\(allowlist.description))"),
                kind: .allowlisted)
        }
        // A value that stands in for a secret (`${VAR}`, `$(cmd)`, `<your-token>`, `changeme`).
        if let placeholder = Placeholder.reason(utf8: UnsafeBufferPointer(rebasing: line[candidate.secret])) {
            return drop(placeholder, kind: .placeholder)
        }
        if Placeholder.continuesAsMask(line, after: candidate.secret.upperBound) {
            return drop("a mask: the value goes on as #### or ****", kind: .placeholder)
        }
        if verdict.exhausted {
            // An allowlist regex ran out of budget: the candidate stays a finding and its line
            // is hidden unscanned, with the warning that names the rule (fail closed).
            hideUnscanned(text.lines[lineNumber], ruleIndex: rank, text: text, location: location)
        }
        let severity = hasContext ? (rule.contextSeverity ?? rule.severity) : rule.severity
        var findingSpans = spans
        var matchText = match
        var secretText = secret
        if candidate.continuesToEndMarker && location == .screen {
            (findingSpans, matchText) = privateKeyBlock(
                from: base + candidate.secret.lowerBound, lineNumber: lineNumber, text: text)
            secretText = matchText
        } else if candidate.continuesToEndMarker && location == .text {
            (findingSpans, matchText) = textPrivateKeyBlock(
                from: base + candidate.secret.lowerBound, lineNumber: lineNumber, text: text)
            secretText = matchText
        }
        if severity == .block {
            for span in findingSpans {
                blockSpans[BlockSpanKey(location: location, row: span.row), default: BlockSpanRow()]
                    .insert(start: span.col, width: span.width, finding: findings.count)
            }
        }
        findings.append(
            Finding(
                ruleID: rule.id, category: rule.category, severity: severity, source: .rule, location: location,
                spans: findingSpans, style: rule.style, matchText: matchText, secretText: secretText))
        findingRanks.append(rank)
    }

    /// The id of a block finding of an earlier rule that covers `spans`, if any.
    /// Looks only at the block spans on the row of the first cell that can contain it (each
    /// candidate used to be compared with every finding so far: 47,000 cards on one screen
    /// took minutes); the comparisons count towards ``coverChecks``.
    private mutating func earlierBlockFinding(covering spans: [CellSpan], location: Finding.Location, rank: Int)
        -> String?
    {
        guard let first = spans.first, let row = blockSpans[BlockSpanKey(location: location, row: first.row)] else {
            return nil
        }
        var earliest: Int?
        var checks = 0
        row.forEachFinding(containing: first.col, first.col + first.width) { index in
            checks += 1
            guard earliest.map({ index < $0 }) ?? true, findingRanks[index] < rank, findings[index].covers(spans)
            else { return }
            earliest = index
        }
        coverChecks += checks
        return earliest.map { findings[$0].ruleID }
    }

    /// The cells of a private key block: from the header to the end of its row, whole rows
    /// below it while they can be its body (``PrivateKeyScanner/Body``), and the END line up
    /// to its marker.
    func privateKeyBlock(from start: Int, lineNumber: Int, text: ScreenText) -> ([CellSpan], String) {
        let cols = screen.cols
        let headerLine = text.lines[lineNumber]
        let startCell = text.cellIndex(ofByte: start)
        var spans = [CellSpan(row: startCell / cols, col: startCell % cols, width: cols - startCell % cols)]
        for row in (startCell / cols + 1)..<(headerLine.lastRow + 1) {
            spans.append(CellSpan(row: row, col: 0, width: cols))
        }
        var content = [text.string(start..<headerLine.range.upperBound)]
        var body = PrivateKeyScanner.Body()
        text.bytes.withUnsafeBufferPointer { all in
            for line in text.lines[(lineNumber + 1)...] {
                let buf = UnsafeBufferPointer(rebasing: all[line.range])
                let verdict = body.read(buf)
                if verdict == .outside { return }
                if case .end(let end) = verdict {
                    let endSpans = text.cellSpans(for: line.range.lowerBound..<(line.range.lowerBound + end))
                    for row in line.firstRow...line.lastRow where row < endSpans.last?.row ?? line.firstRow {
                        spans.append(CellSpan(row: row, col: 0, width: cols))
                    }
                    if let last = endSpans.last {
                        spans.append(CellSpan(row: last.row, col: 0, width: last.col + last.width))
                    }
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

/// A row of the grid or of the title, for the index of block spans.
struct BlockSpanKey: Hashable {
    var location: Finding.Location
    var row: Int
}

/// The block spans of one row, sorted by first column, with the widest one's width: the
/// spans that can contain columns `start..<end` start in `(end - widest)...start`.
struct BlockSpanRow {
    private var starts: [Int] = []
    private var ends: [Int] = []
    private var findings: [Int] = []
    private var widest = 0

    mutating func insert(start: Int, width: Int, finding: Int) {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= start { low = middle + 1 } else { high = middle }
        }
        starts.insert(start, at: low)
        ends.insert(start + width, at: low)
        findings.insert(finding, at: low)
        widest = max(widest, width)
    }

    /// Calls `body` with the finding of each span that contains columns `start..<end`.
    func forEachFinding(containing start: Int, _ end: Int, _ body: (Int) -> Void) {
        var low = 0
        var high = starts.count
        let lowest = end - widest
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < lowest { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < starts.count && starts[index] <= start {
            if ends[index] >= end { body(findings[index]) }
            index += 1
        }
    }
}
