import VeilYAML
import Yams

/// Typed access to a rules file's YAML nodes with positions: the first phase of loading a
/// rules file turns nodes into raw values, rejecting wrong types and unknown keys. The
/// reading is ``YAMLNodeReader``'s (shared with scenario files); this adds the file name and
/// the rules file's wording (keys in single quotes).
struct NodeReader {
    let file: String
    private let yaml = YAMLNodeReader(quote: "'", syntaxLabel: "YAML syntax error")

    init(file: String) {
        self.file = file
    }

    func position(_ node: Node) -> SourcePosition {
        let (line, column) = yaml.position(node)
        return SourcePosition(file: file, line: line, column: column)
    }

    func error(_ node: Node, _ message: String) -> RuleFileError {
        RuleFileError(position(node), message)
    }

    /// The root node of `text` (nil when empty), limits checked first.
    func compose(_ text: String) throws -> Node? {
        try located { () throws(YAMLError) in try yaml.compose(text) }
    }

    /// The entries of a mapping whose keys are all known, in order.
    /// - Throws: when `node` is not a mapping, a key is not a string, or a key is not in
    ///   `known` (with a suggestion for a near miss).
    func mapping(_ node: Node, _ what: String, known: [String]) throws -> [(key: String, keyNode: Node, value: Node)] {
        try located { () throws(YAMLError) in try yaml.entries(node, what, known: known) }
    }

    func string(_ node: Node, _ key: String) throws -> Located<String> {
        Located(
            value: try located { () throws(YAMLError) in try yaml.string(node, yaml.quoted(key)) },
            position: position(node))
    }

    func int(_ node: Node, _ key: String) throws -> Located<Int> {
        Located(
            value: try located { () throws(YAMLError) in try yaml.int(node, yaml.quoted(key)) },
            position: position(node))
    }

    func double(_ node: Node, _ key: String) throws -> Located<Double> {
        Located(
            value: try located { () throws(YAMLError) in try yaml.double(node, yaml.quoted(key)) },
            position: position(node))
    }

    func bool(_ node: Node, _ key: String) throws -> Located<Bool> {
        Located(
            value: try located { () throws(YAMLError) in try yaml.bool(node, yaml.quoted(key)) },
            position: position(node))
    }

    func list(_ node: Node, _ key: String) throws -> [Node] {
        try located { () throws(YAMLError) in try yaml.list(node, yaml.quoted(key)) }
    }

    func stringList(_ node: Node, _ key: String) throws -> [Located<String>] {
        let items = try located { () throws(YAMLError) in try yaml.stringList(node, yaml.quoted(key)) }
        return try items.map { try string($0, key) }
    }

    /// Runs `body`, turning a ``YAMLError`` into a ``RuleFileError`` in this file.
    private func located<T>(_ body: () throws(YAMLError) -> T) throws(RuleFileError) -> T {
        do {
            return try body()
        } catch {
            throw RuleFileError(SourcePosition(file: file, line: error.line, column: error.column), error.message)
        }
    }
}
