/// Canonical composition of a character and one following combining character, as xterm
/// does when a combining mark arrives (its `precompose` resource, on by default):
/// `e` + U+0301 is stored as `é` (U+00E9), a Hangul leading consonant and vowel as their
/// syllable. The table is generated from pinned Unicode data (`Scripts/generate-compositions`).
///
/// ```swift
/// CharacterComposition.compose("e", "\u{301}")   // "é"
/// CharacterComposition.compose("x", "\u{301}")   // nil
/// ```
public enum CharacterComposition {
    /// The primary composite of `base` followed by `mark`, or nil when there is none.
    public static func compose(_ base: Unicode.Scalar, _ mark: Unicode.Scalar) -> Unicode.Scalar? {
        let (b, m) = (base.value, mark.value)
        // Hangul (Unicode 15, section 3.12): L + V → LV, LV + T → LVT.
        if (0x1100...0x1112).contains(b) && (0x1161...0x1175).contains(m) {
            return Unicode.Scalar(0xAC00 + ((b - 0x1100) * 21 + (m - 0x1161)) * 28)
        }
        if (0xAC00...0xD7A3).contains(b) && (b - 0xAC00) % 28 == 0 && (0x11A8...0x11C2).contains(m) {
            return Unicode.Scalar(b + (m - 0x11A7))
        }
        let key = UInt64(b) << 21 | UInt64(m)
        return pairKeys.withUnsafeBufferPointer { keys in
            var low = 0
            var high = keys.count
            while low < high {
                let mid = (low &+ high) >> 1
                if keys[mid] < key { low = mid &+ 1 } else { high = mid }
            }
            guard low < keys.count, keys[low] == key else { return nil }
            return Unicode.Scalar(composites[low])
        }
    }
}
