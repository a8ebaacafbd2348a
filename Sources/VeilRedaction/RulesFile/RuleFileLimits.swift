import Foundation

/// The limits of a rules file, checked while it loads; each broken one is a
/// ``RuleFileError`` at the offending position. They keep a mistaken or hostile rules file
/// from exhausting memory or time (the regular expressions themselves are also bounded at
/// detection time, see ``RuleSet/regexScreenBudgetSteps``).
public enum RuleFileLimits {
    /// The largest rules file read (1 MiB); a bigger one is refused by its size, unread.
    public static let maximumFileBytes = 1 << 20
    /// Rules, regions and allowlists in one file (each).
    public static let maximumRules = 1_000
    /// Keywords, context words, tags, stopwords, validators and examples in one list, and
    /// regexes in one allowlist.
    public static let maximumListItems = 100
    /// Allowlists of one rule.
    public static let maximumAllowlistsPerRule = 32
    /// Characters in one regular expression's source.
    public static let maximumRegexLength = 4_096
    /// Bytes in one keyword, context word or stopword.
    public static let maximumWordLength = 256

    /// Checks `raw` against every count and length limit.
    static func check(_ raw: RawRuleFile) throws {
        try count(raw.rules, at: raw.position, "rules", limit: maximumRules)
        try count(raw.regions, at: raw.position, "regions", limit: maximumRules)
        try count(raw.allowlists, at: raw.position, "allowlists", limit: maximumRules)
        for allowlist in raw.allowlists { try check(allowlist) }
        for rule in raw.rules {
            if let regex = rule.regex { try checkRegex(regex) }
            for (name, list) in [
                ("keywords", rule.keywords), ("context", rule.context), ("tags", rule.tags),
                ("validate", rule.validate), ("examples", rule.examples),
                ("negativeExamples", rule.negativeExamples),
            ] {
                try count(list, at: list.first?.position ?? rule.position, name, limit: maximumListItems)
            }
            for word in rule.keywords + rule.context { try checkWord(word) }
            try count(
                rule.allowlists, at: rule.allowlists.first?.position ?? rule.position, "allowlists of a rule",
                limit: maximumAllowlistsPerRule)
            for allowlist in rule.allowlists { try check(allowlist) }
        }
    }

    private static func check(_ allowlist: RawAllowlist) throws {
        try count(allowlist.regexes, at: allowlist.position, "regexes in an allowlist", limit: maximumListItems)
        try count(allowlist.stopwords, at: allowlist.position, "stopwords in an allowlist", limit: maximumListItems)
        for regex in allowlist.regexes { try checkRegex(regex) }
        for word in allowlist.stopwords { try checkWord(word) }
    }

    private static func count<T>(_ items: [T], at position: SourcePosition, _ what: String, limit: Int) throws {
        guard items.count <= limit else {
            throw RuleFileError(position, "\(items.count) \(what); the limit is \(limit)")
        }
    }

    private static func checkRegex(_ regex: Located<String>) throws {
        let length = regex.value.count
        guard length <= maximumRegexLength else {
            throw RuleFileError(regex.position, "regex of \(length) characters; the limit is \(maximumRegexLength)")
        }
    }

    private static func checkWord(_ word: Located<String>) throws {
        let length = word.value.utf8.count
        guard length <= maximumWordLength else {
            throw RuleFileError(word.position, "a word of \(length) bytes; the limit is \(maximumWordLength)")
        }
    }

    /// The text of a rules file, read with the size bound.
    static func read(_ url: URL, file: String) throws -> String {
        let position = SourcePosition(file: file, line: 0, column: 0)
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw RuleFileError(position, "cannot be read (no such file or no permission)")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            if let size = try? handle.seekToEnd(), size > UInt64(maximumFileBytes) {
                throw RuleFileError(
                    position, "is \(size) bytes; the limit for a rules file is \(maximumFileBytes >> 20) MiB")
            }
            try handle.seek(toOffset: 0)
            data = try handle.read(upToCount: maximumFileBytes + 1) ?? Data()
        } catch let error as RuleFileError {
            throw error
        } catch {
            throw RuleFileError(position, "cannot be read (\(error.localizedDescription))")
        }
        guard data.count <= maximumFileBytes else {
            throw RuleFileError(position, "is over the limit for a rules file (\(maximumFileBytes >> 20) MiB)")
        }
        guard let yaml = String(data: data, encoding: .utf8) else {
            throw RuleFileError(position, "is not UTF-8 text")
        }
        return yaml
    }
}
