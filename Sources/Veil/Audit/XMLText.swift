/// Escaping for XML 1.0 text and attribute values.
enum XMLText {
    /// `value` safe inside an element or a double-quoted attribute: `& < > " '` become
    /// entities (so `]]>` cannot occur), characters XML 1.0 forbids (C0 controls other than
    /// tab, LF and CR, and U+FFFE/U+FFFF), C1/DEL controls and the line separators U+2028/U+2029
    /// become visible `\u{1B}`-style text, and in attributes tab, LF and CR become character references so they survive
    /// attribute-value normalization.
    static func escape(_ value: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r":
                if attribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF || v == 0x2028 || v == 0x2029 {
                    out += "\\u{\(String(v, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
