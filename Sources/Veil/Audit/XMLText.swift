import Foundation

/// Escaping for XML 1.0 text and attribute values.
enum XMLText {
    /// `value` safe inside an element or a double-quoted attribute: `& < > " '` become
    /// entities (so `]]>` cannot occur), characters XML 1.0 forbids (C0 controls other than
    /// tab, LF and CR, and U+FFFE/U+FFFF), C1/DEL controls and the line separators U+2028/U+2029
    /// become visible `\u{1B}`-style text, and in attributes tab, LF and CR become character references so they survive
    /// attribute-value normalization. A GitHub runner's command markers are written as
    /// character references (`##[` as `#&#35;[` anywhere, `::` at the start of a line of
    /// element text as `&#58;:`), which XML readers read back unchanged.
    static func escape(_ value: String, attribute: Bool) -> String {
        var out = plainEscape(value, attribute: attribute)
        if out.contains("##[") { out = out.replacingOccurrences(of: "##[", with: "#&#35;[") }
        if !attribute, out.contains("::") {
            out = out.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                let blanks = line.prefix { $0 == " " || $0 == "\t" || $0 == "\r" }
                guard line.dropFirst(blanks.count).hasPrefix("::") else { return String(line) }
                return String(blanks) + "&#58;" + line.dropFirst(blanks.count + 1)
            }.joined(separator: "\n")
        }
        return out
    }

    private static func plainEscape(_ value: String, attribute: Bool) -> String {
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
