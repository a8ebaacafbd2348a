#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CVeilSignals
import Foundation

extension AtomicFile {
    /// Atomically replaces (or creates) the file at `url` with the bytes `produce` hands to
    /// its `write` argument, in as many pieces as it likes (a long output never held whole).
    /// The same temporary file, `fsync`, rename and signal guard as ``write(_:to:mode:)``;
    /// if `produce` throws, the temporary file is removed, the destination is untouched, and
    /// its error is rethrown.
    public static func write(
        to url: URL, mode: mode_t = defaultMode,
        _ produce: (_ write: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        try checkFolder(directory)
        StaleTemporaries.removeOnce(in: directory)
        let (descriptor, temporary, slot) = try createTemporary(in: directory, mode: mode)
        defer { veil_tempguard_unregister(slot) }
        var open = true
        do {
            try produce { bytes in
                do throws(AtomicFileError) {
                    try writeAll(bytes, to: descriptor, path: path)
                } catch {
                    open = false  // writeAll closed it
                    throw error
                }
            }
            guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else {
                throw AtomicFileError.write(path: path, errno: errno)
            }
            open = false
            guard close(descriptor) == 0 else { throw AtomicFileError.write(path: path, errno: errno) }
        } catch {
            if open { close(descriptor) }
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw AtomicFileError.rename(path: path, errno: code)
        }
        try syncDirectory(directory)
    }
}
