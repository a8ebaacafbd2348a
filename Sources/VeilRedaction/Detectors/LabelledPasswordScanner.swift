/// `password.labelled`: a value right of a password-like label.
///
/// The label is a key (an identifier: letters, digits, `_`, `-`, `.`) one of whose words
/// (split at `_ - .` and camelCase humps) is a secret word: `password`, `passwd`,
/// `passcode`, `pwd`, `pass`, `secret`, `token`, `apikey`, `creds`, `credential(s)`,
/// `auth`, or the pairs `api key` and `private key`; a word ending in `password`
/// (`PGPASSWORD`) counts too. So `db_password`, `password_prod`, `secret_key_base`,
/// `DB_PASS`, `client_secret`, `access_token`, `userPassword` are labels; a key with a
/// word that names something else (`publicToken`, `token_type`, `password_file`,
/// `max_tokens`: see ``otherWords``) is not. Chinese labels (密码, 口令, 密钥, 私钥, 令牌,
/// 支付密码) count wherever they are.
///
/// Between label and value: `:` `=` `:=` `?=` `=>` `==` `!=` `：` (a comparison only with a
/// quoted value), an optional quote closing a quoted key (`"password": "…"`), a table
/// cell's separator (`│ Password │ hunter2 │`, `| password | x |`), or one word and a
/// colon (`Password found: pswd`). The label must start a word (`/etc/passwd:` is a path).
///
/// The value: a quoted string without its quotes, `$(…)`, `` `…` ``, `${…}`, `{{…}}` or
/// `<…>` whole (placeholders, dropped later with the reason: see ``Placeholder``), else up
/// to whitespace (a trailing `,` `;` or unbalanced closing bracket is not part of it).
/// At least 4 characters for English labels. Not a value: an unquoted code identifier
/// (`real_key`, `self.password`, `getpass()`), prose (`token: rotate keys`), a type or status word
/// (`string`, `enabled`, `basic`), a public key or PEM header, and a UUID or number after
/// a token or secret label (ids and counts).
struct LabelledPasswordScanner: NativeScanner {
    private static let chinese: [[UInt8]] = ["支付密码", "密码", "口令", "密钥", "私钥", "令牌"].map { Array($0.utf8) }

    /// Words of a key that make it a label.
    static let secretWords: Set<String> = [
        "password", "passwd", "passcode", "pwd", "pass", "secret", "token", "apikey", "creds", "credential",
        "credentials", "auth", "passphrase",
    ]

    /// Words of a key that make it name something other than a secret value.
    static let otherWords: Set<String> = Set([
        "public", "pub", "publishable", "id", "ids", "name", "names", "type", "types", "file", "files", "path",
        "dir", "url", "uri", "endpoint", "host", "count", "length", "len", "size", "max", "min", "limit", "limits",
        "ttl", "expiry", "expires", "expiration", "expired", "timeout", "lifetime", "age", "policy", "hint", "prompt",
        "label", "field", "prefix", "suffix", "format", "mode", "strength", "required", "enabled", "disabled",
        "reset", "rotation", "version", "commit", "sha", "ref", "usage", "used", "index", "header", "regex",
        "pattern", "encoding", "location", "manager", "provider", "method", "scheme", "kind", "class", "forgot",
        "less", "budget", "total", "number", "num", "at", "date", "time", "created", "updated", "status", "state",
        "valid", "validity", "minlength", "maxlength", "placeholder", "command", "cmd", "helper", "plugin",
        "tokens", "tokenizer", "bucket", "rate", "per", "flow", "grant", "level", "algorithm", "algo", "hint",
    ])

    /// Values that say something about the secret rather than being one.
    static let stopValues: Set<String> = Set([
        "string", "str", "int", "integer", "bool", "boolean", "text", "varchar", "bytes", "secret", "password",
        "token", "optional", "required", "yes", "no", "enabled", "disabled", "true", "false", "null", "none",
        "nil", "undefined", "hidden", "redacted", "[redacted]", "example", "basic", "bearer", "digest", "oauth",
        "oauth2", "kerberos", "ntlm", "ldap", "saml", "none", "default", "set", "unset", "ok", "failed",
        "success", "valid", "invalid", "expired", "changed", "updated", "incorrect", "wrong", "missing",
        "empty", "value", "description", "type", "sensitive", "masked", "env", "file", "prompt", "stdin",
        "keychain", "vault", "unknown", "n/a", "na", "tbd", "todo", "mandatory", "provided", "generated",
        "random", "auto", "manual", "off", "on", "disable", "enable",
    ])

    func scan(_ line: UTF8Line, previous: UTF8Line, into candidates: inout [Candidate]) {
        let n = line.count
        var i = 0
        while i < n {
            let b = line[i]
            if ASCII.isLetter(b) || b == ASCII.underscore || b == ASCII.dash || b == 0x24 /* $ */ {
                // A key: the whole identifier.
                var end = i
                while end < n && Self.isKeyByte(line[end]) { end += 1 }
                if let found = englishLabel(line, key: i..<end) {
                    candidates.append(found)
                    i = found.match.upperBound
                } else {
                    i = end
                }
            } else if b >= 0xE3 && b <= 0xE9,
                let label = Self.chinese.first(where: { line.matchesLowercase($0, at: i) })
            {
                if let found = value(line, labelStart: i, after: i + label.count, chinese: true, comparison: false) {
                    candidates.append(found)
                    i = found.match.upperBound
                } else {
                    i += label.count
                }
            } else {
                i += 1
            }
        }
    }

    @inline(__always) static func isKeyByte(_ b: UInt8) -> Bool {
        ASCII.isWord(b) || b == ASCII.dash || b == ASCII.dot || b == 0x24
    }

    /// A candidate when the identifier `key` is a label followed by a value.
    private func englishLabel(_ line: UTF8Line, key: Range<Int>) -> Candidate? {
        // A path (`/etc/passwd:`, `C:\Windows\…`): no label.
        if key.lowerBound > 0 {
            let before = line[key.lowerBound - 1]
            if before == ASCII.slash || before == 0x5C /* \ */ { return nil }
        }
        // The key's own trailing dots and dashes are not part of it (`password.` in prose).
        var keyEnd = key.upperBound
        while keyEnd > key.lowerBound && (line[keyEnd - 1] == ASCII.dot || line[keyEnd - 1] == ASCII.dash) {
            keyEnd -= 1
        }
        guard keyEnd > key.lowerBound, Self.mayHoldLabel(line, key.lowerBound..<keyEnd) else { return nil }
        let words = Self.words(line, key.lowerBound..<keyEnd)
        guard Self.isLabel(words) else { return nil }
        let numbersAreValues =
            words.contains { ["password", "passwd", "passcode", "pwd", "pin"].contains($0) }
            || words.last.map { $0.hasSuffix("password") } == true
        guard
            var found = value(
                line, labelStart: key.lowerBound, after: keyEnd, chinese: false, comparison: true,
                numbersAreValues: numbersAreValues)
        else { return nil }
        found.match = key.lowerBound..<found.match.upperBound
        return found
    }

    /// Whether `range` holds one of the stems every label word contains (`pas`, `pwd`, `sec`,
    /// `tok`, `key`, `cre`, `aut`): most words of a line are rejected here, before they are
    /// split into words.
    @inline(__always) static func mayHoldLabel(_ line: UTF8Line, _ range: Range<Int>) -> Bool {
        guard range.count >= 3 else { return false }
        for k in range.lowerBound..<(range.upperBound - 2) {
            let a = ASCII.lower(line[k])
            let b = ASCII.lower(line[k + 1])
            let c = ASCII.lower(line[k + 2])
            switch (a, b, c) {
            case (0x70, 0x61, 0x73), (0x70, 0x77, 0x64), (0x73, 0x65, 0x63), (0x74, 0x6F, 0x6B), (0x6B, 0x65, 0x79),
                (0x63, 0x72, 0x65), (0x61, 0x75, 0x74):
                return true
            default: continue
            }
        }
        return false
    }

    /// The lowercased words of a key: split at `_ - . $` and where a lowercase letter or
    /// digit is followed by an uppercase one.
    static func words(_ line: UTF8Line, _ range: Range<Int>) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        for index in range {
            let b = line[index]
            if b == ASCII.underscore || b == ASCII.dash || b == ASCII.dot || b == 0x24 {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current = []
                continue
            }
            if ASCII.isUpper(b), !current.isEmpty, index > range.lowerBound,
                ASCII.isLower(line[index - 1]) || ASCII.isDigit(line[index - 1])
            {
                words.append(String(decoding: current, as: UTF8.self))
                current = []
            }
            current.append(ASCII.lower(b))
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// Whether a key's words make it a secret's label.
    static func isLabel(_ words: [String]) -> Bool {
        guard !words.contains(where: otherWords.contains) else { return false }
        for (index, word) in words.enumerated() {
            if secretWords.contains(word) { return true }
            if word.count > 8 && (word.hasSuffix("password") || word.hasSuffix("passwd")) { return true }
            if word == "key" && index > 0 && (words[index - 1] == "api" || words[index - 1] == "private") {
                return true
            }
            if word == "privatekey" { return true }
        }
        return false
    }

    /// The value after a label ending at `after`, as a candidate from `labelStart`.
    private func value(
        _ line: UTF8Line, labelStart: Int, after: Int, chinese: Bool, comparison: Bool,
        numbersAreValues: Bool = true
    ) -> Candidate? {
        let n = line.count
        var j = after
        if !chinese && j < n && (line[j] == ASCII.quote || line[j] == ASCII.apostrophe) { j += 1 }
        j = line.skippingWhitespace(from: j)
        guard j < n else { return nil }
        var mustBeQuoted = false
        if line.hasPrefix(":=", at: j) || line.hasPrefix("=>", at: j) || line.hasPrefix("?=", at: j) {
            j += 2
        } else if line.hasPrefix("==", at: j) || line.hasPrefix("!=", at: j) {
            guard comparison else { return nil }
            j += 2
            mustBeQuoted = true
        } else if line[j] == ASCII.colon || line[j] == ASCII.equals {
            j += 1
        } else if line.hasPrefix("：", at: j) {
            j += 3
        } else if line.hasPrefix("│", at: j) || line.hasPrefix("┃", at: j) || line.hasPrefix("║", at: j) {
            j += 3
        } else if line[j] == 0x7C /* | */ && !line.hasPrefix("||", at: j) {
            j += 1
        } else if !chinese, ASCII.isLower(line[j]) {
            // One word, then a colon: `Password found: pswd`.
            var end = j
            while end < n && ASCII.isLower(line[end]) { end += 1 }
            guard end - j <= 12, end < n, line[end] == ASCII.colon else { return nil }
            // `https://…`: a URL's scheme, not a word before a colon (`API Token https://…/tokens`).
            if line.hasPrefix("//", at: end + 1) { return nil }
            j = end + 1
        } else {
            return nil
        }
        j = line.skippingWhitespace(from: j)
        guard j < n else { return nil }
        guard var (start, end, quoted) = Self.valueRange(line, from: j) else { return nil }
        // An authorization scheme names the kind of the value that follows it.
        if !quoted, end < n, Self.isScheme(line, start..<end) {
            let next = line.skippingWhitespace(from: end)
            guard next > end, next < n, let range = Self.valueRange(line, from: next) else { return nil }
            (start, end, quoted) = range
        }
        if mustBeQuoted && !quoted { return nil }
        // Nothing but blanks between quotes (a value already blanked out) is no value.
        guard end > start, (start..<end).contains(where: { line.whitespaceLength(at: $0) == 0 }) else { return nil }
        if !chinese {
            guard line.scalarCount(start..<end) >= 4 else { return nil }
            if !quoted && Self.isProse(line, start..<end) { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
            guard Self.mayBeSecret(text, quoted: quoted, numbersAreValues: numbersAreValues) else { return nil }
        }
        return Candidate(match: labelStart..<end, secret: start..<end)
    }

    /// The value starting at `j`: its range and whether it was quoted.
    static func valueRange(_ line: UTF8Line, from j: Int) -> (Int, Int, Bool)? {
        let n = line.count
        let first = line[j]
        if first == ASCII.quote || first == ASCII.apostrophe {
            var end = j + 1
            while end < n && line[end] != first { end += 1 }
            if end < n { return (j + 1, end, true) }
            // No closing quote: up to whitespace.
            end = j + 1
            while end < n && line.whitespaceLength(at: end) == 0 { end += 1 }
            return (j + 1, end, true)
        }
        // Placeholders are taken whole, spaces and all.
        for (open, close) in [("$(", ")"), ("${", "}"), ("{{", "}}"), ("`", "`"), ("<", ">")] {
            let openBytes = Array(open.utf8)
            guard line.matchesLowercase(openBytes, at: j) else { continue }
            let closeBytes = Array(close.utf8)
            var end = j + openBytes.count
            while end + closeBytes.count <= n && !line.matchesLowercase(closeBytes, at: end) { end += 1 }
            if end + closeBytes.count <= n { return (j, end + closeBytes.count, false) }
        }
        var end = j
        var depth = 0
        while end < n && line.whitespaceLength(at: end) == 0 {
            switch line[end] {
            case 0x28, 0x5B, 0x7B: depth += 1
            case 0x29, 0x5D, 0x7D:
                if depth == 0 { return end > j ? (j, Self.trimmed(line, j, end), false) : nil }
                depth -= 1
            default: break
            }
            end += 1
        }
        return (j, Self.trimmed(line, j, end), false)
    }

    /// `end` without a trailing `,` or `;`, nor a closing quote whose opening one is not in
    /// the value (`echo "password: $PASS"`).
    private static func trimmed(_ line: UTF8Line, _ start: Int, _ end: Int) -> Int {
        var end = end
        if end > start + 1 && (line[end - 1] == 0x2C || line[end - 1] == 0x3B) { end -= 1 }
        if end > start + 1, line[end - 1] == ASCII.quote || line[end - 1] == ASCII.apostrophe,
            !(start..<(end - 1)).contains(where: { line[$0] == line[end - 1] })
        {
            end -= 1
        }
        return end
    }

    /// `Bearer`, `Basic` or `Token` (any case): an authorization scheme before the value.
    static func isScheme(_ line: UTF8Line, _ range: Range<Int>) -> Bool {
        let value = UnsafeBufferPointer(rebasing: line[range])
        return [Array("bearer".utf8), Array("basic".utf8), Array("token".utf8)].contains { word in
            word.count == value.count && value.matchesLowercase(word, at: 0)
        }
    }

    /// A lowercase word followed by another word: a sentence, not a value.
    static func isProse(_ line: UTF8Line, _ range: Range<Int>) -> Bool {
        guard range.allSatisfy({ ASCII.isLower(line[$0]) }) else { return false }
        var k = line.skippingWhitespace(from: range.upperBound)
        guard k > range.upperBound, k < line.count, ASCII.isLetter(line[k]) else { return false }
        while k < line.count && ASCII.isLetter(line[k]) { k += 1 }
        return k >= line.count || (line[k] != ASCII.colon && line[k] != ASCII.equals)
    }

    /// Whether `value` may be a secret: not a type or status word, a public key, a PEM
    /// header, an unquoted code identifier, and (`numbersAreValues` false) not a UUID or a
    /// number.
    static func mayBeSecret(_ value: String, quoted: Bool, numbersAreValues: Bool) -> Bool {
        if stopValues.contains(value.lowercased()) { return false }
        if value.hasPrefix("-----") || value.hasPrefix("ssh-") || value.hasPrefix("ecdsa-sha2-") { return false }
        if !quoted && isIdentifier(value) { return false }
        if !numbersAreValues {
            if value.allSatisfy(\.isNumber) { return false }
            if isUUID(value) { return false }
        }
        return true
    }

    /// A code identifier or call, not a literal: letters and `_` only (no digit) in words
    /// joined by `_` or `.` (`real_key`, `self.password`, `os.environ`), or a call of a
    /// name (`getpass()`, `os.getenv("DB_PASS")`). A camelCase word is not taken for one: a
    /// generated password of letters (`mzemibKei`) has the same shape.
    static func isIdentifier(_ value: String) -> Bool {
        var name = Substring(value)
        if let paren = name.firstIndex(of: "("), name.hasSuffix(")") {
            name = name[..<paren]
            return !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "_" || $0 == ".") }
        }
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_" || $0 == ".") }),
            let first = name.first, first.isLetter || first == "_", name.last != ".", name.last != "_",
            name.dropFirst().contains(Character("_")) || name.contains(Character("."))
        else { return false }
        // Each word in a style code uses (`real`, `KEY`, `Config`, `getEnv`), not a random mix
        // of cases (`mUZQs_CWx` is a generated password).
        return name.split(whereSeparator: { $0 == "_" || $0 == "." }).allSatisfy(isCodeWord)
    }

    /// `lower`, `UPPER`, `Capitalised` or `camelCase` letters.
    static func isCodeWord(_ word: Substring) -> Bool {
        let scalars = Array(word.unicodeScalars)
        if scalars.allSatisfy({ ("a"..."z").contains($0) }) || scalars.allSatisfy({ ("A"..."Z").contains($0) }) {
            return true
        }
        // No two uppercase letters in a row, and the last letter lowercase.
        for (a, b) in zip(scalars, scalars.dropFirst()) where ("A"..."Z").contains(a) && ("A"..."Z").contains(b) {
            return false
        }
        return scalars.last.map { ("a"..."z").contains($0) } ?? false
    }

    /// `8-4-4-4-12` hex digits.
    static func isUUID(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [8, 4, 4, 4, 12] && parts.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }
}
