import Foundation

/// Shannon entropy, in bits per character, of the characters of a string.
///
/// Random base64 of 40 characters scores about 5; English words 3–4; a run of one
/// character 0. The maximum for n characters is log₂(n), so short strings score low.
public enum ShannonEntropy {
    /// The entropy of the bytes of `text`'s UTF-8 (ASCII secrets: one byte per character).
    public static func bits(_ text: String) -> Double {
        Array(text.utf8).withUnsafeBufferPointer { bits($0) }
    }

    /// The entropy of a byte buffer.
    static func bits(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
        guard !bytes.isEmpty else { return 0 }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 256) { counts in
            counts.initialize(repeating: 0)
            for byte in bytes { counts[Int(byte)] += 1 }
            let total = Double(bytes.count)
            var entropy = 0.0
            for count in counts where count > 0 {
                let p = Double(count) / total
                entropy -= p * log2(p)
            }
            return entropy
        }
    }
}
