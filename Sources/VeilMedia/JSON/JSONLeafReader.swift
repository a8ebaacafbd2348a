/// Reads one JSON document (a line of an asciicast recording) into its scalar values with
/// their paths and columns (``JSONLeaf``), which Foundation's reader does not give.
///
/// The grammar is RFC 8259's, with the tolerances of the asciicast reader (Foundation's
/// reader, and its retry): raw control characters inside strings (Python's `json` with
/// `strict=False` writes them) are taken as themselves and reported in
/// ``Document/hasRawControls``; a comma may end an array or object (`[1, 2,]`); a UTF-8
/// byte order mark may start the line. Nesting is bounded
/// (``maximumDepth``), so a hostile line cannot exhaust the stack.
public enum JSONLeafReader {
    /// The deepest nesting of arrays and objects read.
    public static let maximumDepth = 64

    /// What a line held.
    public struct Document: Sendable {
        /// The root's kind: an object, an array or a scalar.
        public enum Root: Sendable, Hashable { case object, array, scalar }
        public var root: Root
        /// Every scalar and every key, in document order.
        public var leaves: [JSONLeaf]
        /// For an array root, how many elements it has.
        public var count: Int
        /// Whether a string held a raw control character.
        public var hasRawControls: Bool
    }

    /// A syntax error at a 1-based column.
    public struct Failure: Error, Sendable, Hashable {
        public var column: Int
        public var message: String
    }

    /// The leaves of the JSON document in `bytes` (nothing but blanks may follow it).
    /// - Throws: ``Failure`` with the column of the problem.
    public static func read(_ bytes: some Collection<UInt8>) throws(Failure) -> Document {
        var reader = Reader(Array(bytes))
        return try reader.document()
    }

    /// ``read(_:)``'s leaves only.
    public static func leaves(of bytes: some Collection<UInt8>) throws(Failure) -> [JSONLeaf] {
        try read(bytes).leaves
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        /// Column (1-based, Unicode scalars) of `bytes[index]`.
        var column = 1
        var leaves: [JSONLeaf] = []
        var path: [JSONLeaf.Step] = []
        var hasRawControls = false

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func document() throws(Failure) -> Document {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { advance(by: 3) }
            skipBlanks()
            guard index < bytes.count else { throw Failure(column: column, message: "no JSON value") }
            let root: Document.Root
            var count = 0
            switch bytes[index] {
            case UInt8(ascii: "{"): root = .object
            case UInt8(ascii: "["): root = .array
            default: root = .scalar
            }
            count = try value(depth: 0)
            skipBlanks()
            guard index == bytes.count else {
                throw Failure(column: column, message: "unexpected text after the JSON value")
            }
            return Document(root: root, leaves: leaves, count: count, hasRawControls: hasRawControls)
        }

        mutating func advance() {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }

        /// Moves past continuation bytes so `column` counts scalars.
        mutating func advance(by count: Int) {
            for _ in 0..<count where index < bytes.count { advance() }
        }

        mutating func skipBlanks() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { advance() }
        }

        func fail(_ message: String) -> Failure { Failure(column: column, message: message) }

        /// Reads a value; returns an array's element count (0 otherwise).
        mutating func value(depth: Int) throws(Failure) -> Int {
            guard depth <= JSONLeafReader.maximumDepth else {
                throw fail("JSON nested deeper than \(JSONLeafReader.maximumDepth) levels")
            }
            skipBlanks()
            guard index < bytes.count else { throw fail("unexpected end of the line") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try object(depth: depth)
                return 0
            case UInt8(ascii: "["):
                return try array(depth: depth)
            case UInt8(ascii: "\""):
                let (text, columns, start) = try string()
                leaves.append(
                    JSONLeaf(
                        path: JSONLeaf.Path(path), kind: .string, text: text, column: start, byteColumns: columns))
            case UInt8(ascii: "t"): try literal("true", kind: .boolean)
            case UInt8(ascii: "f"): try literal("false", kind: .boolean)
            case UInt8(ascii: "n"): try literal("null", kind: .null)
            default: try number()
            }
            return 0
        }

        mutating func object(depth: Int) throws(Failure) {
            advance()  // {
            skipBlanks()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                advance()
                return
            }
            while true {
                skipBlanks()
                guard index < bytes.count else { throw fail("unexpected end of the line in an object") }
                if bytes[index] == UInt8(ascii: "}") {
                    advance()  // a comma before the end
                    return
                }
                guard bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                let (key, columns, start) = try string()
                var leaf = JSONLeaf(
                    path: JSONLeaf.Path(path + [.key(key)]), kind: .string, text: key, column: start,
                    byteColumns: columns)
                leaf.isKey = true
                leaves.append(leaf)
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                advance()
                path.append(.key(key))
                _ = try value(depth: depth + 1)
                path.removeLast()
                skipBlanks()
                guard index < bytes.count else { throw fail("unexpected end of the line in an object") }
                if bytes[index] == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
                advance()
                return
            }
        }

        mutating func array(depth: Int) throws(Failure) -> Int {
            advance()  // [
            skipBlanks()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                advance()
                return 0
            }
            var count = 0
            while true {
                skipBlanks()
                if count > 0, index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    advance()  // a comma before the end
                    return count
                }
                path.append(.index(count))
                _ = try value(depth: depth + 1)
                path.removeLast()
                count += 1
                skipBlanks()
                guard index < bytes.count else { throw fail("unexpected end of the line in an array") }
                if bytes[index] == UInt8(ascii: ",") {
                    advance()
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
                advance()
                return count
            }
        }

        mutating func literal(_ word: String, kind: JSONLeaf.Kind) throws(Failure) {
            let start = column
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= bytes.count, Array(bytes[index..<(index + utf8.count)]) == utf8 else {
                throw fail("unexpected character")
            }
            advance(by: utf8.count)
            leaves.append(
                JSONLeaf(
                    path: JSONLeaf.Path(path), kind: kind, text: word, column: start,
                    byteColumns: Array(start..<(start + utf8.count + 1))))
        }

        mutating func number() throws(Failure) {
            let start = column
            let first = index
            func digits() -> Int {
                var count = 0
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                    index += 1
                    count += 1
                }
                return count
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else {
                index = first
                throw fail("unexpected character")
            }
            if bytes[index] == 0x30 { index += 1 } else { _ = digits() }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw Failure(column: start + index - first, message: "bad number") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else { throw Failure(column: start + index - first, message: "bad number") }
            }
            let text = String(decoding: bytes[first..<index], as: UTF8.self)
            column += index - first  // ASCII only
            leaves.append(
                JSONLeaf(
                    path: JSONLeaf.Path(path), kind: .number, text: text, column: start,
                    byteColumns: Array(start..<(start + index - first + 1))))
        }

        /// A string at `index` (its opening quote): the decoded text, the column of each
        /// decoded byte (plus the closing quote's), and the opening quote's column.
        mutating func string() throws(Failure) -> (String, [Int], Int) {
            let start = column
            advance()  // "
            var out: [UInt8] = []
            var columns: [Int] = []
            while true {
                guard index < bytes.count else {
                    throw Failure(column: start, message: "string not closed before the end of the line")
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    columns.append(column)
                    advance()
                    return (String(decoding: out, as: UTF8.self), columns, start)
                }
                if byte == UInt8(ascii: "\\") {
                    let escapeColumn = column
                    guard index + 1 < bytes.count else { throw fail("bad escape") }
                    let kind = bytes[index + 1]
                    var decoded: [UInt8] = []
                    switch kind {
                    case 0x22, 0x5C, 0x2F: decoded = [kind]
                    case 0x62: decoded = [0x08]
                    case 0x66: decoded = [0x0C]
                    case 0x6E: decoded = [0x0A]
                    case 0x72: decoded = [0x0D]
                    case 0x74: decoded = [0x09]
                    case 0x75:
                        guard var scalar = hex4(at: index + 2) else { throw fail("bad \\u escape") }
                        var length = 6
                        if (0xD800...0xDBFF).contains(scalar), index + 11 < bytes.count,
                            bytes[index + 6] == 0x5C, bytes[index + 7] == 0x75,
                            let low = hex4(at: index + 8), (0xDC00...0xDFFF).contains(low)
                        {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            length = 12
                        }
                        // A lone surrogate decodes as U+FFFD, as Foundation's reader does.
                        let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                        decoded = Array(String(Character(value)).utf8)
                        index += length
                        column += length
                        out += decoded
                        columns += Array(repeating: escapeColumn, count: decoded.count)
                        continue
                    default:
                        throw fail("bad escape")
                    }
                    index += 2
                    column += 2
                    out += decoded
                    columns += Array(repeating: escapeColumn, count: decoded.count)
                    continue
                }
                if byte < 0x20 { hasRawControls = true }
                // A character: its UTF-8 bytes, at one column.
                let characterColumn = column
                let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                for offset in 0..<length where index + offset < bytes.count {
                    out.append(bytes[index + offset])
                    columns.append(characterColumn)
                }
                index += length
                column += 1
            }
        }

        func hex4(at start: Int) -> UInt32? {
            guard start + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[start..<(start + 4)] {
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: return nil
                }
                value = value << 4 | digit
            }
            return value
        }
    }
}
