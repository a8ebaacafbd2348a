/// A JSON value with ordered object keys, written deterministically: every JSON Veil
/// prints is built as one of these (reports, `veil scan` and `veil screen` JSON), never by
/// joining strings.
enum JSONOutput: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number written exactly as given (e.g. `12.345`); must be valid JSON number text.
    case number(String)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool { lhs.rendered() == rhs.rendered() }
    func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

    /// `value` or `null`.
    static func optional(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }
    static func optional(_ value: Int?) -> JSONOutput { value.map(JSONOutput.int) ?? .null }

    /// Pretty-printed with two-space indentation and a final newline; non-ASCII text is
    /// written as UTF-8, control characters (C0, DEL and C1) and U+2028/U+2029 as `\u00XX`
    /// escapes, so no value can act on a terminal that shows the report.
    func rendered() -> String {
        var out = ""
        write(to: &out, indent: 0)
        out.append("\n")
        return out
    }

    /// On one line, with no spaces between tokens, and a final newline (`veil scan --format
    /// json`); strings escaped as ``rendered()`` escapes them.
    func renderedCompact() -> String {
        compact + "\n"
    }

    /// On one line, with no spaces between tokens, and no final newline.
    var compact: String {
        var out = ""
        writeCompact(to: &out)
        return out
    }

    private func writeCompact(to out: inout String) {
        switch self {
        case .array(let items):
            out.append("[")
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(",") }
                item.writeCompact(to: &out)
            }
            out.append("]")
        case .object(let members):
            out.append("{")
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(",") }
                Self.writeString(key, to: &out)
                out.append(":")
                value.writeCompact(to: &out)
            }
            out.append("}")
        default:
            write(to: &out, indent: 0)
        }
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .null: out.append("null")
        case .bool(let value): out.append(value ? "true" : "false")
        case .int(let value): out.append(String(value))
        case .number(let text): out.append(text)
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            guard !items.isEmpty else { return out.append("[]") }
            out.append("[\n")
            for (index, item) in items.enumerated() {
                out.append(Self.indentation(indent + 2))
                item.write(to: &out, indent: indent + 2)
                out.append(index == items.count - 1 ? "\n" : ",\n")
            }
            out.append(Self.indentation(indent))
            out.append("]")
        case .object(let members):
            guard !members.isEmpty else { return out.append("{}") }
            out.append("{\n")
            for (index, (key, value)) in members.enumerated() {
                out.append(Self.indentation(indent + 2))
                Self.writeString(key, to: &out)
                out.append(": ")
                value.write(to: &out, indent: indent + 2)
                out.append(index == members.count - 1 ? "\n" : ",\n")
            }
            out.append(Self.indentation(indent))
            out.append("}")
        }
    }

    /// `value` as a JSON string literal (quotes, backslashes, C0, DEL and C1 controls and
    /// U+2028/U+2029 escaped).
    static func quoted(_ value: String) -> String {
        var out = String()
        writeString(value, to: &out)
        return out
    }

    private static func writeString(_ value: String, to out: inout String) {
        out.append("\"")
        // `##[` anywhere in a line is a GitHub runner command (its older form): the second `#`
        // of it is written `\u0023`, which every JSON reader reads back as `#`.
        if !value.contains("##["),
            !value.utf8.contains(where: {
                $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2
            })
        {
            // Nothing to escape (0xC2 starts the C1 controls U+0080…U+009F and 0xE2 starts
            // U+2028/U+2029, so such strings take the slow path).
            out.append(value)
            out.append("\"")
            return
        }
        let scalars = Array(value.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case "\u{2028}", "\u{2029}": out.append("\\u\(hex4(scalar.value))")
            case "#"
            where index > 0 && scalars[index - 1] == "#" && index + 1 < scalars.count
                && scalars[index + 1] == "[":
                out.append("\\u0023")
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out.append("\\u\(hex4(scalar.value))")
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
    }

    private static let indentations = (0...32).map { String(repeating: " ", count: $0) }

    private static func indentation(_ width: Int) -> String {
        width < indentations.count ? indentations[width] : String(repeating: " ", count: width)
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// Fixed-point text for durations: `12.345` (three decimals, rounded half up, never negative).
enum DurationText {
    static func seconds(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return "0.000" }
        let millis = Int((value * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
