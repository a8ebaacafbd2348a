/// The lines a person typed, from the keystrokes of a recording's input events (`"i"`,
/// usually one key each): printable keys make the line, Enter (CR or LF) ends it, Backspace
/// (DEL or BS) takes back a character, Ctrl-U and Ctrl-C drop the line so far and Ctrl-W its
/// last word, and escape sequences (arrow and function keys) are left out. Each line keeps
/// the keys as typed too (``Line/keys``: every printable key, nothing taken back), since
/// the file holds them all.
///
/// ```swift
/// var typed = TypedLines<Int>()
/// for (event, key) in ["h", "u", "\u{7F}", "i", "\r"].enumerated() { lines += typed.feed(Array(key.utf8), from: event) }
/// // one line: text "hi", keys "hui", started at event 0
/// ```
public struct TypedLines<Origin: Sendable>: Sendable {
    /// One typed line.
    public struct Line: Sendable {
        /// The line after its editing keys.
        public var text: String
        /// Every printable key of the line, in order, nothing taken back.
        public var keys: String
        /// Where its first key came from.
        public var origin: Origin
    }

    /// The longest line kept (64 KiB); a longer one is ended there.
    public static var maximumLength: Int { 1 << 16 }

    private var text: [Unicode.Scalar] = []
    private var keys: [Unicode.Scalar] = []
    private var origin: Origin?
    private var escape: EscapeState = .none
    private var decoder = UTF8Buffer()

    private enum EscapeState: Sendable { case none, escape, csi, ss3 }

    public init() {}

    /// Feeds the keys of one input event; returns the lines they ended.
    public mutating func feed(_ data: [UInt8], from origin: Origin) -> [Line] {
        var lines: [Line] = []
        for byte in data {
            switch escape {
            case .escape:
                escape = byte == UInt8(ascii: "[") ? .csi : byte == UInt8(ascii: "O") ? .ss3 : .none
                continue
            case .csi:
                if (0x40...0x7E).contains(byte) { escape = .none }
                continue
            case .ss3:
                escape = .none
                continue
            case .none:
                break
            }
            switch byte {
            case 0x1B:
                escape = .escape
            case 0x0D, 0x0A:
                if let line = end() { lines.append(line) }
            case 0x7F, 0x08:
                if !text.isEmpty { text.removeLast() }
            case 0x15, 0x03:
                text.removeAll()
            case 0x17:
                while let last = text.last, last == " " { text.removeLast() }
                while let last = text.last, last != " " { text.removeLast() }
            case 0x00..<0x20:
                break
            default:
                guard let scalar = decoder.add(byte) else { continue }
                if self.origin == nil { self.origin = origin }
                text.append(scalar)
                keys.append(scalar)
                if keys.count >= Self.maximumLength, let line = end() { lines.append(line) }
            }
        }
        return lines
    }

    /// The line still being typed when the input ended, if any.
    public mutating func finish() -> Line? { end() }

    private mutating func end() -> Line? {
        defer {
            text.removeAll()
            keys.removeAll()
            origin = nil
        }
        guard let origin, !keys.isEmpty else { return nil }
        var line = Line(text: "", keys: "", origin: origin)
        line.text.unicodeScalars.append(contentsOf: text)
        line.keys.unicodeScalars.append(contentsOf: keys)
        return line
    }
}

/// Bytes to Unicode scalars, one byte at a time (a bad sequence is U+FFFD).
struct UTF8Buffer: Sendable {
    private var value: UInt32 = 0
    private var remaining = 0

    mutating func add(_ byte: UInt8) -> Unicode.Scalar? {
        if remaining > 0 {
            if byte & 0xC0 == 0x80 {
                value = value << 6 | UInt32(byte & 0x3F)
                remaining -= 1
                return remaining == 0 ? Unicode.Scalar(value) ?? "\u{FFFD}" : nil
            }
            remaining = 0
        }
        switch byte {
        case 0x00..<0x80: return Unicode.Scalar(byte)
        case 0xC0..<0xE0: (value, remaining) = (UInt32(byte & 0x1F), 1)
        case 0xE0..<0xF0: (value, remaining) = (UInt32(byte & 0x0F), 2)
        case 0xF0..<0xF8: (value, remaining) = (UInt32(byte & 0x07), 3)
        default: return "\u{FFFD}"
        }
        return nil
    }
}
