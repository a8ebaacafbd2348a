/// Errors of ``AtomicFile`` and ``OutputFolder``; each names the path (and the `errno` of the
/// failing call).
public enum AtomicFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The destination's folder could not be opened or made (missing, not a folder, no access).
    case folder(path: String, errno: Int32)
    /// The temporary file could not be created in the destination's folder.
    case createTemporary(directory: String, errno: Int32)
    /// Writing, syncing or closing the temporary file failed.
    case write(path: String, errno: Int32)
    /// The temporary file could not be renamed over the destination.
    case rename(path: String, errno: Int32)
    /// The folder could not be synced after the rename (the file is in place).
    case syncDirectory(directory: String, errno: Int32)
    /// A folder on the way is a symbolic link inside an untrusted tree (its path).
    case symbolicLink(path: String)
    /// More than ``OutputFolder/maximumSymbolicLinks`` symbolic links on the way (a loop?).
    case tooManyLinks(path: String)
    /// The destination is something that may not be replaced or written through there (what
    /// it is: a symbolic link, a folder, a FIFO, …).
    case unsafeTarget(path: String, kind: String)

    public var description: String {
        switch self {
        case let .folder(path, code):
            return "cannot open the folder \(path): \(AtomicFile.describe(code))"
        case let .createTemporary(directory, code):
            return "cannot create a file in \(directory): \(AtomicFile.describe(code))"
        case let .write(path, code):
            return "cannot write \(path): \(AtomicFile.describe(code))"
        case let .rename(path, code):
            return "cannot move the new file to \(path): \(AtomicFile.describe(code))"
        case let .syncDirectory(directory, code):
            return "cannot sync folder \(directory): \(AtomicFile.describe(code))"
        case let .symbolicLink(path):
            return
                "\(path) is a symbolic link in the input's tree; refusing to write through it (name the real folder)"
        case let .tooManyLinks(path):
            return "\(path) passes through more than \(OutputFolder.maximumSymbolicLinks) symbolic links (a loop?)"
        case let .unsafeTarget(path, kind):
            return "\(path) is \(kind); refusing to write through or replace it"
        }
    }
}
