#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CVeilSignals
import Foundation

/// Writes files so that readers see either the old file or the whole new one, never a
/// partial file, and never through a link a stranger planted: the one writer of every file
/// Veil makes (snapshots, reports, baselines, recordings, redacted copies).
///
/// The destination's folder is opened as an ``OutputPolicy`` says (``OutputFolder``: no
/// symbolic link followed inside an untrusted tree); the bytes go to a temporary file in that
/// folder, named `.veil-<writer pid>-<random>.tmp` and created with `O_EXCL | O_NOFOLLOW` and
/// the policy's mode (0600 by default); it is written and renamed over the destination (with
/// ``OutputPolicy/durable``, `fsync`ed before the rename, and the folder after).
/// - On any error before the rename the temporary file is removed and an
///   ``AtomicFileError`` is thrown; the destination is untouched.
/// - While it exists the temporary file is registered with the signal guard
///   (``installSignalCleanup()``), so SIGINT, SIGTERM or SIGHUP removes it before exiting.
/// - A `kill -9` can leave one behind: the first write into a folder removes the
///   temporary files there whose writer process no longer exists.
///
/// For output made piece by piece use ``create(_:policy:)`` (a ``PendingFile``) or
/// ``write(to:policy:_:)``; for many files in one folder open it once
/// (``OutputFolder/open(_:policy:creating:)``) and write through it.
public enum AtomicFile {
    /// The default mode, owner read/write only: snapshots and reports are sensitive context.
    public static let defaultMode: mode_t = 0o600

    /// The prefix and suffix of temporary files (`.veil-<pid>-<random>.tmp`).
    public static let temporaryPrefix = ".veil-"
    public static let temporarySuffix = ".tmp"

    /// Atomically replaces (or creates) the file at `url` with `data`, as `policy` allows.
    /// - Parameter creatingFolders: make the missing folders on the way (as
    ///   ``OutputFolder/open(_:policy:creating:)`` does); otherwise a missing folder is an error.
    /// - Throws: ``AtomicFileError``.
    public static func write(
        _ data: some ContiguousBytes, to url: URL, policy: OutputPolicy = .standard, creatingFolders: Bool = false
    ) throws(AtomicFileError) {
        let (folder, name) = split(url.path)
        try OutputFolder.open(folder, policy: policy, creating: creatingFolders).write(data, to: name)
    }

    /// ``write(_:to:policy:)`` with `mode` as the file's permission bits (applied exactly).
    public static func write(_ data: some ContiguousBytes, to url: URL, mode: mode_t) throws(AtomicFileError) {
        try write(data, to: url, policy: OutputPolicy(mode: mode))
    }

    /// ``write(_:to:policy:)`` that calls `midWrite` once, after the first half of the bytes is
    /// in the temporary file: tests use it to look at (or interrupt) a write in flight.
    static func write(
        _ data: some ContiguousBytes, to url: URL, mode: mode_t,
        midWrite: (() -> Void)?
    ) throws(AtomicFileError) {
        let (folder, name) = split(url.path)
        try OutputFolder.open(folder, policy: OutputPolicy(mode: mode)).write(data, to: name, midWrite: midWrite)
    }

    /// Atomically replaces (or creates) the file at `url` with a hard link to `existing`, a
    /// complete file in the same folder (one that ``write(_:to:policy:)`` wrote); see
    /// ``OutputFolder/link(_:to:)``. For the many snapshots of a screen that did not change:
    /// both names then refer to one file (an in-place edit of one shows in the other).
    /// - Throws: ``AtomicFileError``.
    public static func link(_ existing: URL, to url: URL, policy: OutputPolicy = .standard) throws(AtomicFileError) {
        let (folder, name) = split(url.path)
        try OutputFolder.open(folder, policy: policy).link(existing.lastPathComponent, to: name)
    }

    /// `fsync`s the folder `url`, making the names linked into it durable.
    /// - Throws: ``AtomicFileError``.
    public static func syncFolder(_ url: URL) throws(AtomicFileError) {
        try OutputFolder.open(url.path).sync()
    }

    /// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove the temporary files of
    /// writes in flight and exit with 128 + the signal number (130, 143, 129). Meant for
    /// command-line programs; a library should leave signals to its host. Idempotent.
    public static func installSignalCleanup() {
        _ = veil_tempguard_install()
    }

    /// `path` cut into its folder (`.` for a bare name) and its last name; trailing slashes
    /// are dropped.
    static func split(_ path: String) -> (folder: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let folder = trimmed[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)) + " (errno \(code))"
    }
}
