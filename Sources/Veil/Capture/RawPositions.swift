/// The lines and columns of raw bytes' offsets (``CaptureInput/region(ofOffset:length:)``
/// asks one fresh). Asked for in increasing order, each costs the bytes since the one before,
/// not those since the start of the input (70,000 hyperlinks on one line, each counted from
/// the start, took over a minute for a 1.5 MB file).
struct RawPositions {
    private let bytes: [UInt8]
    /// The last offset reached, its line, where that line starts and its column.
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var column = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Line and column of `target` (a column counts Unicode scalars, invalid UTF-8
    /// repaired); nil outside the bytes. An offset before the last one asked for starts again
    /// from the top.
    mutating func region(ofOffset target: Int, length: Int = 0) -> AuditRegion? {
        guard target >= 0, target < bytes.count else { return nil }
        if target < offset { (offset, line, lineStart, column) = (0, 1, 0, 1) }
        var newline: Int?
        for index in offset..<target where bytes[index] == 0x0A {
            line += 1
            newline = index
        }
        if let newline {
            lineStart = newline + 1
            column = 1 + Self.scalars(bytes[lineStart..<target])
        } else if offset == lineStart || Self.startsScalar(bytes[offset]) {
            // The bytes since `offset` decode on their own: a split before an ASCII byte or
            // a lead byte never falls inside a character (nor inside a repaired sequence).
            column += Self.scalars(bytes[offset..<target])
        } else {
            column = 1 + Self.scalars(bytes[lineStart..<target])
        }
        offset = target
        return AuditRegion(line: line, column: column, length: length)
    }

    private static func scalars(_ slice: ArraySlice<UInt8>) -> Int {
        String(decoding: slice, as: UTF8.self).unicodeScalars.count
    }

    private static func startsScalar(_ byte: UInt8) -> Bool {
        byte < 0x80 || byte >= 0xC0
    }
}
