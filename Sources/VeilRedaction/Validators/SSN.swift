/// United States social security numbers.
public enum SSN {
    /// Numbers that were published and must never be treated as anyone's (Woolworth's
    /// wallet card, an advertisement, a Social Security Administration example).
    static let published: Set<String> = ["078051120", "219099999", "457555462"]

    /// Whether `text` (`123-45-6789`, `123 45 6789`, `123.45.6789` or `123456789`) is a possible SSN: area
    /// not 000, 666 or 900–999, group not 00, serial not 0000, not all one digit, and not a
    /// published number. Consistent separators are required.
    /// The bare form counts only when `hasContext` (a word such as `SSN` is near it).
    public static func isValid(_ text: String, hasContext: Bool = false) -> Bool {
        switch verdict(text) {
        case .valid: true
        case .validWithContext: hasContext
        case .invalid: false
        }
    }

    static func verdict(_ text: String) -> Verdict {
        let bytes = Array(text.utf8)
        let digits: [UInt8]
        var bare = false
        if bytes.count == 9 {
            digits = bytes
            bare = true
        } else if bytes.count == 11, bytes[3] == bytes[6],
            bytes[3] == ASCII.dash || bytes[3] == ASCII.space || bytes[3] == ASCII.dot
        {
            digits = Array(bytes[0..<3] + bytes[4..<6] + bytes[7..<11])
        } else {
            return .invalid("not 3-2-4 digits with consistent separators")
        }
        guard digits.allSatisfy(ASCII.isDigit) else { return .invalid("not digits") }
        let value = digits.map { Int($0 - 0x30) }
        let area = value[0] * 100 + value[1] * 10 + value[2]
        let group = value[3] * 10 + value[4]
        let serial = value[5...].reduce(0) { $0 * 10 + $1 }
        if area == 0 || area == 666 || area >= 900 { return .invalid("area 000, 666 or 900–999") }
        if group == 0 { return .invalid("group 00") }
        if serial == 0 { return .invalid("serial 0000") }
        if Set(value).count == 1 { return .invalid("all one digit") }
        if published.contains(String(decoding: digits, as: UTF8.self)) { return .invalid("a published example number") }
        return bare ? .validWithContext : .valid
    }
}
