/// `email`: `[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.TLD`, found from each
/// `@`, where TLD is one IANA delegates (``TopLevelDomain``: `S@SXt.tS` in ASCII art is
/// not an address), in ASCII, punycode (`xn--p1ai`) or Unicode (`рф`); labels may be
/// internationalised (`jürgen@bücher.de`). Reserved example domains are allowlisted in the
/// rule. Not an e-mail: a match followed by `:` and a path (`git@github.com:org/repo`,
/// `root@host.lan:~$`: an SSH address or a shell prompt), an SSH or SCP target (`user@host`
/// on a line running `ssh`, `scp`, `sftp`, `rsync`, `mosh` or `ssh-copy-id`), the `git@`
/// user of a code host (`ssh -T git@github.com`, `Cloning from git@gitlab.com`), and the
/// user part of a URL (`ssh://git@github.com/…`, `postgres://app:password@db/…`, whose
/// password `url.credentials` hides).
struct EmailScanner: NativeScanner {
    private static let sshCommands: [[UInt8]] = ["ssh", "scp", "sftp", "rsync", "mosh", "ssh-copy-id", "autossh"]
        .map { Array($0.utf8) }

    @inline(__always) private static func isLocal(_ b: UInt8) -> Bool {
        ASCII.isAlnum(b) || b == ASCII.dot || b == ASCII.underscore || b == 0x25 || b == ASCII.plus || b == ASCII.dash
    }

    @inline(__always) private static func isDomain(_ b: UInt8) -> Bool {
        ASCII.isAlnum(b) || b == ASCII.dash || b == ASCII.dot || b >= 0x80
    }

    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        var lastEnd = 0
        while i < n {
            guard line[i] == ASCII.at else { i += 1; continue }
            var start = i
            while start > lastEnd {
                if Self.isLocal(line[start - 1]) {
                    start -= 1
                } else if let lead = Self.twoByteLetterStart(line, before: start), lead >= lastEnd {
                    start = lead
                } else {
                    break
                }
            }
            guard start < i, let end = Self.domainEnd(in: line, from: i + 1) else { i += 1; continue }
            let at = i
            i = end
            if Self.isURLUserInfo(line, before: start) { continue }
            if end + 1 < n && line[end] == ASCII.colon
                && (line[end + 1] == 0x7E || line[end + 1] == ASCII.slash
                    || ASCII.isAlnum(line[end + 1]))
            {
                continue
            }
            if Self.isSSHTarget(line, local: start..<at) { continue }
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

    /// The start of a two-byte UTF-8 character (Latin, Greek, Cyrillic… letters: `ü`, `я`)
    /// that ends at `end`, for internationalised local parts (`jürgen@`); nil for anything
    /// else (CJK text and full-width punctuation, three bytes, are not part of an address).
    static func twoByteLetterStart(_ line: UTF8Line, before end: Int) -> Int? {
        guard end >= 2, ASCII.isContinuation(line[end - 1]), (0xC3...0xDF).contains(line[end - 2]) else { return nil }
        return end - 2
    }

    /// Whether the address whose local part is `local` is an SSH or SCP target: the local
    /// part is `git` (a code host's SSH user), or an SSH command runs on the line before it.
    static func isSSHTarget(_ line: UTF8Line, local: Range<Int>) -> Bool {
        if local.count == 3 && line.matchesLowercase(Array("git".utf8), at: local.lowerBound) { return true }
        let before = UnsafeBufferPointer(rebasing: line[..<local.lowerBound])
        return sshCommands.contains { before.containsWord($0) }
    }

    /// The end of the longest `label(.label)*.tld` at `start` with a delegated TLD and no
    /// letter or digit right after it.
    static func domainEnd(in line: UTF8Line, from start: Int) -> Int? {
        var j = start
        while j < line.count && isDomain(line[j]) { j += 1 }
        // Not inside a character: a run of UTF-8 ends on a whole character.
        var end = j
        while end > start {
            // Find the last dot before `end`; the TLD runs from it.
            var dot = end - 1
            while dot > start && line[dot] != ASCII.dot { dot -= 1 }
            guard dot > start, line[dot] == ASCII.dot, labelsAreValid(line, start..<dot) else { return nil }
            // The TLD: an ASCII run (letters, digits, dashes: `xn--p1ai`) or a non-ASCII one
            // (`рф`), which may be followed by text of the other kind (`acme.io联系`).
            var tldEnd = dot + 1
            let ascii = tldEnd < line.count && line[tldEnd] < 0x80
            while tldEnd < end && (line[tldEnd] < 0x80) == ascii { tldEnd += 1 }
            if tldEnd > dot + 1, line.alnumBoundary(at: tldEnd),
                TopLevelDomain.isDelegated(UnsafeBufferPointer(rebasing: line[(dot + 1)..<tldEnd]))
            {
                return tldEnd
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
