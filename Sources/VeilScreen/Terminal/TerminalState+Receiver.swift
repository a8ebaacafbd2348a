extension TerminalState: ParserReceiver {
    /// C0 controls.
    mutating func execute(_ byte: UInt8) {
        lastPrinted = nil
        guard !workExhausted else { return }
        switch byte {
        case 0x08:  // BS: one column left; cancels a pending wrap (xterm: `0123456789\bZ` → `01234567Z9`)
            cursorBack(1)
        case 0x09:  // HT: next tab stop
            tabForward(1)
        case 0x0A, 0x0B, 0x0C:  // LF, VT, FF: index (and CR under LNM)
            index()
            if modes.newline { carriageReturn() }
        case 0x0D:  // CR: to the left margin (column 0 from left of it)
            carriageReturn()
        case 0x0E:  // SO: G1 into GL
            glIndex = 1
        case 0x0F:  // SI: G0 into GL
            glIndex = 0
        case 0x18, 0x1A:  // CAN, SUB: a device control string they abort is not answered
            dcsRequest = nil
        default:
            break  // BEL and the other C0 controls change nothing on the screen
        }
    }

    /// Escape sequences, keyed `intermediate << 8 | final`.
    mutating func escDispatch(_ intermediates: Intermediates, final: UInt8, ignore: Bool) {
        lastPrinted = nil
        if dcsRequest != nil { finishDeviceControl(isStringTerminator: final == 0x5C && intermediates.first == 0) }
        guard !ignore, !workExhausted, intermediates.second == 0 else { return }
        let key = UInt32(intermediates.first) << 8 | UInt32(final)
        switch key {
        case 0x37:  // ESC 7  DECSC: save cursor (VT100)
            saveCursor()
        case 0x38:  // ESC 8  DECRC: restore cursor (VT100)
            restoreCursor()
        case 0x44:  // ESC D  IND: index (ECMA-48 8.3.58 / VT100)
            index()
        case 0x45:  // ESC E  NEL: next line (ECMA-48 8.3.86)
            index()
            carriageReturn()
        case 0x48:  // ESC H  HTS: set a tab stop at the cursor (ECMA-48 8.3.62)
            tabStops[col] = true
        case 0x4D:  // ESC M  RI: reverse index (ECMA-48 8.3.104)
            reverseIndex()
        case 0x56:  // ESC V  SPA: start of protected area (ECMA-48 8.3.136); xterm: ISO protection from now
            protection = .iso
            pen.attributes.insert(.protected)
        case 0x57:  // ESC W  EPA: end of protected area (ECMA-48 8.3.46)
            pen.attributes.remove(.protected)
        case 0x36:  // ESC 6  DECBI: back index (VT420)
            if conformanceLevel >= 4 { backIndex() }
        case 0x39:  // ESC 9  DECFI: forward index (VT420)
            if conformanceLevel >= 4 { forwardIndex() }
        case 0x4E:  // ESC N  SS2: single shift G2 (ECMA-48 8.3.141)
            singleShift = 2
        case 0x4F:  // ESC O  SS3: single shift G3 (ECMA-48 8.3.142)
            singleShift = 3
        case 0x5A:  // ESC Z  DECID: identify as DA1 (VT100)
            respond(TerminalState.primaryDeviceAttributes)
        case 0x63:  // ESC c  RIS: reset to initial state (ECMA-48 8.3.105)
            fullReset()
        case 0x6E:  // ESC n  LS2: G2 into GL (ECMA-48 8.3.78)
            glIndex = 2
        case 0x6F:  // ESC o  LS3: G3 into GL (ECMA-48 8.3.80)
            glIndex = 3
        case 0x3D:  // ESC =  DECKPAM: application keypad
            modes.applicationKeypad = true
        case 0x3E:  // ESC >  DECKPNM: normal keypad
            modes.applicationKeypad = false
        case 0x2338:  // ESC # 8  DECALN: screen alignment test (VT100)
            screenAlignmentTest()
        case 0x2333:  // ESC # 3  DECDHL: double-height line, top half (VT100)
            setLineSize(.doubleHeightTop)
        case 0x2334:  // ESC # 4  DECDHL: double-height line, bottom half (VT100)
            setLineSize(.doubleHeightBottom)
        case 0x2335:  // ESC # 5  DECSWL: single-width line (VT100)
            setLineSize(.single)
        case 0x2336:  // ESC # 6  DECDWL: double-width line (VT100)
            setLineSize(.doubleWidth)
        default:
            switch intermediates.first {
            case 0x28, 0x29, 0x2A, 0x2B:  // ESC ( ) * + F  SCS: designate G0…G3 (ISO 2022)
                if let set = Charset(final: final) { designate(Int(intermediates.first - 0x28), set) }
            default:
                // ST (ESC \) ends a string; ESC % G, ESC SP F, …: no effect.
                if final != 0x5C, let unhandled = unhandledSequenceHandler {
                    let prefix = intermediates.first == 0 ? "" : " " + String(UnicodeScalar(intermediates.first))
                    unhandled("ESC" + prefix + " " + String(UnicodeScalar(final)))
                }
            }
        }
    }

    /// Operating system commands: titles, hyperlinks, colours, sensitive marks.
    mutating func oscDispatch(_ payload: UnsafeBufferPointer<UInt8>, bellTerminated: Bool) {
        lastPrinted = nil
        handleOSC(payload, bellTerminated: bellTerminated)
    }

    /// Device control strings carry nothing Veil shows; only DECRQSS requests are kept, and
    /// only with a response handler (TerminalState+DECRQSS.swift).
    mutating func hook(_ sequence: ControlSequence) {
        lastPrinted = nil
        hookDeviceControl(sequence)
    }

    /// A byte of a device control string.
    mutating func put(_ byte: UInt8) {
        if dcsRequest != nil { putDeviceControl(byte) }
    }

    /// The end of a device control string: answered once its ST is seen.
    mutating func unhook() {
        if dcsRequest != nil { dcsRequest!.ended = true }
    }
}
