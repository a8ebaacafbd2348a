/// The checksum GitHub-format tokens carry (GitHub's `ghp_…` and npm's `npm_…`, as their
/// vendors describe it): after the prefix (up to the last `_`), the last six characters are
/// the CRC-32 (IEEE) of the characters before them, in base62 (`0-9A-Za-z`), zero-padded.
public enum TokenChecksum {
    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    /// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as zlib's `crc32`.
    static let table: [UInt32] = (0..<256).map { (index: Int) -> UInt32 in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// The CRC-32 of `bytes`.
    public static func crc32<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// `value` in base62, left-padded with `0` to six characters.
    static func base62(_ value: UInt32) -> [UInt8] {
        var digits: [UInt8] = []
        var rest = value
        while rest > 0 {
            digits.append(alphabet[Int(rest % 62)])
            rest /= 62
        }
        while digits.count < 6 { digits.append(alphabet[0]) }
        return digits.reversed()
    }

    /// Whether `token`'s last six characters are the base62 CRC-32 of the characters
    /// between its prefix (up to the last `_`) and them.
    public static func isValid(_ token: String) -> Bool {
        let bytes = Array(token.utf8)
        let bodyStart = (bytes.lastIndex(of: ASCII.underscore) ?? -1) + 1
        guard bytes.count - bodyStart > 6 else { return false }
        let checksumStart = bytes.count - 6
        return base62(crc32(bytes[bodyStart..<checksumStart])) == Array(bytes[checksumStart...])
    }
}
