/// A strict, allocation-light JSON syntax check (RFC 8259), enough to tell whether base64
/// decoded bytes are a JSON object without building one: Foundation's parser costs tens
/// of microseconds, too much for the snapshot path.
struct JSONShape {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 64

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether `bytes` are exactly one JSON object (surrounding whitespace allowed), and the
    /// names of its top-level members when it is.
    static func objectMembers(_ bytes: [UInt8]) -> Set<String>? {
        var parser = JSONShape(bytes)
        parser.skipSpace()
        guard parser.peek == UInt8(ascii: "{"), let members = parser.object() else { return nil }
        parser.skipSpace()
        return parser.index == bytes.count ? members : nil
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// An object; returns its member names.
    private mutating func object() -> Set<String>? {
        guard expect(UInt8(ascii: "{")) else { return nil }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return nil }
        var names = Set<String>()
        skipSpace()
        if expect(UInt8(ascii: "}")) { return names }
        while true {
            skipSpace()
            guard let name = string() else { return nil }
            names.insert(name)
            skipSpace()
            guard expect(UInt8(ascii: ":")), value() else { return nil }
            skipSpace()
            if expect(UInt8(ascii: ",")) { continue }
            return expect(UInt8(ascii: "}")) ? names : nil
        }
    }

    private mutating func array() -> Bool {
        guard expect(UInt8(ascii: "[")) else { return false }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return false }
        skipSpace()
        if expect(UInt8(ascii: "]")) { return true }
        while true {
            guard value() else { return false }
            skipSpace()
            if expect(UInt8(ascii: ",")) { continue }
            return expect(UInt8(ascii: "]"))
        }
    }

    private mutating func value() -> Bool {
        skipSpace()
        guard let b = peek else { return false }
        switch b {
        case UInt8(ascii: "{"): return object() != nil
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        for k in 0..<length where bytes[index + k] != word.utf8Start[k] { return false }
        index += length
        return true
    }

    private mutating func number() -> Bool {
        let start = index
        _ = expect(UInt8(ascii: "-"))
        func digits() -> Int {
            let from = index
            while let b = peek, ASCII.isDigit(b) { index += 1 }
            return index - from
        }
        if peek == UInt8(ascii: "0") { index += 1 } else if digits() == 0 { return false }
        if expect(UInt8(ascii: ".")) { guard digits() > 0 else { return false } }
        if let b = peek, b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
            index += 1
            if let s = peek, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index > start
    }

    /// A string; returns its raw contents (escapes kept as written, enough for names).
    private mutating func string() -> String? {
        guard expect(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while let b = peek {
            switch b {
            case UInt8(ascii: "\""):
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = peek else { return nil }
                if escaped == UInt8(ascii: "u") {
                    guard index + 4 < bytes.count, (1...4).allSatisfy({ ASCII.isHex(bytes[index + $0]) }) else {
                        return nil
                    }
                    index += 5
                } else {
                    guard "\"\\/bfnrt".utf8.contains(escaped) else { return nil }
                    index += 1
                }
            case 0x00..<0x20:
                return nil
            default:
                index += 1
            }
        }
        return nil
    }
}
