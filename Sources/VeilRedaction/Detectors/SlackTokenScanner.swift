/// `slack.token`: Slack's tokens and incoming webhook URLs.
///
/// Tokens are a prefix, then dash-separated parts of `[A-Za-z0-9]` (10 characters or more
/// in all, at least two parts, at least four digits; legacy workspace app tokens `xoxa-` and
/// `xoxr-` may be one part of 8 or more with a digit): bot, user, legacy and configuration
/// tokens `xox[abposr]-`, refresh tokens `xoxe-`, rotating tokens `xoxe.xoxb-` and
/// `xoxe.xoxp-`, and app-level tokens `xapp-`. The first part is usually the team's number
/// but not always (`xapp-1-A0…`, Enterprise Grid `xoxb-E…`), so any alphanumeric part is
/// accepted; documentation placeholders (`xoxb-your-token-here`, `####`, `xxxx`,
/// `RANDOMSTRINGHERE`) fail the digit count or the rule's placeholder allowlist. Webhooks
/// are `hooks.slack.com/(services|workflows|triggers)/…`, whose path is the secret.
struct SlackTokenScanner: NativeScanner {
    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i + 15 <= n {
            let b = line[i]
            if b == 0x78, line.alnumBoundary(before: i), let bodyStart = Self.prefixEnd(line, at: i),
                let end = tokenEnd(
                    line, body: bodyStart, legacyWorkspace: bodyStart == i + 5 && Self.isWorkspace(line[i + 3]))
            {
                candidates.append(Candidate(match: i..<end, secret: i..<end))
                i = end
                continue
            }
            if b == 0x68, line.hasPrefix("hooks.slack.com/", at: i), let candidate = webhook(line, at: i) {
                candidates.append(candidate)
                i = candidate.match.upperBound
                continue
            }
            i += 1
        }
    }

    /// The offset after a token prefix at `i` (`xoxb-`, `xoxe.xoxp-`, `xapp-`), or nil.
    static func prefixEnd(_ line: UTF8Line, at i: Int) -> Int? {
        if line.hasPrefix("xapp-", at: i) { return i + 5 }
        guard line.hasPrefix("xox", at: i), i + 4 < line.count else { return nil }
        let kind = line[i + 3]
        if kind == 0x65, line.hasPrefix(".xox", at: i + 4), i + 9 < line.count,
            line[i + 8] == 0x62 || line[i + 8] == 0x70, line[i + 9] == ASCII.dash
        {
            return i + 10  // xoxe.xoxb-, xoxe.xoxp-
        }
        // a: legacy workspace apps, b: bots, e: refresh, o: legacy, p: users, r, s.
        guard [0x61, 0x62, 0x65, 0x6F, 0x70, 0x72, 0x73].contains(kind), line[i + 4] == ASCII.dash else {
            return nil
        }
        return i + 5
    }

    /// `xoxa-` and `xoxr-`: legacy workspace app tokens, whose body may be one part.
    private static func isWorkspace(_ kind: UInt8) -> Bool { kind == 0x61 || kind == 0x72 }

    /// The end of a token's body starting at `start`, or nil. A legacy workspace token needs
    /// one part of 8 or more characters with a digit (`xoxa-2-…`, `xoxr-…`); others two parts
    /// and four digits.
    private func tokenEnd(_ line: UTF8Line, body start: Int, legacyWorkspace: Bool = false) -> Int? {
        var j = start
        var parts = 1
        var digits = 0
        while j < line.count {
            let b = line[j]
            if ASCII.isDigit(b) {
                digits += 1
            } else if b == ASCII.dash {
                // Parts are never empty.
                guard j > start, line[j - 1] != ASCII.dash, j + 1 < line.count, ASCII.isAlnum(line[j + 1]) else {
                    break
                }
                parts += 1
            } else if !ASCII.isLetter(b) {
                break
            }
            j += 1
        }
        if legacyWorkspace {
            guard j - start >= 8, digits >= 1, line.alnumBoundary(at: j) else { return nil }
            return j
        }
        guard j - start >= 10, parts >= 2, digits >= 4, line.alnumBoundary(at: j) else { return nil }
        return j
    }

    private func webhook(_ line: UTF8Line, at start: Int) -> Candidate? {
        var j = start + 16
        guard
            line.hasPrefix("services/", at: j) || line.hasPrefix("workflows/", at: j)
                || line.hasPrefix("triggers/", at: j)
        else { return nil }
        while line[j] != ASCII.slash { j += 1 }
        j += 1
        let secretStart = j
        while j < line.count && (ASCII.isWord(line[j]) || line[j] == ASCII.slash || line[j] == ASCII.dash) { j += 1 }
        guard j - secretStart >= 8 else { return nil }
        var matchStart = start
        if line.hasPrefix("https://", at: start - 8) { matchStart = start - 8 }
        return Candidate(match: matchStart..<j, secret: secretStart..<j)
    }
}
