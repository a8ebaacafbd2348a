#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An input opened for reading: every byte Veil takes as input (terminal captures and
/// recordings, scenarios and the files they name, baselines, text files) passes through its
/// one `read(2)` loop, ``read(into:)``, with one wording for what goes wrong (`no such file`,
/// `is a directory, not a file`, `cannot be read (REASON)`, `is N bytes; the limit is …`).
///
/// Reading is always bounded: a regular file above ``limit`` is refused by its size before
/// any of it is read, and a stream (standard input, a pipe) is read only up to one byte past
/// the limit. A regular file is read with `pread`, so every copy of an `InputFile` is a
/// cursor of its own over the same open file (a recording is replayed more than once from
/// one descriptor: every pass reads the same file); a stream is read once.
///
/// ```swift
/// let bytes = try InputFile.bytes(from: "screen.ans")          // all of it, bounded
/// var lines = InputLines(try InputFile(path: "session.cast"))  // a line at a time
/// ```
public struct InputFile: Sendable {
    /// The largest terminal capture or recording accepted (256 MiB), so a mistaken argument
    /// cannot exhaust memory; the default ``limit``.
    public static let maximumCaptureBytes = 256 << 20

    /// The path messages name (`-` is standard input).
    public let name: String
    /// The most bytes that may be read.
    public let limit: Int
    /// The size of a regular file when it was opened; nil for a stream.
    public let regularFileSize: Int?
    /// The byte offset the next read starts at.
    public private(set) var offset = 0
    private let source: Source

    /// Where the bytes are: an open descriptor (closed when the last copy goes, unless it is
    /// standard input), or bytes already in memory.
    private enum Source: Sendable {
        case descriptor(Descriptor)
        case memory([UInt8])
    }

    /// Whether reads can start anywhere (a regular file, or bytes in memory): then the input
    /// can be read more than once.
    public var isSeekable: Bool {
        if case .memory = source { return true }
        return regularFileSize != nil
    }

    /// Opens the file at `path` (`-` for standard input), named `name` in messages (default
    /// `path`).
    /// - Throws: ``InputError`` naming the file when it is missing, a directory, unreadable
    ///   or larger than `limit`.
    public init(path: String, name: String? = nil, limit: Int = maximumCaptureBytes) throws {
        let name = name ?? path
        if path == "-" {
            try self.init(descriptor: STDIN_FILENO, name: name, closing: false, limit: limit)
            return
        }
        let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(errno, name: name) }
        try self.init(descriptor: descriptor, name: name, closing: true, limit: limit)
    }

    /// Reads from an open descriptor (a file ``ConfinedRoot`` opened, or a stream), named
    /// `name` in messages; with `closing`, it is closed when the last copy goes (also when
    /// this throws).
    /// - Throws: ``InputError`` naming `name` when it is a directory or larger than `limit`.
    public init(descriptor: Int32, name: String, closing: Bool, limit: Int = maximumCaptureBytes) throws {
        let owner = Descriptor(descriptor, closing: closing)
        var status = stat()
        var size: Int?
        if fstat(descriptor, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR { throw InputError(path: name, message: "is a directory, not a file") }
            if type == S_IFREG {
                size = Int(status.st_size)
                if Int(status.st_size) > limit { throw Self.tooLarge(name, Int(status.st_size), limit) }
            }
        }
        self.name = name
        self.limit = limit
        self.regularFileSize = size
        self.source = .descriptor(owner)
    }

    /// Reads `bytes` already in memory, named `name` in messages.
    public init(bytes: [UInt8], name: String, limit: Int = maximumCaptureBytes) {
        self.name = name
        self.limit = limit
        self.regularFileSize = bytes.count
        self.source = .memory(bytes)
    }

    /// A copy that reads on from `offset` (seekable inputs only).
    public func reading(from offset: Int) -> InputFile {
        precondition(isSeekable, "\(name) is a stream: it is read once, from where it is")
        var copy = self
        copy.offset = offset
        return copy
    }

    /// The one read loop: reads the next bytes (at most `buffer.count`) into `buffer`; 0 at
    /// the end. An interrupted read is retried.
    /// - Throws: ``InputError`` naming the file when it cannot be read, or when it holds more
    ///   than ``limit`` bytes (a stream, or a file that grew while it was read).
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard buffer.count > 0 else { return 0 }
        var count: Int
        switch source {
        case .memory(let bytes):
            count = max(0, min(buffer.count, bytes.count - offset))
            if count > 0 {
                bytes.withUnsafeBytes {
                    buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: count)
                }
            }
        case .descriptor(let descriptor):
            repeat {
                count =
                    regularFileSize != nil
                    ? pread(descriptor.raw, buffer.baseAddress, buffer.count, off_t(offset))
                    : systemRead(descriptor.raw, buffer.baseAddress, buffer.count)
            } while count < 0 && errno == EINTR
            if count < 0 { throw Self.failure(errno, name: name) }
        }
        offset += count
        // A file that grows while it is read, or a stream, stops one byte past the limit.
        if offset > limit { throw Self.tooLarge(name, nil, limit) }
        return count
    }

    /// Every byte from ``offset`` to the end (at most ``limit``).
    /// - Throws: ``InputError`` naming the file when it cannot be read or is too large.
    public mutating func readAll() throws -> [UInt8] {
        var bytes: [UInt8] = []
        if let size = regularFileSize { bytes.reserveCapacity(max(0, size - offset)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try read(into: $0) }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// At most the next `count` bytes (fewer only at the end).
    /// - Throws: ``InputError`` naming the file when it cannot be read.
    public mutating func read(upTo count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = try bytes.withUnsafeMutableBytes {
                try read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]))
            }
            if got == 0 { break }
            filled += got
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// The bytes of a file, or of standard input when `path` is `-`.
    /// - Parameter limit: the largest size accepted, in bytes.
    /// - Throws: ``InputError`` naming the file when it cannot be read or is too large.
    public static func bytes(from path: String, limit: Int = maximumCaptureBytes) throws -> [UInt8] {
        var file = try InputFile(path: path, limit: limit)
        return try file.readAll()
    }

    /// The bytes of an open descriptor (a file ``ConfinedRoot`` opened, or a stream), read
    /// with the same size bound; `path` names it in errors. The caller closes it.
    /// - Throws: ``InputError`` naming `path` when it cannot be read or is too large.
    public static func bytes(fromDescriptor descriptor: Int32, path: String, limit: Int = maximumCaptureBytes) throws
        -> [UInt8]
    {
        var file = try InputFile(descriptor: descriptor, name: path, closing: false, limit: limit)
        return try file.readAll()
    }

    /// The error for `errno` `code` when opening or reading `name`.
    static func failure(_ code: Int32, name: String) -> InputError {
        InputError(
            path: name, message: code == ENOENT ? "no such file" : "cannot be read (\(String(cString: strerror(code))))"
        )
    }

    private static func tooLarge(_ path: String, _ size: Int?, _ limit: Int) -> InputError {
        let what = size.map { "is \($0) bytes" } ?? "is over"
        return InputError(path: path, message: "\(what); the limit is \(humanSize(limit))")
    }

    /// `256 MiB`, `4 MiB`, `64 KiB` or `100 bytes`.
    static func humanSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// An open descriptor, closed when the last ``InputFile`` that reads it goes (standard input
/// is never closed).
private final class Descriptor: Sendable {
    let raw: Int32
    let closing: Bool

    init(_ raw: Int32, closing: Bool) {
        self.raw = raw
        self.closing = closing
    }

    deinit {
        if closing { close(raw) }
    }
}

/// `read(2)`, under a name that ``InputFile``'s own `read` does not shadow.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `open(2)`, under a name that ``InputFile``'s initialisers do not shadow.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}
