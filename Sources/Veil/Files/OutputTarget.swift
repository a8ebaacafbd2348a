#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import VeilRender

/// Where a command writes what it makes: standard output (`-`, in every command), or a file
/// written through the one writer (``AtomicFile``: a temporary file renamed over it, so
/// nothing is ever half-written, and no link planted in an untrusted tree followed, as the
/// ``OutputPolicy`` says).
///
/// ```swift
/// let output = OutputTarget("-")            // standard output
/// try output.write(png, binary: true)       // refused when standard output is a terminal
/// ```
public enum OutputTarget: Sendable, Hashable, CustomStringConvertible {
    /// Standard output.
    case standardOutput
    /// A file, by its path as given.
    case file(String)

    /// The target an argument names: `-` is standard output, anything else a file.
    public init(_ argument: String) {
        self = argument == "-" ? .standardOutput : .file(argument)
    }

    /// `-`, or the path: as the argument named it.
    public var path: String {
        switch self {
        case .standardOutput: "-"
        case .file(let path): path
        }
    }

    /// `<stdout>`, or the path.
    public var description: String {
        switch self {
        case .standardOutput: "<stdout>"
        case .file(let path): path
        }
    }

    /// Refuses binary output (an image) to standard output when that is a terminal, before
    /// anything is made: it would only garble the terminal.
    /// - Parameter what: what would be written (`the PNG`).
    /// - Throws: ``InputError`` saying how to redirect it.
    public func refuseBinaryOnTerminal(_ what: String) throws {
        guard self == .standardOutput, isatty(STDOUT_FILENO) == 1 else { return }
        throw InputError(
            path: "-o -",
            message:
                "writes \(what) to standard output, which is a terminal; redirect it (> file, | program) or give -o FILE"
        )
    }

    /// Writes `bytes` (a file as `policy` allows, with its mode).
    /// - Throws: ``AtomicFileError`` for a file that cannot be written (nothing is left of
    ///   it); ``InputError`` for binary output to a terminal.
    public func write(_ bytes: [UInt8], binary: Bool = false, policy: OutputPolicy = .standard) throws {
        switch self {
        case .standardOutput:
            if binary { try refuseBinaryOnTerminal("binary output") }
            FileHandle.standardOutput.write(Data(bytes))
        case .file(let path):
            try AtomicFile.write(bytes, to: URL(fileURLWithPath: path), policy: policy)
        }
    }

    /// Writes what `body` hands to its writer, as it goes (bounded memory): a file only
    /// appears, renamed into place, once `body` returned; when `body` throws, nothing of it
    /// is left. Standard output gets each piece at once.
    /// - Throws: what `body` throws; ``AtomicFileError`` for a file that cannot be written.
    public func write(
        policy: OutputPolicy = .standard, streaming body: (_ write: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        switch self {
        case .standardOutput:
            try body { FileHandle.standardOutput.write(Data($0)) }
        case .file(let path):
            try AtomicFile.write(to: URL(fileURLWithPath: path), policy: policy, body)
        }
    }
}
