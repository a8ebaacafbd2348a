extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether the context word `word` (lowercase UTF-8) occurs as a whole word,
    /// case-insensitively: `tel` in `Tel:` or `phone_tel`, not in `hotel`; `tin` not in
    /// `settings`. A word boundary is the start or end of the line, a byte that is not an
    /// ASCII letter or digit, or a camelCase step (`phoneNumber` holds `phone` and
    /// `number`); a plural `s` may follow. Words in other scripts (`手机`, `电话`) have no
    /// spaces around them and match anywhere.
    func containsWord(_ word: [UInt8]) -> Bool {
        guard let first = word.first, let last = word.last, word.count <= count else { return false }
        let checksStart = ASCII.isAlnum(first)
        let checksEnd = ASCII.isAlnum(last)
        var index = 0
        let lastStart = count - word.count
        while index <= lastStart {
            defer { index += 1 }
            guard ASCII.lower(self[index]) == first, matchesLowercase(word, at: index) else { continue }
            if checksStart && !wordStarts(at: index) { continue }
            if checksEnd && !wordEnds(at: index + word.count) { continue }
            return true
        }
        return false
    }

    /// Whether a word can start at `index`: after a non-alphanumeric byte, or at a camelCase
    /// step (a lowercase letter before an uppercase one).
    private func wordStarts(at index: Int) -> Bool {
        guard index > 0 else { return true }
        let before = self[index - 1]
        if !ASCII.isAlnum(before) { return true }
        return ASCII.isLower(before) && ASCII.isUpper(self[index])
    }

    /// Whether a word can end at `end`: before a non-alphanumeric byte, at a camelCase step,
    /// or before a plural `s` that ends the word.
    private func wordEnds(at end: Int) -> Bool {
        guard end < count else { return true }
        let after = self[end]
        if !ASCII.isAlnum(after) { return true }
        if ASCII.isUpper(after) && ASCII.isLower(self[end - 1]) { return true }
        if after | 0x20 == 0x73 && end + 1 < count {
            let next = self[end + 1]
            return !ASCII.isAlnum(next) || (ASCII.isUpper(next) && after == 0x73)
        }
        return after | 0x20 == 0x73
    }
}
