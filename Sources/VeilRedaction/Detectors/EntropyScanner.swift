import Foundation

/// `generic.entropy`: long random-looking strings, `[A-Za-z0-9+/=_-]{20,}` with Shannon
/// entropy above 4.5 bits, or `[0-9a-fA-F]{32,}` above 3.0 (all-digit strings lose
/// 1.2/log₂(length), as in detect-secrets).
///
/// Not reported: UUIDs, paths and URLs (a run starting with `/`, holding `//`, or with a
/// `/` after `.` or `~`), digests (`sha256:…`, `h1:…`, `sha512-…`), `data:` URL payloads,
/// hash-length hex next to a git or hash word (`commit`, `sha256`, `checksum`, …, whole
/// words) on the line or the line above or where git and checksum tools print object names
/// (``isObjectName(_:_:)``), and sequential strings (`abcdef…`).
struct EntropyScanner: NativeScanner {
    static let base64Threshold = 4.5
    static let hexThreshold = 3.0
    static let hashWords: [[UInt8]] = [
        "commit", "git", "sha", "head", "merge", "tree", "parent", "blob", "revert", "cherry",
        "checkout", "rebase", "tag", "md5", "digest", "checksum", "hash", "fingerprint", "integrity",
    ].map { Array($0.utf8) }

    private static let sha = Array("sha".utf8)
    private static let md5 = Array("md5".utf8)
    private static let h1 = Array("h1".utf8)
    private static let base64Comma = Array("base64,".utf8)

    /// `[A-Za-z0-9+/=_-]`, as bit `b` of `runCharacters.0` for bytes below 64 and bit
    /// `b - 64` of `runCharacters.1` below 128 (one test per byte instead of seven; a test
    /// compares it with the class spelled out).
    private static let runCharacters: (UInt64, UInt64) = (0x23FF_A800_0000_0000, 0x07FF_FFFE_87FF_FFFE)

    @inline(__always) static func isRunCharacter(_ b: UInt8) -> Bool {
        let word = b < 64 ? runCharacters.0 : b < 128 ? runCharacters.1 : 0
        return word >> UInt64(b & 63) & 1 != 0
    }

    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i < n {
            guard Self.isRunCharacter(line[i]), line[i] != ASCII.equals else { i += 1; continue }
            let start = i
            var hex = true
            var digitsOnly = true
            while i < n && Self.isRunCharacter(line[i]) {
                let b = line[i]
                // `=` is base64 padding only at the end: `KEY=value` is two runs.
                if b == ASCII.equals && i + 1 < n && line[i + 1] != ASCII.equals && Self.isRunCharacter(line[i + 1]) {
                    break
                }
                if !ASCII.isHex(b) { hex = false }
                if !ASCII.isDigit(b) { digitsOnly = false }
                i += 1
            }
            let length = i - start
            guard length >= 20 else { continue }
            if isExcluded(line, previous: previous, start..<i, hex: hex) { continue }
            if Self.continuesDump(line, previous: previous, start..<i) { continue }
            let run = UnsafeBufferPointer(rebasing: line[start..<i])
            var entropy = ShannonEntropy.bits(run)
            if hex && length >= 32 {
                if digitsOnly { entropy -= 1.2 / log2(Double(length)) }
                guard entropy > Self.hexThreshold else { continue }
            } else {
                guard entropy > Self.base64Threshold else { continue }
            }
            candidates.append(Candidate(match: start..<i, secret: start..<i))
        }
    }

    /// Whether the run `range` is the whole of `line` (but for spaces), 32 characters or
    /// more, under a line that is one run of the same length: the second and later lines of
    /// random data printed as data (`head -c 3000 /dev/urandom | base64`, `xxd -p`, `openssl
    /// rand -base64 900`), which wraps at a fixed width. Such a dump is reported once, at its
    /// first line, not once per line (Docs/rules.md, "Random data on screen").
    static func continuesDump(_ line: UTF8Line, previous: UTF8Line, _ range: Range<Int>) -> Bool {
        let length = range.count
        guard length >= 32, line[..<range.lowerBound].allSatisfy({ $0 == ASCII.space }),
            line[range.upperBound...].allSatisfy({ $0 == ASCII.space })
        else { return false }
        var end = previous.count
        while end > 0 && previous[end - 1] == ASCII.space { end -= 1 }
        var start = 0
        while start < end && previous[start] == ASCII.space { start += 1 }
        return end - start == length && previous[start..<end].allSatisfy(isRunCharacter)
    }

    private func isExcluded(_ line: UTF8Line, previous: UTF8Line, _ range: Range<Int>, hex: Bool) -> Bool {
        let first = line[range.lowerBound]
        // Paths and URLs.
        if first == ASCII.slash { return true }
        let hasSlash = range.contains { line[$0] == ASCII.slash }
        if hasSlash && range.lowerBound > 0
            && (line[range.lowerBound - 1] == ASCII.dot || line[range.lowerBound - 1] == 0x7E)
        {
            return true  // "github.com/org/repo/…", "~/Library/…"
        }
        for k in range.dropLast() where line[k] == ASCII.slash && line[k + 1] == ASCII.slash { return true }
        // Digests: "sha256:…" (image digests), "h1:…" (go.sum), "sha512-…" (subresource
        // integrity, npm), and base64 data after "base64," (data: URLs).
        if range.lowerBound >= 2 && line[range.lowerBound - 1] == ASCII.colon {
            let labelEnd = range.lowerBound - 1
            var labelStart = labelEnd
            while labelStart > 0 && ASCII.isAlnum(line[labelStart - 1]) { labelStart -= 1 }
            let label = UnsafeBufferPointer(rebasing: line[labelStart..<labelEnd])
            if label.containsLowercase(Self.sha) || label.containsLowercase(Self.md5)
                || (label.count == 2 && label.matchesLowercase(Self.h1, at: 0))
            {
                return true
            }
        }
        if line.matchesLowercase(Self.sha, at: range.lowerBound)
            || line.matchesLowercase(Self.md5, at: range.lowerBound)
        {
            var k = range.lowerBound + 3
            while k < range.upperBound && ASCII.isDigit(line[k]) { k += 1 }
            if k < range.upperBound && line[k] == ASCII.dash { return true }
        }
        if line.matchesLowercase(Self.base64Comma, at: range.lowerBound - Self.base64Comma.count) { return true }
        if Self.isUUIDRun(line, range) { return true }
        if Self.isSequential(line, range) { return true }
        if hex && [32, 40, 64, 128].contains(range.count) {
            for word in Self.hashWords where line.containsWord(word) || previous.containsWord(word) {
                return true
            }
            if Self.isObjectName(line, range) { return true }
        }
        return false
    }

    /// Hash-length hex where git and checksum tools print object names: after `->` or
    /// `=>` (`main -> 3f2a…`), after `was` (`(was 2677…)`), on a merge marker line
    /// (`>>>>>>> 3f2a…`), beside `..` (a range `a1b2…..c3d4…`), and at the start of a
    /// checksum listing line (`<sha256>  /etc/fstab`, `<md5> *file.iso`).
    static func isObjectName(_ line: UTF8Line, _ range: Range<Int>) -> Bool {
        var k = range.lowerBound
        while k > 0 && (line[k - 1] == ASCII.space || line[k - 1] == 0x28 /* ( */) { k -= 1 }
        if k >= 2 && (line.hasPrefix("->", at: k - 2) || line.hasPrefix("=>", at: k - 2)) { return true }
        if k >= 3 && line.matchesLowercase(Array("was".utf8), at: k - 3) && (k == 3 || !ASCII.isLetter(line[k - 4])) {
            return true
        }
        if line.count >= 7, [0x3C, 0x3E, 0x3D, 0x7C].contains(line[0]), (0..<7).allSatisfy({ line[$0] == line[0] }) {
            return true
        }
        if line.hasPrefix("..", at: range.upperBound)
            || (range.lowerBound >= 2 && line.hasPrefix("..", at: range.lowerBound - 2))
        {
            return true
        }
        // `sha256sum`, `md5sum`, `shasum`: the digest starts the line, then two spaces
        // (text mode) or a space and `*` (binary mode), then the file name.
        if range.lowerBound == 0, range.upperBound + 2 < line.count, line[range.upperBound] == ASCII.space,
            line[range.upperBound + 1] == ASCII.space || line[range.upperBound + 1] == 0x2A
        {
            return true
        }
        return false
    }

    /// A run that is one UUID (8-4-4-4-12 hex digits), possibly with more after a dash.
    static func isUUIDRun(_ line: UTF8Line, _ range: Range<Int>) -> Bool {
        guard range.count >= 36 else { return false }
        let groups = [8, 4, 4, 4, 12]
        var k = range.lowerBound
        for (index, group) in groups.enumerated() {
            for _ in 0..<group {
                guard ASCII.isHex(line[k]) else { return false }
                k += 1
            }
            if index < 4 {
                guard line[k] == ASCII.dash else { return false }
                k += 1
            }
        }
        return k == range.upperBound || line[k] == ASCII.dash
    }

    /// Mostly consecutive characters (`abcdefgh…`, `0123456789…`, `ZYXW…`).
    static func isSequential(_ line: UTF8Line, _ range: Range<Int>) -> Bool {
        var steps = 0
        for k in range.dropLast() {
            let delta = Int(line[k + 1]) - Int(line[k])
            if delta == 1 || delta == -1 { steps += 1 }
        }
        return steps * 2 > range.count
    }
}
