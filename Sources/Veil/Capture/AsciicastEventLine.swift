/// The common shape of an asciicast event line, `[time, "code", "data"]`, parsed straight
/// from its UTF-8 bytes: the JSON string escapes decoded into the data's bytes, with no
/// Foundation objects. Anything else (another shape, raw control characters, a lone
/// surrogate, a negative time) returns nil, and the caller falls back to the general JSON
/// reader, which accepts or explains it.
enum AsciicastEventLine {
    /// The time, code and data of `line`, or nil when it is not the plain shape.
    static func parse(_ line: Substring) -> (time: Double, code: String, data: [UInt8])? {
        var line = line
        return line.withUTF8 { parse($0) }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (time: Double, code: String, data: [UInt8])? {
        var index = 0
        let count = bytes.count
        @inline(__always) func skipSpaces() {
            while index < count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
        }
        @inline(__always) func expect(_ byte: UInt8) -> Bool {
            skipSpaces()
            guard index < count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard expect(0x5B) else { return nil }  // [
        skipSpaces()
        let numberStart = index
        while index < count,
            (bytes[index] >= 0x30 && bytes[index] <= 0x39) || bytes[index] == 0x2E
                || bytes[index] == 0x65 || bytes[index] == 0x45 || bytes[index] == 0x2B
        {
            index += 1
        }
        guard index > numberStart, bytes[numberStart] != 0x2E,
            let time = number(UnsafeBufferPointer(rebasing: bytes[numberStart..<index])), time.isFinite
        else { return nil }
        guard expect(0x2C), expect(0x22) else { return nil }  // , "
        guard let code = string(bytes, &index) else { return nil }
        guard expect(0x2C), expect(0x22) else { return nil }
        guard let data = string(bytes, &index, reserving: true) else { return nil }
        guard expect(0x5D) else { return nil }  // ]
        skipSpaces()
        guard index == count else { return nil }
        return (time, String(decoding: code, as: UTF8.self), data)
    }

    /// The bytes of a JSON string whose opening quote was just read; the index ends after
    /// the closing quote. Nil for a raw control character, a bad escape or a lone surrogate.
    /// `reserving`: room for the rest of the line is made at once (the data, not the code).
    private static func string(
        _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, reserving: Bool = false
    ) -> [UInt8]? {
        var out: [UInt8] = []
        let count = bytes.count
        if reserving { out.reserveCapacity(count - index) }  // never more bytes than the text left
        // Copy runs without escapes at once.
        var runStart = index
        while index < count {
            let byte = bytes[index]
            if byte == 0x22 {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                return out
            }
            if byte < 0x20 { return nil }
            if byte != 0x5C {
                index += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            index += 1
            guard index < count else { return nil }
            let escape = bytes[index]
            index += 1
            switch escape {
            case 0x22, 0x5C, 0x2F: out.append(escape)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                guard var scalar = hex4(bytes, &index) else { return nil }
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 1 < count, bytes[index] == 0x5C, bytes[index + 1] == 0x75 else { return nil }
                    index += 2
                    guard let low = hex4(bytes, &index), (0xDC00...0xDFFF).contains(low) else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    return nil
                }
                guard let value = Unicode.Scalar(scalar) else { return nil }
                if scalar < 0x80 {
                    out.append(UInt8(truncatingIfNeeded: scalar))  // \u001b, the escape of every sequence
                } else {
                    out.append(contentsOf: UTF8.encode(value)!)
                }
            default:
                return nil
            }
            runStart = index
        }
        return nil
    }

    /// A time like `123` or `12.345678` without making a String: the integer of its digits
    /// over a power of ten is one correctly rounded division, the nearest double to the
    /// decimal, as `Double(String)` gives. Anything else (an exponent, more digits) goes
    /// through `Double(String)`.
    static func number(_ digits: UnsafeBufferPointer<UInt8>) -> Double? {
        var value = 0
        var scale = 1
        var seenPoint = false
        var count = 0
        for byte in digits {
            if byte == 0x2E && !seenPoint {
                seenPoint = true
                continue
            }
            guard byte >= 0x30 && byte <= 0x39, count < 15 else {
                return Double(String(decoding: digits, as: UTF8.self))
            }
            value = value * 10 + Int(byte - 0x30)
            count += 1
            if seenPoint { scale *= 10 }
        }
        guard count > 0, !(seenPoint && scale == 1) else { return Double(String(decoding: digits, as: UTF8.self)) }
        return Double(value) / Double(scale)
    }

    /// The four hex digits of a JSON `\\uXXXX` escape at `index`, advancing past them.
    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> UInt32? {
        guard let value = hex4(bytes, at: index) else { return nil }
        index += 4
        return value
    }

    /// The four hex digits at `start` as a number, or nil.
    static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for position in start..<(start + 4) {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }
}
