/// `slack.token`: tokens `xox[baprs]-[A-Za-z0-9-]{10,}` in Slack's format (the first part
/// after the prefix is a number, and there are at least two parts), and incoming webhook
/// URLs `hooks.slack.com/(services|workflows|triggers)/…`, whose path is the secret.
struct SlackTokenScanner: NativeScanner {
    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i + 15 <= n {
            let b = line[i]
            if b == 0x78, line.hasPrefix("xox", at: i), [0x62, 0x61, 0x70, 0x72, 0x73].contains(line[i + 3]),
                line[i + 4] == ASCII.dash, line.alnumBoundary(before: i), let end = tokenEnd(line, from: i)
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

    private func tokenEnd(_ line: UTF8Line, from start: Int) -> Int? {
        var j = start + 5
        while j < line.count && (ASCII.isAlnum(line[j]) || line[j] == ASCII.dash) { j += 1 }
        let body = (start + 5)..<j
        guard body.count >= 10 else { return nil }
        // The first part is all digits, and another part follows it.
        var k = body.lowerBound
        while k < j && ASCII.isDigit(line[k]) { k += 1 }
        guard k > body.lowerBound, k < j, line[k] == ASCII.dash, k + 1 < j else { return nil }
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
