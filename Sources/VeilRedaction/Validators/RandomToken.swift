/// Whether a token-shaped value looks random rather than made up by hand: the `random`
/// validator of the vendor token rules.
///
/// A placeholder in documentation or a template has the token's shape but not its
/// randomness: one character six or more times in a row (`shpat_xxxxxxxx…`,
/// `dop_v1_000000…`), a counting run of seven (`1234567`, `abcdefg`), or a documentation
/// word (`example`, `placeholder`, `dummy`, `sample`, `your_token`, `redacted`, `changeme`).
/// A random token of 20 characters holds one of these about once in ten million; a low
/// entropy alone does not make a placeholder.
enum RandomToken {
    private static let words = [
        "example", "placeholder", "dummy", "sample", "randomstring", "stringhere", "your_token", "your-token",
        "yourtoken", "your_key", "your-key", "yourkey", "your_secret", "your-secret", "redacted", "changeme",
    ]

    /// Why `text` is a placeholder, or nil when it may be random.
    static func placeholderReason(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var run = 1
        var counting = 1
        for index in bytes.indices.dropFirst() {
            run = bytes[index] == bytes[index - 1] ? run + 1 : 1
            if run >= 6 { return "placeholder: one character six times in a row" }
            let (a, b) = (ASCII.lower(bytes[index - 1]), ASCII.lower(bytes[index]))
            let isStep = b == a &+ 1 && (ASCII.isDigit(a) && ASCII.isDigit(b) || ASCII.isLetter(a) && ASCII.isLetter(b))
            counting = isStep ? counting + 1 : 1
            if counting >= 7 { return "placeholder: a counting sequence" }
        }
        let lowered = text.lowercased()
        if let word = words.first(where: { lowered.contains($0) }) {
            return "placeholder: a documentation word (\(word))"
        }
        return nil
    }
}
