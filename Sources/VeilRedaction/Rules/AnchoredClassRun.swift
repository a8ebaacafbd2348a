/// A pattern of the shape `^[…]+$` whose set lists plain characters only, such as the
/// built-in allowlist `^[*•●]+$` ("the screen shows the value already hidden"), matched
/// without ICU.
///
/// Every finding passes the global allowlists, so with ICU every screen holding a secret
/// paid for ICU's one-time regex set-up (its Unicode property tables: ≈ 1.2 ms and 1.5 MB
/// of resident memory in `veil snap`) for this one pattern. The semantics are ICU's without
/// flags: `^` is the start of the text; `$` its end, or just before a line terminator that
/// ends it (`\n`, `\u{B}`, `\u{C}`, `\r`, `\r\n`, `\u{85}`, `\u{2028}`, `\u{2029}`); the
/// set is compared by code point. A test compares it with `NSRegularExpression`.
struct AnchoredClassRun: Hashable, Sendable {
    /// The characters of the set.
    let members: Set<Unicode.Scalar>

    /// Characters that mean more than themselves inside an ICU set, or that flags and
    /// escapes could change: a pattern using one is left to ICU.
    private static let special: Set<Unicode.Scalar> = [
        "\\", "[", "]", "-", "^", "&", "$", ":", "{", "}", "(", ")", "#",
    ]

    /// The run `source` describes, or nil when it has another shape.
    init?(_ source: String) {
        let scalars = Array(source.unicodeScalars)
        guard scalars.count > 5, scalars.starts(with: ["^", "["]), scalars.suffix(3).elementsEqual(["]", "+", "$"])
        else { return nil }
        let body = scalars[2..<(scalars.count - 3)]
        for scalar in body {
            let isPlain =
                !Self.special.contains(scalar) && !scalar.properties.isWhitespace
                && scalar.properties.generalCategory != .control && scalar.properties.generalCategory != .format
                && !scalar.properties.isDefaultIgnorableCodePoint
            guard isPlain else { return nil }
        }
        members = Set(body)
    }

    /// Whether `text` is one or more members, then at most one line terminator.
    func matches(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars
        if scalars.last == "\n" {
            scalars.removeLast()
            if scalars.last == "\r" { scalars.removeLast() }
        } else if let last = scalars.last, Self.lineTerminators.contains(last) {
            scalars.removeLast()
        }
        return !scalars.isEmpty && scalars.allSatisfy { members.contains($0) }
    }

    private static let lineTerminators: Set<Unicode.Scalar> = [
        "\n", "\u{B}", "\u{C}", "\r", "\u{85}", "\u{2028}", "\u{2029}",
    ]
}
