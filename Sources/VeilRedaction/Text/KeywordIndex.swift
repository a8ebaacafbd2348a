/// The literal keyword prefilter of a rule set (gitleaks' trick that made scans ~7×
/// faster): one pass over a line finds which keywords occur, and a rule with keywords runs
/// only on lines holding one of them.
///
/// A class: a detection run holds its rule set's index by one reference (a struct of a
/// dozen arrays was retained and released a dozen times per screen, thousands of screens
/// per recording).
final class KeywordIndex: Sendable {
    /// Every distinct keyword, lowercased UTF-8.
    private let keywords: [[UInt8]]
    /// Keyword ids by first byte: those starting with byte `b` are
    /// `firstByteIDs[firstByteStart[b]..<firstByteStart[b + 1]]` (flat, so the scan of a
    /// line touches no nested array).
    private let firstByteStart: [Int32]
    private let firstByteIDs: [Int32]
    /// Bit `b0 << 8 | b1` is set when a keyword starts with bytes `b0 b1` (or is the single
    /// byte `b0`, for every `b1`), either case of a letter: most positions of a line fail this
    /// one test on their bytes as they are.
    private let pairs: [UInt64]
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
        var keywords: [[UInt8]] = []
        var ids: [[UInt8]: Int] = [:]
        var ruleKeywordStart: [Int32] = [0]
        var ruleKeywordIDs: [Int32] = []
        var entries: [Entry] = []
        for rule in rules {
            entries.append(
                Entry(
                    id: rule.id, matcher: rule.matcher,
                    context: rule.context.map { Array($0.lowercased().utf8) }))
            var mine: [Int32] = []
            // A disabled rule never runs: its keywords would only slow the search down.
            for keyword in rule.keywords where !keyword.isEmpty && rule.isEnabled {
                let bytes = Array(keyword.lowercased().utf8)
                let id: Int
                if let known = ids[bytes] {
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
        var table = [[Int32]](repeating: [], count: 256)
        for (id, keyword) in keywords.enumerated() { table[Int(keyword[0])].append(Int32(id)) }
        // By the bytes as they are on screen: both cases of a letter.
        func cases(_ b: UInt8) -> [Int] { ASCII.isLower(b) ? [Int(b), Int(b - 0x20)] : [Int(b)] }
        var pairs = [UInt64](repeating: 0, count: 1024)
        for keyword in keywords {
            let seconds = keyword.count == 1 ? Array(0...255) : cases(keyword[1])
            for first in cases(keyword[0]) {
                for second in seconds {
                    let bit = first << 8 | second
                    pairs[bit >> 6] |= 1 << UInt64(bit & 63)
                }
            }
        }
        self.pairs = pairs
        self.keywords = keywords
        self.firstByteStart = table.reduce(into: [0]) { $0.append($0.last! + Int32($1.count)) }
        self.firstByteIDs = table.flatMap { $0 }
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
        guard !keywords.isEmpty, let bytes = line.baseAddress else { return false }
        var any = false
        let n = line.count
        firstByteStart.withUnsafeBufferPointer { start in
            pairs.withUnsafeBufferPointer { pairs in
                /// Marks the keywords starting at `i`.
                func keywords(at i: Int) {
                    let b = Int(ASCII.lower(bytes[i]))
                    for k in Int(start[b])..<Int(start[b + 1]) {
                        let id = Int(firstByteIDs[k])
                        let mask: UInt64 = 1 << UInt64(id & 63)
                        if bits[id >> 6] & mask == 0 && line.matchesLowercase(self.keywords[id], at: i) {
                            bits[id >> 6] |= mask
                            any = true
                        }
                    }
                }
                guard let table = pairs.baseAddress else { return }
                var i = 0
                while i &+ 1 < n {
                    // The pair test alone, in a loop of its own (most positions end here).
                    var p = bytes + i
                    let last = bytes + (n &- 1)
                    while p < last {
                        let bit = Int(p[0]) &<< 8 | Int(p[1])
                        if table[bit &>> 6] & (1 &<< UInt64(bit & 63)) != 0 { break }
                        p += 1
                    }
                    i = p - bytes
                    guard i &+ 1 < n else { break }
                    keywords(at: i)
                    i &+= 1
                }
                // The last byte: only a keyword of one byte can start there.
                if n > 0 { keywords(at: n - 1) }
            }
        }
        return any
    }
}
