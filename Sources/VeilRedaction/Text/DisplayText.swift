import Foundation

/// Text from an input made safe for a terminal or a CI log: the one escaping function every
/// human-readable channel of Veil uses (standard error, the `veil run` text log, `veil rules
/// list/show`, `veil scan` text, the audit text report).
///
/// A value read from a scenario, a rules file, a recording, a baseline or a file name may
/// hold escape sequences (`ESC ] 0 ; … BEL` retitles a terminal, `CSI` moves its cursor) or
/// line breaks (`ab\n::error file=x::y` would start a GitHub workflow command). Every C0
/// control (tab and line feed included), DEL, every C1 control (U+0080…U+009F, whose CSI
/// U+009B some terminals obey), the Unicode line and paragraph separators (U+2028, U+2029),
/// and the bidirectional overrides and isolates (U+202A…U+202E, U+2066…U+2069, which can
/// reorder what a reader sees) are written as visible `\u{1B}`-style text, so no value from
/// an input can move a cursor, recolour the terminal or start a new line of output.
///
/// ```swift
/// DisplayText.escaped("ab\n::error::x")   // "ab\\u{A}::error::x"
/// ```
public enum DisplayText {
    /// `text` with every character that could act on a terminal or start a line shown as
    /// `\u{HEX}` (upper-case hex, no leading zeros).
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text of several lines (a message of Veil's own that ends or breaks lines on
    /// purpose): each line escaped with ``escaped(_:)``, the `\n` between them kept.
    /// Only for text whose line breaks Veil itself wrote; a value from an input goes through
    /// ``escaped(_:)`` first.
    public static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
            .joined(separator: "\n")
    }

    /// A whole line of output (whose values went through ``escaped(_:)``) made safe for a CI
    /// log: a GitHub runner reads a line as a workflow command when, after leading blanks, it
    /// starts with `::` (`::error::…`, `::add-mask::…`), or when it holds `##[` anywhere (the
    /// older form), so a leading `::` is written `\u{3A}:` and every `##[` `#\u{23}[`. Every
    /// line of every text report and log goes through it, so no line of Veil's output can
    /// start a command whatever an input's name or value is.
    public static func logLine(_ line: String) -> String {
        var line = line
        let blanks = line.prefix { $0 == " " || $0 == "\t" }
        if line.dropFirst(blanks.count).hasPrefix("::") {
            line = String(blanks) + "\\u{3A}" + line.dropFirst(blanks.count + 1)
        }
        if line.contains("##[") { line = line.replacingOccurrences(of: "##[", with: "#\\u{23}[") }
        return line
    }

    /// ``logLine(_:)`` of each line of `text` (line feeds kept).
    public static func logLines(_ text: String) -> String {
        guard text.contains("::") || text.contains("##[") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { logLine(String($0)) }
            .joined(separator: "\n")
    }

    /// Whether ``escaped(_:)`` rewrites `scalar`.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
