#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CVeilSignals
import Foundation

extension OutputFolder {
    /// Starts the file `name` (a single name: no `/`, not `.` or `..`) in this folder, to be
    /// written piece by piece and committed (``PendingFile``).
    /// - Throws: ``AtomicFileError``: ``AtomicFileError/unsafeTarget(path:kind:)`` when `name`
    ///   is something the folder may not replace (in an untrusted tree: anything but a regular
    ///   file; anywhere: a folder, a socket, a block device), else the error of creating the
    ///   temporary file.
    public func create(_ name: String) throws(AtomicFileError) -> PendingFile {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else {
            throw .unsafeTarget(path: shown(name), kind: "not a file name")
        }
        if try writesThrough(name) {
            let device = openat(descriptor, name, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard device >= 0 else { throw .write(path: shown(name), errno: errno) }
            var status = stat()
            let kind = fstat(device, &status) == 0 ? status.st_mode & S_IFMT : 0
            guard kind == S_IFCHR || kind == S_IFIFO else {
                close(device)  // swapped since it was looked at
                throw .unsafeTarget(path: shown(name), kind: Self.kind(of: kind))
            }
            return PendingFile(folder: self, name: name, descriptor: device, temporary: nil, slot: -1)
        }
        StaleTemporaries.removeOnce(in: self)
        var code: Int32 = 0
        for _ in 0..<8 {
            let token = String(UInt64.random(in: .min ... .max), radix: 36)
            let temporary = AtomicFile.temporaryPrefix + String(getpid()) + "-" + token + AtomicFile.temporarySuffix
            let slot = veil_tempguard_register_at(descriptor, temporary)
            let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, policy.mode)
            if file >= 0 {
                return PendingFile(folder: self, name: name, descriptor: file, temporary: temporary, slot: slot)
            }
            code = errno
            veil_tempguard_unregister(slot)
            if code != EEXIST { break }
        }
        throw .createTemporary(directory: path, errno: code)
    }

    /// Writes `data` as the file `name`, whole or not at all.
    /// - Throws: ``AtomicFileError``.
    public func write(_ data: some ContiguousBytes, to name: String) throws(AtomicFileError) {
        try write(data, to: name, midWrite: FaultInjection.writePause)
    }

    /// ``write(_:to:)`` that calls `midWrite` once, after the first half of the bytes is in the
    /// temporary file: tests use it to look at (or interrupt) a write in flight.
    func write(_ data: some ContiguousBytes, to name: String, midWrite: (() -> Void)?) throws(AtomicFileError) {
        let file = try create(name)
        let failure: AtomicFileError? = data.withUnsafeBytes { buffer in
            do throws(AtomicFileError) {
                guard let midWrite, buffer.count > 0 else {
                    try file.write(buffer)
                    return nil
                }
                let half = max(1, buffer.count / 2)
                try file.write(UnsafeRawBufferPointer(rebasing: buffer[0..<half]))
                midWrite()
                try file.write(UnsafeRawBufferPointer(rebasing: buffer[half...]))
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
        try file.commit()
    }

    /// Makes `name` a hard link to `existing`, a complete file of this folder (one written
    /// here): a new name is linked at once, an existing one replaced by a temporary link
    /// renamed over it, so readers see the old file or the whole new one. Nothing is copied
    /// or synced (call ``sync()`` once after many links).
    /// - Throws: ``AtomicFileError``.
    public func link(_ existing: String, to name: String) throws(AtomicFileError) {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else {
            throw .unsafeTarget(path: shown(name), kind: "not a file name")
        }
        if try writesThrough(name) { throw .unsafeTarget(path: shown(name), kind: "a FIFO or device") }
        if linkat(descriptor, existing, descriptor, name, 0) == 0 { return }
        var code = errno
        guard code == EEXIST else { throw .createTemporary(directory: path, errno: code) }
        for _ in 0..<8 {
            let token = String(UInt64.random(in: .min ... .max), radix: 36)
            let temporary = AtomicFile.temporaryPrefix + String(getpid()) + "-" + token + AtomicFile.temporarySuffix
            let slot = veil_tempguard_register_at(descriptor, temporary)
            defer { veil_tempguard_unregister(slot) }
            guard linkat(descriptor, existing, descriptor, temporary, 0) == 0 else {
                code = errno
                if code == EEXIST { continue }
                break
            }
            guard renameat(descriptor, temporary, descriptor, name) == 0 else {
                let code = errno
                unlinkat(descriptor, temporary, 0)
                throw .rename(path: shown(name), errno: code)
            }
            // rename(2) does nothing when both names already are the same file: drop the temporary name.
            unlinkat(descriptor, temporary, 0)
            return
        }
        throw .createTemporary(directory: path, errno: code)
    }

    /// Removes the file `name` of this folder (never a folder, never through a link).
    @discardableResult
    public func remove(_ name: String) -> Bool {
        guard !name.isEmpty, !name.contains("/") else { return false }
        return unlinkat(descriptor, name, 0) == 0
    }

    /// Removes this folder when it is empty: `veil run` takes back the folder it made.
    @discardableResult
    public func removeIfEmpty() -> Bool {
        let parent = openat(descriptor, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return false }
        defer { close(parent) }
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard !name.isEmpty, name != ".", name != ".." else { return false }
        // Only when that name still is this folder.
        var mine = stat()
        var there = stat()
        guard fstat(descriptor, &mine) == 0, fstatat(parent, name, &there, AT_SYMLINK_NOFOLLOW) == 0,
            FolderIdentity(mine) == FolderIdentity(there)
        else { return false }
        return unlinkat(parent, name, AT_REMOVEDIR) == 0
    }

    /// `fsync`s the folder, making the names linked into it durable.
    /// - Throws: ``AtomicFileError/syncDirectory(directory:errno:)``.
    public func sync() throws(AtomicFileError) {
        guard fsync(descriptor) == 0 else { throw .syncDirectory(directory: path, errno: errno) }
    }

    /// Whether `name` is a FIFO or character device (or a link to one) to write into
    /// directly; throws when it is something this folder may not replace.
    private func writesThrough(_ name: String) throws(AtomicFileError) -> Bool {
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return false }
            throw .createTemporary(directory: path, errno: errno)
        }
        var kind = status.st_mode & S_IFMT
        if kind == S_IFREG { return false }
        if isUntrusted { throw .unsafeTarget(path: shown(name), kind: Self.kind(of: kind)) }
        if kind == S_IFLNK {
            // Outside untrusted trees: a link is replaced, unless it leads to a FIFO or device.
            guard fstatat(descriptor, name, &status, 0) == 0 else { return false }
            kind = status.st_mode & S_IFMT
            return kind == S_IFCHR || kind == S_IFIFO
        }
        if kind == S_IFCHR || kind == S_IFIFO { return true }
        throw .unsafeTarget(path: shown(name), kind: Self.kind(of: kind))
    }

    /// A file type in words.
    static func kind(of type: mode_t) -> String {
        switch type {
        case S_IFLNK: "a symbolic link"
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "not a regular file"
        }
    }
}
