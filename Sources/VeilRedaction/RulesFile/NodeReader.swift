import Yams

/// Typed access to a YAML node tree with positions: the first phase of loading a rules
/// file turns nodes into raw values, rejecting wrong types and unknown keys.
struct NodeReader {
    let file: String

    func position(_ node: Node) -> SourcePosition {
        let mark = node.mark
        return SourcePosition(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    func error(_ node: Node, _ message: String) -> RuleFileError {
        RuleFileError(position(node), message)
    }

    /// What a node is, for "expected X, found Y" messages.
    func kind(_ node: Node) -> String {
        switch node {
        case let .scalar(scalar):
            if scalar.style == .plain {
                if scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null" { return "nothing (null)" }
                if Int(scalar.string) != nil || Double(scalar.string) != nil { return "a number" }
                if ["true", "false"].contains(scalar.string) { return "a boolean" }
            }
            return "a string"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// The entries of a mapping whose keys are all known, in order.
    /// - Throws: when `node` is not a mapping, a key is not a string, or a key is not in
    ///   `known` (with a suggestion for a near miss).
    func mapping(_ node: Node, _ what: String, known: [String]) throws -> [(key: String, keyNode: Node, value: Node)] {
        guard case let .mapping(mapping) = node else {
            throw error(node, "\(what) must be a mapping, not \(kind(node))")
        }
        // Yams already rejects a key that repeats in a mapping.
        var entries: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard case let .scalar(key) = keyNode else { throw error(keyNode, "keys of \(what) must be strings") }
            guard known.contains(key.string) else {
                var message = "unknown key '\(key.string)' in \(what)"
                if let near = Self.nearest(key.string, in: known) { message += " (did you mean '\(near)'?)" }
                throw error(keyNode, message)
            }
            entries.append((key.string, keyNode, value))
        }
        return entries
    }

    func string(_ node: Node, _ key: String) throws -> Located<String> {
        guard case let .scalar(scalar) = node else {
            throw error(node, "'\(key)' must be a string, not \(kind(node))")
        }
        if scalar.style == .plain && (scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null") {
            throw error(node, "'\(key)' must be a string, not nothing (null)")
        }
        return Located(value: scalar.string, position: position(node))
    }

    func int(_ node: Node, _ key: String) throws -> Located<Int> {
        guard case let .scalar(scalar) = node, scalar.style == .plain, let value = Int(scalar.string) else {
            throw error(node, "'\(key)' must be an integer, not \(kind(node))")
        }
        return Located(value: value, position: position(node))
    }

    func double(_ node: Node, _ key: String) throws -> Located<Double> {
        guard case let .scalar(scalar) = node, scalar.style == .plain, let value = Double(scalar.string) else {
            throw error(node, "'\(key)' must be a number, not \(kind(node))")
        }
        return Located(value: value, position: position(node))
    }

    func bool(_ node: Node, _ key: String) throws -> Located<Bool> {
        guard case let .scalar(scalar) = node, scalar.style == .plain, ["true", "false"].contains(scalar.string) else {
            throw error(node, "'\(key)' must be true or false, not \(kind(node))")
        }
        return Located(value: scalar.string == "true", position: position(node))
    }

    func list(_ node: Node, _ key: String) throws -> [Node] {
        guard case let .sequence(sequence) = node else {
            throw error(node, "'\(key)' must be a list, not \(kind(node))")
        }
        return Array(sequence)
    }

    func stringList(_ node: Node, _ key: String) throws -> [Located<String>] {
        guard case let .sequence(sequence) = node else {
            throw error(node, "'\(key)' must be a list of strings, not \(kind(node))")
        }
        return try sequence.map { element in
            guard case .scalar = element else {
                throw error(element, "'\(key)' must be a list of strings; this item is \(kind(element))")
            }
            return try string(element, key)
        }
    }

    /// The known key within edit distance 2 of `key`, if any.
    static func nearest(_ key: String, in known: [String]) -> String? {
        let best = known.map { ($0, distance(key.lowercased(), $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= 2 else { return nil }
        return best.0
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
