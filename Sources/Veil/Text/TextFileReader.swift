import Foundation

/// Reads a text file (or standard input, `-`) in pieces of complete lines, in bounded
/// memory: each piece is at most about ``chunkSize`` plus one line, and a line longer than
/// ``maximumLineLength`` bytes is refused (``InputError`` naming the file and line) rather
/// than held whole.
public struct TextFileReader {
    /// The longest line accepted, in bytes (4 MiB): longer ones are refused.
    public static let maximumLineLength = 4 << 20
    /// How much is read at a time (256 KiB: larger pieces were no faster and doubled the peak memory).
    public static let chunkSize = 1 << 18

    /// The path as the user gave it.
    public let path: String
    private let handle: FileHandle
    private var carry: [UInt8] = []
    private var linesRead = 0
    private var finished = false

    /// Opens `path` (`-` for standard input).
    /// - Throws: ``InputError`` when it cannot be opened.
    public init(path: String) throws {
        self.path = path
        if path == "-" {
            handle = .standardInput
            return
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw InputError(path: path, message: "no such file")
        }
        guard !isFolder.boolValue else { throw InputError(path: path, message: "is a folder, not a text file") }
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } catch {
            throw InputError(path: path, message: "cannot be read (\(error.localizedDescription))")
        }
    }

    /// The next piece of complete lines (`\n` included), or the rest of the input with
    /// `isFinal`; nil after that.
    /// - Throws: ``InputError`` for a read failure or a line longer than ``maximumLineLength``.
    public mutating func next() throws -> (bytes: [UInt8], isFinal: Bool)? {
        guard !finished else { return nil }
        while true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: Self.chunkSize)
            } catch {
                throw InputError(
                    path: path, line: linesRead + 1, message: "cannot be read (\(error.localizedDescription))")
            }
            guard let chunk, !chunk.isEmpty else {
                finished = true
                if path != "-" { try? handle.close() }
                defer { carry = [] }
                return (carry, true)
            }
            let start = carry.count
            carry += chunk
            if let newline = carry[start...].lastIndex(of: 0x0A) {
                let piece = Array(carry[...newline])
                carry.removeFirst(newline + 1)
                linesRead += piece.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                return (piece, false)
            }
            if carry.count > Self.maximumLineLength {
                throw InputError(
                    path: path, line: linesRead + 1,
                    message: "line is longer than \(Self.maximumLineLength) bytes (no line break within 4 MiB); "
                        + "refusing it rather than holding it in memory")
            }
        }
    }
}
