/// One scalar value of a JSON document (a string, number, `true`, `false` or `null`) with
/// where it is: the keys and indices that lead to it, and its place in the line.
///
/// ```swift
/// let leaves = try JSONLeafReader.leaves(of: Array(#"{"env": {"TOKEN": "abc"}}"#.utf8))
/// leaves[0].path.description   // env.TOKEN
/// leaves[0].text               // abc
/// leaves[0].column             // 19 (the opening quote)
/// ```
public struct JSONLeaf: Sendable, Hashable {
    /// What kind of scalar it is.
    public enum Kind: Sendable, Hashable {
        case string, number, boolean, null
    }

    /// One step of a path: an object's key or an array's index.
    public enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The steps from the document's root to the value.
    public struct Path: Sendable, Hashable, CustomStringConvertible {
        public var steps: [Step]

        public init(_ steps: [Step]) {
            self.steps = steps
        }

        /// `env.TOKEN`, `tags[1]`, `[3]`; a key that is not a plain name is quoted
        /// (`env."MY KEY"`).
        public var description: String {
            var text = ""
            for step in steps {
                switch step {
                case .index(let index): text += "[\(index)]"
                case .key(let key):
                    let plain =
                        !key.isEmpty
                        && key.unicodeScalars.allSatisfy {
                            $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" || $0 == "-"
                        }
                    if !text.isEmpty { text += "." }
                    text += plain ? key : "\"" + key.replacingOccurrences(of: "\"", with: "\\\"") + "\""
                }
            }
            return text
        }

        /// The last key on the path (an array element's is its array's), if any.
        public var lastKey: String? {
            for step in steps.reversed() {
                if case .key(let key) = step { return key }
            }
            return nil
        }
    }

    /// Where it is.
    public var path: Path
    /// What it is.
    public var kind: Kind
    /// A string's decoded text, or a number's or literal's JSON text as written.
    public var text: String
    /// The 1-based column (Unicode scalars of the line) where its JSON text starts (a
    /// string's opening quote).
    public var column: Int
    /// For a string, the column of the JSON text that encodes each decoded UTF-8 byte of
    /// ``text`` (a character, or the backslash of its escape), plus one entry past the end
    /// (the closing quote); for other kinds, the column of each byte of ``text``.
    public var byteColumns: [Int]
    /// Whether the leaf is an object's key (its ``text`` is the key) rather than a value.
    public var isKey: Bool = false

    /// The column where byte `offset` of ``text`` is encoded (the end for an offset past it).
    public func column(ofByte offset: Int) -> Int {
        guard !byteColumns.isEmpty else { return column }
        return byteColumns[min(max(0, offset), byteColumns.count - 1)]
    }
}
