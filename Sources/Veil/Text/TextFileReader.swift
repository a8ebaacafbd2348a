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
    private var file: InputFile
    private var chunk = [UInt8](repeating: 0, count: TextFileReader.chunkSize)
    private var carry: [UInt8] = []
    private var linesRead = 0
    private var finished = false

    /// Opens `path` (`-` for standard input); a text file may be of any size, as it is read
    /// in pieces.
    /// - Throws: ``InputError`` when it cannot be opened.
    public init(path: String) throws {
        self.path = path
        file = try InputFile(path: path, limit: .max)
    }

    /// The next piece of complete lines (`\n` included), or the rest of the input with
    /// `isFinal`; nil after that.
    /// - Throws: ``InputError`` for a read failure (naming the line it was reading) or a line
    ///   longer than ``maximumLineLength``.
    public mutating func next() throws -> (bytes: [UInt8], isFinal: Bool)? {
        guard !finished else { return nil }
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { try file.read(into: $0) }
            } catch var error as InputError {
                error.line = linesRead + 1
                throw error
            }
            guard count > 0 else {
                finished = true
                defer { carry = [] }
                return (carry, true)
            }
            let start = carry.count
            carry += chunk[0..<count]
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
