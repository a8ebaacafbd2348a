/// `password.labelled`: a value right of a password-like label,
/// `(?i)(password|passwd|pwd|passcode|secret|api[_-]?key|token)\s*[:=]\s*(\S{4,})` and
/// `(?:密码|口令|密钥|私钥|令牌|支付密码)\s*[:：=]\s*(\S+)` (note the full-width colon).
///
/// Quoted values (`"password": "hunter22"`) are taken without their quotes. The label must
/// start a word (`db_password=` and `userPassword:` count; `/etc/passwd:` does not).
/// Placeholders (`********`, `${VAR}`, `{{…}}`, `changeme`) are dropped by the rule's
/// allowlist.
struct LabelledPasswordScanner: NativeScanner {
    private struct Label {
        let bytes: [UInt8]
        let isChinese: Bool
    }

    private static let labels: [Label] = {
        let english = ["password", "passwd", "passcode", "pwd", "secret", "apikey", "api_key", "api-key", "token"]
        let chinese = ["支付密码", "密码", "口令", "密钥", "私钥", "令牌"]
        return english.map { Label(bytes: Array($0.utf8), isChinese: false) }
            + chinese.map { Label(bytes: Array($0.utf8), isChinese: true) }
    }()

    /// Labels by their first (lowercased) byte.
    private static let byFirstByte: [[Label]] = {
        var table = [[Label]](repeating: [], count: 256)
        for label in labels { table[Int(label.bytes[0])].append(label) }
        return table
    }()

    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i < n {
            let options = Self.byFirstByte[Int(ASCII.lower(line[i]))]
            guard !options.isEmpty else { i += 1; continue }
            var found: Candidate?
            for label in options where line.matchesLowercase(label.bytes, at: i) {
                if !label.isChinese && !startsWord(line, at: i) { continue }
                if let candidate = value(line, label: label, labelStart: i) {
                    found = candidate
                    break
                }
            }
            if let found {
                candidates.append(found)
                i = found.match.upperBound
            } else {
                i += 1
            }
        }
    }

    /// Whether an English label at `i` starts a word: after a non-letter other than `/` or
    /// `.`, or as the capitalised part of a camelCase name.
    private func startsWord(_ line: UTF8Line, at i: Int) -> Bool {
        guard i > 0 else { return true }
        let before = line[i - 1]
        if ASCII.isLower(before) || ASCII.isDigit(before) { return ASCII.isUpper(line[i]) }
        if ASCII.isUpper(before) { return false }
        return before != ASCII.slash && before != ASCII.dot
    }

    private func value(_ line: UTF8Line, label: Label, labelStart: Int) -> Candidate? {
        let n = line.count
        var j = labelStart + label.bytes.count
        if !label.isChinese && j < n && (line[j] == ASCII.quote || line[j] == ASCII.apostrophe) { j += 1 }
        j = line.skippingWhitespace(from: j)
        guard j < n else { return nil }
        if line[j] == ASCII.colon || line[j] == ASCII.equals {
            j += 1
        } else if line.hasPrefix("：", at: j) {
            j += 3
        } else {
            return nil
        }
        j = line.skippingWhitespace(from: j)
        guard j < n else { return nil }
        var start = j
        var end: Int
        let quote = line[j]
        if quote == ASCII.quote || quote == ASCII.apostrophe {
            start = j + 1
            end = start
            while end < n && line[end] != quote && line.whitespaceLength(at: end) == 0 { end += 1 }
        } else {
            end = j
            while end < n && line.whitespaceLength(at: end) == 0 { end += 1 }
        }
        guard end > start else { return nil }
        if !label.isChinese && line.scalarCount(start..<end) < 4 { return nil }
        return Candidate(match: labelStart..<end, secret: start..<end)
    }
}
