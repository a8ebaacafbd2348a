/// A small, independent DEFLATE decoder (RFC 1950/1951) so tests can read what a PNG's
/// IDAT stream holds without trusting the code that wrote it.
public enum Inflate {
    /// Why a stream could not be decoded.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    /// The bytes of a zlib stream (2-byte header, DEFLATE blocks, Adler-32, which is checked).
    public static func zlib(_ data: [UInt8]) throws -> [UInt8] {
        guard data.count >= 6, data[0] & 0x0F == 8, (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0 else {
            throw Failure(description: "not a zlib stream")
        }
        var reader = BitReader(data: data, position: 2)
        let out = try deflate(&reader)
        let end = reader.alignedByte
        guard end + 4 <= data.count else { throw Failure(description: "no Adler-32") }
        let stored = data[end..<end + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in out {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        guard stored == b << 16 | a else { throw Failure(description: "Adler-32 mismatch") }
        return out
    }

    struct BitReader {
        let data: [UInt8]
        var position: Int
        var bitBuffer: UInt32 = 0
        var bitCount = 0

        mutating func bits(_ count: Int) throws -> Int {
            while bitCount < count {
                guard position < data.count else { throw Failure(description: "stream ends early") }
                bitBuffer |= UInt32(data[position]) << UInt32(bitCount)
                position += 1
                bitCount += 8
            }
            let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
            bitBuffer >>= UInt32(count)
            bitCount -= count
            return value
        }

        /// The index of the next whole byte (dropping the bits of a partial one).
        var alignedByte: Int { position - bitCount / 8 }

        mutating func align() {
            position = alignedByte
            bitBuffer = 0
            bitCount = 0
        }
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in order.
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) throws {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        func decode(_ reader: inout BitReader) throws -> Int {
            var code = 0, first = 0, index = 0
            for length in 1..<16 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw Failure(description: "bad Huffman code")
        }
    }

    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    static func deflate(_ reader: inout BitReader) throws -> [UInt8] {
        var out: [UInt8] = []
        var last = false
        while !last {
            last = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0:
                reader.align()
                guard reader.position + 4 <= reader.data.count else {
                    throw Failure(description: "stored block ends early")
                }
                let d = reader.data, p = reader.position
                let length = Int(d[p]) | Int(d[p + 1]) << 8
                guard length == ~(Int(d[p + 2]) | Int(d[p + 3]) << 8) & 0xFFFF, p + 4 + length <= d.count else {
                    throw Failure(description: "bad stored block")
                }
                out += d[(p + 4)..<(p + 4 + length)]
                reader.position = p + 4 + length
            case 1:
                let literal = try Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
                let distance = try Huffman(lengths: [Int](repeating: 5, count: 30))
                try codes(&reader, literal, distance, into: &out)
            case 2:
                let literalCount = try reader.bits(5) + 257
                let distanceCount = try reader.bits(5) + 1
                let codeCount = try reader.bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = [Int](repeating: 0, count: 19)
                for k in 0..<codeCount { codeLengths[order[k]] = try reader.bits(3) }
                let lengthCode = try Huffman(lengths: codeLengths)
                var lengths: [Int] = []
                while lengths.count < literalCount + distanceCount {
                    let symbol = try lengthCode.decode(&reader)
                    switch symbol {
                    case 0..<16: lengths.append(symbol)
                    case 16:
                        guard let previous = lengths.last else { throw Failure(description: "repeat with no length") }
                        lengths += [Int](repeating: previous, count: 3 + (try reader.bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
                    }
                }
                guard lengths.count == literalCount + distanceCount else {
                    throw Failure(description: "too many lengths")
                }
                try codes(
                    &reader, try Huffman(lengths: Array(lengths[..<literalCount])),
                    try Huffman(lengths: Array(lengths[literalCount...])), into: &out)
            default:
                throw Failure(description: "reserved block type")
            }
        }
        return out
    }

    static func codes(_ reader: inout BitReader, _ literal: Huffman, _ distance: Huffman, into out: inout [UInt8])
        throws
    {
        while true {
            let symbol = try literal.decode(&reader)
            if symbol < 256 {
                out.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < lengthBase.count else { throw Failure(description: "bad length symbol") }
                let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
                let d = try distance.decode(&reader)
                guard d < distanceBase.count else { throw Failure(description: "bad distance symbol") }
                let back = distanceBase[d] + (try reader.bits(distanceExtra[d]))
                guard back <= out.count else { throw Failure(description: "distance too far back") }
                let start = out.count - back
                for k in 0..<length { out.append(out[start + k]) }
            }
        }
    }
}
