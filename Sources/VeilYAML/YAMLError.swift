/// A problem in a YAML document at a 1-based line and column. The file formats built on
/// ``YAMLNodeReader`` (rules files, scenarios) wrap it in their own error with the file name.
public struct YAMLError: Error, Hashable, Sendable {
    /// 1-based line of the node or event at fault.
    public var line: Int
    /// 1-based column of the node or event at fault.
    public var column: Int
    /// What is wrong, in one sentence without the position.
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }
}
