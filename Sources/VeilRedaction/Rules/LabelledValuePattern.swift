/// The regex of a rule with `label:` words: its `regex` is the shape of a value, found right
/// of a key that names one of the words (`DATADOG_API_KEY=…`, `"datadogToken": "…"`,
/// `datadog.key: '…'`, `System.setProperty("DATADOG_KEY", "…")`).
///
/// The key is a run of letters, digits, `_`, `.` and `-` (at most 40 before the word and 20,
/// spaces included, after it) starting where such a run starts; the word is compared
/// case-insensitively and must end a word of the key: not followed by a lowercase letter
/// (`sumo` is in `SUMO_KEY` and `sumoKey`, not in `sumOfExposures`; `lob` not in `global`). Then an optional closing quote, spaces, one operator (`=`, `:`, `:=`,
/// `::=`, `:::=`, `?=`, `.=`, `=>`, `,` between arguments, `>` after an XML tag), spaces and an
/// optional opening quote or backtick; then the value, which must end where a run of
/// letters, digits and `_ + / = -` ends. The value is the secret (capture group 1; the
/// rule's own groups follow it).
enum LabelledValuePattern {
    /// The whole pattern for `value` (the rule's regex) after a key naming one of `labels`.
    static func source(labels: [String], value: String) -> String {
        let words = labels.map(escaped).joined(separator: "|")
        return #"(?i:(?<![\w.-])[\w.-]{0,40}?(?:"# + words + #")(?-i:(?![a-z]))[\w. -]{0,20}?)['"]?[ \t]{0,3}"#
            + #"(?::{1,3}=|\?=|\.=|=>|=|:|,|>)[ \t]{0,3}[`'"]?("# + value + #")(?![\w+/=-])"#
    }

    /// The capture group of the secret in ``source(labels:value:)``: the whole value, or the
    /// rule's `secretGroup` counted inside it.
    static func secretGroup(_ group: Int) -> Int { group + 1 }

    /// ICU's metacharacters, as bytes.
    private static let metacharacters = Set("\\^$.|?*+()[]{}".utf8)

    /// `word` with ICU's metacharacters escaped.
    private static func escaped(_ word: String) -> String {
        // Most label words are plain (built-in rules hold hundreds, joined at every start).
        if !word.utf8.contains(where: { metacharacters.contains($0) }) { return word }
        var out = ""
        for character in word {
            if let byte = character.asciiValue, metacharacters.contains(byte) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
