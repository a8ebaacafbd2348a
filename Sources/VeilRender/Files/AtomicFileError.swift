/// Errors of ``AtomicFile``; each names the path and the `errno` of the failing call.
public enum AtomicFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The temporary file could not be created in the destination's folder.
    case createTemporary(directory: String, errno: Int32)
    /// Writing, syncing or closing the temporary file failed.
    case write(path: String, errno: Int32)
    /// The temporary file could not be renamed over the destination.
    case rename(path: String, errno: Int32)
    /// The folder could not be synced after the rename (the file is in place).
    case syncDirectory(directory: String, errno: Int32)

    public var description: String {
        switch self {
        case let .createTemporary(directory, code):
            return "cannot create a file in \(directory): \(AtomicFile.describe(code))"
        case let .write(path, code):
            return "cannot write \(path): \(AtomicFile.describe(code))"
        case let .rename(path, code):
            return "cannot move the new file to \(path): \(AtomicFile.describe(code))"
        case let .syncDirectory(directory, code):
            return "cannot sync folder \(directory): \(AtomicFile.describe(code))"
        }
    }
}
