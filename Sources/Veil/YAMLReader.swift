import Foundation
import VeilLifecycle
import VeilRedaction
import Yams

/// Reads a YAML document node by node, turning every problem into an ``InputError`` that
/// names the file, line and column.
struct YAMLReader {
    /// The longest duration a scenario may give (one week), so the clock cannot overflow.
    static let longestDuration: Duration = .seconds(7 * 24 * 3600)

    let path: String

    /// Parses `text` into its root node; an empty document is an error.
    func root(of text: String) throws -> Node {
        // Depth and alias expansion are bounded before composing (an alias bomb never expands).
        if let violation = YAMLDocumentLimits.check(text) {
            throw InputError(path: path, line: violation.line, column: violation.column, message: violation.message)
        }
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw InputError(path: path, line: 1, column: 1, message: "the file is empty")
            }
            return node
        } catch let error as InputError {
            throw error
        } catch let error as YamlError {
            throw inputError(from: error)
        }
    }

    func error(_ node: Node, _ message: String) -> InputError {
        InputError(path: path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, message: message)
    }

    func mapping(_ node: Node, _ what: String) throws -> Node.Mapping {
        guard let mapping = node.mapping else { throw error(node, "\(what) must be a mapping") }
        return mapping
    }

    func sequence(_ node: Node, _ what: String) throws -> [Node] {
        guard let sequence = node.sequence else { throw error(node, "\(what) must be a list") }
        return Array(sequence)
    }

    func string(_ node: Node, _ what: String) throws -> String {
        guard let scalar = node.scalar else { throw error(node, "\(what) must be a string") }
        return scalar.string
    }

    func int(_ node: Node, _ what: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = node.int else { throw error(node, "\(what) must be a whole number") }
        guard range.contains(value) else {
            throw error(node, "\(what) must be \(range.lowerBound)…\(range.upperBound), got \(value)")
        }
        return value
    }

    func bool(_ node: Node, _ what: String) throws -> Bool {
        if let value = node.bool { return value }
        if let text = node.scalar?.string.lowercased() {
            if text == "on" { return true }
            if text == "off" { return false }
        }
        throw error(node, "\(what) must be true/false or on/off")
    }

    /// A duration such as `250ms`, `1.5s`, `2m` or `1h` (a bare number is seconds).
    func duration(_ node: Node, _ what: String) throws -> Duration {
        let text = try string(node, what).trimmingCharacters(in: .whitespaces)
        guard let duration = try? DurationParser.parse(text), duration <= YAMLReader.longestDuration else {
            throw error(node, "\(what) must be a duration up to one week such as 250ms, 1.5s or 2m, got \"\(text.prefix(40))\"")
        }
        return duration
    }

    /// Fails on the first key that is not in `allowed`.
    func checkKeys(_ mapping: Node.Mapping, allowed: [String], in what: String) throws {
        for (key, _) in mapping {
            let name = try string(key, "a key")
            if !allowed.contains(name) {
                throw error(key, "unknown key \"\(name)\" in \(what); expected one of: \(allowed.joined(separator: ", "))")
            }
        }
    }

    /// The only key and value of a one-entry mapping such as `wait: 2s`.
    func singleEntry(_ node: Node, _ what: String) throws -> (key: String, keyNode: Node, value: Node) {
        let map = try mapping(node, what)
        guard map.count == 1, let (key, value) = map.first else {
            throw error(node, "\(what) must have exactly one key")
        }
        return (try string(key, "a key"), key, value)
    }

    private func inputError(from error: YamlError) -> InputError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return InputError(path: path, line: mark.line, column: mark.column, message: "invalid YAML: \(problem)")
        case let .reader(problem, _, _, _):
            return InputError(path: path, line: 1, column: 1, message: "invalid YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let mark = context.mark
            return InputError(path: path, line: mark.line, column: mark.column,
                              message: "duplicate key \(duplicates.joined(separator: ", "))")
        default:
            return InputError(path: path, line: 1, column: 1, message: "invalid YAML: \(error)")
        }
    }
}
