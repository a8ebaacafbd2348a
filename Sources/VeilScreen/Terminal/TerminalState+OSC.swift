extension TerminalState {
    /// The OSC number that starts (`7701;REASON`) and ends (`7701;`) a sensitive run.
    static let sensitiveMarkCommand = 7701

    /// OSC: `Ps ; Pt`. Handles 0/2 (title), 4/104 (palette), 5/105 (special colours), 8
    /// (hyperlink), 10–19/110–119 (dynamic colours) and 7701 (sensitive marks); others are
    /// swallowed.
    mutating func handleOSC(_ payload: UnsafeBufferPointer<UInt8>, bellTerminated: Bool) {
        // The command number: digits up to the first `;`.
        var number = 0
        var index = 0
        while index < payload.count, payload[index] != UInt8(ascii: ";") {
            let byte = payload[index]
            guard byte >= 0x30 && byte <= 0x39, number < 100_000 else { return }
            number = number * 10 + Int(byte - 0x30)
            index += 1
        }
        guard index > 0 else { return }
        let rest =
            index < payload.count
            ? UnsafeBufferPointer(rebasing: payload[(index + 1)...])
            : UnsafeBufferPointer(rebasing: payload[payload.count...])
        let hasArgument = index < payload.count
        let terminator = bellTerminated ? "\u{07}" : "\u{1B}\\"
        switch number {
        case 0, 2:  // set icon name and window title / window title (xterm)
            if hasArgument {
                report(.title)
                title = String(decoding: rest, as: UTF8.self)
            }
        case 4:  // set or query palette colours: 4;c;spec[;c;spec…] (xterm)
            setPalette(String(decoding: rest, as: UTF8.self), terminator: terminator)
        case 104:  // reset palette colours (xterm)
            resetPalette(String(decoding: rest, as: UTF8.self))
        case 5:  // set or query special colours: 5;c;spec[;c;spec…] = 4;256+c;spec (xterm)
            setPalette(String(decoding: rest, as: UTF8.self), terminator: terminator, first: 256, command: 5)
        case 105:  // reset special colours (xterm; see resetPalette)
            resetPalette(String(decoding: rest, as: UTF8.self), first: 256)
        case 8:  // hyperlink: 8;params;URI, an empty URI ends it (OSC 8 convention)
            guard let separator = rest.firstIndex(of: UInt8(ascii: ";")) else { return }
            let uri = UnsafeBufferPointer(rebasing: rest[(separator + 1)...])
            if uri.isEmpty || uri.count > SideTables.maximumLinkLength {
                pen.linkIndex = 0
            } else {
                pen.linkIndex = internLink(String(decoding: uri, as: UTF8.self))
            }
        case 10...19:  // set or query dynamic colours: 10;spec[;spec…] sets 10, 11, … in turn (xterm)
            setDynamicColors(from: number, String(decoding: rest, as: UTF8.self), terminator: terminator)
        case 110...119:  // reset a dynamic colour (xterm)
            report(.appearance)
            colorOverrides[number - 100] = nil
        case TerminalState.sensitiveMarkCommand:  // Veil: start (7701;REASON) or end (7701;) a sensitive run
            if rest.isEmpty {
                pen.sensitiveIndex = 0
            } else {
                pen.sensitiveIndex = internReason(TerminalState.reason(from: rest))
            }
        default:
            if let unhandled = unhandledSequenceHandler { unhandled("OSC \(number)") }
        }
    }

    /// A reason cut to ``SideTables/maximumReasonLength`` bytes at a character boundary,
    /// with control characters dropped.
    static func reason<Bytes: Collection<UInt8>>(from bytes: Bytes) -> String {
        var result = String()
        var length = 0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if scalar.properties.generalCategory == .control { continue }
            length += UTF8.width(scalar)
            if length > SideTables.maximumReasonLength { break }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// `rgb:rrrr/gggg/bbbb`, the X11 colour spec xterm answers with.
    static func colorSpec(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> String {
        func hex(_ value: UInt8) -> String {
            let digits = String(value, radix: 16)
            let byte = digits.count == 1 ? "0" + digits : digits
            return byte + byte
        }
        return "rgb:\(hex(r))/\(hex(g))/\(hex(b))"
    }

    /// OSC 4 (and OSC 5, `first` 256: the special colours by their own number): `c;spec`
    /// pairs; `?` as the spec queries colour `c`, answered in the same command's form.
    mutating func setPalette(_ text: String, terminator: String, first: Int = 0, command: Int = 4) {
        let fields = text.split(separator: ";", omittingEmptySubsequences: false)
        var index = 0
        while index + 1 < fields.count {
            defer { index += 2 }
            guard let given = Int(fields[index]), (0...(TerminalState.lastSpecialColor - first)).contains(given) else {
                continue
            }
            let number = given + first
            let spec = fields[index + 1]
            if spec == "?" {
                guard responseHandler != nil else { continue }
                let rgb =
                    number > 255
                    ? colorOverrides[number] ?? defaultForeground
                    : paletteOverrides[UInt8(number)] ?? TerminalState.xtermPaletteColor(number)
                respond("\u{1B}]\(command);\(given);\(TerminalState.colorSpec(rgb.0, rgb.1, rgb.2))\(terminator)")
            } else if let rgb = TerminalState.parseColorSpec(spec) {
                report(.appearance)
                if number > 255 {
                    colorOverrides[number] = rgb
                } else {
                    paletteOverrides[UInt8(number)] = rgb
                }
            }
        }
    }

    /// OSC 104 (and OSC 105, `first` 256): resets the listed colours, or all of them without
    /// a list, to their resource values. As xterm 379 with its default resources, the special
    /// colours 256–260 keep what was set: their resource, `XtDefaultForeground`, is no colour
    /// `XParseColor` reads, so xterm's reset of them fails (`Scripts/query-goldens`, `osc105_*`).
    mutating func resetPalette(_ text: String, first: Int = 0) {
        report(.appearance)
        if text.isEmpty {
            if first == 0 { paletteOverrides = [:] }
            return
        }
        for field in text.split(separator: ";") {
            guard let given = Int(field), given >= 0, given + first <= 255 else { continue }
            paletteOverrides[UInt8(given + first)] = nil
        }
    }

    /// xterm's special colours after the 256 of the palette (OSC 4;256…260: bold, underline,
    /// blink, reverse, italic), black by default as xterm's foreground.
    static let lastSpecialColor = 260

    /// OSC 10…19 from `first`: each `;`-separated item sets (a colour spec) or queries (`?`)
    /// the next dynamic colour. Queries are answered from what was set, else from the
    /// reported colours: xterm's defaults are the foreground for 10, 12, 13, 15, 17, 18 and
    /// the background for 11, 14, 16, 19 (cursor, pointer, Tek and highlight colours).
    mutating func setDynamicColors(from first: Int, _ text: String, terminator: String) {
        var number = first
        for item in text.split(separator: ";", omittingEmptySubsequences: false) where number <= 19 {
            defer { number += 1 }
            if item == "?" {
                guard responseHandler != nil else { continue }
                let isBackground = [11, 14, 16, 19].contains(number)
                let rgb = colorOverrides[number] ?? (isBackground ? defaultBackground : defaultForeground)
                respond("\u{1B}]\(number);\(TerminalState.colorSpec(rgb.0, rgb.1, rgb.2))\(terminator)")
            } else if let rgb = TerminalState.parseColorSpec(item) {
                report(.appearance)
                colorOverrides[number] = rgb
            }
        }
    }

    /// A colour specification as xterm 379 reads it (``X11ColorSpec``): `#` forms, `rgb:`,
    /// Xcms's `rgbi:` and CIE forms, TekHVC, X11 colour names.
    static func parseColorSpec(_ spec: Substring) -> (UInt8, UInt8, UInt8)? {
        X11ColorSpec.parse(spec)
    }

    /// xterm's default 256-colour palette.
    static func xtermPaletteColor(_ index: Int) -> (UInt8, UInt8, UInt8) {
        let base: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
            (255, 255, 255),
        ]
        if index < 16 { return base[index] }
        if index < 232 {
            let cube = index - 16
            func level(_ v: Int) -> UInt8 { v == 0 ? 0 : UInt8(55 + 40 * v) }
            return (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
        }
        let grey = UInt8(8 + 10 * (index - 232))
        return (grey, grey, grey)
    }
}
