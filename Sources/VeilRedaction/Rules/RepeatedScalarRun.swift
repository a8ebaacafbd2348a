/// The pattern `(.)\1{N}`: a character repeated N more times, as the built-in allowlists'
/// `(.)\1{5}` ("six of the same in a row": a placeholder, not a key), matched without ICU.
///
/// ICU's `.` is any code point but a line terminator (`\n`, `\u{B}`, `\u{C}`, `\r`, `\u{85}`,
/// `\u{2028}`, `\u{2029}`), and the back-reference repeats that code point exactly.
struct RepeatedScalarRun: Hashable, Sendable {
    /// How many equal characters in a row make a match (N + 1).
    let length: Int

    /// The run `source` describes, or nil when it has another shape.
    init?(_ source: String) {
        let prefix = #"(.)\1{"#
        guard source.hasPrefix(prefix), source.hasSuffix("}") else { return nil }
        let digits = source.dropFirst(prefix.count).dropLast()
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCII), let repeats = Int(digits),
            repeats >= 1
        else { return nil }
        length = repeats + 1
    }

    /// Whether `text` holds ``length`` equal characters in a row, none a line terminator.
    func matches(_ text: String) -> Bool {
        var previous: Unicode.Scalar?
        var run = 0
        for scalar in text.unicodeScalars {
            if Self.lineTerminators.contains(scalar) {
                previous = nil
                run = 0
                continue
            }
            run = scalar == previous ? run + 1 : 1
            if run >= length { return true }
            previous = scalar
        }
        return false
    }

    private static let lineTerminators: Set<Unicode.Scalar> = [
        "\n", "\u{B}", "\u{C}", "\r", "\u{85}", "\u{2028}", "\u{2029}",
    ]
}
