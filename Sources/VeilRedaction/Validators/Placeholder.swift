/// Values that stand in for a secret rather than being one: kept visible by every rule,
/// and reported with their reason as dropped candidates of kind
/// ``DroppedCandidate/Kind/placeholder`` (`veil scan --verbose` lists them).
///
/// | form | example |
/// |---|---|
/// | command substitution | `$(pass show db)`, `` `cat key.txt` `` |
/// | variable | `${DB_PASSWORD}`, `$GITHUB_TOKEN`, `%API_KEY%` |
/// | template | `{{ .Values.secret }}` |
/// | angle-bracket placeholder | `<your-token>` |
/// | mask | `********`, `••••`, `xxxxxxxx`, `####`, `fo1_xxxxxxxx…`, `glc_11111111…`, `…-########…`, `AIzaaaaaaaaaaaaa…` |
/// | stand-in word | `changeme`, `your_password`, `replace-me`, `example`, `…PUT_YOUR_TOKEN_HERE…` |
/// | documentation example | `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY` |
public enum Placeholder {
    /// Why `value` (a candidate's secret, without quotes) is a placeholder, or nil.
    public static func reason(_ value: String) -> String? {
        var value = value
        return value.withUTF8 { reason(utf8: $0) }
    }

    /// ``reason(_:)`` on UTF-8 bytes: byte tests first, a string only for a word that may be
    /// a stand-in (detection asks this of every finding).
    static func reason(utf8: UnsafeBufferPointer<UInt8>) -> String? {
        let count = utf8.count
        guard count >= 2 else { return nil }
        let first = utf8[0]
        let last = utf8[count - 1]
        func inner(_ test: (UInt8) -> Bool) -> Bool { utf8[1..<(count - 1)].allSatisfy(test) }
        switch first {
        case 0x24:  // $
            if count >= 3 && utf8[1] == ASCII.openParen && last == ASCII.closeParen {
                return "a command substitution $(…)"
            }
            if count >= 3 && utf8[1] == 0x7B && last == 0x7D { return "a variable ${…}" }
            if !ASCII.isDigit(utf8[1]) && utf8[1...].allSatisfy(ASCII.isWord) { return "a variable $NAME" }
        case 0x60:  // `
            if count >= 3 && last == 0x60 { return "a command substitution `…`" }
        case 0x25:  // %
            if count >= 3 && last == 0x25 && inner(ASCII.isWord) { return "a variable %NAME%" }
        case 0x7B:  // {
            if count >= 4 && utf8[1] == 0x7B && last == 0x7D && utf8[count - 2] == 0x7D { return "a template {{…}}" }
        case 0x3C:  // <
            if last == 0x3E && !utf8[1...].contains(0x3C) { return "a placeholder <…>" }
        default: break
        }
        if count >= 3 && utf8.allSatisfy({ $0 == 0x2A || $0 == 0x23 }) { return "a mask, already hidden" }
        if count >= 3 && isMasked(utf8) { return "a mask, already hidden" }
        if count >= 4 && utf8.allSatisfy({ $0 | 0x20 == 0x78 }) { return "a mask, already hidden" }
        // AWS's documentation keys (`AKIAIOSFODNN7EXAMPLE`, `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`)
        // and the like mark themselves.
        if count >= 12 && contains(utf8, "EXAMPLE") { return "a documentation example (…EXAMPLE…)" }
        if isFiller(utf8) { return "a mask: one character repeated after the token's prefix" }
        if let run = maskRun(utf8) { return "a mask: \(run) repeated in a row" }
        // Stand-in words: letters, `_`, `-` and brackets only.
        guard count <= 24,
            utf8.allSatisfy({
                ASCII.isLetter($0) || $0 == ASCII.underscore || $0 == ASCII.dash || $0 == 0x5B || $0 == 0x5D
            })
        else { return phraseReason(utf8) }
        let word = String(decoding: utf8, as: UTF8.self).lowercased()
        if standInWords.contains(word) { return "a stand-in word (\(word))" }
        for prefix in ["your_", "your-", "my_", "my-", "insert_", "insert-", "replace_", "replace-", "enter_"]
        where word.hasPrefix(prefix) && word.count > prefix.count
            && word.dropFirst(prefix.count).allSatisfy({ $0.isLetter || $0 == "_" || $0 == "-" })
        {
            return "a stand-in word (\(prefix)…)"
        }
        return phraseReason(utf8)
    }

    private static func phraseReason(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        guard utf8.count >= 8, let phrase = documentationPhrase(utf8) else { return nil }
        return "a stand-in (…\(phrase)…)"
    }

    /// An optional prefix of up to 12 bytes with a letter, ending in `_`, `-`, `~` or `.`
    /// (`fo1_`, `glc_`, `sha256~`), then at least 8 letters and digits that are all one character (either
    /// case), with `_ - . = ~` allowed between them: `fo1_xxxxxxxx…`, `glc_1111…=`,
    /// `aaaaaaaaaaaa`. A random token of 8 characters is one repeated character once in
    /// 10^14; a password of one repeated character is a filler, not a secret.
    static func isFiller(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        for index in 0..<min(utf8.count, 13)
        where [ASCII.underscore, ASCII.dash, 0x7E, ASCII.dot].contains(utf8[index]) {
            // A token's prefix names it (`fo1_`, `sha256~`): digits alone are a group of a
            // number (`4111-1111-…`), not a prefix.
            if utf8[0..<index].contains(where: ASCII.isLetter) { start = index + 1 }
            break
        }
        var filler: UInt8?
        var letters = 0
        for byte in utf8[start...] {
            if [ASCII.underscore, ASCII.dash, 0x7E, ASCII.dot, 0x3D].contains(byte) { continue }
            guard ASCII.isAlnum(byte) else { return false }
            let lowered = ASCII.lower(byte)
            if let filler, filler != lowered { return false }
            filler = lowered
            letters += 1
        }
        return letters >= 8
    }

    /// A mask inside a value, described by its character; nil if there is none: a run of at
    /// least 8 `x`, `X`, `#` or `*`, or of at least 4 `•` or `●`, anywhere (`hf_xxxx…`,
    /// `xxxx.atlasv1.xxxx…`, `xoxp-…-####…`, `sk-••••…`), or one ASCII letter 12 or more times
    /// from the first 4 characters to the end (`AIzaaaaaaaa…`: a prefix, then nothing).
    ///
    /// A random token holds 8 of one of those characters about once in 10^12. A run of one
    /// letter elsewhere is not a mask: base64 of zero bytes is `AAAA…`, and a real key holds
    /// it (`…AAAAAAAAAAAAAAAAk2Lw…`), so only a run that leaves no more than a prefix of the
    /// value visible is a filler. Digits are never a mask: test card numbers (`4111 1111…`,
    /// `4111111111111111`) are values to hide.
    static func maskRun(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        var run = 0
        var runStart = 0
        var previous: UInt8 = 0
        var bullets = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == 0xE2 && index + 2 < utf8.count
                && ((utf8[index + 1], utf8[index + 2]) == (0x80, 0xA2)
                    || (utf8[index + 1], utf8[index + 2]) == (0x97, 0x8F))
            {
                bullets += 1
                if bullets >= 4 { return "“•”" }
                run = 0
                previous = 0
                index += 3
                continue
            }
            bullets = 0
            if byte == previous {
                run += 1
            } else {
                run = 1
                runStart = index
            }
            previous = byte
            let isMaskByte = byte == 0x78 || byte == 0x58 || byte == 0x23 || byte == 0x2A
            if isMaskByte && run >= 8 { return "“\(Character(Unicode.Scalar(byte)))”" }
            index += 1
        }
        if run >= 12 && runStart <= 4 && ASCII.isLetter(previous) {
            return "“\(Character(Unicode.Scalar(previous)))”"
        }
        return nil
    }

    /// Whether `line` goes on at `end` with 4 or more `#` or `*` (`xoxp-…-1188-####…`): a
    /// token's shape whose secret part is masked, the candidate before it only its public
    /// start.
    static func continuesAsMask(_ line: UnsafeBufferPointer<UInt8>, after end: Int) -> Bool {
        var k = end
        if k < line.count && (line[k] == ASCII.dash || line[k] == ASCII.underscore || line[k] == ASCII.dot) { k += 1 }
        guard k + 4 <= line.count, line[k] == 0x23 || line[k] == 0x2A else { return false }
        return line[k..<(k + 4)].allSatisfy { $0 == line[k] }
    }

    /// Words documentation puts in a value to say where the real one goes (`PUT_YOUR_TOKEN_HERE`),
    /// looked for in the bytes as they are (ASCII letters either case): detection asks this of
    /// every finding, so no string is made.
    private static func documentationPhrase(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        // Every phrase holds `your` or `here`: most values hold neither and stop here.
        guard containsLowercase(utf8, yourBytes) || containsLowercase(utf8, hereBytes) else { return nil }
        return documentationPhrases.first { containsLowercase(utf8, Array($0.utf8)) }
    }

    private static let yourBytes = Array("your".utf8)
    private static let hereBytes = Array("here".utf8)

    /// Whether `phrase` (lowercase ASCII) occurs in `utf8`, ASCII letters compared in either case.
    private static func containsLowercase(_ utf8: UnsafeBufferPointer<UInt8>, _ phrase: [UInt8]) -> Bool {
        guard utf8.count >= phrase.count else { return false }
        for start in 0...(utf8.count - phrase.count) {
            var k = 0
            while k < phrase.count && ASCII.lower(utf8[start + k]) == phrase[k] { k += 1 }
            if k == phrase.count { return true }
        }
        return false
    }

    private static let documentationPhrases = [
        "put_your", "put-your", "your_token", "your-token", "your_api", "your-api", "your_key", "your-key",
        "your_secret", "your-secret", "your_password", "your-password", "_here_", "-here-", "token_here",
        "key_here", "secret_here",
    ]

    /// All `•` (U+2022) or `●` (U+25CF).
    private static func isMasked(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count % 3 == 0 else { return false }
        for start in stride(from: 0, to: utf8.count, by: 3) {
            let (a, b, c) = (utf8[start], utf8[start + 1], utf8[start + 2])
            guard (a, b, c) == (0xE2, 0x80, 0xA2) || (a, b, c) == (0xE2, 0x97, 0x8F) else { return false }
        }
        return true
    }

    private static func contains(_ utf8: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard utf8.count >= length else { return false }
        for start in 0...(utf8.count - length) where utf8.hasPrefix(literal, at: start) { return true }
        return false
    }

    /// Words that documentation and templates put where a secret goes.
    static let standInWords: Set<String> = [
        "changeme", "change_me", "change-me", "changeit", "changethis", "replaceme", "replace_me", "replace-me",
        "placeholder", "example", "sample", "dummy", "redacted", "[redacted]", "[hidden]", "[filtered]", "secret",
        "password", "yourpassword", "yourtoken", "yoursecret", "yourapikey", "fixme", "todo", "tbd", "none", "null",
        "nil", "undefined", "required", "optional", "hidden", "true", "false",
    ]
}
