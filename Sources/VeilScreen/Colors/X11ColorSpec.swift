/// Colour specifications as xterm 379 reads them in OSC 4, 5 and 10–19: Xlib's `XParseColor`
/// on a 24-bit TrueColor X screen, then what that screen shows (each channel's high byte).
///
/// - `#rgb`, `#rrggbb`, `#rrrgggbbb`, `#rrrrggggbbbb` (hex digits, either case): each channel
///   is its digits shifted to the top of 16 bits (`#fff` is `f000`, so 0xf0).
/// - `rgb:r/g/b`, 1–4 hex digits a channel, scaled to 16 bits (`rgb:f/8/0` is ff/88/00).
/// - Xcms's device-independent forms, their prefixes in any case: `rgbi:` (intensities
///   0…1), `CIEXYZ:`, `CIEuvY:`, `CIExyY:`, `CIELab:`, `CIELuv:`, `TekHVC:`, three numbers
///   separated by `/` (see ``XcmsScreen`` for the screen they are shown on).
/// - A name from the X server's colour database, in any case (`navy blue`, `NavyBlue`).
///
/// Anything else, and an out-of-range value Xcms refuses, is no colour (nil).
enum X11ColorSpec {
    /// The 8-bit RGB colour of `spec`, or nil.
    static func parse<S: StringProtocol>(_ spec: S) -> (UInt8, UInt8, UInt8)? {
        let bytes = Array(spec.utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes[0] == UInt8(ascii: "#") { return hex(bytes.dropFirst()) }
        let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0xC0 && $0 <= 0xDE && $0 != 0xD7 ? $0 | 0x20 : $0 }
        if let colon = lowered.firstIndex(of: UInt8(ascii: ":")) {
            let prefix = String(decoding: lowered[..<colon], as: UTF8.self)
            let rest = lowered[(colon + 1)...]
            switch prefix {
            case "rgb": return rgb(rest)
            case "rgbi": return numbers(rest).flatMap(XcmsScreen.deviceColor(rgbi:))
            case "ciexyz": return numbers(rest).flatMap(XcmsScreen.deviceColor(ciexyz:))
            case "cieuvy": return numbers(rest).flatMap(XcmsScreen.deviceColor(cieuvy:))
            case "ciexyy": return numbers(rest).flatMap(XcmsScreen.deviceColor(ciexyy:))
            case "cielab": return numbers(rest).flatMap(XcmsScreen.deviceColor(cielab:))
            case "cieluv": return numbers(rest).flatMap(XcmsScreen.deviceColor(cieluv:))
            case "tekhvc": return numbers(rest).flatMap(XcmsScreen.deviceColor(tekhvc:))
            default: break
            }
        }
        return X11ColorNames.color(named: String(decoding: lowered, as: UTF8.self))
    }

    /// `#` and 3, 6, 9 or 12 hex digits: the channels' digits shifted to the top of 16 bits.
    static func hex(_ digits: ArraySlice<UInt8>) -> (UInt8, UInt8, UInt8)? {
        guard [3, 6, 9, 12].contains(digits.count) else { return nil }
        let n = digits.count / 3
        var channels: [Int] = []
        var index = digits.startIndex
        for _ in 0..<3 {
            var value = 0
            for _ in 0..<n {
                guard let digit = hexValue(digits[index]) else { return nil }
                value = value << 4 | digit
                index += 1
            }
            channels.append(value << (16 - 4 * n))
        }
        return (UInt8(channels[0] >> 8), UInt8(channels[1] >> 8), UInt8(channels[2] >> 8))
    }

    /// Xcms's `rgb:` (lowered): 1–4 hex digits a channel, scaled to 16 bits; what follows the
    /// third channel is ignored.
    static func rgb(_ text: ArraySlice<UInt8>) -> (UInt8, UInt8, UInt8)? {
        var channels: [Int] = []
        var index = text.startIndex
        for _ in 0..<3 {
            var value = 0
            var count = 0
            while index < text.endIndex && text[index] != UInt8(ascii: "/") {
                count += 1
                guard count <= 4, let digit = hexValue(text[index]) else { return nil }
                value = value << 4 | digit
                index += 1
            }
            guard count > 0 else { return nil }
            if count < 4 { value = value * 0xFFFF / ((1 << (count * 4)) - 1) }
            channels.append(value)
            guard channels.count == 3 || index < text.endIndex else { return nil }
            index += 1  // the '/'
        }
        return (UInt8(channels[0] >> 8), UInt8(channels[1] >> 8), UInt8(channels[2] >> 8))
    }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }

    /// Three numbers as C's `sscanf("%lf/%lf/%lf")` reads them (white space before each number
    /// skipped, the rest after the third ignored); when that fails, again with `.` and `,`
    /// swapped, as Xcms retries for locales with a decimal comma.
    static func numbers(_ text: ArraySlice<UInt8>) -> (Double, Double, Double)? {
        if let values = scanTriple(text) { return values }
        let swapped = text.map {
            $0 == UInt8(ascii: ".") ? UInt8(ascii: ",") : ($0 == UInt8(ascii: ",") ? UInt8(ascii: ".") : $0)
        }
        return scanTriple(swapped[...])
    }

    private static func scanTriple(_ text: ArraySlice<UInt8>) -> (Double, Double, Double)? {
        var values: [Double] = []
        var index = text.startIndex
        for position in 0..<3 {
            if position > 0 {
                guard index < text.endIndex, text[index] == UInt8(ascii: "/") else { return nil }
                index += 1
            }
            while index < text.endIndex && [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(text[index]) { index += 1 }
            guard let (value, end) = scanNumber(text, from: index) else { return nil }
            values.append(value)
            index = end
        }
        return (values[0], values[1], values[2])
    }

    /// A decimal floating-point number at `start` (sign, digits with a `.`, exponent), as
    /// `strtod` reads one in the C locale; nil when none is there.
    private static func scanNumber(_ text: ArraySlice<UInt8>, from start: Int) -> (Double, Int)? {
        var index = start
        func isDigit(_ i: Int) -> Bool { i < text.endIndex && text[i] >= 0x30 && text[i] <= 0x39 }
        if index < text.endIndex && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) {
            index += 1
        }
        var digits = 0
        while isDigit(index) {
            index += 1
            digits += 1
        }
        if index < text.endIndex && text[index] == UInt8(ascii: ".") {
            index += 1
            while isDigit(index) {
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if index < text.endIndex && (text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E")) {
            var exponent = index + 1
            if exponent < text.endIndex && (text[exponent] == UInt8(ascii: "+") || text[exponent] == UInt8(ascii: "-"))
            {
                exponent += 1
            }
            if isDigit(exponent) {
                index = exponent
                while isDigit(index) { index += 1 }
            }
        }
        guard let value = Double(String(decoding: text[start..<index], as: UTF8.self)) else { return nil }
        return (value, index)
    }
}

/// The colour names of the X server's database (``X11ColorSpec``), lowercased.
enum X11ColorNames {
    /// Name → 0xRRGGBB, built once from ``table``.
    static let colors: [String: UInt32] = {
        var colors: [String: UInt32] = [:]
        for line in table.split(separator: "\n") {
            let parts = line.split(separator: "\t")
            if parts.count == 2, let value = UInt32(parts[1], radix: 16) { colors[String(parts[0])] = value }
        }
        return colors
    }()

    /// The colour named `name` (lowercased), or nil.
    static func color(named name: String) -> (UInt8, UInt8, UInt8)? {
        guard let value = colors[name] else { return nil }
        return (UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }
}

extension XcmsScreen {
    /// RGB intensities shown as they are (Xcms converts `rgbi:` straight to device levels).
    static func deviceColor(rgbi c: (Double, Double, Double)) -> (UInt8, UInt8, UInt8)? {
        device((c.0, c.1, c.2))
    }

    /// CIE XYZ (Y in 0…1).
    static func deviceColor(ciexyz c: (Double, Double, Double)) -> (UInt8, UInt8, UInt8)? {
        guard c.1 >= 0 - epsilon, c.1 <= 1 + epsilon else { return nil }
        return shown(XYZ(x: c.0, y: c.1, z: c.2))
    }

    /// CIE u'v'Y (Y in 0…1).
    static func deviceColor(cieuvy c: (Double, Double, Double)) -> (UInt8, UInt8, UInt8)? {
        guard c.2 >= 0 - epsilon, c.2 <= 1 + epsilon else { return nil }
        return shown(xyz(UVY(u: c.0, v: c.1, y: c.2)))
    }

    /// CIE xyY (each in 0…1).
    static func deviceColor(ciexyy c: (Double, Double, Double)) -> (UInt8, UInt8, UInt8)? {
        for value in [c.0, c.1, c.2] where value < 0 - epsilon || value > 1 + epsilon { return nil }
        return shown(xyz(xyY: c.0, c.1, c.2))
    }

    /// CIE L*a*b* (L* in 0…100).
    static func deviceColor(cielab c: (Double, Double, Double)) -> (UInt8, UInt8, UInt8)? {
        guard c.0 >= 0 - epsilon, c.0 <= 100 + epsilon else { return nil }
        return shown(xyz(lab: c.0, c.1, c.2))
    }

    /// CIE L*u*v* (L* in 0…100).
    static func deviceColor(cieluv c: (Double, Double, Double)) -> (UInt8, UInt8, UInt8)? {
        guard c.0 >= 0 - epsilon, c.0 <= 100 + epsilon else { return nil }
        let uvy = uvY(luv: c.0, c.1, c.2)
        guard uvy.y >= 0 - epsilon, uvy.y <= 1 + epsilon else { return nil }
        return shown(xyz(uvy))
    }

    /// TekHVC (hue in degrees, value 0…100, chroma ≥ 0).
    static func deviceColor(tekhvc c: (Double, Double, Double)) -> (UInt8, UInt8, UInt8)? {
        guard let uvy = uvY(HVC(h: c.0, v: c.1, c: c.2)) else { return nil }
        return shown(xyz(uvy))
    }

    /// The 8-bit colour a CIE XYZ colour is shown as, or nil when Xcms fails.
    static func shown(_ c: XYZ) -> (UInt8, UInt8, UInt8)? {
        rgbiInGamut(c).map(device)
    }
}
