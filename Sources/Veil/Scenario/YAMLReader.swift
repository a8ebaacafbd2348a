import Foundation
import VeilRedaction
import VeilLifecycle
import VeilYAML
import Yams

/// Reads a scenario's YAML node by node through ``YAMLNodeReader`` (shared with rules files),
/// turning every problem into an ``InputError`` that names the file, line and column. Names
/// are in double quotes, as in the rest of the scenario messages.
struct YAMLReader {
    /// The longest duration a scenario may give (one week), so the clock cannot overflow.
    static let longestDuration: Duration = .seconds(7 * 24 * 3600)

    let path: String
    private let yaml = YAMLNodeReader(quote: "\"", syntaxLabel: "invalid YAML")

    init(path: String) {
        self.path = path
    }

    /// Parses `text` into its root node; an empty document is an error.
    func root(of text: String) throws -> Node {
        guard let node = try located({ () throws(YAMLError) in try yaml.compose(text) }) else {
            throw InputError(path: path, line: 1, column: 1, message: "the file is empty")
        }
        return node
    }

    func error(_ node: Node, _ message: String) -> InputError {
        let (line, column) = yaml.position(node)
        return InputError(path: path, line: line, column: column, message: message)
    }

    func mapping(_ node: Node, _ what: String) throws -> Node.Mapping {
        try located { () throws(YAMLError) in try yaml.mapping(node, what) }
    }

    func sequence(_ node: Node, _ what: String) throws -> [Node] {
        try located { () throws(YAMLError) in try yaml.list(node, what) }
    }

    func string(_ node: Node, _ what: String) throws -> String {
        try located { () throws(YAMLError) in try yaml.string(node, what) }
    }

    func int(_ node: Node, _ what: String, in range: ClosedRange<Int>) throws -> Int {
        let value = try located { () throws(YAMLError) in try yaml.int(node, what) }
        guard range.contains(value) else {
            throw error(node, "\(what) must be \(range.lowerBound)…\(range.upperBound), got \(value)")
        }
        return value
    }

    /// `true` or `false` (YAML 1.2); `on`, `off`, `yes` and `no` are refused with a hint.
    func bool(_ node: Node, _ what: String) throws -> Bool {
        try located { () throws(YAMLError) in try yaml.bool(node, what) }
    }

    /// A duration such as `250ms`, `1.5s`, `2m` or `1h` (a bare number is seconds).
    func duration(_ node: Node, _ what: String) throws -> Duration {
        let text = try string(node, what).trimmingCharacters(in: .whitespaces)
        guard let duration = try? DurationParser.parse(text), duration <= YAMLReader.longestDuration else {
            throw error(
                node,
                "\(what) must be a duration up to one week such as 250ms, 1.5s or 2m, got \(DisplayText.shape(of: text))"
            )
        }
        return duration
    }

    /// Fails on the first key that is not in `allowed` (with "did you mean" for a near miss).
    func checkKeys(_ mapping: Node.Mapping, allowed: [String], in what: String) throws {
        try located { () throws(YAMLError) in try yaml.checkKeys(mapping, known: allowed, in: what) }
    }

    /// The only key and value of a one-entry mapping such as `wait: 2s`.
    func singleEntry(_ node: Node, _ what: String) throws -> (key: String, keyNode: Node, value: Node) {
        let map = try mapping(node, what)
        guard map.count == 1, let (key, value) = map.first else {
            throw error(node, "\(what) must have exactly one key")
        }
        return (try string(key, "a key"), key, value)
    }

    /// Runs `body`, turning a ``YAMLError`` into an ``InputError`` in this file.
    private func located<T>(_ body: () throws(YAMLError) -> T) throws(InputError) -> T {
        do {
            return try body()
        } catch {
            throw InputError(path: path, line: error.line, column: error.column, message: error.message)
        }
    }
}
