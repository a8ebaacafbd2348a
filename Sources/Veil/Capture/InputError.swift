/// An input that cannot be used, with the file (and position, when known) it came from.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as the user gave it (`-` for standard input).
    public var path: String
    /// 1-based line and column in the file, when the problem has a position.
    public var line: Int?
    public var column: Int?
    /// What is wrong.
    public var message: String

    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, or `file: message` without a position.
    public var description: String {
        var location = path == "-" ? "<stdin>" : path
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(message)"
    }
}
