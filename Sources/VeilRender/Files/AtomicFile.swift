#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CVeilSignals
import Foundation

/// Writes files so that readers see either the old file or the whole new one, never a
/// partial file.
///
/// The bytes go to a temporary file in the destination's folder, named
/// `.veil-<writer pid>-<random>.tmp` and created with `O_EXCL` and the final mode; it is
/// written, `fsync`ed, renamed over the destination, and then the folder is `fsync`ed.
/// - On any error before the rename the temporary file is removed and an
///   ``AtomicFileError`` is thrown; the destination is untouched.
/// - While it exists the temporary file is registered with the signal guard
///   (``installSignalCleanup()``), so SIGINT, SIGTERM or SIGHUP removes it before exiting.
/// - A `kill -9` can leave one behind: the first write into a folder removes the
///   temporary files there whose writer process no longer exists.
public enum AtomicFile {
    /// The default mode, owner read/write only: snapshots are sensitive context.
    public static let defaultMode: mode_t = 0o600

    /// The prefix and suffix of temporary files (`.veil-<pid>-<random>.tmp`).
    public static let temporaryPrefix = ".veil-"
    public static let temporarySuffix = ".tmp"

    /// Atomically replaces (or creates) the file at `url` with `data`.
    /// - Parameter mode: the new file's permission bits, applied exactly (not masked).
    /// - Throws: ``AtomicFileError``.
    public static func write(_ data: some ContiguousBytes, to url: URL, mode: mode_t = defaultMode)
        throws(AtomicFileError)
    {
        try write(data, to: url, mode: mode, midWrite: FaultInjection.writePause)
    }

    /// ``write(_:to:mode:)`` that calls `midWrite` once, after the first half of the bytes is in
    /// the temporary file: tests use it to look at (or interrupt) a write in flight.
    static func write(
        _ data: some ContiguousBytes, to url: URL, mode: mode_t,
        midWrite: (() -> Void)?
    ) throws(AtomicFileError) {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        try checkFolder(directory)
        StaleTemporaries.removeOnce(in: directory)
        let (descriptor, temporary, slot) = try createTemporary(in: directory, mode: mode)
        defer { veil_tempguard_unregister(slot) }
        do throws(AtomicFileError) {
            try writeAll(data, to: descriptor, path: path, midWrite: midWrite)
            guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else {
                let code = errno
                close(descriptor)
                throw .write(path: path, errno: code)
            }
            // close(2) releases the descriptor even when it fails, so it is never retried.
            guard close(descriptor) == 0 else { throw .write(path: path, errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .rename(path: path, errno: code)
        }
        try syncDirectory(directory)
    }

    /// Atomically replaces (or creates) the file at `url` with a hard link to `existing`, a
    /// complete file in the same folder (one that ``write(_:to:mode:)`` wrote): a temporary
    /// link renamed over the destination, so readers see the old file or the whole new one.
    /// Nothing is copied and nothing is synced (the data already was); call
    /// ``syncFolder(_:)`` once after many links. For the many snapshots of a screen that
    /// did not change: both names then refer to one file (an in-place edit of one shows in
    /// the other).
    /// - Throws: ``AtomicFileError``.
    public static func link(_ existing: URL, to url: URL) throws(AtomicFileError) {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        // A new name: link(2) makes it whole at once. An existing one is replaced by a rename.
        if systemLink(existing.path, path) == 0 { return }
        var code = errno
        guard code == EEXIST else { throw .createTemporary(directory: directory, errno: code) }
        for _ in 0..<8 {
            let token = String(UInt64.random(in: .min ... .max), radix: 36)
            let temporary = directory + "/" + temporaryPrefix + String(getpid()) + "-" + token + temporarySuffix
            let slot = veil_tempguard_register(temporary)
            defer { veil_tempguard_unregister(slot) }
            guard systemLink(existing.path, temporary) == 0 else {
                code = errno
                if code == EEXIST { continue }
                break
            }
            guard rename(temporary, path) == 0 else {
                let code = errno
                unlink(temporary)
                throw .rename(path: path, errno: code)
            }
            // rename(2) does nothing when both names already are the same file: drop the temporary name.
            unlink(temporary)
            return
        }
        throw .createTemporary(directory: directory, errno: code)
    }

    /// `fsync`s the folder `url`, making the names linked into it durable.
    /// - Throws: ``AtomicFileError``.
    public static func syncFolder(_ url: URL) throws(AtomicFileError) {
        try syncDirectory(url.path)
    }

    /// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove the temporary files of
    /// writes in flight and exit with 128 + the signal number (130, 143, 129). Meant for
    /// command-line programs; a library should leave signals to its host. Idempotent.
    public static func installSignalCleanup() {
        _ = veil_tempguard_install()
    }

    /// A missing destination folder, or a path in it that is not a folder, is a clear error
    /// before any temporary file is made.
    static func checkFolder(_ directory: String) throws(AtomicFileError) {
        var status = stat()
        guard stat(directory, &status) == 0 else { throw .createTemporary(directory: directory, errno: errno) }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { throw .createTemporary(directory: directory, errno: ENOTDIR) }
    }

    /// Creates `.veil-<pid>-<64 random bits>.tmp` beside the destination (a bounded-length
    /// name, so a long destination name cannot make it too long) and registers it with the
    /// signal guard before it exists.
    static func createTemporary(in directory: String, mode: mode_t) throws(AtomicFileError) -> (Int32, String, Int32) {
        var code: Int32 = 0
        for _ in 0..<8 {
            let token = String(UInt64.random(in: .min ... .max), radix: 36)
            let temporary = directory + "/" + temporaryPrefix + String(getpid()) + "-" + token + temporarySuffix
            let slot = veil_tempguard_register(temporary)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
            if descriptor >= 0 { return (descriptor, temporary, slot) }
            code = errno
            veil_tempguard_unregister(slot)
            if code != EEXIST { break }
        }
        throw .createTemporary(directory: directory, errno: code)
    }

    /// Writes every byte (in two halves when there is a `midWrite` to call between them); on
    /// failure closes the descriptor and throws.
    static func writeAll(
        _ data: some ContiguousBytes, to descriptor: Int32, path: String,
        midWrite: (() -> Void)? = nil
    ) throws(AtomicFileError) {
        let failure: Int32 = data.withUnsafeBytes { buffer in
            var offset = 0
            var pending = midWrite
            while offset < buffer.count {
                let chunk = pending == nil ? buffer.count - offset : max(1, buffer.count / 2)
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, chunk)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
                if let call = pending {
                    pending = nil
                    call()
                }
            }
            return 0
        }
        if failure != 0 {
            close(descriptor)
            throw .write(path: path, errno: failure)
        }
    }

    static func syncDirectory(_ directory: String) throws(AtomicFileError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .syncDirectory(directory: directory, errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .syncDirectory(directory: directory, errno: errno) }
    }

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)) + " (errno \(code))"
    }
}

/// `write(2)`, reachable under a name that `AtomicFile.write` does not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// link(2), out of `AtomicFile`'s scope where `link` names its method.
private func systemLink(_ existing: String, _ new: String) -> Int32 {
    link(existing, new)
}
