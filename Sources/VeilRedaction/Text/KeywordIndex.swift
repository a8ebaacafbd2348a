/// The literal keyword prefilter of a rule set (gitleaks' trick that made scans ~7×
/// faster): one pass over a line finds which keywords occur, and a rule with keywords runs
/// only on lines holding one of them.
///
/// The pass is one multi-pattern automaton over all keywords (``KeywordAutomaton``), and
/// each keyword it meets adds its rules to the line's rule set (an inverted index), so a
/// line's cost grows with its length and with the rules its keywords name, not with the
/// number of rules or keywords in the set.
///
/// A class: a detection run holds its rule set's index by one reference (a struct of a
/// dozen arrays was retained and released a dozen times per screen, thousands of screens
/// per recording).
final class KeywordIndex: Sendable {
    /// Every distinct keyword, lowercased UTF-8 (an anchored one without its `^`): the
    /// automaton's first, then the anchored ones.
    private let keywords: [[UInt8]]
    /// The keywords found anywhere in a line, in one automaton: one table step per byte of a
    /// line. Their ids are `0..<automatonKeywords`.
    private let automaton: KeywordAutomaton
    private let automatonKeywords: Int
    /// The keywords found only where a line's text starts (after spaces, tabs and
    /// ideographic spaces), ids `automatonKeywords...`: a handful, compared one by one, their
    /// bytes one after another (keyword `k` ends at `anchoredEnd[k]`), so a line's check
    /// retains no array of arrays.
    private let anchoredBytes: [UInt8]
    private let anchoredEnd: [Int]
    /// The number of 64-bit words in a rule bit set (one bit per rule).
    let ruleWords: Int
    /// For each keyword, the enabled rules it lets run, as a bit set:
    /// `keywordRules[k * ruleWords ..< (k + 1) * ruleWords]` (the inverted index: a line visits
    /// only the rules of the keywords it holds).
    private let keywordRules: [UInt64]
    /// The enabled rules without keywords, as a bit set of ``ruleWords`` words.
    let unconditionalBits: [UInt64]
    /// For each rule, its keyword ids (empty: the rule always runs), flat in the same way:
    /// `ruleKeywordIDs[ruleKeywordStart[r]..<ruleKeywordStart[r + 1]]`.
    private let ruleKeywordStart: [Int32]
    private let ruleKeywordIDs: [Int32]
    /// For each rule, whether it is enabled.
    private let enabled: [Bool]
    /// The number of 64-bit words in a keyword bit set (one bit per keyword).
    let keywordWords: Int
    /// For each rule, its keywords as a bit set: `ruleBits[r * keywordWords ..< (r + 1) * keywordWords]`.
    private let ruleBits: [UInt64]
    /// For each rule, its built-in detector (nil for a pattern or custom rule): a plain
    /// value the scan loop reads without copying the rule's ``Entry``.
    let builtIn: [BuiltInDetector?]
    /// For each rule, what the scan loop needs, so it never copies a whole ``Rule``.
    let entries: [Entry]
    /// The index of the first rule with each id (ties between findings go to the earlier rule).
    let order: [String: Int]
    /// The enabled rules without keywords, in order: on a line holding no keyword, the only
    /// rules that run.
    let unconditional: [Int]
    /// Whether every rule of ``unconditional`` is a built-in detector that finds nothing on a
    /// quiet line (``DigitRuns/isQuiet``): a quiet line without keywords runs no rule then.
    let unconditionalAreGated: Bool
    /// The enabled rules whose matches can continue on the lines below (private key
    /// blocks), in order.
    let endMarkerRules: [Int]

    /// The part of a rule the scan loop reads for every line.
    struct Entry: Sendable {
        let id: String
        let matcher: Rule.Matcher
        /// The rule's context words, lowercased UTF-8.
        let context: [[UInt8]]
    }

    init(rules: [Rule]) {
        // Keyword ids: those found anywhere in a line first (the automaton's), then those
        // anchored to a line's start (`^-u`), checked one by one after it. An anchored
        // keyword's id is provisional, `-1 - k`, until the automaton's are all known.
        var keywords: [[UInt8]] = []
        var anchored: [[UInt8]] = []
        var ids: [[UInt8]: Int] = [:]
        var anchoredIDs: [[UInt8]: Int] = [:]
        var ruleKeywordStart: [Int32] = [0]
        var ruleKeywordIDs: [Int32] = []
        var entries: [Entry] = []
        // Fields read in place (a whole `Rule` bound per rule copied every field of hundreds).
        for r in rules.indices {
            entries.append(
                Entry(
                    id: rules[r].id, matcher: rules[r].matcher,
                    context: rules[r].context.map { Array($0.lowercased().utf8) }))
            var mine: [Int32] = []
            // A disabled rule never runs: its keywords would only slow the search down.
            for keyword in rules[r].keywords where !keyword.isEmpty && rules[r].isEnabled {
                let anchor = Rule.isAnchoredKeyword(keyword)
                let bytes = Array((anchor ? String(keyword.dropFirst()) : keyword).lowercased().utf8)
                let id: Int
                if anchor {
                    id = -1 - (anchoredIDs[bytes] ?? anchored.count)
                    if anchoredIDs[bytes] == nil {
                        anchoredIDs[bytes] = anchored.count
                        anchored.append(bytes)
                    }
                } else if let known = ids[bytes] {
                    id = known
                } else {
                    id = keywords.count
                    ids[bytes] = id
                    keywords.append(bytes)
                }
                if !mine.contains(Int32(id)) { mine.append(Int32(id)) }
            }
            ruleKeywordIDs += mine
            ruleKeywordStart.append(Int32(ruleKeywordIDs.count))
        }
        let automatonKeywords = keywords.count
        for k in ruleKeywordIDs.indices where ruleKeywordIDs[k] < 0 {
            ruleKeywordIDs[k] = Int32(automatonKeywords) - 1 - ruleKeywordIDs[k]
        }
        self.automaton = KeywordAutomaton(keywords: keywords)
        self.automatonKeywords = automatonKeywords
        self.anchoredBytes = anchored.flatMap { $0 }
        self.anchoredEnd = anchored.reduce(into: []) { ends, keyword in ends.append((ends.last ?? 0) + keyword.count) }
        keywords += anchored
        self.keywords = keywords
        let ruleWords = max(1, (rules.count + 63) / 64)
        var keywordRules = [UInt64](repeating: 0, count: keywords.count * ruleWords)
        for r in rules.indices where rules[r].isEnabled {
            for k in Int(ruleKeywordStart[r])..<Int(ruleKeywordStart[r + 1]) {
                keywordRules[Int(ruleKeywordIDs[k]) * ruleWords + r / 64] |= 1 << UInt64(r % 64)
            }
        }
        self.ruleWords = ruleWords
        self.keywordRules = keywordRules
        self.ruleKeywordStart = ruleKeywordStart
        self.ruleKeywordIDs = ruleKeywordIDs
        self.enabled = rules.map(\.isEnabled)
        let words = max(1, (keywords.count + 63) / 64)
        var ruleBits = [UInt64](repeating: 0, count: rules.count * words)
        for r in rules.indices {
            for k in Int(ruleKeywordStart[r])..<Int(ruleKeywordStart[r + 1]) {
                let id = Int(ruleKeywordIDs[k])
                ruleBits[r * words + id / 64] |= 1 << UInt64(id % 64)
            }
        }
        self.keywordWords = words
        self.ruleBits = ruleBits
        self.builtIn = rules.map { rule in
            if case let .builtIn(detector) = rule.matcher { detector } else { nil }
        }
        self.entries = entries
        self.order = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.endMarkerRules = rules.indices.filter {
            if case .builtIn(.privateKey) = rules[$0].matcher { rules[$0].isEnabled } else { false }
        }
        let unconditional = rules.indices.filter {
            rules[$0].isEnabled && ruleKeywordStart[$0] == ruleKeywordStart[$0 + 1]
        }
        self.unconditional = unconditional
        var unconditionalBits = [UInt64](repeating: 0, count: ruleWords)
        for r in unconditional { unconditionalBits[r / 64] |= 1 << UInt64(r % 64) }
        self.unconditionalBits = unconditionalBits
        self.unconditionalAreGated = unconditional.allSatisfy {
            if case .builtIn(let detector) = rules[$0].matcher { detector.isGated } else { false }
        }
    }

    var keywordCount: Int { keywords.count }

    /// Whether rule `rule` is enabled and runs on a line whose keywords are the bit set
    /// `bits` (one AND per word instead of a loop over the rule's keywords).
    @inline(__always) func runs(_ rule: Int, bits: [UInt64]) -> Bool {
        bits.withUnsafeBufferPointer { runs(rule, bits: $0) }
    }

    /// ``runs(_:bits:)`` with the bit set in a buffer (the scan loop's, on the stack: an
    /// array allocated per screen looked its storage type's metadata up each time).
    @inline(__always) func runs(_ rule: Int, bits: UnsafeBufferPointer<UInt64>) -> Bool {
        guard enabled[rule] else { return false }
        if ruleKeywordStart[rule] == ruleKeywordStart[rule + 1] { return true }
        let base = rule * keywordWords
        for w in 0..<keywordWords where ruleBits[base + w] & bits[w] != 0 { return true }
        return false
    }

    /// Sets bit `id` of `bits` (``keywordWords`` words, cleared by the caller) for every
    /// keyword occurring in `line` (case-insensitively). Returns whether any occurs.
    @discardableResult
    func mark(_ line: UTF8Line, bits: inout [UInt64]) -> Bool {
        bits.withUnsafeMutableBufferPointer { mark(line, bits: $0) }
    }

    /// ``mark(_:bits:)`` into a buffer of ``keywordWords`` words.
    @discardableResult
    func mark(_ line: UTF8Line, bits: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        guard !keywords.isEmpty else { return false }
        var any = false
        automaton.forEachMatch(in: line) { id in
            bits[id >> 6] |= 1 << UInt64(id & 63)
            any = true
        }
        forEachAnchoredMatch(in: line) { id in
            bits[id >> 6] |= 1 << UInt64(id & 63)
            any = true
        }
        return any
    }

    /// Calls `found` with the id of every anchored keyword that starts `line`'s text (after
    /// its spaces, tabs and ideographic spaces), case-insensitively.
    @inline(__always)
    private func forEachAnchoredMatch(in line: UTF8Line, _ found: (Int) -> Void) {
        guard !anchoredEnd.isEmpty else { return }
        let start = Self.textStart(line)
        anchoredBytes.withUnsafeBufferPointer { bytes in
            var from = 0
            for (k, end) in anchoredEnd.enumerated() {
                defer { from = end }
                guard end - from <= line.count - start else { continue }
                var i = 0
                while from + i < end, ASCII.lower(line[start + i]) == bytes[from + i] { i += 1 }
                if from + i == end { found(automatonKeywords + k) }
            }
        }
    }

    /// Where `line`'s text starts: after its spaces, tabs and ideographic spaces (U+3000,
    /// a wide blank), the indentation an anchored keyword may follow.
    static func textStart(_ line: UTF8Line) -> Int {
        var start = 0
        while start < line.count {
            if line[start] == ASCII.space || line[start] == ASCII.tab {
                start += 1
            } else if line[start] == 0xE3, start + 2 < line.count, line[start + 1] == 0x80, line[start + 2] == 0x80 {
                start += 3
            } else {
                break
            }
        }
        return start
    }

    /// Sets bit `r` of `rules` (``ruleWords`` words, cleared by the caller) for every enabled
    /// rule with a keyword occurring in `line` (case-insensitively): the rules ``runs(_:bits:)``
    /// accepts, less those without keywords. Returns whether any keyword occurs.
    func selectRules(_ line: UTF8Line, rules: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        guard !keywords.isEmpty else { return false }
        var any = false
        let words = ruleWords
        keywordRules.withUnsafeBufferPointer { keywordRules in
            automaton.forEachMatch(in: line) { id in
                let base = id &* words
                for w in 0..<words { rules[w] |= keywordRules[base &+ w] }
                any = true
            }
            forEachAnchoredMatch(in: line) { id in
                let base = id &* words
                for w in 0..<words { rules[w] |= keywordRules[base &+ w] }
                any = true
            }
        }
        return any
    }
}

extension UnsafeMutableBufferPointer<UInt64> {
    /// Calls `body` with the index of every set bit, in increasing order.
    @inline(__always)
    func forEachSetBit(_ body: (Int) throws -> Void) rethrows {
        for w in indices {
            var word = self[w]
            while word != 0 {
                let bit = word.trailingZeroBitCount
                try body(w &* 64 &+ bit)
                word &= word &- 1
            }
        }
    }
}
