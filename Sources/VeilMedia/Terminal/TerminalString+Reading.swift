import Foundation

/// A text a terminal string holds, as a person reading the file would read it.
public struct TerminalStringText: Sendable, Hashable {
    /// What the text is (`OSC 52 clipboard, base64-decoded`).
    public var label: String
    /// The text.
    public var text: String
    /// Where the text starts in the string's bytes when it is a verbatim slice of them (so
    /// a place in the file can be given), or nil when it was decoded.
    public var offset: Int?
}

extension TerminalString {
    /// A readable name: `OSC 52 (clipboard)`, `DCS`, `APC`.
    public var name: String {
        guard let number = commandNumber else { return introducer.rawValue }
        guard let meaning = Self.oscMeanings[number] else { return "OSC \(number)" }
        return "OSC \(number) (\(meaning))"
    }

    static let oscMeanings: [Int: String] = [
        0: "icon name and window title", 1: "icon name", 2: "window title", 7: "working directory",
        8: "hyperlink", 9: "notification", 52: "clipboard", 133: "shell integration", 633: "VS Code shell integration",
        777: "notification", 1337: "iTerm2", 7701: "Veil sensitive mark",
    ]

    /// Whether the string only sets or queries colours (OSC 4, 10–19, 104, 110–119): it
    /// holds colour specifications, nothing to judge.
    public var isColourOnly: Bool {
        guard let number = commandNumber else { return false }
        return number == 4 || number == 104 || (10...19).contains(number) || (110...119).contains(number)
    }

    /// Everything in the string that a person could read: the text itself, and what it
    /// encodes (OSC 52 and iTerm2 values decoded from base64, OSC 7 and 8 URIs
    /// percent-decoded, VS Code's escaped command lines unescaped); and, when part of it is
    /// an image or binary data that cannot be judged as text, why (`unread`).
    public func readings() -> (texts: [TerminalStringText], unread: String?) {
        var texts: [TerminalStringText] = []
        var unread: String?
        let whole = Self.text(bytes[...])
        func add(_ label: String, _ text: String, offset: Int?) {
            guard !text.isEmpty, !texts.contains(where: { $0.text == text }) else { return }
            texts.append(TerminalStringText(label: label, text: text, offset: offset))
        }
        switch (introducer, commandNumber) {
        case (.osc, let number?) where isColourOnly:
            _ = number
        case (.osc, 7?):
            add(name, whole, offset: 0)
            if let decoded = Self.percentDecoded(argument) { add("\(name), percent-decoded", decoded, offset: nil) }
        case (.osc, 8?):
            add(name, whole, offset: 0)
            if let separator = argument.firstIndex(of: UInt8(ascii: ";")),
                let decoded = Self.percentDecoded(argument[(separator + 1)...])
            {
                add("\(name) target, percent-decoded", decoded, offset: nil)
            }
        case (.osc, 52?):
            // Pc ; Pd: the selection, then the data in base64 (or `?`, a query). The data is
            // judged decoded (its base64 form would only add noise), else as written.
            guard let separator = argument.firstIndex(of: UInt8(ascii: ";")) else {
                add(name, whole, offset: 0)
                break
            }
            switch Self.base64Text(argument[(separator + 1)...]) {
            case .text(let text): add("\(name), base64-decoded", text, offset: nil)
            case .binary: unread = "\(name) holds binary data (base64) that is not text"
            case .notBase64: add(name, whole, offset: 0)
            }
        case (.osc, 633?):
            add(name, whole, offset: 0)
            let unescaped = Self.vsCodeUnescaped(argument)
            if unescaped != Self.text(argument) { add("\(name), unescaped", unescaped, offset: nil) }
        case (.osc, 1337?):
            let reading = iTerm2Readings()
            texts = reading.texts
            unread = reading.unread
        case (.dcs, _):
            if isSixel {
                unread = "a sixel image (DCS … q) that is not read"
            } else {
                add(name, whole, offset: 0)
            }
        case (.apc, _):
            if bytes.first == UInt8(ascii: "G") {
                unread = "a kitty graphics image (APC G) that is not read"
            } else {
                add(name, whole, offset: 0)
            }
        default:
            add(name, whole, offset: 0)
        }
        return (texts, unread)
    }

    /// Whether a DCS is a sixel image: parameters (digits and `;`), then the final `q`.
    var isSixel: Bool {
        guard introducer == .dcs else { return false }
        for byte in bytes {
            if byte == UInt8(ascii: "q") { return true }
            guard (0x30...0x39).contains(byte) || byte == UInt8(ascii: ";") else { return false }
        }
        return false
    }

    /// iTerm2's `OSC 1337 ; key=value`: `SetUserVar=NAME=BASE64`, `Copy=:BASE64`,
    /// `SetBadgeFormat=BASE64` decoded; `File=…:BASE64` (an inline image or download)
    /// decoded when it is text, else unread; anything else as written.
    func iTerm2Readings() -> (texts: [TerminalStringText], unread: String?) {
        let argument = self.argument
        var texts = [TerminalStringText(label: name, text: Self.text(bytes[...]), offset: 0)]
        guard let equals = argument.firstIndex(of: UInt8(ascii: "=")) else { return (texts, nil) }
        let key = String(decoding: argument[..<equals], as: UTF8.self)
        let value = argument[(equals + 1)...]
        let encoded: ArraySlice<UInt8>?
        switch key {
        case "SetUserVar":
            encoded = value.firstIndex(of: UInt8(ascii: "=")).map { value[($0 + 1)...] }
        case "Copy", "File", "MultipartFile", "FilePart":
            encoded = value.lastIndex(of: UInt8(ascii: ":")).map { value[($0 + 1)...] } ?? value
        case "SetBadgeFormat":
            encoded = value
        default:
            encoded = nil
        }
        guard let encoded else { return (texts, nil) }
        switch Self.base64Text(encoded) {
        case .text(let text):
            // The decoded value instead of its base64 form, after what precedes it.
            let prefix = Self.text(bytes[..<encoded.startIndex])
            texts = [TerminalStringText(label: name, text: prefix, offset: 0)]
            if !text.isEmpty {
                texts.append(TerminalStringText(label: "\(name) \(key), base64-decoded", text: text, offset: nil))
            }
            return (texts, nil)
        case .binary:
            if key == "File" || key == "MultipartFile" || key == "FilePart" {
                // The file's name is base64 too (`name=…`), and worth judging.
                return (texts, "an inline image or file (OSC 1337 \(key)) that is not read")
            }
            return (texts, "\(name) \(key) holds binary data that is not text")
        case .notBase64:
            return (texts, nil)
        }
    }

    /// Bytes as text: UTF-8 (bad sequences as U+FFFD), controls left out.
    static func text(_ bytes: ArraySlice<UInt8>) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            text.unicodeScalars.removeAll { $0.value < 0x20 || $0.value == 0x7F }
        }
        return text
    }

    enum Base64Reading { case text(String), binary, notBase64 }

    /// What base64 `bytes` decode to: text (valid UTF-8, no NUL), binary, or not base64.
    static func base64Text(_ bytes: ArraySlice<UInt8>) -> Base64Reading {
        let trimmed = bytes.filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D }
        guard !trimmed.isEmpty, trimmed != [UInt8(ascii: "?")] else { return .notBase64 }
        var padded = trimmed
        while padded.count % 4 != 0 { padded.append(UInt8(ascii: "=")) }
        guard let data = Data(base64Encoded: Data(padded)) else { return .notBase64 }
        guard !data.contains(0), let text = String(data: data, encoding: .utf8) else { return .binary }
        return .text(text)
    }

    /// `%XX` escapes decoded, or nil when there are none (or they do not make UTF-8).
    static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.contains(UInt8(ascii: "%")) else { return nil }
        var out: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                out.append(value)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else { return nil }
        return text.unicodeScalars.contains { $0.value < 0x20 } ? nil : text
    }

    /// VS Code's escaping in OSC 633 (`\\` and `\xAB`) undone.
    static func vsCodeUnescaped(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.endIndex {
                if bytes[index + 1] == UInt8(ascii: "\\") {
                    out.append(UInt8(ascii: "\\"))
                    index += 2
                    continue
                }
                if bytes[index + 1] == UInt8(ascii: "x"), index + 3 < bytes.endIndex,
                    let value = UInt8(String(decoding: bytes[(index + 2)...(index + 3)], as: UTF8.self), radix: 16)
                {
                    out.append(value)
                    index += 4
                    continue
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return text(out[...])
    }
}
