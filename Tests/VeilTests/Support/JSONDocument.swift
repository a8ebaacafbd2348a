import Foundation

/// A parsed JSON value for tests: numbers keep their value, objects keep their key order.
///
/// The parser is strict (RFC 8259): no trailing commas, no comments, no duplicate keys, no
/// unescaped control characters; an error names the byte offset.
indirect enum JSONDocument: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONDocument])
    case object(keys: [String], values: [String: JSONDocument])

    struct ParseError: Error, CustomStringConvertible {
        var offset: Int
        var message: String
        var description: String { "JSON error at byte \(offset): \(message)" }
    }

    /// Parses `text`, which must hold exactly one JSON value (surrounding whitespace allowed).
    static func parse(_ text: String) throws -> JSONDocument {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("trailing characters") }
        return value
    }

    /// JSON equality: numbers by value, objects regardless of key order.
    static func == (lhs: JSONDocument, rhs: JSONDocument) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(_, let a), .object(_, let b)): a == b
        default: false
        }
    }

    /// The JSON Schema type name: `null`, `boolean`, `number`, `string`, `array`, `object`.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Member `key` of an object, element `key` (a decimal index) of an array.
    subscript(_ key: String) -> JSONDocument? {
        switch self {
        case .object(_, let values): values[key]
        case .array(let items): Int(key).flatMap { items.indices.contains($0) ? items[$0] : nil }
        default: nil
        }
    }

    subscript(_ index: Int) -> JSONDocument? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    var arrayValue: [JSONDocument]? { if case .array(let a) = self { a } else { nil } }
    var objectKeys: [String]? { if case .object(let keys, _) = self { keys } else { nil } }

    /// The value at a JSON pointer such as `/runs/0/tool` (`""` is the whole document).
    func at(pointer: String) -> JSONDocument? {
        guard !pointer.isEmpty else { return self }
        var current: JSONDocument? = self
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            current = current?[key]
        }
        return current
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .string(let s): "\"\(s)\""
        case .array(let items): "[" + items.map(\.description).joined(separator: ",") + "]"
        case .object(let keys, let values): "{" + keys.map { "\"\($0)\":\(values[$0]!)" }.joined(separator: ",") + "}"
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        func error(_ message: String) -> ParseError { ParseError(offset: index, message: message) }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ literal: String) throws {
            let literalBytes = Array(literal.utf8)
            guard index + literalBytes.count <= bytes.count,
                Array(bytes[index..<index + literalBytes.count]) == literalBytes
            else {
                throw error("expected \(literal)")
            }
            index += literalBytes.count
        }

        mutating func value(depth: Int) throws -> JSONDocument {
            guard depth < 512 else { throw error("nested too deeply") }
            guard index < bytes.count else { throw error("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "n"): try expect("null"); return .null
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                index += 1
                var items: [JSONDocument] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                while true {
                    skipWhitespace()
                    items.append(try value(depth: depth + 1))
                    skipWhitespace()
                    guard index < bytes.count else { throw error("unterminated array") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                    throw error("expected , or ]")
                }
            case UInt8(ascii: "{"):
                index += 1
                var keys: [String] = []
                var values: [String: JSONDocument] = [:]
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1; return .object(keys: keys, values: values)
                }
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
                    let keyOffset = index
                    let key = try string()
                    guard values[key] == nil else {
                        throw ParseError(offset: keyOffset, message: "duplicate key \"\(key)\"")
                    }
                    skipWhitespace()
                    try expect(":")
                    skipWhitespace()
                    values[key] = try value(depth: depth + 1)
                    keys.append(key)
                    skipWhitespace()
                    guard index < bytes.count else { throw error("unterminated object") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(keys: keys, values: values) }
                    throw error("expected , or }")
                }
            default:
                return .number(try number())
            }
        }

        mutating func number() throws -> Double {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            func digits() -> Int {
                let from = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - from
            }
            let intStart = index
            let intDigits = digits()
            guard intDigits > 0 else { throw error("invalid value") }
            guard !(intDigits > 1 && bytes[intStart] == UInt8(ascii: "0")) else { throw error("leading zero") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("digits expected after .") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else { throw error("digits expected in exponent") }
            }
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                throw error("invalid number")
            }
            return value
        }

        mutating func string() throws -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var pendingHigh: UInt32?
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run.removeAll()
            }
            while true {
                guard index < bytes.count else { throw error("unterminated string") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { index += 1; break }
                guard byte >= 0x20 else { throw error("unescaped control character in string") }
                if byte != UInt8(ascii: "\\") {
                    guard pendingHigh == nil else { throw error("lone surrogate") }
                    run.append(byte)
                    index += 1
                    continue
                }
                flush()
                index += 1
                guard index < bytes.count else { throw error("unterminated escape") }
                let escape = bytes[index]
                index += 1
                var scalarValue: UInt32
                switch escape {
                case UInt8(ascii: "\""): scalarValue = 0x22
                case UInt8(ascii: "\\"): scalarValue = 0x5C
                case UInt8(ascii: "/"): scalarValue = 0x2F
                case UInt8(ascii: "b"): scalarValue = 0x08
                case UInt8(ascii: "f"): scalarValue = 0x0C
                case UInt8(ascii: "n"): scalarValue = 0x0A
                case UInt8(ascii: "r"): scalarValue = 0x0D
                case UInt8(ascii: "t"): scalarValue = 0x09
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                        let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                    else {
                        throw error("invalid \\u escape")
                    }
                    index += 4
                    scalarValue = code
                default: throw error("invalid escape")
                }
                if let high = pendingHigh {
                    guard (0xDC00...0xDFFF).contains(scalarValue) else { throw error("lone surrogate") }
                    scalarValue = 0x10000 + ((high - 0xD800) << 10) + (scalarValue - 0xDC00)
                    pendingHigh = nil
                } else if (0xD800...0xDBFF).contains(scalarValue) {
                    pendingHigh = scalarValue
                    continue
                } else if (0xDC00...0xDFFF).contains(scalarValue) {
                    throw error("lone surrogate")
                }
                guard let scalar = Unicode.Scalar(scalarValue) else { throw error("invalid scalar") }
                scalars.append(scalar)
            }
            guard pendingHigh == nil else { throw error("lone surrogate") }
            flush()
            return String(scalars)
        }
    }
}
