/// Reads an asciicast recording a line at a time (``InputLines``), so a recording of any
/// length is judged in bounded memory (a buffer of lines and one event at a time), never
/// held whole. Every reader of recordings goes through it: the streamed replay, and
/// ``Asciicast/init(bytes:path:)`` for a recording in memory.
///
/// ```swift
/// var lines = InputLines(try InputFile(path: "long.cast"), chunkSize: AsciicastReader.chunkSize)
/// let header = try AsciicastReader.header(&lines)
/// try AsciicastReader.forEachEvent(&lines, header: header) { event in … }
/// ```
public enum AsciicastReader {
    /// The size of a read.
    public static let chunkSize = 1 << 20

    /// The recording's header (no events), from the first line that is not blank; `lines`
    /// then stands at the line after it.
    /// - Throws: ``InputError`` naming the file, the line and the column.
    public static func header(_ lines: inout InputLines) throws -> Asciicast {
        let name = lines.file.name
        var header: Asciicast?
        try lines.forEach { bytes, position, _ in
            let line = trimmed(bytes)
            guard !isBlank(line) else { return true }
            var warnings: [String] = []
            var cast = try Asciicast(
                header: Substring(try text(line, name: name, line: position.line)), line: position.line, path: name,
                warnings: &warnings)
            cast.warnings = warnings
            header = cast
            return false
        }
        guard let header else {
            throw InputError(path: name, line: 1, column: 1, message: "empty asciicast: expected a JSON header line")
        }
        return header
    }

    /// Calls `event` with each event from where `lines` stands (after `header`'s line) to the
    /// end, in order; returns what was unusual but read (``Asciicast/warnings``, `line N: …`).
    /// - Throws: ``InputError`` naming the file and the line; whatever `event` throws.
    @discardableResult
    public static func forEachEvent(
        _ lines: inout InputLines, header: Asciicast, _ event: (Asciicast.Event) throws -> Void
    ) throws -> [String] {
        let name = lines.file.name
        var parser = Asciicast.EventParser(version: header.version)
        var warnings: [String] = []
        try lines.forEach { bytes, position, isUnterminated in
            let line = trimmed(bytes)
            // The common case: an ASCII event line of the plain shape, parsed from its bytes
            // (ASCII is valid UTF-8, so nothing needs validating).
            if let fast = line.withUnsafeBufferPointer({ isASCII($0) ? AsciicastEventLine.parse($0) : nil }) {
                var item = try parser.event(
                    stamp: fast.time, code: fast.code, data: fast.data, line: position.line, path: name)
                item.offset = position.offset
                try event(item)
                return true
            }
            guard !isBlank(line) else { return true }
            let text = try text(line, name: name, line: position.line)
            if try Asciicast.isComment(line, version: header.version, line: position.line, path: name) { return true }
            let parsed = try parser.event(
                Substring(text), line: position.line, path: name, isCutShortLast: isUnterminated,
                warnings: &warnings)
            if var parsed {
                parsed.offset = position.offset
                try event(parsed)
            }
            return true
        }
        return warnings
    }

    /// The recording's header, read from the start of the file at `path`.
    /// - Throws: ``InputError`` naming `name` (default `path`).
    public static func header(path: String, name: String? = nil) throws -> Asciicast {
        var lines = InputLines(try InputFile(path: path, name: name), chunkSize: 1 << 16)
        return try header(&lines)
    }

    /// Calls `event` with each event of the recording at `path` in order; returns the warnings.
    /// - Throws: ``InputError`` naming `name` (default `path`) and the line; whatever `event` throws.
    @discardableResult
    public static func forEachEvent(
        path: String, name: String? = nil, _ event: (Asciicast.Event) throws -> Void
    ) throws -> [String] {
        var lines = InputLines(try InputFile(path: path, name: name), chunkSize: chunkSize)
        let header = try header(&lines)
        return header.warnings + (try forEachEvent(&lines, header: header, event))
    }

    /// The line without a final CR.
    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == 0x0D ? line.dropLast() : line
    }

    /// Whether the line holds nothing but spaces, tabs and CRs.
    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        !line.contains { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0D) }
    }

    /// The line as text.
    /// - Throws: ``InputError`` at the line when it is not UTF-8.
    private static func text(_ line: ArraySlice<UInt8>, name: String, line number: Int) throws -> String {
        guard let text = String(validating: line, as: UTF8.self) else {
            throw InputError(path: name, line: number, column: 1, message: "asciicast is not valid UTF-8")
        }
        return text
    }
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
