/// Plain text split into lines for the detection engine: the same ``ScreenText`` a screen
/// gives, with line `i` as "row" `i` and each byte mapped to its character in the line.
///
/// Lines end at `\n`; a `\r` before it is not part of the line. Invalid UTF-8 is scanned
/// byte-safely: each byte of an invalid sequence is one character, read by the detectors as
/// U+FFFD, so every line is scanned and positions still count the input's own bytes.
struct TextLines {
    /// The engine's view: valid UTF-8, one line per input line.
    let text: ScreenText
    /// For each line, the byte range of its content in the input (no `\n`, no final `\r`).
    let sourceRanges: [Range<Int>]
    /// The input's bytes (kept to map characters back to bytes and to write redactions).
    let source: [UInt8]

    /// The UTF-8 of U+FFFD, which stands for each byte of an invalid sequence.
    static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    init(_ source: [UInt8]) {
        self.source = source
        var bytes: [UInt8] = []
        var origin: [Int32] = []
        bytes.reserveCapacity(source.count)
        origin.reserveCapacity(source.count)
        var lines: [ScreenText.Line] = []
        var ranges: [Range<Int>] = []
        source.withUnsafeBufferPointer { input in
            var lineStart = 0
            while lineStart < input.count || (lineStart == input.count && ranges.isEmpty) {
                var lineEnd = lineStart
                while lineEnd < input.count && input[lineEnd] != 0x0A { lineEnd += 1 }
                let next = lineEnd + 1
                var contentEnd = lineEnd
                if contentEnd > lineStart && input[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                let first = bytes.count
                var character: Int32 = 0
                var i = lineStart
                while i < contentEnd {
                    let byte = input[i]
                    if byte < 0x80 {
                        bytes.append(byte)
                        origin.append(character)
                        i += 1
                    } else if let length = Self.sequenceLength(input, at: i, end: contentEnd) {
                        for k in i..<(i + length) {
                            bytes.append(input[k])
                            origin.append(character)
                        }
                        i += length
                    } else {
                        bytes += Self.replacement
                        origin += [character, character, character]
                        i += 1
                    }
                    character += 1
                }
                let row = lines.count
                lines.append(ScreenText.Line(range: first..<bytes.count, firstRow: row, lastRow: row))
                ranges.append(lineStart..<contentEnd)
                lineStart = next
            }
        }
        text = ScreenText(characterBytes: bytes, origin: origin, lines: lines)
        sourceRanges = ranges
    }

    /// The length of the valid UTF-8 sequence starting at `i` (a lead byte ≥ 0x80), or nil
    /// when it is invalid (a stray continuation, an overlong form, a surrogate, a value past
    /// U+10FFFF, or a sequence cut short by `end`).
    static func sequenceLength(_ input: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Int? {
        let lead = input[i]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard i + length <= end else { return nil }
        let second = input[i + 1]
        guard second >= low && second <= high else { return nil }
        for k in (i + 2)..<(i + length) where input[k] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// The byte offsets in the input of the given character columns of `line` (a column
    /// equal to the line's length gives its end).
    func sourceOffsets(line: Int, columns: [Int]) -> [Int: Int] {
        var wanted = Array(Set(columns)).sorted()[...]
        var result: [Int: Int] = [:]
        let range = sourceRanges[line]
        source.withUnsafeBufferPointer { input in
            var i = range.lowerBound
            var character = 0
            while let next = wanted.first {
                if next == character {
                    result[next] = i
                    wanted.removeFirst()
                    continue
                }
                guard i < range.upperBound else { break }
                i += input[i] < 0x80 ? 1 : (Self.sequenceLength(input, at: i, end: range.upperBound) ?? 1)
                character += 1
            }
        }
        for column in wanted { result[column] = range.upperBound }
        return result
    }

    /// The number of characters in a byte range of the input (as the lines count them).
    func characterCount(_ range: Range<Int>) -> Int {
        source.withUnsafeBufferPointer { input in
            var i = range.lowerBound
            var count = 0
            while i < range.upperBound {
                i += input[i] < 0x80 ? 1 : (Self.sequenceLength(input, at: i, end: range.upperBound) ?? 1)
                count += 1
            }
            return count
        }
    }
}
