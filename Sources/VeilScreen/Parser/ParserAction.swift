/// One action of the ``Parser``, as a value: what ``ParserActionRecorder`` records and
/// `veil screen --actions` prints, one per line (like vte's `parselog`).
///
/// ``description`` is the documented line format (Docs/sequences.md, "Parser actions"):
/// ```
/// print "ab"
/// execute 0x0D CR
/// csi_dispatch marker='?' params=1049 final='h'
/// csi_dispatch params=38:2:0:255:0:0;1 final='m'
/// esc_dispatch intermediates='(' final='B'
/// osc_dispatch "0;title" terminator=BEL
/// hook params=1 intermediates='$' final='q'
/// put 0x6D 'm'
/// unhook
/// ```
public enum ParserAction: Hashable, Sendable, CustomStringConvertible {
    /// Printed characters (consecutive prints merged).
    case print(String)
    /// A C0 control executed.
    case execute(UInt8)
    /// A control sequence: parameter groups (a parameter and its `:` sub-parameters),
    /// intermediate bytes, private marker, final byte, and whether it overflowed a limit.
    case csi(params: [[Int]], intermediates: [UInt8], marker: Character?, final: Character, ignore: Bool)
    /// An escape sequence.
    case esc(intermediates: [UInt8], final: Character, ignore: Bool)
    /// An operating system command's payload (UTF-8, invalid bytes replaced) and whether
    /// BEL ended it (else ST).
    case osc(String, bell: Bool)
    /// The start of a device control string.
    case hook(params: [[Int]], intermediates: [UInt8], marker: Character?, final: Character)
    /// One data byte of a device control string.
    case put(UInt8)
    /// The end of a device control string.
    case unhook

    /// The action as one line (see the type's documentation); never contains a newline.
    public var description: String {
        switch self {
        case .print(let text):
            return "print " + Self.quoted(text)
        case .execute(let byte):
            return "execute " + Self.hex(byte) + (byte < 0x20 ? " " + Self.controlNames[Int(byte)] : "")
        case let .csi(params, intermediates, marker, final, ignore):
            return "csi_dispatch" + Self.fields(params, intermediates, marker, final) + (ignore ? " ignore" : "")
        case let .esc(intermediates, final, ignore):
            return "esc_dispatch" + Self.fields([], intermediates, nil, final) + (ignore ? " ignore" : "")
        case let .osc(payload, bell):
            return "osc_dispatch " + Self.quoted(payload) + " terminator=" + (bell ? "BEL" : "ST")
        case let .hook(params, intermediates, marker, final):
            return "hook" + Self.fields(params, intermediates, marker, final)
        case .put(let byte):
            let printable = (0x20...0x7E).contains(byte) ? " '" + String(Unicode.Scalar(byte)) + "'" : ""
            return "put " + Self.hex(byte) + printable
        case .unhook:
            return "unhook"
        }
    }

    private static func fields(_ params: [[Int]], _ intermediates: [UInt8], _ marker: Character?, _ final: Character)
        -> String
    {
        var line = ""
        if let marker { line += " marker='\(marker)'" }
        if !params.isEmpty {
            line += " params=" + params.map { $0.map(String.init).joined(separator: ":") }.joined(separator: ";")
        }
        if !intermediates.isEmpty {
            line += " intermediates='" + String(decoding: intermediates, as: UTF8.self) + "'"
        }
        return line + " final='\(final)'"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }

    /// `text` in double quotes: `"` and `\` escaped, controls (C0, DEL, C1) as `\u{XX}`.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The names of the C0 controls (0x00…0x1F).
    private static let controlNames = [
        "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT", "FF", "CR", "SO", "SI",
        "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB", "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US",
    ]
}
