#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a run writes its files: which folders a stranger may control, and the files' mode.
///
/// An input can come from someone the user does not trust (a pull request's tree in CI), and
/// so can every folder and link inside it. Below an **untrusted tree** (the current folder and
/// the inputs' folders, as each command names them) ``OutputFolder`` follows no symbolic link,
/// neither in a folder on the way nor at the file's own name, and writes only a new file or a
/// regular file it replaces (never through it). Everything else is **trusted**: the folders the
/// user named outside those trees, followed as named (`/tmp` → `/private/tmp`, `$RUNNER_TEMP`).
public struct OutputPolicy: Sendable, Hashable {
    /// Folders whose contents a stranger may control (absolute, or relative to the current
    /// folder); a folder that does not exist is ignored.
    public var untrustedTrees: [String]
    /// The permission bits of every file written, applied exactly (not masked by the umask).
    public var mode: mode_t
    /// Whether each file is flushed to the disk (`fsync`) before it replaces its target, and
    /// the folder after: a power loss then leaves the previous file or the whole new one.
    /// Off by default: a write is atomic (no reader or crash of Veil sees part of a file) and
    /// as durable as the file system makes it, as a compiler's or an image tool's.
    public var durable: Bool

    /// A policy with these trees and mode.
    public init(untrustedTrees: [String] = [], mode: mode_t = AtomicFile.defaultMode, durable: Bool = false) {
        self.untrustedTrees = untrustedTrees
        self.mode = mode
        self.durable = durable
    }

    /// No untrusted tree, mode 0600: for library callers that write where they were told.
    public static let standard = OutputPolicy()

    /// The same policy with `tree` (and everything below it) untrusted too.
    public func addingUntrustedTree(_ tree: String) -> OutputPolicy {
        var copy = self
        if !copy.untrustedTrees.contains(tree) { copy.untrustedTrees.append(tree) }
        return copy
    }

    /// The same trees with another mode.
    public func with(mode: mode_t) -> OutputPolicy {
        var copy = self
        copy.mode = mode
        return copy
    }
}
