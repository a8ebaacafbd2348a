/// Bech32 (BIP 173) strings, as `age` writes its secret keys (`AGE-SECRET-KEY-1…`): a
/// human-readable part, `1`, data characters of the alphabet `qpzry9x8gf2tvdw0s3jn54khce6mua7l`,
/// and a six-character BCH checksum over both. One case throughout; compared case-insensitively.
enum Bech32 {
    private static let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (index, byte) in alphabet.enumerated() {
            table[Int(byte)] = Int8(index)
            table[Int(byte & ~0x20)] = Int8(index)  // the upper case of letters; digits unchanged
        }
        return table
    }()

    /// Whether `text` is a bech32 string whose checksum holds.
    static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 8, bytes.count <= 1023, let separator = bytes.lastIndex(of: 0x31),
            separator >= 1, bytes.count - separator - 1 >= 6
        else { return false }
        let hasLower = bytes.contains { $0 >= 0x61 && $0 <= 0x7A }
        let hasUpper = bytes.contains { $0 >= 0x41 && $0 <= 0x5A }
        guard !(hasLower && hasUpper) else { return false }
        let human = bytes[..<separator].map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }
        guard human.allSatisfy({ $0 >= 33 && $0 <= 126 }) else { return false }
        var data: [UInt32] = []
        for byte in bytes[(separator + 1)...] {
            guard byte < 128, values[Int(byte)] >= 0 else { return false }
            data.append(UInt32(values[Int(byte)]))
        }
        let expanded = human.map { UInt32($0 >> 5) } + [0] + human.map { UInt32($0 & 31) }
        return polymod(expanded + data) == 1
    }

    private static func polymod(_ values: [UInt32]) -> UInt32 {
        let generator: [UInt32] = [0x3B6A_57B2, 0x2650_8E6D, 0x1EA1_19FA, 0x3D42_33DD, 0x2A14_62B3]
        var checksum: UInt32 = 1
        for value in values {
            let top = checksum >> 25
            checksum = (checksum & 0x1FF_FFFF) << 5 ^ value
            for index in 0..<5 where (top >> UInt32(index)) & 1 == 1 { checksum ^= generator[index] }
        }
        return checksum
    }
}
