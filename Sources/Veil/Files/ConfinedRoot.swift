#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// `open(2)` without a mode, named apart from Foundation's `open` overloads.
private func openDescriptor(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.open(path, flags)
    #else
        Darwin.open(path, flags)
    #endif
}

/// A folder that the files an untrusted input names must lie inside: the audited path for
/// `veil audit`, a scenario's folder (or `--root`) for `veil run`.
///
/// A pull request controls every file in the tree, so every name is resolved on file
/// descriptors, never on the path text: the walk opens each component with
/// `openat(dir, name, O_NOFOLLOW)` from the root's descriptor, a symbolic link is read with
/// `readlinkat` and followed only while its target stays inside the root (at most
/// ``maximumSymbolicLinks`` of them), `..` may not climb above the root, and the final file is
/// opened with `O_NOFOLLOW | O_NONBLOCK` and checked with `fstat` on the open descriptor
/// (a regular file, not on `/proc` or `/sys`) before a byte is read from that same descriptor.
/// A name swapped for a symbolic link between the check and the open makes the open fail
/// (`ELOOP`), never follow it: there is no time-of-check/time-of-use gap.
///
/// With `allowsOutside` (`--allow-outside-root`), absolute paths and paths that leave the
/// root are opened by name instead; the file must still be a regular file that is not on a
/// kernel file system (FIFOs, devices, `/proc`, `/sys` are always refused).
public struct ConfinedRoot: Sendable, Hashable {
    /// The root folder as given (trusted: it comes from the command line, not the input).
    public let path: String
    /// Whether files outside the root may be read (`--allow-outside-root`).
    public let allowsOutside: Bool

    /// The most symbolic links one path may pass through (as Linux's `ELOOP` limit).
    public static let maximumSymbolicLinks = 40

    /// A root at `path`.
    public init(path: String, allowsOutside: Bool = false) {
        self.path = path
        self.allowsOutside = allowsOutside
    }

    /// Why a path was refused or could not be read; ``message`` says it in words.
    public enum Failure: Error, Hashable, Sendable {
        /// An absolute path (confined reads take paths relative to the root).
        case absolutePath
        /// `..` climbs above the root.
        case leavesRoot
        /// A symbolic link on the way points outside the root (its target, escaped for display).
        case linkLeavesRoot(target: String)
        /// More than ``maximumSymbolicLinks`` symbolic links (or a loop of them).
        case tooManyLinks
        /// Not a regular file: a folder, FIFO, socket or device (its kind).
        case notRegular(kind: String)
        /// A file on a kernel file system (`/proc`, `/sys`, …), whose contents are the machine's.
        case kernelFileSystem
        /// A component on the way is not a folder.
        case notAFolder
        /// No such file.
        case missing
        /// The root itself cannot be opened.
        case rootUnreadable(String)
        /// Another error from the system (its description).
        case unreadable(String)

        /// The problem in words.
        public var message: String {
            switch self {
            case .absolutePath: "is an absolute path; files an input names must lie inside its root"
            case .leavesRoot: "climbs above the root with '..'; files an input names must lie inside its root"
            case .linkLeavesRoot(let target): "passes through a symbolic link to '\(target)', outside the root"
            case .tooManyLinks: "passes through more than \(ConfinedRoot.maximumSymbolicLinks) symbolic links (a loop?)"
            case .notRegular(let kind): "is \(kind), not a regular file"
            case .kernelFileSystem: "is on a kernel file system (/proc, /sys), not a regular file"
            case .notAFolder: "has a component that is not a folder"
            case .missing: "no such file"
            case .rootUnreadable(let reason): "the root folder cannot be opened (\(reason))"
            case .unreadable(let reason): "cannot be read (\(reason))"
            }
        }

        /// Whether `--allow-outside-root` lifts this refusal.
        var isOutsideRoot: Bool {
            switch self {
            case .absolutePath, .leavesRoot, .linkLeavesRoot: true
            default: false
            }
        }
    }

    // MARK: Reading

    /// The bytes of the regular file at `relative` (a path relative to the root, as bytes:
    /// any file name is valid), at most `limit` of them.
    /// - Throws: ``Failure``, or an ``InputError`` naming `shown` when the file is over `limit`.
    public func read(_ relative: [UInt8], limit: Int, shown: String) throws -> [UInt8] {
        let descriptor = try open(relative)
        defer { close(descriptor) }
        return try InputFile.bytes(fromDescriptor: descriptor, path: shown, limit: limit)
    }

    /// The bytes of `reference` as an input wrote it (UTF-8 text, relative to the input's
    /// own `folder` inside the root, or absolute), with the refusal as an ``InputError``
    /// naming `shown`.
    public func read(reference: String, from folder: [UInt8], limit: Int, shown: String) throws -> [UInt8] {
        let path = reference.hasPrefix("/") ? Array(reference.utf8) : Self.join(folder, Array(reference.utf8))
        do {
            return try read(path, limit: limit, shown: shown)
        } catch let failure as Failure {
            throw InputError(path: shown, message: failure.message + (failure.isOutsideRoot ? Self.outsideHint : ""))
        }
    }

    /// A file named on the command line (`--config`, `--baseline`; relative to the current
    /// folder): read inside this root when its path lies under it (a file of the audited
    /// tree: links out of it, FIFOs and devices refused), else by name (``openNamed(_:)``).
    /// - Throws: ``InputError`` naming `path`.
    public func readNamed(_ path: String, limit: Int) throws -> [UInt8] {
        do {
            return try readNamed(path, limit: limit, shown: path)
        } catch let failure as Failure {
            throw InputError(path: path, message: failure.message)
        }
    }

    /// ``readNamed(_:limit:)`` with the refusal as a ``Failure`` (``Failure/missing`` when
    /// there is no such file) and `shown` naming the file in an over-the-limit error.
    public func readNamed(_ path: String, limit: Int, shown: String) throws -> [UInt8] {
        let current = FileManager.default.currentDirectoryPath
        // Lexically, never through the file system: `standardizingPath` would follow a
        // symbolic link in the name and read its target by name, outside the root's checks.
        func absolute(_ path: String) -> String {
            var parts: [Substring] = []
            for part in (path.hasPrefix("/") ? path : current + "/" + path).split(separator: "/") {
                if part == "." { continue }
                if part == ".." { _ = parts.popLast(); continue }
                parts.append(part)
            }
            return "/" + parts.joined(separator: "/")
        }
        let file = absolute(path)
        let base = absolute(self.path)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if file.hasPrefix(prefix) {
            return try read(Array(file.dropFirst(prefix.count).utf8), limit: limit, shown: shown)
        }
        let descriptor = try Self.openNamed(Array(file.utf8))
        defer { close(descriptor) }
        return try InputFile.bytes(fromDescriptor: descriptor, path: shown, limit: limit)
    }

    /// What a refusal of a path outside the root adds.
    static let outsideHint = " (--allow-outside-root reads it anyway)"

    /// `folder/name`, or `name` when `folder` is empty.
    static func join(_ folder: [UInt8], _ name: [UInt8]) -> [UInt8] {
        folder.isEmpty ? name : folder + [UInt8(ascii: "/")] + name
    }

    /// A descriptor of the regular file at `relative`, open for reading; the caller closes it.
    /// - Throws: ``Failure``.
    public func open(_ relative: [UInt8]) throws(Failure) -> Int32 {
        do {
            return try openConfined(relative)
        } catch let failure where failure.isOutsideRoot && allowsOutside {
            let full = relative.first == UInt8(ascii: "/") ? relative : Self.join(Array(path.utf8), relative)
            return try Self.openNamed(full)
        }
    }

    /// Opens `full` by name (following links, for a path named on the command line or allowed
    /// by `--allow-outside-root`), then checks the open descriptor: a regular file outside the
    /// kernel's file systems. The caller closes it.
    public static func openNamed(_ full: [UInt8]) throws(Failure) -> Int32 {
        if full.contains(0) { throw .unreadable("the path holds a NUL byte") }
        let descriptor = withCString(full) { openDescriptor($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw failure(errno) }
        do {
            try checkRegular(descriptor)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// A descriptor of the folder at `relative` (a path relative to the root), walked as a
    /// file is: links followed only while they stay inside the root, `..` never above it.
    /// The caller closes it. For folders named on the command line inside an audited tree.
    /// - Throws: ``Failure`` (``Failure/notRegular(kind:)`` when it is not a folder).
    public func openFolder(_ relative: [UInt8]) throws(Failure) -> Int32 {
        try openConfined(relative, wantsFolder: true)
    }

    /// The walk described on the type; with `wantsFolder` it ends on a folder instead of a
    /// regular file.
    private func openConfined(_ relative: [UInt8], wantsFolder: Bool = false) throws(Failure) -> Int32 {
        if relative.first == UInt8(ascii: "/") { throw .absolutePath }
        if relative.contains(0) { throw .unreadable("the path holds a NUL byte") }
        let root = openDescriptor(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { throw .rootUnreadable(String(cString: strerror(errno))) }
        /// The folders walked into; `folders[0]` is the root.
        var folders: [Int32] = [root]
        defer { for descriptor in folders { close(descriptor) } }
        /// Components still to walk, the next one last.
        var pending = Array(Self.components(relative).reversed())
        var links = 0
        while let name = pending.popLast() {
            if name == [UInt8(ascii: ".")] { continue }
            if name == [UInt8(ascii: "."), UInt8(ascii: ".")] {
                guard folders.count > 1 else { throw .leavesRoot }
                close(folders.removeLast())
                continue
            }
            let folder = folders[folders.count - 1]
            let isLast = pending.allSatisfy { $0 == [UInt8(ascii: ".")] }
            var status = stat()
            guard Self.withCString(name, { fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                throw Self.failure(errno)
            }
            let type = status.st_mode & S_IFMT
            if type == S_IFLNK {
                links += 1
                guard links <= Self.maximumSymbolicLinks else { throw .tooManyLinks }
                let target = try Self.linkTarget(folder, name)
                if target.first == UInt8(ascii: "/") {
                    // An absolute target counts as inside only when it names the root's own real path.
                    guard let inside = try insideRoot(absolute: target) else {
                        throw .linkLeavesRoot(target: DisplayPath.shown(target))
                    }
                    for descriptor in folders.dropFirst() { close(descriptor) }
                    folders.removeSubrange(1...)
                    pending += Self.components(inside).reversed()
                } else {
                    pending += Self.components(target).reversed()
                }
                continue
            }
            if isLast && !(wantsFolder && type == S_IFDIR) {
                guard type == S_IFREG, !wantsFolder else { throw .notRegular(kind: Self.kind(type)) }
                let descriptor = Self.withCString(name) {
                    openat(folder, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
                }
                if descriptor < 0 {
                    // Swapped for a link since the check: walk it again (a retry counts as a
                    // link, so a name flipped back and forth cannot keep the walk going).
                    if errno == ELOOP {
                        links += 1
                        guard links <= Self.maximumSymbolicLinks else { throw .tooManyLinks }
                        pending.append(name)
                        continue
                    }
                    throw Self.failure(errno)
                }
                do {
                    try Self.checkRegular(descriptor)
                } catch {
                    close(descriptor)
                    throw error
                }
                return descriptor
            }
            guard type == S_IFDIR else { throw type == S_IFREG ? .notAFolder : .notRegular(kind: Self.kind(type)) }
            let next = Self.withCString(name) { openat(folder, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            if next < 0 {
                if errno == ELOOP {
                    links += 1
                    guard links <= Self.maximumSymbolicLinks else { throw .tooManyLinks }
                    pending.append(name)
                    continue
                }
                throw errno == ENOTDIR ? .notAFolder : Self.failure(errno)
            }
            folders.append(next)
        }
        if wantsFolder { return fcntl(folders[folders.count - 1], F_DUPFD_CLOEXEC, 0) }
        throw .notRegular(kind: "a folder")
    }

    /// `absolute` as a path relative to the root when it lies inside the root's real path.
    private func insideRoot(absolute: [UInt8]) throws(Failure) -> [UInt8]? {
        guard let real = realpath(path, nil) else { throw .rootUnreadable(String(cString: strerror(errno))) }
        defer { free(real) }
        let rootBytes = Array(String(cString: real).utf8)
        let target = Self.components(absolute)
        let rootComponents = Self.components(rootBytes)
        guard target.count >= rootComponents.count, Array(target.prefix(rootComponents.count)) == rootComponents else {
            return nil
        }
        return Array(target.dropFirst(rootComponents.count).joined(separator: [UInt8(ascii: "/")]))
    }

    /// Fails unless `descriptor` is a regular file outside the kernel's file systems.
    static func checkRegular(_ descriptor: Int32) throws(Failure) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(errno) }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else { throw .notRegular(kind: kind(type)) }
        if kernelFileSystemDevices.contains(UInt64(status.st_dev)) { throw .kernelFileSystem }
    }

    /// The devices of the kernel's own file systems (`/proc`, `/sys` and the ones mounted
    /// under it), whose files describe the machine and its processes: refused even when
    /// they look like regular files (`/proc/self/environ` does).
    static let kernelFileSystemDevices: Set<UInt64> = {
        let mounts = [
            "/proc", "/sys", "/sys/kernel/debug", "/sys/kernel/tracing", "/sys/kernel/security",
            "/sys/fs/cgroup", "/sys/firmware/efi/efivars", "/sys/kernel/config",
        ]
        var devices: Set<UInt64> = []
        for mount in mounts {
            var status = stat()
            if stat(mount, &status) == 0 { devices.insert(UInt64(status.st_dev)) }
        }
        // `/` itself is never one of them (a container may show /proc on the root's device).
        var rootStatus = stat()
        if stat("/", &rootStatus) == 0 { devices.remove(UInt64(rootStatus.st_dev)) }
        return devices
    }()

    /// `a folder`, `a FIFO`, `a device`, … for a file type.
    static func kind(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }

    private static func linkTarget(_ folder: Int32, _ name: [UInt8]) throws(Failure) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = withCString(name) { namePointer in
            buffer.withUnsafeMutableBufferPointer { readlinkat(folder, namePointer, $0.baseAddress!, $0.count - 1) }
        }
        guard count >= 0 else { throw failure(errno) }
        return buffer[0..<count].map { UInt8(bitPattern: $0) }
    }

    /// The non-empty components of `path`.
    static func components(_ path: [UInt8]) -> [[UInt8]] {
        path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Array.init)
    }

    static func failure(_ code: Int32) -> Failure {
        switch code {
        case ENOENT: .missing
        case ENOTDIR: .notAFolder
        case ELOOP: .tooManyLinks
        default: .unreadable(String(cString: strerror(code)))
        }
    }

    /// Calls `body` with `bytes` as a NUL-terminated C string.
    static func withCString<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
