#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a capture's bytes come from, opened anew for each pass over it (a recording is
/// streamed, and `veil redact` replays it more than once): a file named on the command line,
/// or a file of an audited tree read inside its root (``ConfinedRoot``: no link out of the
/// tree is followed, nothing but a regular file is opened).
public struct CaptureSource: Sendable {
    /// The path messages name.
    public let name: String
    /// The path as given on the command line (`-` is standard input), or nil for a file of an
    /// audited tree.
    let path: String?
    private let openDescriptor: @Sendable () throws -> Int32

    /// The file at `path` (`-` for standard input, which is read once), named `name` in
    /// messages (default `path`).
    public static func file(_ path: String, name: String? = nil) -> CaptureSource {
        let name = name ?? path
        return CaptureSource(name: name, path: path) {
            let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                throw InputError(
                    path: name,
                    message: code == ENOENT ? "no such file" : "cannot be read (\(String(cString: strerror(code))))")
            }
            return descriptor
        }
    }

    /// The file at `relative` inside `root` (a file an audit found), named `name` in messages.
    public static func confined(_ root: ConfinedRoot, relative: [UInt8], name: String) -> CaptureSource {
        CaptureSource(name: name, path: nil) {
            do {
                return try root.open(relative)
            } catch let failure as ConfinedRoot.Failure {
                throw InputError(path: name, message: failure.message)
            }
        }
    }

    /// Whether the source can be opened more than once (not standard input).
    var canReopen: Bool { path != "-" }

    /// A new descriptor at the file's start; the caller closes it.
    func open() throws -> Int32 { try openDescriptor() }

    /// Every byte (at most ``InputFile/maximumCaptureBytes``).
    func bytes() throws -> [UInt8] {
        if let path { return try InputFile.bytes(from: path) }
        let descriptor = try open()
        defer { close(descriptor) }
        return try InputFile.bytes(fromDescriptor: descriptor, path: name)
    }

    /// At most the first `count` bytes.
    func prefix(_ count: Int) throws -> [UInt8] {
        let descriptor = try open()
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            filled += got
        }
        return Array(bytes[0..<filled])
    }
}

/// `open(2)`, reachable under a name that ``CaptureSource/open()`` does not shadow.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}
