/// `email`: `[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}`, found
/// from each `@`. Reserved example domains are allowlisted in the rule; a match followed
/// by `:` and a path (`git@github.com:org/repo`, `root@host.lan:~$`) is an SSH address or
/// a shell prompt, not an e-mail; so is the user part of a URL (`ssh://git@github.com/…`,
/// `postgres://app:password@db/…`, whose password `url.credentials` hides).
struct EmailScanner: NativeScanner {
    @inline(__always) private static func isLocal(_ b: UInt8) -> Bool {
        ASCII.isAlnum(b) || b == ASCII.dot || b == ASCII.underscore || b == 0x25 || b == ASCII.plus || b == ASCII.dash
    }

    @inline(__always) private static func isDomain(_ b: UInt8) -> Bool {
        ASCII.isAlnum(b) || b == ASCII.dash || b == ASCII.dot
    }

    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        var lastEnd = 0
        while i < n {
            guard line[i] == ASCII.at else { i += 1; continue }
            var start = i
            while start > lastEnd && Self.isLocal(line[start - 1]) { start -= 1 }
            guard start < i, let end = Self.domainEnd(in: line, from: i + 1) else { i += 1; continue }
            i = end
            if Self.isURLUserInfo(line, before: start) { continue }
            if end + 1 < n && line[end] == ASCII.colon
                && (line[end + 1] == 0x7E || line[end + 1] == ASCII.slash
                    || ASCII.isAlnum(line[end + 1]))
            {
                continue
            }
            candidates.append(Candidate(match: start..<end, secret: start..<end))
            lastEnd = end
        }
    }

    /// Whether the local part starting at `start` is a URL's user or password: `://` comes
    /// before it with no space, `/` or `@` between.
    static func isURLUserInfo(_ line: UTF8Line, before start: Int) -> Bool {
        var k = start
        while k >= 3 {
            let b = line[k - 1]
            if b == ASCII.slash { return line[k - 2] == ASCII.slash && line[k - 3] == ASCII.colon }
            if b == ASCII.space || b == ASCII.tab || b == ASCII.at { return false }
            k -= 1
        }
        return false
    }

    /// The end of the longest `label(.label)*.tld` at `start` with a 2–63 letter TLD and no
    /// letter or digit right after it.
    static func domainEnd(in line: UTF8Line, from start: Int) -> Int? {
        var j = start
        while j < line.count && isDomain(line[j]) { j += 1 }
        var end = j
        while end > start {
            // Find the last dot before `end`; the TLD runs from it to `end`.
            var dot = end - 1
            while dot > start && line[dot] != ASCII.dot { dot -= 1 }
            guard dot > start, line[dot] == ASCII.dot else { return nil }
            let tld = (dot + 1)..<end
            if (2...63).contains(tld.count) && tld.allSatisfy({ ASCII.isLetter(line[$0]) })
                && line.alnumBoundary(at: end) && labelsAreValid(line, start..<dot)
            {
                return end
            }
            end = dot
        }
        return nil
    }

    /// Whether `range` is non-empty labels of `[A-Za-z0-9-]` separated by single dots.
    private static func labelsAreValid(_ line: UTF8Line, _ range: Range<Int>) -> Bool {
        guard !range.isEmpty, line[range.lowerBound] != ASCII.dot else { return false }
        var previousDot = false
        for k in range {
            let isDot = line[k] == ASCII.dot
            if isDot && previousDot { return false }
            previousDot = isDot
        }
        return !previousDot
    }
}
