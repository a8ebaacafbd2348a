#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Dispatch
import Synchronization

/// Removes the temporary files that a killed writer (`kill -9`, a crash, a power cut before
/// the rename) left in a folder: `.veil-<pid>-<random>.tmp` regular files whose process
/// `pid` no longer exists. Files of live processes, of this process, and anything not named
/// like ours are left alone. Each folder (by the path it was named by, and its device and
/// inode: a folder removed and another made in its place is swept again) is swept once per
/// process.
///
/// A sweep reads the whole folder: a folder of many entries (such as a shared `/tmp` of
/// 20,000, 8 ms) is swept on another thread while the file is made, and the file's commit
/// waits for it (``waitForSweeps()``), so a write still leaves no stale file behind.
enum StaleTemporaries {
    private struct Key: Hashable {
        var path: String
        var identity: FolderIdentity
    }
    private static let swept = Mutex<Set<Key>>([])
    /// The sweeps running on other threads.
    private static let running = DispatchGroup()
    /// A folder larger than this (bytes of its directory file: a few hundred entries) is swept
    /// on another thread; a smaller one costs less to sweep than a thread costs to start.
    static let sweptBesideFromBytes = 64 * 1024

    /// Sweeps `folder` unless this process already did: at once in a small folder, on another
    /// thread in a large one (``waitForSweeps()`` waits for it).
    static func removeOnce(in folder: OutputFolder) {
        var status = stat()
        guard fstat(folder.descriptor, &status) == 0 else { return }
        let key = Key(path: folder.path, identity: FolderIdentity(status))
        let first = swept.withLock { $0.insert(key).inserted }
        guard first else { return }
        guard Int(status.st_size) > sweptBesideFromBytes else {
            remove(in: folder.descriptor)
            return
        }
        // The folder's own descriptor may be closed before the sweep ends: a copy of its own.
        let copy = dup(folder.descriptor)
        guard copy >= 0 else {
            remove(in: folder.descriptor)
            return
        }
        running.enter()
        DispatchQueue.global(qos: .utility).async {
            remove(in: copy)
            close(copy)
            running.leave()
        }
    }

    /// Returns once every sweep started on another thread has ended.
    static func waitForSweeps() {
        running.wait()
    }

    /// Sweeps the folder at `path` now; returns the names removed.
    @discardableResult
    static func remove(in path: String) -> [String] {
        let descriptor = openFolder(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        return remove(in: descriptor)
    }

    /// Sweeps the open folder `descriptor` (left open) now; returns the names removed.
    @discardableResult
    static func remove(in descriptor: Int32) -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let folder = fdopendir(copy) else { return [] }
        defer { closedir(folder) }
        var removed: [String] = []
        let me = getpid()
        let prefix = Array(AtomicFile.temporaryPrefix.utf8)
        while let entry = readdir(folder) {
            // Most names are not ours: compared as bytes first (a folder such as /tmp holds
            // thousands, and a String made of each took milliseconds of every write there).
            let ours = withUnsafeBytes(of: entry.pointee.d_name) { $0.starts(with: prefix) }
            guard ours else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = writerPID(of: name), pid != me, !isAlive(pid) else { continue }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0,
                (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == geteuid()
            else { continue }
            if unlinkat(descriptor, name, 0) == 0 { removed.append(name) }
        }
        return removed
    }

    /// The pid in `.veil-<pid>-<random>.tmp`, or nil when `name` is not one of ours.
    static func writerPID(of name: String) -> pid_t? {
        guard name.hasPrefix(AtomicFile.temporaryPrefix), name.hasSuffix(AtomicFile.temporarySuffix) else { return nil }
        let middle = name.dropFirst(AtomicFile.temporaryPrefix.count).dropLast(AtomicFile.temporarySuffix.count)
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, !parts[1].isEmpty,
            parts[1].allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLowercase) })
        else { return nil }
        return pid
    }

    /// Whether a process `pid` exists (one of another user counts as alive).
    private static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
