/// The literal keyword prefilter of a rule set (gitleaks' trick that made scans ~7×
/// faster): one pass over a line finds which keywords occur, and a rule with keywords runs
/// only on lines holding one of them.
struct KeywordIndex: Sendable {
    /// Every distinct keyword, lowercased UTF-8.
    private let keywords: [[UInt8]]
    /// Keyword ids by first byte.
    private let byFirstByte: [[Int]]
    /// For each rule, its keyword ids (empty: the rule always runs).
    let ruleKeywords: [[Int]]
    /// For each rule, what the scan loop needs, so it never copies a whole ``Rule``.
    let entries: [Entry]

    /// The part of a rule the scan loop reads for every line.
    struct Entry: Sendable {
        let isEnabled: Bool
        let id: String
        let matcher: Rule.Matcher
        /// The rule's context words, lowercased UTF-8.
        let context: [[UInt8]]
    }

    init(rules: [Rule]) {
        var keywords: [[UInt8]] = []
        var ids: [[UInt8]: Int] = [:]
        var ruleKeywords: [[Int]] = []
        var entries: [Entry] = []
        for rule in rules {
            entries.append(Entry(isEnabled: rule.isEnabled, id: rule.id, matcher: rule.matcher,
                                 context: rule.context.map { Array($0.lowercased().utf8) }))
            var mine: [Int] = []
            for keyword in rule.keywords where !keyword.isEmpty {
                let bytes = Array(keyword.lowercased().utf8)
                if let id = ids[bytes] {
                    mine.append(id)
                } else {
                    ids[bytes] = keywords.count
                    mine.append(keywords.count)
                    keywords.append(bytes)
                }
            }
            ruleKeywords.append(mine)
        }
        var table = [[Int]](repeating: [], count: 256)
        for (id, keyword) in keywords.enumerated() { table[Int(keyword[0])].append(id) }
        self.keywords = keywords
        self.byFirstByte = table
        self.ruleKeywords = ruleKeywords
        self.entries = entries
    }

    var keywordCount: Int { keywords.count }

    /// Sets `present[id]` for every keyword occurring in `line` (case-insensitively).
    func mark(_ line: UTF8Line, present: inout [Bool]) {
        guard !keywords.isEmpty else { return }
        for i in 0..<line.count {
            let candidates = byFirstByte[Int(ASCII.lower(line[i]))]
            if candidates.isEmpty { continue }
            for id in candidates where !present[id] && line.matchesLowercase(keywords[id], at: i) {
                present[id] = true
            }
        }
    }
}
