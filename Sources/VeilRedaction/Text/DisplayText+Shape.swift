extension DisplayText {
    /// An input's value as an error message may quote it: its shape, never its characters.
    ///
    /// A value in the wrong place (a card number pasted into a scenario's `wait:`, a token
    /// in a recording's resize event) is still the value, and an error goes to terminals and
    /// CI logs. So a message says what was wrong with the value's shape: each ASCII digit is
    /// `9`, each letter `a` (`A` upper-case), every other character kept (escaped as
    /// ``escaped(_:)`` escapes it), at most `limit` characters then `…`, in quotes, followed by
    /// `(its shape)`.
    ///
    /// ```swift
    /// DisplayText.shape(of: "4539 1488 0343 6467")   // "\"9999 9999 9999 9999\" (its shape)"
    /// DisplayText.shape(of: "1.5sec")                // "\"9.9aaa\" (its shape)"
    /// ```
    public static func shape(of value: String, limit: Int = 40) -> String {
        var out = ""
        for (index, character) in value.enumerated() {
            if index == limit {
                out += "…"
                break
            }
            if character.isNumber && character.isASCII {
                out += "9"
            } else if character.isLetter {
                out += character.isUppercase ? "A" : "a"
            } else {
                out += escaped(String(character))
            }
        }
        return "\"\(out)\" (its shape)"
    }
}
