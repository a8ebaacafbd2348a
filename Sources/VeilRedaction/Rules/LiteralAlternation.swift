/// A pattern that stands for a short list of literal strings, such as the built-in allowlist
/// `(?i)(?:example|placeholder|your[-_]?(?:token|key|secret))`, matched without ICU.
///
/// Every vendor rule's allowlist holds such patterns, so a screen with one token paid for
/// ICU's one-time regex set-up and for compiling them (about 2 ms of a `veil snap`). The
/// pattern may open with `(?i)` and use literal characters, escaped ASCII punctuation,
/// groups (`(…)`, `(?:…)`), `|`, classes of plain characters (`[-_]`) and `?`; it then
/// stands for at most ``limit`` strings and matches a text exactly when one of them occurs
/// in it. ICU folds case over all of Unicode (`(?i)k` also matches the Kelvin sign), so a
/// case-insensitive pattern decides only texts that are ASCII and leaves the others to ICU.
/// A test compares it with `NSRegularExpression`.
struct LiteralAlternation: Hashable, Sendable {
    /// The strings the pattern stands for, as UTF-8 (lowercase when ``caseInsensitive``).
    let literals: [[UInt8]]
    /// Whether the pattern opened with `(?i)`.
    let caseInsensitive: Bool

    /// The most strings a pattern may stand for.
    static let limit = 256

    /// The alternation `source` describes, or nil when it has another shape.
    init?(_ source: String) {
        var scalars = Array(source.unicodeScalars)
        let caseInsensitive = scalars.starts(with: ["(", "?", "i", ")"])
        if caseInsensitive { scalars.removeFirst(4) }
        var parser = Parser(scalars: scalars, caseInsensitive: caseInsensitive)
        guard let strings = parser.alternation(), parser.index == scalars.count else { return nil }
        self.caseInsensitive = caseInsensitive
        literals = strings.map { Array($0.utf8) }
    }

    /// Whether one of the strings occurs in `text`; nil when ICU must decide (a
    /// case-insensitive pattern on a text that is not ASCII).
    func matches(_ text: String) -> Bool? {
        var bytes = Array(text.utf8)
        if caseInsensitive {
            for i in bytes.indices {
                guard bytes[i] < 0x80 else { return nil }
                bytes[i] = ASCII.lower(bytes[i])
            }
        }
        return bytes.withUnsafeBufferPointer { buffer in literals.contains { buffer.contains($0) } }
    }

    /// A recursive-descent reading of the accepted shapes, each part as its set of strings.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        let caseInsensitive: Bool
        var index = 0

        /// Characters that are not literals outside a class.
        private static let metacharacters: Set<Unicode.Scalar> = [
            "\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}",
        ]

        /// `sequence ('|' sequence)*`.
        mutating func alternation() -> [String]? {
            guard var strings = sequence() else { return nil }
            while index < scalars.count, scalars[index] == "|" {
                index += 1
                guard let more = sequence() else { return nil }
                strings += more
                guard strings.count <= LiteralAlternation.limit else { return nil }
            }
            return strings
        }

        /// Atoms, each optionally followed by `?`, up to `|`, `)` or the end.
        private mutating func sequence() -> [String]? {
            var strings = [""]
            while index < scalars.count, scalars[index] != "|", scalars[index] != ")" {
                guard var choices = atom() else { return nil }
                if index < scalars.count {
                    switch scalars[index] {
                    case "?":
                        index += 1
                        // A lazy `??` or possessive `?+` is left to ICU, as any other quantifier is.
                        if index < scalars.count, ["?", "+"].contains(scalars[index]) { return nil }
                        choices.append("")
                    case "*", "+", "{":
                        return nil
                    default:
                        break
                    }
                }
                guard strings.count * choices.count <= LiteralAlternation.limit else { return nil }
                strings = strings.flatMap { prefix in choices.map { prefix + $0 } }
            }
            return strings
        }

        /// A literal character, an escaped punctuation character, a group or a class.
        private mutating func atom() -> [String]? {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "(":
                if index < scalars.count, scalars[index] == "?" {
                    // Only a non-capturing group; other flags and look-arounds are left to ICU.
                    guard index + 1 < scalars.count, scalars[index + 1] == ":" else { return nil }
                    index += 2
                }
                guard let inner = alternation(), index < scalars.count, scalars[index] == ")" else { return nil }
                index += 1
                return inner
            case "[":
                return characterClass()
            case "\\":
                // `\.` is a dot; `\d`, `\1`, `\Q`, `\ ` and the like are not literals.
                guard index < scalars.count, let next = literal(scalars[index]), next.isASCII,
                    next.value > 0x20, next.value < 0x7F, !ASCII.isAlnum(UInt8(next.value))
                else { return nil }
                index += 1
                return [String(next)]
            default:
                guard !Self.metacharacters.contains(scalar), let plain = literal(scalar) else { return nil }
                return [String(plain)]
            }
        }

        /// The members of `[…]` (the `[` read): plain characters, `-` first or last; no
        /// negation, range, escape, nesting, POSIX class or set operation.
        private mutating func characterClass() -> [String]? {
            var members: [String] = []
            let start = index
            while index < scalars.count, scalars[index] != "]" {
                let scalar = scalars[index]
                if scalar == "-" {
                    let last = index + 1 < scalars.count && scalars[index + 1] == "]"
                    guard index == start || last else { return nil }
                } else if ["^", "\\", "[", "&", ":", "$", "{", "}"].contains(scalar) {
                    return nil
                }
                guard let plain = literal(scalar) else { return nil }
                if !members.contains(String(plain)) { members.append(String(plain)) }
                index += 1
            }
            guard index < scalars.count, !members.isEmpty else { return nil }
            index += 1
            return members
        }

        /// `scalar` as a literal of the pattern: lowercased when case-insensitive, which
        /// is decided here only for ASCII; nil for what ICU may read otherwise (white space
        /// and controls, which flags could change, and `#`).
        private func literal(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
            if scalar.isASCII {
                guard scalar.value > 0x20, scalar.value < 0x7F, scalar != "#" else { return nil }
            } else {
                guard !scalar.properties.isWhitespace, scalar.properties.generalCategory != .control,
                    scalar.properties.generalCategory != .format
                else { return nil }
            }
            guard caseInsensitive else { return scalar }
            guard scalar.isASCII else { return nil }
            return Unicode.Scalar(ASCII.lower(UInt8(scalar.value)))
        }
    }
}
