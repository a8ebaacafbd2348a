/// An XML document as ``XMLReader`` reads it: elements with their attributes, text and
/// comments, each with its place in the source, so a text can be located (line, column) and
/// rewritten in place (redaction) without touching anything else.
public struct XMLDocument: Sendable {
    /// A run of character data (text, CDATA or a comment's text), decoded, with the source
    /// bytes of each of its Unicode scalars.
    public struct Text: Sendable, Hashable {
        /// The decoded text (character and entity references resolved).
        public var text: String
        /// For each Unicode scalar of ``text``, the offset in the source of its first byte.
        public var starts: [Int]
        /// The offset in the source just past the run.
        public var end: Int
        /// Whether the run was a CDATA section.
        public var isCDATA: Bool

        /// The source bytes of scalar `index` (`&amp;` for an ampersand written so).
        public func sourceRange(ofScalar index: Int) -> Range<Int> {
            starts[index]..<(index + 1 < starts.count ? starts[index + 1] : end)
        }
    }

    /// An attribute: its name, decoded value, and the source bytes of the value.
    public struct Attribute: Sendable, Hashable {
        public var name: String
        public var value: Text
    }

    /// What an element holds, in order.
    public enum Child: Sendable, Hashable {
        /// The element at this index of ``XMLDocument/elements``.
        case element(Int)
        case text(Text)
        case comment(Text)
    }

    /// An element.
    public struct Element: Sendable, Hashable {
        /// The qualified name as written (`svg`, `xlink:href` has a prefix).
        public var name: String
        public var attributes: [Attribute]
        public var children: [Child]
        /// The offset in the source of its `<`.
        public var start: Int
        /// The index of its parent element, nil for the root.
        public var parent: Int?

        /// The value of attribute `name`, if present.
        public subscript(attribute name: String) -> String? {
            attributes.first { $0.name == name }?.value.text
        }

        /// The name without its namespace prefix (`svg:text` → `text`).
        public var localName: Substring {
            name.lastIndex(of: ":").map { name[name.index(after: $0)...] } ?? name[...]
        }
    }

    /// Every element, the root first, in document order.
    public var elements: [Element]
    /// Comments outside the root element.
    public var outerComments: [Text]
    /// The source, for places and rewriting.
    public let source: [UInt8]
    /// Offsets of the first byte of each line.
    private let lineStarts: [Int]

    init(elements: [Element], outerComments: [Text], source: [UInt8]) {
        self.elements = elements
        self.outerComments = outerComments
        self.source = source
        var starts = [0]
        for (index, byte) in source.enumerated() where byte == 0x0A { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The root element.
    public var root: Element { elements[0] }

    /// The 1-based line and column (Unicode scalars) of source offset `offset`.
    public func place(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count
        while low + 1 < high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        var column = 1
        var index = lineStarts[low]
        while index < min(offset, source.count) {
            if source[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (low + 1, column)
    }

    /// The text of element `index` and its descendants, in order (comments left out).
    public func textContent(of index: Int) -> String {
        var text = ""
        for child in elements[index].children {
            switch child {
            case .element(let inner): text += textContent(of: inner)
            case .text(let run): text += run.text
            case .comment: break
            }
        }
        return text
    }
}
