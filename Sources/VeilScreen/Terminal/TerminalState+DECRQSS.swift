/// A device control string Veil answers, collected between its hook and its ST.
struct DeviceControlRequest: Sendable {
    enum Kind: Sendable {
        /// DECRQSS: `DCS $ q Pt ST`.
        case settings
        /// `DCS $ F … ST` with another final: xterm answers CAN.
        case cancel
    }

    /// The longest request kept; longer ones are answered as invalid.
    static let maximumLength = 16

    var kind: Kind
    var data: [UInt8] = []
    var overflowed = false
    /// The parser unhooked: the request is answered when the ST (`ESC \`) follows.
    var ended = false
}

/// DECRQSS (`DCS $ q Pt ST`): the setting `Pt` names, as xterm answers it (`DCS 1 $ r … ST`,
/// or `DCS 0 $ r ST` for a setting it does not report). Collected only with a response handler.
extension TerminalState {
    /// A DCS starts: keeps `DCS $ q` (and any other `DCS $ F`) when a handler listens.
    /// (This and the two below stay out of line: the parser's loop stays as small as before.)
    @inline(never)
    mutating func hookDeviceControl(_ sequence: ControlSequence) {
        dcsRequest = nil
        guard responseHandler != nil, !sequence.ignore, sequence.intermediates.first == 0x24,
            sequence.intermediates.second == 0, sequence.privateMarker == 0, sequence.parameters.count == 0
        else { return }
        dcsRequest = DeviceControlRequest(kind: sequence.final == 0x71 ? .settings : .cancel)
    }

    /// One byte of the DCS data.
    @inline(never)
    mutating func putDeviceControl(_ byte: UInt8) {
        guard dcsRequest != nil else { return }
        if dcsRequest!.data.count < DeviceControlRequest.maximumLength {
            dcsRequest!.data.append(byte)
        } else {
            dcsRequest!.overflowed = true
        }
    }

    /// The ST after the DCS: answers it. Anything else there (CAN, SUB, another ESC
    /// sequence) drops it.
    @inline(never)
    mutating func finishDeviceControl(isStringTerminator: Bool) {
        guard let request = dcsRequest else { return }
        dcsRequest = nil
        guard request.ended, isStringTerminator else { return }
        switch request.kind {
        case .cancel:
            responseHandler?([0x18])
        case .settings:
            let text = request.overflowed ? nil : String(decoding: request.data, as: UTF8.self)
            if let setting = text.flatMap(reportSetting) {
                respond("\u{1B}P1$r\(setting)\u{1B}\\")
            } else {
                respond("\u{1B}P0$r\u{1B}\\")
            }
        }
    }

    /// The report of one DECRQSS setting (ending with the setting's own final), or nil.
    func reportSetting(_ name: String) -> String? {
        switch name {
        case "m": return selectGraphicRenditionReport() + "m"  // SGR
        case "r": return "\(scrollTop + 1);\(scrollBottom + 1)r"  // DECSTBM
        case "s": return "\(leftMargin + 1);\(rightMargin + 1)s"  // DECSLRM
        case " q":  // DECSCUSR: 2 block, 4 underline, 6 bar; one less when blinking
            let shape = modes.cursorStyle <= 2 ? 2 : (modes.cursorStyle <= 4 ? 4 : 6)
            return "\(modes.cursorBlink ? shape - 1 : shape) q"
        case "\"p":  // DECSCL: the level, 7-bit controls
            return conformanceLevel > 1 ? "6\(conformanceLevel);1\"p" : "61\"p"
        case "\"q": return "\(pen.attributes.contains(.protected) ? 1 : 0)\"q"  // DECSCA
        case "t": return "\(rows - 1 > 24 ? rows - 1 : 24)t"  // DECSLPP (xterm's formula)
        case "$|": return "\(modes.columns132 ? 132 : 80)$|"  // DECSCPP
        case "*|": return "\(rows)*|"  // DECSNLS
        default: return nil
        }
    }

    /// The pen as xterm's DECRQSS reports it: `0`, then 1 4 5 7 8 2 3 9 21, then colours
    /// (16 colours as 30–37/90–97 and 40–47/100–107, bold making 30–37 bright as xterm's
    /// `boldColors`; others as `38:5:n` or `38:2::r:g:b`). Veil's overline and underline
    /// colour, which xterm 379 lacks, follow as 53 and `58:…`.
    func selectGraphicRenditionReport() -> String {
        let attributes = pen.attributes
        let underline = attributes.contains(.underline)
        let double = underline && pen.underlineStyle == .double
        var text = "0"
        for (present, code) in [
            (attributes.contains(.bold), "1"), (underline && !double, "4"), (attributes.contains(.blink), "5"),
            (attributes.contains(.inverse), "7"), (attributes.contains(.invisible), "8"),
            (attributes.contains(.dim), "2"), (attributes.contains(.italic), "3"),
            (attributes.contains(.strikethrough), "9"), (double, "21"),
        ] where present {
            text += ";" + code
        }
        func color(_ color: TerminalColor, base: Int, bright: Int, extended: Int) -> String? {
            switch color {
            case .default: return nil
            case .indexed(let index) where index < 8 && base > 0: return "\(base + Int(index))"
            case .indexed(let index) where index < 16 && base > 0: return "\(bright + Int(index) - 8)"
            case .indexed(let index): return "\(extended):5:\(index)"
            case .rgb(let r, let g, let b): return "\(extended):2::\(r):\(g):\(b)"
            }
        }
        var foreground = pen.foreground
        if attributes.contains(.bold), case .indexed(let index) = foreground, index < 8 {
            foreground = .indexed(index + 8)
        }
        if let code = color(foreground, base: 30, bright: 90, extended: 38) { text += ";" + code }
        if let code = color(pen.background, base: 40, bright: 100, extended: 48) { text += ";" + code }
        if attributes.contains(.overline) { text += ";53" }
        if let code = color(pen.underlineColor, base: 0, bright: 0, extended: 58) { text += ";" + code }
        return text
    }
}
