/// Paths a folder search leaves out: the audit root's `.veilignore` and `--exclude GLOB`, in
/// gitignore syntax, matched against paths relative to the root as bytes (never decoded).
///
/// The syntax is git's (`gitignore(5)`): one pattern a line; blank lines and lines starting
/// with `#` match nothing (`\#` and `\!` start a pattern with a literal `#` or `!`); trailing
/// spaces are dropped unless escaped with `\`; a leading `!` re-includes what an earlier
/// pattern excluded; a trailing `/` matches folders only; a `/` at the start or in the middle
/// anchors the pattern to the root, else it matches a name at any depth; `*` and `?` match
/// within one path component, `[a-z]`/`[!a-z]` a character class; `**/` at the start, `/**/`
/// in the middle and `/**` at the end match any number of folders. The last pattern that
/// matches decides; as in git, a file inside an excluded folder cannot be re-included (the
/// folder is not searched).
public struct IgnoreRules: Sendable, Hashable {
    /// One pattern, with where it came from.
    public struct Rule: Sendable, Hashable {
        /// The pattern after its prefix, suffix and escapes were interpreted (bytes, wildcards
        /// still in it; a `\` still escapes the next byte).
        var pattern: [UInt8]
        /// `!`: re-includes what it matches.
        public var negated: Bool
        /// A trailing `/`: matches folders only.
        public var foldersOnly: Bool
        /// A `/` at the start or in the middle: matched against the whole relative path.
        public var anchored: Bool
        /// Where the pattern was written, e.g. `.veilignore:3` or `--exclude`.
        public var source: String
        /// Whether it came from the command line (`--exclude`), not from a file of the tree.
        public var isCommandLine = false
        /// The line as written (for `--verbose`).
        public var text: String
    }

    /// The patterns, in order (the last match wins).
    public private(set) var rules: [Rule] = []

    /// The name of the ignore file read at the root of every audited folder.
    public static let fileName = ".veilignore"
    /// The largest ignore file read (1 MiB); a bigger one is an input error.
    public static let maximumFileBytes = 1 << 20

    /// No patterns: nothing is excluded.
    public init() {}

    /// The patterns of an ignore file's bytes; `source` names the file in ``Rule/source``.
    public init(parsing bytes: [UInt8], source: String) {
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            add(Array(line), source: "\(source):\(number)")
        }
    }

    /// `--exclude` patterns, one gitignore line each.
    public init(excludes: [String]) {
        for exclude in excludes { add(Array(exclude.utf8), source: "--exclude", isCommandLine: true) }
    }

    /// These rules followed by `other`'s (which then win where both match).
    public func followed(by other: IgnoreRules) -> IgnoreRules {
        var result = self
        result.rules += other.rules
        return result
    }

    /// Whether there are no patterns.
    public var isEmpty: Bool { rules.isEmpty }

    /// The pattern that excludes `relative` (a path relative to the root, as bytes; a folder
    /// when `isFolder`), or nil when it is not excluded (no pattern matches, or the last one
    /// that matches is a negation).
    public func exclusion(of relative: [UInt8], isFolder: Bool) -> Rule? {
        for rule in rules.reversed() where Self.matches(rule, relative, isFolder: isFolder) {
            return rule.negated ? nil : rule
        }
        return nil
    }

    // MARK: Parsing

    private mutating func add(_ raw: [UInt8], source: String, isCommandLine: Bool = false) {
        var line = raw
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        let text = String(decoding: line, as: UTF8.self)
        // Trailing spaces go unless escaped (an odd number of backslashes before the space).
        while line.last == UInt8(ascii: " ") {
            var slashes = 0
            var index = line.count - 2
            while index >= 0, line[index] == UInt8(ascii: "\\") {
                slashes += 1
                index -= 1
            }
            if slashes % 2 == 1 { break }
            line.removeLast()
        }
        guard let first = line.first, first != UInt8(ascii: "#") else { return }
        var negated = false
        if first == UInt8(ascii: "!") {
            negated = true
            line.removeFirst()
        }
        var foldersOnly = false
        if line.last == UInt8(ascii: "/") {
            foldersOnly = true
            line.removeLast()
        }
        guard !line.isEmpty else { return }
        let anchored = line.contains(UInt8(ascii: "/"))
        if line.first == UInt8(ascii: "/") { line.removeFirst() }
        guard !line.isEmpty else { return }
        rules.append(
            Rule(
                pattern: line, negated: negated, foldersOnly: foldersOnly, anchored: anchored,
                source: source, isCommandLine: isCommandLine, text: text))
    }

    // MARK: Matching

    private static func matches(_ rule: Rule, _ path: [UInt8], isFolder: Bool) -> Bool {
        if rule.foldersOnly && !isFolder { return false }
        if rule.anchored { return wildmatch(rule.pattern[...], path[...]) }
        let name = path.split(separator: UInt8(ascii: "/")).last ?? path[...]
        return wildmatch(rule.pattern[...], name)
    }

    private static let slash = UInt8(ascii: "/")
    private static let star = UInt8(ascii: "*")

    /// Whether `pattern` matches all of `text`, `*`, `?` and classes never matching `/`, and
    /// `**` between slashes (or at an end) matching any number of folders.
    static func wildmatch(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex
        var t = text.startIndex
        while p < pattern.endIndex {
            let c = pattern[p]
            switch c {
            case star:
                var after = p
                while after < pattern.endIndex, pattern[after] == star { after += 1 }
                let boundedBefore = p == pattern.startIndex || pattern[p - 1] == slash
                let boundedAfter = after == pattern.endIndex || pattern[after] == slash
                if after - p >= 2, boundedBefore, boundedAfter {
                    if after == pattern.endIndex { return true }
                    // `**/`: zero or more whole folders.
                    let rest = pattern[(after + 1)...]
                    if wildmatch(rest, text[t...]) { return true }
                    var k = t
                    while k < text.endIndex {
                        if text[k] == slash, wildmatch(rest, text[(k + 1)...]) { return true }
                        k += 1
                    }
                    return false
                }
                let rest = pattern[after...]
                var k = t
                while true {
                    if wildmatch(rest, text[k...]) { return true }
                    if k == text.endIndex || text[k] == slash { return false }
                    k += 1
                }
            case UInt8(ascii: "?"):
                guard t < text.endIndex, text[t] != slash else { return false }
                p += 1
                t += 1
            case UInt8(ascii: "["):
                guard t < text.endIndex, text[t] != slash else { return false }
                guard let (matched, end) = matchClass(pattern, from: p, byte: text[t]) else {
                    // An unclosed `[` is a literal.
                    guard text[t] == c else { return false }
                    p += 1
                    t += 1
                    continue
                }
                guard matched else { return false }
                p = end
                t += 1
            case UInt8(ascii: "\\"):
                let literal = p + 1 < pattern.endIndex ? pattern[p + 1] : c
                guard t < text.endIndex, text[t] == literal else { return false }
                p += min(2, pattern.endIndex - p)
                t += 1
            default:
                guard t < text.endIndex, text[t] == c else { return false }
                p += 1
                t += 1
            }
        }
        return t == text.endIndex
    }

    /// Matches `byte` against the class starting at `start` (`[`); returns whether it matched
    /// and the index after the class, or nil when the class is not closed.
    private static func matchClass(_ pattern: ArraySlice<UInt8>, from start: Int, byte: UInt8) -> (Bool, Int)? {
        var i = start + 1
        var negate = false
        if i < pattern.endIndex, pattern[i] == UInt8(ascii: "!") || pattern[i] == UInt8(ascii: "^") {
            negate = true
            i += 1
        }
        var matched = false
        var first = true
        while i < pattern.endIndex {
            var low = pattern[i]
            if low == UInt8(ascii: "]") && !first { return (matched != negate, i + 1) }
            first = false
            if low == UInt8(ascii: "\\"), i + 1 < pattern.endIndex {
                i += 1
                low = pattern[i]
            }
            var high = low
            if i + 2 < pattern.endIndex, pattern[i + 1] == UInt8(ascii: "-"), pattern[i + 2] != UInt8(ascii: "]") {
                high = pattern[i + 2]
                if high == UInt8(ascii: "\\"), i + 3 < pattern.endIndex {
                    i += 1
                    high = pattern[i + 2]
                }
                i += 2
            }
            if low <= byte && byte <= high { matched = true }
            i += 1
        }
        return nil
    }
}
