#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// Reads an asciicast file a line at a time, so a recording of any length is judged in
/// bounded memory (a few chunks and one event at a time), never held whole.
///
/// ```swift
/// let header = try AsciicastReader.header(path: "long.cast")
/// try AsciicastReader.forEachEvent(path: "long.cast") { event in … }
/// ```
public enum AsciicastReader {
    /// The size of a read.
    static let chunkSize = 1 << 20

    /// The recording's header (no events), read from the start of the file.
    /// - Throws: ``InputError`` naming `name` (default `path`).
    public static func header(path: String, name: String? = nil) throws -> Asciicast {
        try header(source: .file(path, name: name))
    }

    /// The header of the recording `source` holds.
    /// - Throws: ``InputError`` naming the source.
    public static func header(source: CaptureSource) throws -> Asciicast {
        let name = source.name
        var header: Asciicast?
        try read(source: source, stopAfterHeader: true) { cast in
            header = cast
        } event: { _ in
        }
        guard let header else {
            throw InputError(path: name, line: 1, column: 1, message: "empty asciicast: expected a JSON header line")
        }
        return header
    }

    /// Calls `event` with each event in order; returns the warnings (``Asciicast/warnings``).
    /// - Throws: ``InputError`` naming `name` and the line; whatever `event` throws.
    @discardableResult
    public static func forEachEvent(
        path: String, name: String? = nil,
        _ event: (Asciicast.Event) throws -> Void
    ) throws -> [String] {
        try forEachEvent(source: .file(path, name: name), event)
    }

    /// ``forEachEvent(path:name:_:)`` of the recording `source` holds.
    @discardableResult
    public static func forEachEvent(source: CaptureSource, _ event: (Asciicast.Event) throws -> Void) throws -> [String]
    {
        var warnings: [String] = []
        try read(source: source, stopAfterHeader: false) { cast in
            warnings = cast.warnings
        } event: { item in
            switch item {
            case .event(let value): try event(value)
            case .warning(let text): warnings.append(text)
            }
        }
        return warnings
    }

    /// The index of the next line feed in `bytes` from `start` (memchr), or nil.
    static func newline(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard start < buffer.count, let base = buffer.baseAddress,
                let found = memchr(base + start, 0x0A, buffer.count - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    enum Item {
        case event(Asciicast.Event)
        case warning(String)
    }

    private static func read(
        source: CaptureSource, stopAfterHeader: Bool,
        header onHeader: (Asciicast) throws -> Void, event onItem: (Item) throws -> Void
    ) throws {
        let name = source.name
        let descriptor = try source.open()
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR {
                throw InputError(path: name, message: "is a directory, not a file")
            }
            let limit = InputFile.maximumCaptureBytes
            if status.st_mode & S_IFMT == S_IFREG && Int(status.st_size) > limit {
                throw InputError(path: name, message: "is \(status.st_size) bytes; the limit is \(limit >> 20) MiB")
            }
        }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var lineNumber = 0
        var total = 0
        var parser: Asciicast.EventParser?
        var warnings: [String] = []

        func handle(_ bytes: ArraySlice<UInt8>, number: Int, isCutShortLast: Bool) throws -> Bool {
            var slice = bytes
            if slice.last == 0x0D { slice = slice.dropLast() }
            // The common case: an ASCII event line of the plain shape, parsed from its bytes
            // (ASCII is valid UTF-8, so nothing needs validating).
            if parser != nil,
                let fast = slice.withUnsafeBufferPointer({ buffer in
                    isASCII(buffer) ? AsciicastEventLine.parse(buffer) : nil
                })
            {
                let event = try parser!.event(
                    stamp: fast.time, code: fast.code, data: fast.data, line: number, path: name)
                try onItem(.event(event))
                return true
            }
            guard slice.contains(where: { !(($0 == 0x20) || ($0 == 0x09) || ($0 == 0x0D)) }) else { return true }
            guard let text = String(validating: slice, as: UTF8.self) else {
                throw InputError(path: name, line: number, column: 1, message: "asciicast is not valid UTF-8")
            }
            if let parser, try Asciicast.isComment(slice, version: parser.version, line: number, path: name) {
                return true
            }
            if parser == nil {
                let cast = try Asciicast(header: Substring(text), line: number, path: name, warnings: &warnings)
                parser = Asciicast.EventParser(version: cast.version)
                var withWarnings = cast
                withWarnings.warnings = warnings
                warnings = []
                try onHeader(withWarnings)
                return !stopAfterHeader
            }
            let event = try parser!.event(
                Substring(text), line: number, path: name, isCutShortLast: isCutShortLast,
                warnings: &warnings)
            for warning in warnings { try onItem(.warning(warning)) }
            warnings = []
            if let event { try onItem(.event(event)) }
            return true
        }

        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(path: name, message: "cannot be read (errno \(errno))")
            }
            if count == 0 { break }
            total += count
            if total > InputFile.maximumCaptureBytes {
                throw InputError(
                    path: name, message: "is over; the limit is \(InputFile.maximumCaptureBytes >> 20) MiB")
            }
            pending.append(contentsOf: chunk[0..<count])
            var start = pending.startIndex
            while let newline = Self.newline(in: pending, from: start) {
                lineNumber += 1
                if try !handle(pending[start..<newline], number: lineNumber, isCutShortLast: false) { return }
                start = newline + 1
            }
            pending.removeSubrange(pending.startIndex..<start)
        }
        if !pending.isEmpty {
            lineNumber += 1
            _ = try handle(pending[...], number: lineNumber, isCutShortLast: true)
        }
        if parser == nil {
            throw InputError(path: name, line: 1, column: 1, message: "empty asciicast: expected a JSON header line")
        }
    }
}

/// `read(2)`, reachable under a name that ``AsciicastReader``'s own `read` does not shadow.
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Whether every byte is ASCII (eight at a time).
private func isASCII(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = buffer.baseAddress else { return true }
    let count = buffer.count
    var index = 0
    let raw = UnsafeRawPointer(base)
    while index + 8 <= count {
        if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
        index += 8
    }
    while index < count {
        if base[index] >= 0x80 { return false }
        index += 1
    }
    return true
}
