extension Cell {
    /// Whether `Cell` has the layout the raw writer assumes: 28 bytes, `scalar` first.
    static let hasPackedLayout: Bool =
        MemoryLayout<Cell>.size == 28 && MemoryLayout<Cell>.stride == 28
        && MemoryLayout<Cell>.offset(of: \Cell.scalar) == 0

    /// Writes `count` ASCII characters as cells that are copies of `template` with the
    /// character as `scalar`: two overlapping 16-byte stores per cell (bytes 0…15 with the
    /// scalar put in, and bytes 12…27 as in the template).
    @inline(__always)
    static func writeASCII(
        _ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<Cell>, template: Cell
    ) {
        guard hasPackedLayout else {
            var cell = template
            for offset in 0..<count {
                cell.scalar = Unicode.Scalar(source[offset])
                target[offset] = cell
            }
            return
        }
        let (head, tail) = withUnsafeBytes(of: template) { bytes in
            (
                bytes.loadUnaligned(fromByteOffset: 0, as: SIMD4<UInt32>.self),
                bytes.loadUnaligned(fromByteOffset: 12, as: SIMD4<UInt32>.self)
            )
        }
        var cursor = UnsafeMutableRawPointer(target)
        for offset in 0..<count {
            var first = head
            first[0] = UInt32(source[offset])
            cursor.storeBytes(of: first, as: SIMD4<UInt32>.self)
            cursor.storeBytes(of: tail, toByteOffset: 12, as: SIMD4<UInt32>.self)
            cursor += 28
        }
    }
}
