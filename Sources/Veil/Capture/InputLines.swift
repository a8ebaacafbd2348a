#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A place in an input file: a 1-based line and the byte offset where that line starts.
public struct FilePosition: Sendable, Hashable, Comparable {
    /// The 1-based line.
    public var line: Int
    /// The byte offset of the line's first byte in the file.
    public var offset: Int

    public init(line: Int, offset: Int) {
        self.line = line
        self.offset = offset
    }

    /// The start of a file.
    public static let start = FilePosition(line: 1, offset: 0)

    public static func < (lhs: FilePosition, rhs: FilePosition) -> Bool { lhs.offset < rhs.offset }
}

/// Reads an ``InputFile`` a line at a time, in bounded memory (one buffer of whole lines,
/// never the file): each line without its line feed, with its ``FilePosition``. A reader is
/// a value: a copy reads on from where the original stood (over a seekable file, on its
/// own), so reading a header and then every event is one pass over the bytes.
///
/// ```swift
/// var lines = InputLines(try InputFile(path: "session.cast"))
/// try lines.forEach { line, position, _ in print(position.line, line.count); return true }
/// ```
public struct InputLines: Sendable {
    /// The file being read.
    public private(set) var file: InputFile
    /// The longest line accepted (nil: any up to the file's limit).
    public let maximumLineLength: Int?
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    /// Where the search for the next line feed resumes.
    private var scanned = 0
    /// The position of the next line.
    public private(set) var position: FilePosition
    private var bufferOffset: Int
    private var atEnd = false

    /// Reads `file` from its current offset, `chunkSize` bytes at a time. `buffered` are
    /// bytes already read from it, just before that offset (they are not read again); the
    /// first of them starts line `line`.
    public init(
        _ file: InputFile, buffered: [UInt8] = [], line: Int = 1, chunkSize: Int = 1 << 16,
        maximumLineLength: Int? = nil
    ) {
        self.file = file
        self.maximumLineLength = maximumLineLength
        self.buffer = Self.zeroed(count: buffered.count + max(16, chunkSize), startingWith: buffered)
        self.end = buffered.count
        self.position = FilePosition(line: line, offset: file.offset - buffered.count)
        self.bufferOffset = file.offset - buffered.count
    }

    /// Calls `body` with each line in turn (without its line feed; a CR before it is kept),
    /// its position, and whether it is the unterminated last line. `body` returns false to
    /// stop: the reader then stands at the next line. Returns false when `body` stopped it,
    /// true at the end of the file.
    /// - Throws: ``InputError`` naming the file when it cannot be read, is too large, or has
    ///   a line longer than ``maximumLineLength``; whatever `body` throws.
    @discardableResult
    public mutating func forEach(
        _ body: (_ line: ArraySlice<UInt8>, _ position: FilePosition, _ isUnterminated: Bool) throws -> Bool
    ) throws -> Bool {
        while true {
            while let newline = nextLineFeed() {
                let line = buffer[start..<newline]
                let here = position
                start = newline + 1
                scanned = start
                position = FilePosition(line: here.line + 1, offset: bufferOffset + start)
                if try !body(line, here, false) { return false }
            }
            scanned = end
            if atEnd {
                guard start < end else { return true }
                let line = buffer[start..<end]
                let here = position
                start = end
                scanned = end
                position = FilePosition(line: here.line + 1, offset: bufferOffset + end)
                _ = try body(line, here, true)
                return true
            }
            if let maximumLineLength, end - start > maximumLineLength {
                throw InputError(
                    path: file.name, line: position.line,
                    message: "line is longer than \(InputFile.humanSize(maximumLineLength)) "
                        + "(no line break within it); refusing it rather than holding it in memory")
            }
            try fill()
        }
    }

    /// The index of the next line feed in `buffer[scanned..<end]` (memchr), or nil.
    private func nextLineFeed() -> Int? {
        guard scanned < end else { return nil }
        return buffer.withUnsafeBufferPointer { pointer in
            guard let base = pointer.baseAddress, let found = memchr(base + scanned, 0x0A, end - scanned) else {
                return nil
            }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// `count` bytes: `prefix`, then zeros. Made with `memcpy` and `memset`, not by appending
    /// a repeated zero (element by element through unspecialised generic code in a debug
    /// build: a 64 KiB buffer took milliseconds there, and the tests read thousands of inputs).
    private static func zeroed(count: Int, startingWith prefix: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { bytes, initialized in
            prefix.withUnsafeBufferPointer { source in
                if let from = source.baseAddress { _ = memcpy(bytes.baseAddress!, from, source.count) }
            }
            _ = memset(bytes.baseAddress! + prefix.count, 0, count - prefix.count)
            initialized = count
        }
    }

    /// Moves the unread bytes to the front (growing the buffer when a line fills it) and
    /// reads more after them.
    private mutating func fill() throws {
        if start > 0 {
            let count = end - start
            if count > 0 {
                let from = start
                buffer.withUnsafeMutableBufferPointer { pointer in
                    _ = memmove(pointer.baseAddress!, pointer.baseAddress! + from, count)
                }
            }
            bufferOffset += start
            scanned -= start
            end = count
            start = 0
        }
        if end == buffer.count { buffer = Self.zeroed(count: 2 * buffer.count, startingWith: buffer) }
        let filled = end
        let got = try buffer.withUnsafeMutableBytes { raw in
            try file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
        }
        if got == 0 { atEnd = true } else { end += got }
    }
}
