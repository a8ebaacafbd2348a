#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes files so that readers see either the old file or the whole new one, never a
/// partial file.
///
/// The bytes go to a temporary file in the destination's folder (unpredictable name,
/// created with `O_EXCL` and the final mode), which is written, `fsync`ed, renamed over the
/// destination, and then the folder is `fsync`ed. On any error before the rename the
/// temporary file is removed and an ``AtomicFileError`` is thrown.
public enum AtomicFile {
    /// The default mode, owner read/write only: snapshots are sensitive context.
    public static let defaultMode: mode_t = 0o600

    /// Atomically replaces (or creates) the file at `url` with `data`.
    /// - Parameter mode: the new file's permission bits, applied exactly (not masked).
    /// - Throws: ``AtomicFileError``.
    public static func write(_ data: some ContiguousBytes, to url: URL, mode: mode_t = defaultMode) throws(AtomicFileError) {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        let (descriptor, temporary) = try createTemporary(in: directory, mode: mode)
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

    /// Creates `.veil-<64 random bits>.tmp` beside the destination (a fixed-length name, so
    /// a long destination name cannot make it too long).
    private static func createTemporary(in directory: String, mode: mode_t) throws(AtomicFileError) -> (Int32, String) {
        var code: Int32 = 0
        for _ in 0..<8 {
            let token = String(UInt64.random(in: .min ... .max), radix: 36)
            let temporary = directory + "/.veil-" + token + ".tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
            if descriptor >= 0 { return (descriptor, temporary) }
            code = errno
            if code != EEXIST { break }
        }
        throw .createTemporary(directory: directory, errno: code)
    }

    /// Writes every byte; on failure closes the descriptor and throws.
    private static func writeAll(_ data: some ContiguousBytes, to descriptor: Int32, path: String) throws(AtomicFileError) {
        let failure: Int32 = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
        if failure != 0 {
            close(descriptor)
            throw .write(path: path, errno: failure)
        }
    }

    private static func syncDirectory(_ directory: String) throws(AtomicFileError) {
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
