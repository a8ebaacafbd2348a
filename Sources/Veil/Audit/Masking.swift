/// Hides a sensitive value for display while keeping its shape.
///
/// ```swift
/// Masking.mask("4111 1111 1111 1111")              // "•••• •••• •••• ••••"
/// Masking.mask("4111-1111-1111-1234", showLast: 4) // "••••-••••-••••-1234"
/// ```
public enum Masking {
    /// The character that replaces each hidden character.
    public static let maskCharacter: Character = "•"

    /// `value` with every character except separators (whitespace and `-`) replaced by `•`.
    ///
    /// With `showLast` > 0, the last `showLast` letters and digits stay visible (with any
    /// punctuation between them), but never more than half of the value's letters and
    /// digits, so a short value such as a PIN is never shown whole. Each grapheme cluster
    /// (a CJK character, an emoji) becomes one `•`.
    public static func mask(_ value: String, showLast: Int = 0) -> String {
        let characters = Array(value)
        let alphanumericCount = characters.filter(isAlphanumeric).count
        var toReveal = min(max(0, showLast), alphanumericCount / 2)
        var revealed = [Bool](repeating: false, count: characters.count)
        var index = characters.count - 1
        while toReveal > 0, index >= 0 {
            let character = characters[index]
            if isAlphanumeric(character) {
                revealed[index] = true
                toReveal -= 1
            } else if !isSeparator(character) {
                revealed[index] = true
            }
            index -= 1
        }
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for (offset, character) in characters.enumerated() {
            result.append(revealed[offset] || isSeparator(character) ? character : maskCharacter)
        }
        return result
    }

    static func isSeparator(_ character: Character) -> Bool {
        character.isWhitespace || character == "-"
    }

    static func isAlphanumeric(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}

/// A display value that has been through ``Masking``: the only kind of value a finding shows.
///
/// A finding cannot hold a plain string as its display value, so an engine cannot put a raw
/// secret there by accident. ``revealed(_:)`` is the one explicit way to show a value as it
/// is, meant for the local `--show-secrets` opt-in only.
public struct MaskedValue: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The text to display.
    public let text: String

    /// The masked form of `raw` (see ``Masking/mask(_:showLast:)``).
    public init(masking raw: String, showLast: Int = 0) {
        text = Masking.mask(raw, showLast: showLast)
    }

    private init(verbatim: String) { text = verbatim }

    /// `raw` unmasked. Only for an explicit local opt-in such as `--show-secrets`.
    public static func revealed(_ raw: String) -> MaskedValue { MaskedValue(verbatim: raw) }

    public var description: String { text }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.text < rhs.text }
}
