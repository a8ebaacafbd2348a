import VeilRedaction

/// Text made safe for the HTML report, which is also well-formed XML (XHTML-compatible
/// serialisation), so both an HTML5 parser and an XML parser read it as written.
///
/// Every value from an input goes through ``DisplayText/escaped(_:)`` first (controls, line
/// breaks and bidirectional overrides shown as `\u{…}`), then noncharacters (U+FDD0…U+FDEF and
/// the last two code points of every plane, which neither HTML nor XML allows) are shown the
/// same way, then `&`, `<`, `>` (and in attributes `"` and `'`) become character references.
/// No value can open a tag, end an attribute or start a line.
enum HTMLText {
    /// `text` as element content.
    static func text(_ text: String) -> String {
        escape(visible(text), quotes: false)
    }

    /// `text` as an attribute value (to be written between double quotes).
    static func attribute(_ text: String) -> String {
        escape(visible(text), quotes: true)
    }

    /// Lines Veil wrote itself (a log excerpt): each escaped, joined with `\n`.
    static func lines(_ lines: [String]) -> String {
        lines.map(text).joined(separator: "\n")
    }

    /// ``DisplayText/escaped(_:)``, and noncharacters shown as `\u{…}`.
    static func visible(_ text: String) -> String {
        let shown = DisplayText.escaped(text)
        guard shown.unicodeScalars.contains(where: isNoncharacter) else { return shown }
        var out = ""
        for scalar in shown.unicodeScalars {
            if isNoncharacter(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    private static func escape(_ text: String, quotes: Bool) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
        else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
