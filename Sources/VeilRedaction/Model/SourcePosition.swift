/// A position in a rules file, for messages: `file:line:column`.
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    /// The file as given (or `<built-in>`).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column (in characters).
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
