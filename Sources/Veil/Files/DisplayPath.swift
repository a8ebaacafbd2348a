/// File names as raw bytes shown as text.
///
/// Linux file names are bytes, not text, and Git stores names that are not UTF-8. Veil walks
/// and opens files by their bytes (``ConfinedRoot``) and shows a name in reports and errors
/// with each byte that is not part of valid UTF-8 written as `%FF` (a percent sign and two
/// upper-case hex digits, as in a URL), so the name is never decoded lossily; a name that
/// spells such an escape out itself shows alike (reports name files, they do not open them).
/// Control characters are left to ``DisplayText`` (every human-readable channel escapes them
/// when it prints).
public enum DisplayPath {
    /// `bytes` as text: valid UTF-8 as is, every other byte as `%HH`.
    public static func shown(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var out = ""
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
            if length > 0, index + length <= bytes.count,
                let piece = String(validating: bytes[index..<(index + length)], as: UTF8.self)
            {
                out += piece
                index += length
            } else {
                let hex = String(lead, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
                index += 1
            }
        }
        return out
    }
}
