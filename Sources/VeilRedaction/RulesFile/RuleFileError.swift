/// A problem in a rules file, with the position it is at: `file:line:column: message`.
///
/// Messages say what is wrong (unknown key, wrong type, bad regex with ICU's message,
/// duplicate id, unknown validator, …) and never quote screen text.
public struct RuleFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is (1-based line and column).
    public var position: SourcePosition
    /// What is wrong.
    public var message: String

    public init(_ position: SourcePosition, _ message: String) {
        self.position = position
        self.message = message
    }

    /// `file:line:column: message`, or `file: message` for a problem with the whole file
    /// (line 0).
    public var description: String {
        position.line == 0 ? "\(position.file): \(message)" : "\(position): \(message)"
    }
}
