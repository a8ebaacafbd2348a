import Yams

/// Reads a YAML document into Yams nodes, and nodes into typed values, with positions:
/// the one reader behind rules files and scenario files.
///
/// - Documents are checked against ``YAMLDocumentLimits`` before they are composed.
/// - Scalars follow the YAML 1.2 core schema: booleans are `true`/`false` (also `True`,
///   `TRUE`, `False`, `FALSE`); YAML 1.1's `yes`/`no`/`on`/`off` are refused with a message
///   that says what to write instead.
/// - An unknown key is refused with the nearest known key ("did you mean …?") or the list of
///   known keys.
public struct YAMLNodeReader: Sendable {
    /// How the format quotes a name in messages: `'` for rules files, `"` for scenarios.
    public var quote: String
    /// The words in front of a YAML syntax error, e.g. `YAML syntax error`.
    public var syntaxLabel: String

    public init(quote: String = "'", syntaxLabel: String = "YAML syntax error") {
        self.quote = quote
        self.syntaxLabel = syntaxLabel
    }

    // MARK: Documents

    /// The root node of `text`, or nil for an empty document.
    /// - Throws: ``YAMLError`` for a broken limit, a syntax error or a repeated key.
    public func compose(_ text: String) throws(YAMLError) -> Node? {
        // Depth and alias expansion are bounded before composing (an alias bomb never expands).
        if let violation = YAMLDocumentLimits.check(text) {
            throw YAMLError(line: violation.line, column: violation.column, message: violation.message)
        }
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error)
        } catch {
            throw YAMLError(line: 1, column: 1, message: "cannot read as YAML")
        }
    }

    private func syntaxError(_ error: YamlError) -> YAMLError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return YAMLError(line: mark.line, column: mark.column, message: "\(syntaxLabel): \(problem)")
        case let .reader(problem, _, _, _):
            return YAMLError(line: 1, column: 1, message: "cannot read as YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let keys = duplicates.map(quoted).joined(separator: ", ")
            return YAMLError(
                line: context.mark.line, column: context.mark.column,
                message: "duplicate key \(keys) (keys of a mapping must be unique)")
        default:
            return YAMLError(line: 1, column: 1, message: "cannot read as YAML")
        }
    }

    // MARK: Positions and messages

    /// The 1-based line and column `node` starts at (1:1 when Yams has no mark).
    public func position(_ node: Node) -> (line: Int, column: Int) {
        (node.mark?.line ?? 1, node.mark?.column ?? 1)
    }

    /// An error at `node`.
    public func error(_ node: Node, _ message: String) -> YAMLError {
        let (line, column) = position(node)
        return YAMLError(line: line, column: column, message: message)
    }

    /// `name` in the format's quotes.
    public func quoted(_ name: String) -> String { quote + name + quote }

    /// What a node is, for "must be X, not Y" messages.
    public func kind(_ node: Node) -> String {
        switch node {
        case let .scalar(scalar):
            if isNull(node) { return "nothing (null)" }
            if scalar.style == .plain {
                if Int(scalar.string) != nil || Double(scalar.string) != nil { return "a number" }
                if Self.coreBooleans[scalar.string] != nil { return "a boolean" }
            }
            return "a string"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// Whether `node` is a plain null scalar: empty, `~` or `null`.
    public func isNull(_ node: Node) -> Bool {
        guard case let .scalar(scalar) = node, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    // MARK: Structure

    /// The mapping `node` is. `what` describes it ("a rule", "policy").
    public func mapping(_ node: Node, _ what: String) throws(YAMLError) -> Node.Mapping {
        guard case let .mapping(mapping) = node else {
            throw error(node, "\(what) must be a mapping, not \(kind(node))")
        }
        return mapping
    }

    /// Throws on the first key of `mapping` that is not a string or not in `known`.
    public func checkKeys(_ mapping: Node.Mapping, known: [String], in what: String) throws(YAMLError) {
        _ = try entries(mapping, known: known, in: what)
    }

    /// The entries of the mapping `node`, in order, every key known.
    /// - Throws: when `node` is not a mapping, a key is not a string, or a key is not in `known`.
    public func entries(_ node: Node, _ what: String, known: [String])
        throws(YAMLError) -> [(key: String, keyNode: Node, value: Node)]
    {
        try entries(try mapping(node, what), known: known, in: what)
    }

    private func entries(_ mapping: Node.Mapping, known: [String], in what: String)
        throws(YAMLError) -> [(key: String, keyNode: Node, value: Node)]
    {
        // Yams already rejects a key that repeats in a mapping.
        var result: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard case let .scalar(key) = keyNode else { throw error(keyNode, "keys of \(what) must be strings") }
            guard known.contains(key.string) else {
                var message = "unknown key \(quoted(key.string)) in \(what)"
                if let near = KeySuggestion.nearest(key.string, in: known) {
                    message += " (did you mean \(quoted(near))?)"
                } else {
                    message += "; expected one of: \(known.joined(separator: ", "))"
                }
                throw error(keyNode, message)
            }
            result.append((key.string, keyNode, value))
        }
        return result
    }

    /// The list `node` is. `what` names it in messages.
    public func list(_ node: Node, _ what: String) throws(YAMLError) -> [Node] {
        guard case let .sequence(sequence) = node else {
            throw error(node, "\(what) must be a list, not \(kind(node))")
        }
        return Array(sequence)
    }

    // MARK: Scalars

    /// A string scalar (quoted or plain; a plain null is refused). `what` names it in messages.
    public func string(_ node: Node, _ what: String) throws(YAMLError) -> String {
        guard case let .scalar(scalar) = node, !isNull(node) else {
            throw error(node, "\(what) must be a string, not \(kind(node))")
        }
        return scalar.string
    }

    /// A whole number written as a plain scalar in decimal.
    public func int(_ node: Node, _ what: String) throws(YAMLError) -> Int {
        guard case let .scalar(scalar) = node, scalar.style == .plain, let value = Int(scalar.string) else {
            throw error(node, "\(what) must be an integer, not \(kind(node))")
        }
        return value
    }

    /// A number written as a plain scalar.
    public func double(_ node: Node, _ what: String) throws(YAMLError) -> Double {
        guard case let .scalar(scalar) = node, scalar.style == .plain, let value = Double(scalar.string) else {
            throw error(node, "\(what) must be a number, not \(kind(node))")
        }
        return value
    }

    /// The YAML 1.2 core schema's booleans.
    static let coreBooleans: [String: Bool] = [
        "true": true, "True": true, "TRUE": true, "false": false, "False": false, "FALSE": false,
    ]
    /// YAML 1.1 spellings that the core schema reads as strings, and what to write instead.
    static let legacyBooleans: [String: Bool] = [
        "yes": true, "y": true, "on": true, "no": false, "n": false, "off": false,
    ]

    /// A boolean: `true` or `false` (YAML 1.2 core schema).
    public func bool(_ node: Node, _ what: String) throws(YAMLError) -> Bool {
        guard case let .scalar(scalar) = node, scalar.style == .plain else {
            throw error(node, "\(what) must be true or false, not \(kind(node))")
        }
        if let value = Self.coreBooleans[scalar.string] { return value }
        if let meant = Self.legacyBooleans[scalar.string.lowercased()] {
            throw error(
                node,
                "\(what) must be true or false, not \(quoted(scalar.string)) "
                    + "(YAML 1.2 booleans; write \(meant))")
        }
        throw error(node, "\(what) must be true or false, not \(kind(node))")
    }

    /// A list of strings. `what` names it in messages.
    public func stringList(_ node: Node, _ what: String) throws(YAMLError) -> [Node] {
        guard case let .sequence(sequence) = node else {
            throw error(node, "\(what) must be a list of strings, not \(kind(node))")
        }
        for element in sequence {
            guard case .scalar = element else {
                throw error(element, "\(what) must be a list of strings; this item is \(kind(element))")
            }
            _ = try string(element, what)
        }
        return Array(sequence)
    }
}
