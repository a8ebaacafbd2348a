import VeilRedaction

#if canImport(Glibc)
    import Glibc
#endif

/// Why a program could not be run in a pseudo-terminal, or did not finish as asked; veil
/// exits 2 with the description.
public struct PtyError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }

    /// `COMMAND: command not found` (no such file, or not on PATH).
    static func notFound(_ command: String) -> PtyError {
        PtyError("\(DisplayText.escaped(command)): command not found")
    }

    /// A system call failed: `what` and the system's reason.
    static func system(_ what: String, errno code: Int32) -> PtyError {
        PtyError("\(what): \(String(cString: strerror(code)))")
    }
}
