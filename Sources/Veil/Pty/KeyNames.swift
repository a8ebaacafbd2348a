/// The keys a scenario can press in a live program (`keys: [Enter, Down, Ctrl-C]`) and the
/// bytes xterm sends for each: `Enter`, `Tab`, `Escape` (`Esc`), `Backspace`, `Space`,
/// `Up`, `Down`, `Right`, `Left`, `Home`, `End` (SS3 forms when the program set application
/// cursor keys, DECCKM), `PageUp`, `PageDown`, `Insert`, `Delete`, `F1`…`F12`, `Ctrl-A`…
/// `Ctrl-Z` (and `Ctrl-@ [ \ ] ^ _`), `Alt-X` (ESC then the key), and any single character.
public enum KeyNames {
    /// The bytes of the key `name`, or nil when no key has that name.
    public static func bytes(for name: String, applicationCursorKeys: Bool = false) -> [UInt8]? {
        if name.count == 1 { return Array(name.utf8) }
        if let bytes = plain[name.lowercased()] { return bytes }
        if let final = cursor[name.lowercased()] {
            return applicationCursorKeys ? [0x1B, 0x4F, final] : [0x1B, 0x5B, final]
        }
        let lower = name.lowercased()
        if lower.hasPrefix("ctrl-"), name.count == 6, let scalar = name.unicodeScalars.last {
            let value = scalar.properties.uppercaseMapping.unicodeScalars.first?.value ?? scalar.value
            guard (0x40...0x5F).contains(value) else { return nil }
            return [UInt8(value - 0x40)]
        }
        if lower.hasPrefix("alt-") {
            guard let rest = bytes(for: String(name.dropFirst(4)), applicationCursorKeys: applicationCursorKeys) else {
                return nil
            }
            return [0x1B] + rest
        }
        return nil
    }

    private static let cursor: [String: UInt8] = [
        "up": 0x41, "down": 0x42, "right": 0x43, "left": 0x44, "home": 0x48, "end": 0x46,
    ]

    private static let plain: [String: [UInt8]] = [
        "enter": [0x0D], "return": [0x0D], "tab": [0x09], "escape": [0x1B], "esc": [0x1B],
        "backspace": [0x7F], "space": [0x20],
        "pageup": Array("\u{1B}[5~".utf8), "pagedown": Array("\u{1B}[6~".utf8),
        "insert": Array("\u{1B}[2~".utf8), "delete": Array("\u{1B}[3~".utf8),
        "f1": Array("\u{1B}OP".utf8), "f2": Array("\u{1B}OQ".utf8), "f3": Array("\u{1B}OR".utf8),
        "f4": Array("\u{1B}OS".utf8), "f5": Array("\u{1B}[15~".utf8), "f6": Array("\u{1B}[17~".utf8),
        "f7": Array("\u{1B}[18~".utf8), "f8": Array("\u{1B}[19~".utf8), "f9": Array("\u{1B}[20~".utf8),
        "f10": Array("\u{1B}[21~".utf8), "f11": Array("\u{1B}[23~".utf8), "f12": Array("\u{1B}[24~".utf8),
    ]
}
