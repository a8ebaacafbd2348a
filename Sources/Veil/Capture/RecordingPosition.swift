#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension AsciicastEventLine {
    /// The 1-based column (Unicode scalars of the line, as for raw bytes) where the JSON
    /// text that encodes byte `index` of the event's data starts: the character itself, or
    /// the backslash of its escape (`\u001b`, `\n`, a `\ud83d\ude00` pair). Nil when `line`
    /// is not an event of the shape `[time, "code", "data"]` or `index` is past the data.
    /// Tolerant as the reader is: raw control characters inside the strings count as one
    /// byte each.
    static func column(ofDataByte index: Int, in line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard index >= 0 else { return nil }
        var position = 0
        let count = line.count
        func skipSpaces() {
            while position < count, line[position] == 0x20 || line[position] == 0x09 || line[position] == 0x0D {
                position += 1
            }
        }
        func expect(_ byte: UInt8) -> Bool {
            skipSpaces()
            guard position < count, line[position] == byte else { return false }
            position += 1
            return true
        }
        // [time, "code", "data"]: past the time (anything up to the comma) and the code.
        guard expect(0x5B) else { return nil }
        while position < count, line[position] != 0x2C { position += 1 }
        guard expect(0x2C), expect(0x22) else { return nil }
        while position < count, line[position] != 0x22 {
            position += line[position] == 0x5C ? 2 : 1
        }
        position += 1
        guard expect(0x2C), expect(0x22) else { return nil }
        var decoded = 0
        while position < count, line[position] != 0x22 {
            let start = position
            var bytes = 1
            if line[position] == 0x5C {
                guard position + 1 < count else { return nil }
                if line[position + 1] == 0x75 {
                    guard let scalar = AsciicastEventLine.hex4(line, at: position + 2) else { return nil }
                    position += 6
                    if (0xD800...0xDBFF).contains(scalar), position + 1 < count, line[position] == 0x5C,
                        line[position + 1] == 0x75, let low = AsciicastEventLine.hex4(line, at: position + 2),
                        (0xDC00...0xDFFF).contains(low)
                    {
                        position += 6
                        bytes = 4
                    } else {
                        bytes = scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : 3
                    }
                } else {
                    position += 2
                }
            } else {
                // A raw character: its UTF-8 bytes are the data's bytes, at one column.
                let lead = line[position]
                bytes = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                position += bytes
            }
            if index < decoded + bytes { return scalarColumn(line, before: start) }
            decoded += bytes
        }
        return nil
    }

    /// 1 + the Unicode scalars of `line` before byte `end` (bytes that do not continue a
    /// UTF-8 sequence).
    private static func scalarColumn(_ line: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
        var column = 1
        for position in 0..<end where line[position] & 0xC0 != 0x80 { column += 1 }
        return column
    }
}

extension CaptureInput {
    /// The bytes of the recording's file lines `numbers` (1-based, without the line feed),
    /// read again from the file (a streamed recording) or from the bytes it was parsed from;
    /// empty for raw bytes or when the file cannot be read again. One pass up to the last
    /// line asked for; only the lines asked for are kept.
    func recordingLines(_ numbers: Set<Int>) -> [Int: [UInt8]] {
        guard let last = numbers.max() else { return [:] }
        var found: [Int: [UInt8]] = [:]
        var lineNumber = 1
        var current: [UInt8] = []
        /// Walks `chunk`; false once the last line asked for is complete.
        func take(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
            var start = 0
            while start < chunk.count {
                let rest = UnsafeBufferPointer(rebasing: chunk[start...])
                let newline = rest.baseAddress.flatMap { memchr($0, 0x0A, rest.count) }
                let end = newline.map { start + rest.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
                if numbers.contains(lineNumber) {
                    current.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<(end ?? chunk.count)]))
                }
                guard let end else { return true }
                if numbers.contains(lineNumber) { found[lineNumber] = current }
                current = []
                lineNumber += 1
                if lineNumber > last { return false }
                start = end + 1
            }
            return true
        }
        switch self {
        case .recording(let cast):
            guard let bytes = cast.sourceBytes else { return [:] }
            if bytes.withUnsafeBufferPointer(take), numbers.contains(lineNumber) { found[lineNumber] = current }
        case .recordingFile(let source, _):
            guard let descriptor = try? source.open() else { return [:] }
            defer { close(descriptor) }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let got = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
                if got < 0 && errno == EINTR { continue }
                if got <= 0 {
                    if numbers.contains(lineNumber) { found[lineNumber] = current }
                    break
                }
                if !chunk.withUnsafeBufferPointer({ take(UnsafeBufferPointer(rebasing: $0[0..<got])) }) { break }
            }
        case .raw:
            return [:]
        }
        return found
    }
}
