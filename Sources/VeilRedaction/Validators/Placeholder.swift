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
/// | mask | `********`, `••••`, `xxxxxxxx`, `####` |
/// | stand-in word | `changeme`, `your_password`, `replace-me`, `example` |
/// | documentation example | `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY` |
public enum Placeholder {
    /// Why `value` (a candidate's secret, without quotes) is a placeholder, or nil.
    public static func reason(_ value: String) -> String? {
        let utf8 = value.utf8
        guard let first = utf8.first, utf8.count >= 2 else { return nil }
        switch first {
        case 0x24:  // $
            if value.hasPrefix("$(") && value.hasSuffix(")") { return "a command substitution $(…)" }
            if value.hasPrefix("${") && value.hasSuffix("}") { return "a variable ${…}" }
            if utf8.dropFirst().allSatisfy({ ASCII.isWord($0) }), let second = utf8.dropFirst().first,
                !ASCII.isDigit(second)
            {
                return "a variable $NAME"
            }
        case 0x60:  // `
            if value.hasSuffix("`") && utf8.count >= 3 { return "a command substitution `…`" }
        case 0x25:  // %
            if value.hasSuffix("%"), utf8.count >= 3, utf8.dropFirst().dropLast().allSatisfy({ ASCII.isWord($0) }) {
                return "a variable %NAME%"
            }
        case 0x7B:  // {
            if value.hasPrefix("{{") && value.hasSuffix("}}") { return "a template {{…}}" }
        case 0x3C:  // <
            if value.hasSuffix(">") && !value.dropFirst().contains("<") { return "a placeholder <…>" }
        default: break
        }
        if utf8.count >= 3 && value.allSatisfy({ "*•●#".contains($0) }) { return "a mask, already hidden" }
        // AWS's documentation keys (`AKIAIOSFODNN7EXAMPLE`, `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`)
        // and the like mark themselves.
        if utf8.count >= 12 && value.contains("EXAMPLE") { return "a documentation example (…EXAMPLE…)" }
        if utf8.count >= 4 && value.lowercased().allSatisfy({ $0 == "x" }) { return "a mask, already hidden" }
        let word = value.lowercased()
        if standInWords.contains(word) { return "a stand-in word (\(word))" }
        for prefix in ["your_", "your-", "my_", "my-", "insert_", "insert-", "replace_", "replace-", "enter_"]
        where word.hasPrefix(prefix) && word.count > prefix.count
            && word.dropFirst(prefix.count).allSatisfy({ $0.isLetter || $0 == "_" || $0 == "-" })
        {
            return "a stand-in word (\(prefix)…)"
        }
        return nil
    }

    /// Words that documentation and templates put where a secret goes.
    static let standInWords: Set<String> = [
        "changeme", "change_me", "change-me", "changeit", "changethis", "replaceme", "replace_me", "replace-me",
        "placeholder", "example", "sample", "dummy", "redacted", "[redacted]", "[hidden]", "[filtered]", "secret",
        "password", "yourpassword", "yourtoken", "yoursecret", "yourapikey", "fixme", "todo", "tbd", "none", "null",
        "nil", "undefined", "required", "optional", "hidden", "true", "false",
    ]
}
