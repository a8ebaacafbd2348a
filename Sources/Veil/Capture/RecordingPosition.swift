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
    /// The bytes of the recording's file lines at `positions` (without the line feed), keyed
    /// by line number: read again from the open file at their offsets (a streamed recording;
    /// only those lines are read) or taken from the bytes it was parsed from. Empty for raw
    /// bytes; a line that cannot be read again is left out.
    func recordingLines(at positions: Set<FilePosition>) -> [Int: [UInt8]] {
        var found: [Int: [UInt8]] = [:]
        for position in positions {
            switch self {
            case .recording(let cast):
                guard let bytes = cast.sourceBytes, position.offset < bytes.count else { continue }
                let end = bytes[position.offset...].firstIndex(of: 0x0A) ?? bytes.endIndex
                found[position.line] = Array(bytes[position.offset..<end])
            case .recordingFile(let file):
                var lines = InputLines(file.events.file.reading(from: position.offset), line: position.line)
                _ = try? lines.forEach { line, _, _ in
                    found[position.line] = Array(line)
                    return false
                }
            case .raw:
                return [:]
            }
        }
        return found
    }

    /// The bytes of the recording's file lines `numbers` (1-based, without the line feed),
    /// for a reader that knows lines by number only: one pass from the file's start up to the
    /// last line asked for (``recordingLines(at:)`` reads only the lines asked for).
    func recordingLines(numbered numbers: Set<Int>) -> [Int: [UInt8]] {
        guard let last = numbers.max() else { return [:] }
        var lines: InputLines
        switch self {
        case .recording(let cast):
            guard let bytes = cast.sourceBytes else { return [:] }
            lines = InputLines(InputFile(bytes: bytes, name: ""))
        case .recordingFile(let file):
            lines = file.lines()
        case .raw:
            return [:]
        }
        var found: [Int: [UInt8]] = [:]
        _ = try? lines.forEach { line, position, _ in
            if numbers.contains(position.line) { found[position.line] = Array(line) }
            return position.line < last
        }
        return found
    }
}
