extension TerminalState {
    /// SGR: sets the pen's rendition from `parameters` (ECMA-48 8.3.117, xterm extensions).
    mutating func selectGraphicRendition(_ parameters: Parameters) {
        if parameters.count == 0 {
            resetRendition()
            return
        }
        var index = 0
        let count = parameters.count
        while index < count {
            let code = parameters[index]
            // Sub-parameters of this code (after `:`).
            var end = index + 1
            while end < count && parameters.isSubparameter(end) { end += 1 }
            let hasSubparameters = end > index + 1
            switch code {
            case 0: resetRendition()
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 3: pen.attributes.insert(.italic)
            case 4:
                let style = hasSubparameters ? parameters[index + 1] : 1
                switch style {
                case 0:
                    pen.attributes.remove(.underline)
                    pen.underlineStyle = .none
                case 1...5:
                    pen.attributes.insert(.underline)
                    pen.underlineStyle = UnderlineStyle(rawValue: UInt8(style)) ?? .single
                default:
                    break
                }
            case 5, 6: pen.attributes.insert(.blink)
            case 7: pen.attributes.insert(.inverse)
            case 8: pen.attributes.insert(.invisible)
            case 9: pen.attributes.insert(.strikethrough)
            case 21:
                pen.attributes.insert(.underline)
                pen.underlineStyle = .double
            case 22: pen.attributes.remove([.bold, .dim])
            case 23: pen.attributes.remove(.italic)
            case 24:
                pen.attributes.remove(.underline)
                pen.underlineStyle = .none
            case 25: pen.attributes.remove(.blink)
            case 27: pen.attributes.remove(.inverse)
            case 28: pen.attributes.remove(.invisible)
            case 29: pen.attributes.remove(.strikethrough)
            case 30...37: pen.foreground = .indexed(UInt8(code - 30))
            case 39: pen.foreground = .default
            case 40...47: pen.background = .indexed(UInt8(code - 40))
            case 49: pen.background = .default
            case 53: pen.attributes.insert(.overline)
            case 55: pen.attributes.remove(.overline)
            case 59: pen.underlineColor = .default
            case 90...97: pen.foreground = .indexed(UInt8(code - 90 + 8))
            case 100...107: pen.background = .indexed(UInt8(code - 100 + 8))
            case 38, 48, 58:
                let color: TerminalColor?
                if hasSubparameters {
                    color = extendedColor(parameters, from: index + 1, to: end, colon: true).color
                } else {
                    // `;` form: the colour's parameters follow as ordinary parameters.
                    let parsed = extendedColor(parameters, from: index + 1, to: count, colon: false)
                    color = parsed.color
                    end = max(end, parsed.next)
                }
                if let color {
                    switch code {
                    case 38: pen.foreground = color
                    case 48: pen.background = color
                    default: pen.underlineColor = color
                    }
                }
            default:
                break
            }
            index = end
        }
    }

    /// SGR 0: default rendition (the sensitive mark and the link are not rendition).
    mutating func resetRendition() {
        pen.foreground = .default
        pen.background = .default
        pen.attributes.formIntersection(.protected)  // DECSCA is not rendition
        pen.underlineStyle = .none
        pen.underlineColor = .default
    }

    /// Reads `5;n` / `2;r;g;b` (or their `:` forms, where `2` may be followed by a colour
    /// space id before r:g:b) starting at `from`; returns the colour and the index after it.
    func extendedColor(_ p: Parameters, from: Int, to: Int, colon: Bool) -> (color: TerminalColor?, next: Int) {
        guard from < to else { return (nil, from) }
        // As xterm: missing values read as 0 (`38;5` is palette 0, `38;2;1` is #010000),
        // out-of-range ones drop the colour, an unknown kind (`38;7`) consumes only itself.
        switch p[from] {
        case 5:
            let value = p[from + 1]
            return (value <= 255 ? .indexed(UInt8(value)) : nil, min(from + 2, to))
        case 2:
            var first = from + 1
            if colon && to - from >= 5 { first += 1 }  // 2:cs:r:g:b
            let end = min(first + 3, to)
            let r = first < to ? p[first] : 0
            let g = first + 1 < to ? p[first + 1] : 0
            let b = first + 2 < to ? p[first + 2] : 0
            guard r <= 255, g <= 255, b <= 255 else { return (nil, end) }
            return (.rgb(UInt8(r), UInt8(g), UInt8(b)), end)
        default:
            return (nil, from + 1)
        }
    }
}
