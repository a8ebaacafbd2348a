#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CVeilPNG
import Foundation

extension AtomicFile {
    /// Atomically replaces (or creates) the file at `url` with the bytes `body` writes, in
    /// pieces, through the function it is given: the same temporary file, `fsync`, rename
    /// and signal cleanup as ``write(_:to:mode:)``, without holding the whole file in memory.
    /// When `body` throws, the temporary file is removed, the destination is untouched, and
    /// the error is rethrown.
    /// - Throws: ``AtomicFileError``, or what `body` throws.
    public static func write(
        to url: URL, mode: mode_t = defaultMode, streaming body: (_ write: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        try checkFolder(directory)
        StaleTemporaries.removeOnce(in: directory)
        let (descriptor, temporary, slot) = try createTemporary(in: directory, mode: mode)
        defer { veil_tempguard_unregister(slot) }
        // `writeAll` closes the descriptor when it fails.
        var open = true
        do {
            try body { bytes in
                do throws(AtomicFileError) {
                    try writeAll(bytes, to: descriptor, path: path)
                } catch {
                    open = false
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
