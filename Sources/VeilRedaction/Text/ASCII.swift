/// Byte classes used by the native scanners, which read UTF-8 directly.
///
/// Every byte of a multi-byte UTF-8 sequence is ≥ 0x80, so none of these classes ever
/// matches inside a CJK character or an emoji: such characters act as boundaries, which is
/// what `(?<![0-9A-Za-z])` does in the documented patterns (unlike `\b`, which ICU treats
/// as a word character next to CJK).
enum ASCII {
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let dash: UInt8 = 0x2D
    static let plus: UInt8 = 0x2B
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let colon: UInt8 = 0x3A
    static let equals: UInt8 = 0x3D
    static let at: UInt8 = 0x40
    static let underscore: UInt8 = 0x5F
    static let quote: UInt8 = 0x22
    static let apostrophe: UInt8 = 0x27
    static let openParen: UInt8 = 0x28
    static let closeParen: UInt8 = 0x29

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    @inline(__always) static func isUpper(_ b: UInt8) -> Bool { b &- 0x41 < 26 }
    @inline(__always) static func isLower(_ b: UInt8) -> Bool { b &- 0x61 < 26 }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
    @inline(__always) static func isAlnum(_ b: UInt8) -> Bool { isDigit(b) || isLetter(b) }
    /// `[A-Za-z0-9_]`, what `\w` means for ASCII.
    @inline(__always) static func isWord(_ b: UInt8) -> Bool { isAlnum(b) || b == underscore }
    /// `[A-Za-z0-9_-]`, the base64url alphabet.
    @inline(__always) static func isBase64URL(_ b: UInt8) -> Bool { isWord(b) || b == dash }
    @inline(__always) static func isHex(_ b: UInt8) -> Bool { isDigit(b) || (b | 0x20) &- 0x61 < 6 }
    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { isUpper(b) ? b | 0x20 : b }
    /// A UTF-8 continuation byte (10xxxxxx): not the start of a character.
    @inline(__always) static func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
}

/// A line of UTF-8 as the native scanners read it (offsets are line-relative).
typealias UTF8Line = UnsafeBufferPointer<UInt8>

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether the byte before `index` is not `[0-9A-Za-z]` (or `index` is the start).
    @inline(__always) func alnumBoundary(before index: Int) -> Bool {
        index == 0 || !ASCII.isAlnum(self[index - 1])
    }

    /// Whether the byte at `index` is not `[0-9A-Za-z]` (or `index` is the end).
    @inline(__always) func alnumBoundary(at index: Int) -> Bool {
        index >= count || !ASCII.isAlnum(self[index])
    }

    /// Whether the digits starting at `index` follow `digit.` (the fraction of a decimal
    /// number or a part of a version).
    @inline(__always) func followsDecimalPoint(_ index: Int) -> Bool {
        index >= 2 && self[index - 1] == ASCII.dot && ASCII.isDigit(self[index - 2])
    }

    /// Whether the digits ending at `index` are followed by `.digit`.
    @inline(__always) func precedesDecimalPoint(_ index: Int) -> Bool {
        index + 1 < count && self[index] == ASCII.dot && ASCII.isDigit(self[index + 1])
    }

    /// Whether `literal` occurs exactly (case-sensitively) at `index`.
    @inline(__always) func hasPrefix(_ literal: StaticString, at index: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index >= 0, index + length <= count else { return false }
        let bytes = literal.utf8Start
        for k in 0..<length where self[index + k] != bytes[k] { return false }
        return true
    }

    /// Whether the bytes at `index` equal `literal`, ASCII letters case-insensitively
    /// (`literal` holds lowercase ASCII or any non-ASCII bytes).
    @inline(__always) func matchesLowercase(_ literal: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + literal.count <= count else { return false }
        for k in 0..<literal.count where ASCII.lower(self[index + k]) != literal[k] { return false }
        return true
    }

    /// Whether `literal` (lowercase) occurs anywhere, case-insensitively.
    func containsLowercase(_ literal: [UInt8]) -> Bool {
        guard let first = literal.first, literal.count <= count else { return false }
        var index = 0
        let last = count - literal.count
        while index <= last {
            if ASCII.lower(self[index]) == first && matchesLowercase(literal, at: index) { return true }
            index += 1
        }
        return false
    }

    /// Whether `word` (lowercase) occurs as a whole word, case-insensitively: not inside a
    /// longer word (`tin` is not in `settings`), though a camelCase hump, `_`, a digit or
    /// any non-letter bounds it and a plural `s` may follow (`apiKeys`, `tokens`). A word
    /// that is not ASCII (密钥) has no word boundaries to check and matches anywhere.
    func containsWord(_ word: [UInt8]) -> Bool {
        guard let first = word.first, word.count <= count else { return false }
        if first >= 0x80 { return containsLowercase(word) }
        var index = 0
        let last = count - word.count
        while index <= last {
            defer { index += 1 }
            guard ASCII.lower(self[index]) == first, matchesLowercase(word, at: index) else { continue }
            if index > 0 {
                let before = self[index - 1]
                let camel = ASCII.isLower(before) && ASCII.isUpper(self[index])
                if ASCII.isLetter(before) && !camel { continue }
            }
            var end = index + word.count
            if end < count && ASCII.lower(self[end]) == 0x73 /* s */
                && (end + 1 == count || !ASCII.isLower(self[end + 1]))
            {
                end += 1
            }
            if end < count {
                let after = self[end]
                let camel = ASCII.isLower(self[end - 1]) && ASCII.isUpper(after)
                if ASCII.isLetter(after) && !camel { continue }
            }
            return true
        }
        return false
    }

    /// The number of characters (Unicode scalars) in `range`.
    func scalarCount(_ range: Range<Int>) -> Int {
        var total = 0
        for index in range where !ASCII.isContinuation(self[index]) { total += 1 }
        return total
    }

    /// The length of the whitespace (space, tab, U+3000 ideographic space) at `index`.
    @inline(__always) func whitespaceLength(at index: Int) -> Int {
        guard index < count else { return 0 }
        let b = self[index]
        if b == ASCII.space || b == ASCII.tab { return 1 }
        if b == 0xE3, index + 2 < count, self[index + 1] == 0x80, self[index + 2] == 0x80 { return 3 }
        return 0
    }

    /// The index after any whitespace starting at `index`.
    @inline(__always) func skippingWhitespace(from index: Int) -> Int {
        var i = index
        while true {
            let length = whitespaceLength(at: i)
            if length == 0 { return i }
            i += length
        }
    }
}
