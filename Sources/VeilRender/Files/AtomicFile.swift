#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CVeilPNG
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
    public static func write(_ data: some ContiguousBytes, to url: URL, mode: mode_t = defaultMode) throws(AtomicFileError) {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        try checkFolder(directory)
        StaleTemporaries.removeOnce(in: directory)
        let (descriptor, temporary, slot) = try createTemporary(in: directory, mode: mode)
        defer { veil_tempguard_unregister(slot) }
        do throws(AtomicFileError) {
            try writeAll(data, to: descriptor, path: path)
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

    /// Writes every byte; on failure closes the descriptor and throws.
    static func writeAll(_ data: some ContiguousBytes, to descriptor: Int32, path: String) throws(AtomicFileError) {
        let pause = TestPause.milliseconds
        let failure: Int32 = data.withUnsafeBytes { buffer in
            var offset = 0
            var paused = pause == 0
            while offset < buffer.count {
                // The test pause (see `TestPause`) splits the write in two halves.
                let chunk = paused ? buffer.count - offset : max(1, buffer.count / 2)
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, chunk)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
                if !paused {
                    paused = true
                    usleep(UInt32(pause) * 1000)
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

/// A pause in the middle of every atomic write, for the fault tests that interrupt a write
/// (`VEIL_TEST_WRITE_PAUSE_MS`, 0–10000; unset means none). It only widens the window in
/// which a temporary file exists; it changes nothing that is written.
enum TestPause {
    static let milliseconds: Int = {
        guard let text = getenv("VEIL_TEST_WRITE_PAUSE_MS"), let value = Int(String(cString: text)) else { return 0 }
        return min(max(value, 0), 10_000)
    }()
}

/// `write(2)`, reachable under a name that `AtomicFile.write` does not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
