import CLibYAML

/// Bounds on the shape of a YAML document, checked on libyaml's event stream before the
/// document is composed into nodes: its nesting depth, and its size with every alias
/// counted as the whole node it refers to, in nodes and in scalar bytes. An alias bomb
/// ("billion laughs": nine aliases of nine aliases of …) stays a few hundred bytes of text
/// but expands to billions of nodes; composing shares the aliased nodes, but hashing or
/// walking them (a mapping's duplicate-key check, a reader) would not end. A byte bomb (a
/// 1 MB scalar anchored once and aliased 8,000 times) has few nodes but expands to 8 GB when
/// a reader copies each alias (a scenario's `print:` steps, a rules file's descriptions
/// that `veil rules list` prints). Rules files and scenario files are checked.
public enum YAMLDocumentLimits {
    /// The deepest nesting of lists and mappings accepted.
    public static let maximumDepth = 32
    /// The most nodes a document may expand to, aliases expanded.
    public static let maximumNodes = 200_000
    /// The most scalar bytes a document may expand to, aliases expanded (8 MiB: twice the
    /// largest scenario file, eight times the largest rules file).
    public static let maximumExpandedBytes = 8 << 20

    /// Where a document breaks a limit (1-based line and column) and which.
    public struct Violation: Error, Hashable, Sendable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    /// The first limit `text` breaks, or nil. A syntax error is left to the YAML composer,
    /// which reports it with its position.
    public static func check(
        _ text: String, maximumDepth: Int = maximumDepth,
        maximumNodes: Int = maximumNodes,
        maximumExpandedBytes: Int = maximumExpandedBytes
    ) -> Violation? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer -> Violation? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            /// Each anchor's node: its size in nodes and in scalar bytes, aliases expanded.
            var anchors: [String: (nodes: Int, bytes: Int)] = [:]
            /// For each open list or mapping: its anchor and the nodes and scalar bytes in it so far.
            var open: [(anchor: String?, nodes: Int, bytes: Int)] = []
            var total = 0
            var totalBytes = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let mark = event.start_mark
                func violation(_ message: String) -> Violation {
                    Violation(line: Int(mark.line) + 1, column: Int(mark.column) + 1, message: message)
                }
                /// Adds a finished node of `size` nodes and `bytes` scalar bytes to its parent (or the document).
                func add(_ size: Int, bytes: Int) -> Violation? {
                    total = saturating(total, size)
                    totalBytes = saturating(totalBytes, bytes)
                    if !open.isEmpty {
                        open[open.count - 1].nodes = saturating(open[open.count - 1].nodes, size)
                        open[open.count - 1].bytes = saturating(open[open.count - 1].bytes, bytes)
                    }
                    guard total <= maximumNodes else {
                        return violation(
                            "the document expands to more than \(maximumNodes) YAML nodes (aliases count as copies)")
                    }
                    guard totalBytes <= maximumExpandedBytes else {
                        let limit = maximumExpandedBytes >> 20
                        return violation(
                            "the document expands to more than \(limit) MiB of text (aliases count as copies)")
                    }
                    return nil
                }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_SCALAR_EVENT:
                    let length = Int(event.data.scalar.length)
                    if let anchor = string(event.data.scalar.anchor) { anchors[anchor] = (1, length) }
                    if let problem = add(1, bytes: length) { return problem }
                case YAML_ALIAS_EVENT:
                    // An unknown alias is the composer's error to report.
                    let size = string(event.data.alias.anchor).flatMap { anchors[$0] } ?? (1, 0)
                    if let problem = add(size.nodes, bytes: size.bytes) { return problem }
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    guard open.count < maximumDepth else {
                        return violation("lists and mappings nest more than \(maximumDepth) deep")
                    }
                    let anchor =
                        event.type == YAML_SEQUENCE_START_EVENT
                        ? string(event.data.sequence_start.anchor) : string(event.data.mapping_start.anchor)
                    open.append((anchor, 0, 0))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let finished = open.popLast() else { return nil }
                    let size = finished.nodes == .max ? .max : finished.nodes + 1
                    if let anchor = finished.anchor { anchors[anchor] = (size, finished.bytes) }
                    // The children were counted in the totals already; only the node itself is new.
                    total -= finished.nodes
                    totalBytes -= finished.bytes
                    if let problem = add(size, bytes: finished.bytes) { return problem }
                default:
                    break
                }
            }
        }
    }

    /// `a + b`, or `.max` when it overflows.
    private static func saturating(_ a: Int, _ b: Int) -> Int {
        let sum = a.addingReportingOverflow(b)
        return sum.overflow ? .max : sum.partialValue
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }
}
