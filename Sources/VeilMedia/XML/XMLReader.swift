/// A small, strict XML reader for files from people Veil does not trust (an SVG in a pull
/// request): it expands nothing and reads nothing but the bytes it is given.
///
/// - Only the five predefined entities and character references are decoded; a document
///   that declares its own (a DOCTYPE with an internal subset: the "billion laughs" and
///   external-entity attacks) or uses an undeclared entity is refused. An external DTD named
///   in a DOCTYPE is never fetched.
/// - Nesting, element count and attribute count are bounded (``Limits``), so time and
///   memory stay proportional to the file.
/// - Errors name the line and column.
public enum XMLReader {
    /// How much a document may hold.
    public struct Limits: Sendable {
        /// The deepest nesting of elements.
        public var depth = 256
        /// The most elements.
        public var elements = 2_000_000
        /// The most attributes on one element.
        public var attributes = 1024

        public init() {}
    }

    /// Why a document was refused, and where.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var message: String
        public var description: String { "\(line):\(column): \(message)" }
    }

    /// Reads `bytes` (UTF-8; a byte order mark is skipped).
    /// - Throws: ``Failure`` for anything that is not well-formed XML, and for entity
    ///   declarations and undeclared entities.
    public static func read(_ bytes: [UInt8], limits: Limits = Limits()) throws(Failure) -> XMLDocument {
        var reader = Reader(bytes: bytes, limits: limits)
        do {
            return try reader.document()
        } catch let failure as Reader.Failure {
            let place = XMLDocument(elements: [], outerComments: [], source: bytes).place(of: failure.offset)
            throw Failure(line: place.line, column: place.column, message: failure.message)
        } catch {
            throw Failure(line: 1, column: 1, message: "\(error)")
        }
    }

    private struct Reader {
        struct Failure: Error {
            var offset: Int
            var message: String
        }

        let bytes: [UInt8]
        let limits: Limits
        var index = 0
        var elements: [XMLDocument.Element] = []
        var outerComments: [XMLDocument.Text] = []

        init(bytes: [UInt8], limits: Limits) {
            self.bytes = bytes
            self.limits = limits
        }

        func fail(_ message: String, at offset: Int? = nil) -> Failure {
            Failure(offset: offset ?? index, message: message)
        }

        func starts(with text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return text.withUTF8Buffer { buffer in
                var offset = 0
                while offset < count {
                    if bytes[index + offset] != buffer[offset] { return false }
                    offset += 1
                }
                return true
            }
        }

        mutating func skipSpaces() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// Moves past `terminator`, returning the offset where it starts.
        mutating func skip(past terminator: StaticString, what: String) throws -> Int {
            let start = index
            while index < bytes.count {
                if starts(with: terminator) {
                    let found = index
                    index += terminator.utf8CodeUnitCount
                    return found
                }
                index += 1
            }
            throw fail("\(what) is not closed", at: start)
        }

        mutating func document() throws -> XMLDocument {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            var seenRoot = false
            while true {
                skipSpaces()
                guard index < bytes.count else { break }
                if starts(with: "<?") {
                    _ = try skip(past: "?>", what: "a processing instruction")
                } else if starts(with: "<!--") {
                    outerComments.append(try comment())
                } else if starts(with: "<!DOCTYPE") {
                    guard !seenRoot else { throw fail("a DOCTYPE after the root element") }
                    try doctype()
                } else if bytes[index] == UInt8(ascii: "<") {
                    guard !seenRoot else { throw fail("a second root element") }
                    try element(parent: nil, depth: 0)
                    seenRoot = true
                } else {
                    throw fail(seenRoot ? "text after the root element" : "text before the root element")
                }
            }
            guard seenRoot else { throw fail("no root element") }
            return XMLDocument(elements: elements, outerComments: outerComments, source: bytes)
        }

        /// `<!DOCTYPE name [SYSTEM|PUBLIC ids]>`: its external DTD is never fetched; an
        /// internal subset (`[ … ]`, where entities are declared) is refused.
        mutating func doctype() throws {
            let start = index
            index += 9
            var quote: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == 0x22 || byte == 0x27 {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    throw fail(
                        "the DOCTYPE declares its own entities or markup (an internal subset); Veil does not expand them",
                        at: start)
                } else if byte == UInt8(ascii: ">") {
                    index += 1
                    return
                }
                index += 1
            }
            throw fail("the DOCTYPE is not closed", at: start)
        }

        mutating func comment() throws -> XMLDocument.Text {
            index += 4
            let start = index
            let end = try skip(past: "-->", what: "a comment")
            return run(verbatim: start..<end, isCDATA: false)
        }

        /// A run of bytes taken as they are (CDATA, comments).
        func run(verbatim range: Range<Int>, isCDATA: Bool) -> XMLDocument.Text {
            var starts: [Int] = []
            starts.reserveCapacity(range.count)
            for offset in range where bytes[offset] & 0xC0 != 0x80 { starts.append(offset) }
            return XMLDocument.Text(
                text: String(decoding: bytes[range], as: UTF8.self), starts: starts, end: range.upperBound,
                isCDATA: isCDATA)
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<")
                || byte == 0x22 || byte == 0x27)
        }

        mutating func name() throws -> String {
            let start = index
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            guard index > start else { throw fail("a name was expected") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func element(parent: Int?, depth: Int) throws {
            guard depth < limits.depth else { throw fail("elements nested deeper than \(limits.depth) levels") }
            guard elements.count < limits.elements else { throw fail("more than \(limits.elements) elements") }
            let start = index
            index += 1  // <
            let name = try name()
            var attributes: [XMLDocument.Attribute] = []
            while true {
                skipSpaces()
                guard index < bytes.count else { throw fail("the tag <\(name)> is not closed", at: start) }
                if bytes[index] == UInt8(ascii: ">") || starts(with: "/>") { break }
                let attributeStart = index
                let attributeName = try self.name()
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw fail("'=' was expected after the attribute \(attributeName)")
                }
                index += 1
                skipSpaces()
                guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
                    throw fail("a quoted value was expected for the attribute \(attributeName)")
                }
                let quote = bytes[index]
                index += 1
                let value = try characters(until: quote, inAttribute: true)
                index += 1
                guard !attributes.contains(where: { $0.name == attributeName }) else {
                    throw fail("the attribute \(attributeName) is given twice", at: attributeStart)
                }
                attributes.append(XMLDocument.Attribute(name: attributeName, value: value))
                guard attributes.count <= limits.attributes else {
                    throw fail("more than \(limits.attributes) attributes on one element")
                }
            }
            let me = elements.count
            elements.append(
                XMLDocument.Element(name: name, attributes: attributes, children: [], start: start, parent: parent))
            if let parent { elements[parent].children.append(.element(me)) }
            if starts(with: "/>") {
                index += 2
                return
            }
            index += 1  // >
            // Content, up to the end tag.
            while true {
                guard index < bytes.count else { throw fail("<\(name)> is not closed", at: start) }
                if starts(with: "</") {
                    let tag = index
                    index += 2
                    let closing = try self.name()
                    guard closing == name else { throw fail("</\(closing)> closes <\(name)>", at: tag) }
                    skipSpaces()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw fail("'>' was expected") }
                    index += 1
                    return
                } else if starts(with: "<!--") {
                    elements[me].children.append(.comment(try comment()))
                } else if starts(with: "<![CDATA[") {
                    index += 9
                    let begin = index
                    let end = try skip(past: "]]>", what: "a CDATA section")
                    elements[me].children.append(.text(run(verbatim: begin..<end, isCDATA: true)))
                } else if starts(with: "<?") {
                    _ = try skip(past: "?>", what: "a processing instruction")
                } else if starts(with: "<!") {
                    throw fail("markup declarations are not allowed inside an element")
                } else if bytes[index] == UInt8(ascii: "<") {
                    try element(parent: me, depth: depth + 1)
                } else {
                    elements[me].children.append(.text(try characters(until: UInt8(ascii: "<"), inAttribute: false)))
                }
            }
        }

        /// Character data up to (not including) `terminator`, references decoded.
        mutating func characters(until terminator: UInt8, inAttribute: Bool) throws -> XMLDocument.Text {
            var text: [UInt8] = []
            var starts: [Int] = []
            while index < bytes.count, bytes[index] != terminator {
                let byte = bytes[index]
                if inAttribute && byte == UInt8(ascii: "<") { throw fail("'<' in an attribute value") }
                if byte == UInt8(ascii: "&") {
                    let start = index
                    let scalar = try reference()
                    starts.append(start)
                    text += Array(String(Character(scalar)).utf8)
                    continue
                }
                if byte & 0xC0 != 0x80 { starts.append(index) }
                text.append(byte)
                index += 1
            }
            guard index < bytes.count else {
                throw fail(inAttribute ? "an attribute value is not closed" : "unexpected end")
            }
            return XMLDocument.Text(
                text: String(decoding: text, as: UTF8.self), starts: starts, end: index, isCDATA: false)
        }

        /// `&name;`, `&#N;` or `&#xN;` at `index`.
        mutating func reference() throws -> Unicode.Scalar {
            let start = index
            index += 1
            var name: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: ";"), name.count < 32 {
                name.append(bytes[index])
                index += 1
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                throw fail("'&' that does not start a reference (write &amp;)", at: start)
            }
            index += 1
            let text = String(decoding: name, as: UTF8.self)
            switch text {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            case "apos": return "'"
            default:
                var value: UInt32?
                if text.hasPrefix("#x") || text.hasPrefix("#X") {
                    value = UInt32(text.dropFirst(2), radix: 16)
                } else if text.hasPrefix("#") {
                    value = UInt32(text.dropFirst(), radix: 10)
                } else {
                    throw fail(
                        "the entity &\(text); is not one of XML's five; Veil expands no other (the document declares none it may use)",
                        at: start)
                }
                guard let value, let scalar = Unicode.Scalar(value), value != 0 else {
                    throw fail("&\(text); is not a character", at: start)
                }
                return scalar
            }
        }
    }
}
