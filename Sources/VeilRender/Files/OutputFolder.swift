#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CVeilSignals

/// A folder opened for writing, through which every file Veil writes goes (``AtomicFile`` is
/// built on it): the folder is resolved once, on descriptors, and each file is created and
/// replaced relative to that descriptor, so nothing on the way can be swapped afterwards.
///
/// Opening walks the path from `/` one component at a time with
/// `openat(…, O_DIRECTORY | O_NOFOLLOW)`. A symbolic link is followed (read with `readlinkat`,
/// its target walked the same way, at most ``maximumSymbolicLinks``) only while the walk is
/// outside every untrusted tree of the ``OutputPolicy``; once it enters one (recognised by the
/// device and inode of the folder, whatever the name), a link is an error. The folder knows
/// whether it lies in an untrusted tree, and then writes only a new file or a regular file it
/// replaces.
///
/// A file is written as a temporary file beside its target (`.veil-<pid>-<random>.tmp`,
/// created with `O_CREAT | O_EXCL | O_NOFOLLOW` and the policy's mode) and renamed over the
/// target (`renameat`, which replaces a link at the final name rather than following it); a
/// durable policy also `fsync`s the file before the rename and the folder after. The one
/// exception, outside untrusted trees only: a target that is (or links to) a FIFO or
/// character device, such as `/dev/null` or `/dev/stdout`, is written into directly.
public final class OutputFolder: Sendable {
    /// The folder as the caller named it (for messages).
    public let path: String
    /// Whether the folder lies inside an untrusted tree of the policy.
    public let isUntrusted: Bool
    /// The policy it was opened with (its mode is the files' mode).
    public let policy: OutputPolicy
    /// The open folder (`O_RDONLY | O_DIRECTORY`); closed when the folder is released.
    let descriptor: Int32

    /// The most symbolic links one path may pass through (as Linux's `ELOOP` limit).
    public static let maximumSymbolicLinks = 40

    private init(path: String, isUntrusted: Bool, policy: OutputPolicy, descriptor: Int32) {
        self.path = path
        self.isUntrusted = isUntrusted
        self.policy = policy
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Opens the folder at `path` (absolute, or relative to the current folder; `..` and `.`
    /// are taken lexically, as the user sees them) as `policy` allows.
    /// - Parameter creating: make the missing folders on the way (mode 0777 less the umask),
    ///   each created with `mkdirat` and opened like an existing one.
    /// - Throws: ``AtomicFileError``: ``AtomicFileError/folder(path:errno:)`` with `ENOENT` or
    ///   `ENOTDIR` for a missing folder or a file on the way,
    ///   ``AtomicFileError/symbolicLink(path:)`` for a link inside an untrusted tree,
    ///   ``AtomicFileError/tooManyLinks(path:)``.
    public static func open(_ path: String, policy: OutputPolicy = .standard, creating: Bool = false)
        throws(AtomicFileError) -> OutputFolder
    {
        let trees = Set(policy.untrustedTrees.compactMap(FolderIdentity.init(path:)))
        var walk = try Walk(trees: trees, shown: path)
        defer { walk.closeAll() }
        var pending = Array(lexicalComponents(of: path).reversed())
        var links = 0
        var attempts = 0
        while let name = pending.popLast() {
            if name == "." { continue }
            if name == ".." {
                walk.pop()
                continue
            }
            if try walk.enter(name) { continue }
            let top = walk.top
            var status = stat()
            guard fstatat(top, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                let code = errno
                if code == ENOENT && creating && attempts < 8 {
                    attempts += 1
                    if mkdirat(top, name, 0o777) == 0 || errno == EEXIST {
                        pending.append(name)  // open it like any other folder (it may have been swapped)
                        continue
                    }
                    throw .folder(path: path, errno: errno)
                }
                throw .folder(path: path, errno: code)
            }
            guard (status.st_mode & S_IFMT) == S_IFLNK else { throw .folder(path: path, errno: ENOTDIR) }
            let linkPath = walk.shownPath(appending: name)
            if walk.isUntrusted { throw .symbolicLink(path: linkPath) }
            links += 1
            if links > maximumSymbolicLinks { throw .tooManyLinks(path: path) }
            guard let target = readLink(in: top, name) else { throw .folder(path: path, errno: errno) }
            if target.hasPrefix("/") { try walk.restartAtRoot() }
            pending.append(contentsOf: target.split(separator: "/").map(String.init).reversed())
        }
        let folder = try walk.finish()
        return OutputFolder(path: path, isUntrusted: walk.isUntrusted, policy: policy, descriptor: folder)
    }

    /// `path` made absolute against the current folder and cut into names, `.` dropped and
    /// `..` taking the previous name away: what the user typed, never through the file system.
    static func lexicalComponents(of path: String) -> [String] {
        var full = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let current =
                getcwd(&buffer, buffer.count) != nil
                ? buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } : "."
            full = current + "/" + path
        }
        var parts: [String] = []
        for part in full.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                _ = parts.popLast()
                continue
            }
            parts.append(String(part))
        }
        return parts
    }

    /// The target of the link `name` in `folder`, or nil (errno set).
    static func readLink(in folder: Int32, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(folder, name, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `name` inside this folder, for messages.
    public func shown(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }
}

/// A folder's device and inode, the identity of an untrusted tree whatever its name.
struct FolderIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return nil }
        self.init(status)
    }

    init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }
}

/// The folders walked so far while opening an ``OutputFolder``, on descriptors.
private struct Walk {
    /// Descriptors of the folders walked into, `/` first.
    private var folders: [Int32] = []
    /// The name of each (empty for `/`), for messages.
    private var names: [String] = []
    /// The index in `folders` of the first untrusted tree entered, if any.
    private var untrustedFrom: Int?
    private let trees: Set<FolderIdentity>
    private let shown: String

    /// How intermediate folders are opened: on Linux `O_PATH` (searching a folder needs no read
    /// permission), elsewhere for reading.
    #if os(Linux)
        /// `O_PATH` (010000000 on every Linux architecture Swift runs on; Glibc's module
        /// leaves it out).
        private static let pathOnly: Int32 = 0o10000000
        private static let searchFlags = pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    #else
        private static let searchFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    #endif

    init(trees: Set<FolderIdentity>, shown: String) throws(AtomicFileError) {
        self.trees = trees
        self.shown = shown
        try restartAtRoot()
    }

    var top: Int32 { folders[folders.count - 1] }
    var isUntrusted: Bool { untrustedFrom != nil }

    /// Back to `/` (an absolute link target).
    mutating func restartAtRoot() throws(AtomicFileError) {
        closeAll()
        let root = openFolder("/", Self.searchFlags & ~O_NOFOLLOW)
        guard root >= 0 else { throw .folder(path: shown, errno: errno) }
        folders = [root]
        names = [""]
        untrustedFrom = nil
        noteIfTree()
    }

    /// Opens the folder `name` in the current one without following a link; false (errno
    /// set) when it is not a folder (a link, a file, nothing).
    mutating func enter(_ name: String) throws(AtomicFileError) -> Bool {
        let descriptor = openat(top, name, Self.searchFlags)
        guard descriptor >= 0 else { return false }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            // O_PATH | O_NOFOLLOW opens a link itself.
            close(descriptor)
            return false
        }
        folders.append(descriptor)
        names.append(name)
        noteIfTree()
        return true
    }

    /// Up one folder (`..` in a link target); never above `/`.
    mutating func pop() {
        guard folders.count > 1 else { return }
        close(folders.removeLast())
        names.removeLast()
        if let start = untrustedFrom, folders.count <= start { untrustedFrom = nil }
    }

    /// The physical path of `name` in the current folder.
    func shownPath(appending name: String) -> String {
        (names.dropFirst() + [name]).reduce("") { $0 + "/" + $1 }
    }

    /// The current folder opened for writing and syncing; the walk keeps its own descriptors
    /// (``closeAll()`` closes them).
    func finish() throws(AtomicFileError) -> Int32 {
        let folder = openat(top, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw .folder(path: shown, errno: errno) }
        return folder
    }

    mutating func closeAll() {
        for descriptor in folders { close(descriptor) }
        folders = []
        names = []
    }

    private mutating func noteIfTree() {
        guard untrustedFrom == nil, !trees.isEmpty else { return }
        var status = stat()
        guard fstat(top, &status) == 0 else { return }
        if trees.contains(FolderIdentity(status)) { untrustedFrom = folders.count - 1 }
    }
}

/// `open(2)` without a mode, named apart from Foundation's and ``OutputFolder``'s `open`.
func openFolder(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.open(path, flags)
    #else
        Darwin.open(path, flags)
    #endif
}
