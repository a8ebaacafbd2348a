#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// Reads every file Veil takes as input — terminal captures and recordings (`veil snap`,
/// `scan`, `screen`, `audit`), scenarios and the files they name, baselines — always with a
/// size bound: a file above its limit is refused by its size before any of it is read, and a
/// stream (standard input, a pipe) is read only up to one byte past the limit.
public enum InputFile {
    /// The largest terminal capture or recording accepted (256 MiB), so a mistaken argument
    /// cannot exhaust memory; the default limit of ``bytes(from:limit:)``.
    public static let maximumCaptureBytes = 256 << 20

    /// The bytes of a file, or of standard input when `path` is `-`.
    /// - Parameter limit: the largest size accepted, in bytes.
    /// - Throws: ``InputError`` naming the file when it cannot be read or is too large.
    public static func bytes(from path: String, limit: Int = maximumCaptureBytes) throws -> [UInt8] {
        let descriptor: Int32
        if path == "-" {
            descriptor = STDIN_FILENO
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                throw InputError(
                    path: path, message: code == ENOENT ? "no such file" : "cannot be read (\(describe(code)))")
            }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        return try bytes(fromDescriptor: descriptor, path: path, limit: limit)
    }

    /// The bytes of an open descriptor (a file ``ConfinedRoot`` opened, or a stream), read
    /// with the same size bound; `path` names it in errors. The caller closes it.
    /// - Throws: ``InputError`` naming `path` when it cannot be read or is too large.
    public static func bytes(fromDescriptor descriptor: Int32, path: String, limit: Int = maximumCaptureBytes) throws
        -> [UInt8]
    {
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFDIR { throw InputError(path: path, message: "is a directory, not a file") }
            if type == S_IFREG && Int(status.st_size) > limit { throw tooLarge(path, Int(status.st_size), limit) }
        }
        var bytes: [UInt8] = []
        if (status.st_mode & S_IFMT) == S_IFREG { bytes.reserveCapacity(Int(status.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(path: path, message: "cannot be read (\(describe(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            // A file that grows while it is read, or a stream, stops one byte past the limit.
            if bytes.count > limit { throw tooLarge(path, nil, limit) }
        }
        return bytes
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

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
