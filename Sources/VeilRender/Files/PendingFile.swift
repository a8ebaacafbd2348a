#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CVeilSignals
import Foundation

/// A file being written, for output produced piece by piece (a recording, a GIF's frames as
/// the encoder makes them): ``write(_:)`` as often as needed, then ``commit()`` puts the whole
/// file in place at once. Until then readers see the previous file (or none); ``discard()``,
/// an error, or releasing the object uncommitted removes the temporary file, and a SIGINT,
/// SIGTERM or SIGHUP removes it too (``AtomicFile/installSignalCleanup()``).
///
/// Made by ``OutputFolder/create(_:)`` (or ``AtomicFile/create(_:policy:)``); not for sharing
/// between threads.
public final class PendingFile {
    /// The folder the file goes into.
    public let folder: OutputFolder
    /// The file's name in it.
    public let name: String
    /// The file for messages (`folder/name` as the caller named the folder).
    public var path: String { folder.shown(name) }
    /// Bytes written so far.
    public private(set) var count = 0

    private var descriptor: Int32
    /// The temporary name, or nil when writing straight into a FIFO or character device.
    private let temporary: String?
    private var slot: Int32
    private var finished = false

    init(folder: OutputFolder, name: String, descriptor: Int32, temporary: String?, slot: Int32) {
        self.folder = folder
        self.name = name
        self.descriptor = descriptor
        self.temporary = temporary
        self.slot = slot
    }

    deinit { discard() }

    /// Appends `bytes`.
    /// - Throws: ``AtomicFileError/write(path:errno:)``; the file is then discarded.
    public func write(_ bytes: some ContiguousBytes) throws(AtomicFileError) {
        if let pendingError { throw pendingError }
        let failure: Int32 = bytes.withUnsafeBytes { buffer in append(buffer) }
        if failure != 0 { throw fail(.write(path: path, errno: failure)) }
    }

    /// Appends the bytes of `buffer` (for C code that hands out pointers).
    /// - Throws: ``AtomicFileError/write(path:errno:)``; the file is then discarded.
    public func write(_ buffer: UnsafeRawBufferPointer) throws(AtomicFileError) {
        if let pendingError { throw pendingError }
        let failure = append(buffer)
        if failure != 0 { throw fail(.write(path: path, errno: failure)) }
    }

    /// Puts the file in place: mode, rename over the target; for a durable policy
    /// (``OutputPolicy/durable``), `fsync` of the file before the rename and of the folder after.
    /// - Throws: ``AtomicFileError``; the temporary file is removed and the target untouched
    ///   (except when the error is ``AtomicFileError/syncDirectory(directory:errno:)``: the
    ///   file is in place).
    public func commit() throws(AtomicFileError) {
        if let error = pendingError { throw error }
        guard !finished else { throw .write(path: path, errno: EBADF) }
        guard let temporary else {
            // A FIFO or device: nothing to sync or rename.
            finished = true
            let failed = close(descriptor) != 0
            descriptor = -1
            if failed { throw .write(path: path, errno: errno) }
            return
        }
        // The folder's stale temporary files are gone once a file is written there.
        StaleTemporaries.waitForSweeps()
        let durable = folder.policy.durable
        guard fchmod(descriptor, folder.policy.mode) == 0, !durable || fsync(descriptor) == 0 else {
            throw fail(.write(path: path, errno: errno))
        }
        // close(2) releases the descriptor even when it fails, so it is never retried.
        let closed = close(descriptor) == 0
        let closeError = errno
        descriptor = -1
        guard closed else { throw fail(.write(path: path, errno: closeError)) }
        guard renameat(folder.descriptor, temporary, folder.descriptor, name) == 0 else {
            throw fail(.rename(path: path, errno: errno))
        }
        finished = true
        veil_tempguard_unregister(slot)
        slot = -1
        if durable { try folder.sync() }
    }

    /// Gives the file up: the temporary file is removed, the target stays as it was.
    /// Idempotent; called when the object is released uncommitted.
    public func discard() {
        guard !finished else { return }
        finished = true
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporary { unlinkat(folder.descriptor, temporary, 0) }
        veil_tempguard_unregister(slot)
        slot = -1
    }

    private var pendingError: AtomicFileError?

    /// Discards the file and remembers why (the first error wins); returns that error.
    private func fail(_ error: AtomicFileError) -> AtomicFileError {
        if pendingError == nil { pendingError = error }
        discard()
        return pendingError ?? error
    }

    /// Writes all of `buffer`; 0 or the failing errno.
    private func append(_ buffer: UnsafeRawBufferPointer) -> Int32 {
        guard !finished, descriptor >= 0 else { return EBADF }
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        count += buffer.count
        return 0
    }
}

/// `write(2)`, reachable under a name that the writers' methods do not shadow.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
