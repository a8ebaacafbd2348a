/// How many terminal columns a Unicode scalar occupies, as xterm and glibc's `wcwidth`
/// decide it, from a table generated from pinned Unicode data (`Scripts/generate-widths`).
///
/// ```swift
/// CharacterWidth.of("A")        // 1
/// CharacterWidth.of("中")       // 2
/// CharacterWidth.of("\u{301}")  // 0 (combining acute accent)
/// ```
public enum CharacterWidth {
    /// The number of columns `scalar` occupies: 0, 1 or 2.
    ///
    /// 0 for combining and format characters (Mn, Me, Cf except U+00AD), Hangul medial and
    /// final jamo, ZWSP/ZWJ and variation selectors, and for control characters (which a
    /// terminal never prints); 2 for East Asian Wide and Fullwidth; 1 otherwise.
    @inlinable
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        if value >= 0xA0 && value < 0x300 { return 1 }
        return lookUp(value)
    }

    /// Binary search of the generated ranges (only ranges whose width is not 1 are listed).
    @usableFromInline
    static func lookUp(_ value: UInt32) -> Int {
        rangeStarts.withUnsafeBufferPointer { starts in
            // Find the last range starting at or before `value`.
            var low = 0
            var high = starts.count
            while low < high {
                let mid = (low &+ high) >> 1
                if starts[mid] <= value { low = mid &+ 1 } else { high = mid }
            }
            guard low > 0 else { return 1 }
            let entry = rangeEndsAndWidths[low - 1]
            return value <= entry & 0x00FF_FFFF ? Int(entry >> 24) : 1
        }
    }
}
