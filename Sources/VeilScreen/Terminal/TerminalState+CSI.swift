extension TerminalState {
    /// Control sequences, in one switch keyed `intermediate << 16 | marker << 8 | final`
    /// (as libvterm's `on_csi`). Unknown sequences are swallowed.
    mutating func csiDispatch(_ sequence: ControlSequence) {
        guard !sequence.ignore, !workExhausted, sequence.intermediates.second == 0 else {
            lastPrinted = nil
            return
        }
        let p = sequence.parameters
        let key =
            UInt32(sequence.intermediates.first) << 16 | UInt32(sequence.privateMarker) << 8 | UInt32(sequence.final)
        if key != 0x62 { lastPrinted = nil }
        switch sequence.intermediates.first {
        case 0x24 where conformanceLevel < 3, 0x2A where conformanceLevel < 4:
            return  // xterm: `CSI … $` sequences need a VT300 level, `CSI … *` ones a VT400 level
        default:
            break
        }
        switch key {
        case 0x40:  // CSI Ps @  ICH: insert blank characters (ECMA-48 8.3.64)
            wrapPending = false
            insertBlanks(p.value(0, default: 1))
        case 0x20_0040:  // CSI Ps SP @  SL: scroll left (ECMA-48 8.3.121), the scroll region when the cursor is in it
            if row >= scrollTop && row <= scrollBottom && cursorInsideHorizontalMargins {
                for r in scrollTop...scrollBottom {
                    deleteCharacters(p.value(0, default: 1), row: r, col: leftMargin, end: rightMargin + 1)
                }
            }
        case 0x20_0041:  // CSI Ps SP A  SR: scroll right (ECMA-48 8.3.135), the scroll region when the cursor is in it
            if row >= scrollTop && row <= scrollBottom && cursorInsideHorizontalMargins {
                for r in scrollTop...scrollBottom {
                    insertBlanks(p.value(0, default: 1), row: r, col: leftMargin, end: rightMargin + 1)
                }
            }
        case 0x27_007D:  // CSI Ps ' }  DECIC: insert columns at the cursor (VT420), inside the margins
            if conformanceLevel >= 4 && row >= scrollTop && row <= scrollBottom && cursorInsideHorizontalMargins {
                for r in scrollTop...scrollBottom {
                    insertBlanks(p.value(0, default: 1), row: r, col: col, end: rightMargin + 1)
                }
            }
        case 0x27_007E:  // CSI Ps ' ~  DECDC: delete columns at the cursor (VT420), inside the margins
            if conformanceLevel >= 4 && row >= scrollTop && row <= scrollBottom && cursorInsideHorizontalMargins {
                for r in scrollTop...scrollBottom {
                    deleteCharacters(p.value(0, default: 1), row: r, col: col, end: rightMargin + 1)
                }
            }
        case 0x22_0071:  // CSI Ps " q  DECSCA: select character protection (VT220); xterm: DEC protection from now
            protection = .dec
            if p[0] == 1 {
                pen.attributes.insert(.protected)
            } else if p[0] == 0 || p[0] == 2 {
                pen.attributes.remove(.protected)
            }
        case 0x41:  // CSI Ps A  CUU: cursor up (ECMA-48 8.3.22)
            let n = p.value(0, default: 1)
            moveCursor(row: row >= scrollTop ? max(scrollTop, row - n) : row - n, col: col)
        case 0x42:  // CSI Ps B  CUD: cursor down (ECMA-48 8.3.19), stops at the bottom margin
            let n = p.value(0, default: 1)
            moveCursor(row: row <= scrollBottom ? min(scrollBottom, row + n) : row + n, col: col)
        case 0x65:  // CSI Ps e  VPR: line position forward (ECMA-48 8.3.160); xterm: as VPA, relative
            moveCursor(row: min(row + p.value(0, default: 1), originBottom), col: col)
        case 0x43, 0x61:  // CSI Ps C  CUF: cursor forward (8.3.20); CSI Ps a  HPR (8.3.59); stops at the right margin
            moveCursor(row: row, col: min(col + p.value(0, default: 1), forwardLimit()))
        case 0x44:  // CSI Ps D  CUB: cursor backward (ECMA-48 8.3.18); reverse-wraps under mode 45
            cursorBack(p.value(0, default: 1))
        case 0x45:  // CSI Ps E  CNL: cursor next line (ECMA-48 8.3.12)
            let n = p.value(0, default: 1)
            moveCursor(row: row <= scrollBottom ? min(scrollBottom, row + n) : row + n, col: col)
            carriageReturn()  // to the left margin
        case 0x46:  // CSI Ps F  CPL: cursor preceding line (ECMA-48 8.3.13)
            let n = p.value(0, default: 1)
            moveCursor(row: row >= scrollTop ? max(scrollTop, row - n) : row - n, col: col)
            carriageReturn()
        case 0x47, 0x60:  // CSI Ps G  CHA (8.3.9); CSI Ps `  HPA (8.3.57): column absolute (origin mode aware)
            moveCursor(row: row, col: min(originLeft + p.value(0, default: 1) - 1, originRight))
        case 0x48, 0x66:  // CSI Ps;Ps H  CUP (8.3.21); CSI Ps;Ps f  HVP (8.3.63)
            cursorPosition(row: p.value(0, default: 1), col: p.value(1, default: 1))
        case 0x49:  // CSI Ps I  CHT: cursor forward tabulation (ECMA-48 8.3.10)
            tabForward(p.value(0, default: 1))
        case 0x4A:  // CSI Ps J  ED: erase in display (ECMA-48 8.3.39)
            wrapPending = false
            eraseInDisplay(p[0])
        case 0x3F4A:  // CSI ? Ps J  DECSED: selective erase in display (VT220), keeps DECSCA-protected cells
            wrapPending = false
            eraseInDisplay(p[0], selective: true)
        case 0x4B:  // CSI Ps K  EL: erase in line (ECMA-48 8.3.41); xterm cancels a pending wrap
            wrapPending = false
            eraseInLine(p[0])
        case 0x3F4B:  // CSI ? Ps K  DECSEL: selective erase in line (VT220), keeps DECSCA-protected cells
            wrapPending = false
            eraseInLine(p[0], selective: true)
        case 0x4C:  // CSI Ps L  IL: insert lines (ECMA-48 8.3.67)
            insertLines(p.value(0, default: 1))
        case 0x4D:  // CSI Ps M  DL: delete lines (ECMA-48 8.3.32)
            deleteLines(p.value(0, default: 1))
        case 0x50:  // CSI Ps P  DCH: delete characters (ECMA-48 8.3.26)
            wrapPending = false
            deleteCharacters(p.value(0, default: 1))
        case 0x53:  // CSI Ps S  SU: scroll up (ECMA-48 8.3.147)
            scrollRegion(p.value(0, default: 1), up: true)
        case 0x54:  // CSI Ps T  SD: scroll down (ECMA-48 8.3.113); 5 params = xterm mouse highlight
            if p.count <= 1 { scrollRegion(p.value(0, default: 1), up: false) }
        case 0x58:  // CSI Ps X  ECH: erase characters (ECMA-48 8.3.38)
            wrapPending = false
            eraseCharacters(p.value(0, default: 1))
        case 0x5A:  // CSI Ps Z  CBT: cursor backward tabulation (ECMA-48 8.3.7)
            tabBackward(p.value(0, default: 1))
        case 0x62:  // CSI Ps b  REP: repeat the preceding graphic character (ECMA-48 8.3.103)
            // xterm: a REP uses the character up; a REP right after it repeats nothing.
            if let scalar = lastPrinted { repeatCharacter(scalar, count: p.value(0, default: 1)) }
            lastPrinted = nil
        case 0x63, 0x3E63, 0x3D63, 0x6E, 0x3F6E, 0x3E71, 0x2A_0079, 0x24_0077:
            // DA1, DA2, DA3, DSR, DECDSR, XTVERSION, DECRQCRA, DECRQPSR: answers only
            // (TerminalState+Reports.swift).
            if responseHandler != nil { answer(key, p) }
        case 0x74:  // CSI Ps ; Ps ; Ps t  XTWINOPS: window reports and operations (xterm's dtterm extensions)
            if TerminalState.windowReports.contains(p[0]) {
                if responseHandler != nil { answer(key, p) }
            } else if !windowOperation(p), let unhandled = unhandledSequenceHandler {
                unhandled(TerminalState.describe(sequence))  // an operation a window-less terminal has not
            }
        case 0x24_0076:  // CSI Pts;Pls;Pbs;Prs;Pps;Ptd;Pld;Ppd $ v  DECCRA: copy rectangular area (VT420)
            if conformanceLevel >= 4 { copyRectangle(p) }
        case 0x24_0078:  // CSI Pch;Pt;Pl;Pb;Pr $ x  DECFRA: fill rectangular area (VT420)
            if conformanceLevel >= 4 { fillRectangle(p) }
        case 0x24_007A:  // CSI Pt;Pl;Pb;Pr $ z  DECERA: erase rectangular area (VT420)
            if conformanceLevel >= 4 { eraseRectangle(p) }
        case 0x24_007B:  // CSI Pt;Pl;Pb;Pr $ {  DECSERA: selective erase rectangular area (VT420)
            if conformanceLevel >= 4 { selectivelyEraseRectangle(p) }
        case 0x24_0072:  // CSI Pt;Pl;Pb;Pr;Ps… $ r  DECCARA: change attributes in rectangular area (VT420)
            if conformanceLevel >= 4 { changeAttributes(p, reverse: false) }
        case 0x24_0074:  // CSI Pt;Pl;Pb;Pr;Ps… $ t  DECRARA: reverse attributes in rectangular area (VT420)
            if conformanceLevel >= 4 { changeAttributes(p, reverse: true) }
        case 0x2A_0078:  // CSI Ps * x  DECSACE: select attribute change extent (VT420)
            attributeChangeExtent = p[0]
        case 0x22_0070:  // CSI Pl ; Pc " p  DECSCL: conformance level (VT220); xterm: 61…64, after a soft reset
            if (61...64).contains(p[0]) {
                softReset()
                conformanceLevel = p[0] - 60
            }
        case 0x24_007C:  // CSI Ps $ |  DECSCPP: columns per page, 80 (default) or 132 (VT340)
            let width = p[0] == 0 || p[0] == 80 ? 80 : (p[0] == 132 ? 132 : 0)
            if width > 0 {
                if col + 1 > width { col = width - 1 }
                modes.columns132 = width == 132
                if width != cols { resize(cols: width, rows: rows) }
            }
        case 0x2A_007C:  // CSI Ps * |  DECSNLS: lines per screen (VT420), a window operation in xterm
            if reportSettings.allowsWindowOperations && (1...255).contains(p[0]) {
                resizeWindow(rows: p[0], cols: cols)
            }
        case 0x64:  // CSI Ps d  VPA: line position absolute (ECMA-48 8.3.158)
            moveCursor(row: min(originTop + p.value(0, default: 1) - 1, originBottom), col: col)
        case 0x67:  // CSI Ps g  TBC: tabulation clear (ECMA-48 8.3.154)
            switch p[0] {
            case 0: tabStops[col] = false
            case 3:
                tabStops = Array(repeating: false, count: cols)
                tabStopsPastEnd = false
            default: break
            }
        case 0x68:  // CSI Pm h  SM: set mode (ECMA-48 8.3.125)
            for index in 0..<p.count {
                setANSIMode(p[index], true)
                recordMode(p[index], true, ansi: true)
            }
        case 0x3F68:  // CSI ? Pm h  DECSET: DEC private mode set (xterm)
            for index in 0..<p.count {
                setDECMode(p[index], true)
                recordMode(p[index], true, ansi: false)
            }
        case 0x6C:  // CSI Pm l  RM: reset mode (ECMA-48 8.3.106)
            for index in 0..<p.count {
                setANSIMode(p[index], false)
                recordMode(p[index], false, ansi: true)
            }
        case 0x3F6C:  // CSI ? Pm l  DECRST: DEC private mode reset (xterm)
            for index in 0..<p.count {
                setDECMode(p[index], false)
                recordMode(p[index], false, ansi: false)
            }
        case 0x6D:  // CSI Pm m  SGR: select graphic rendition (ECMA-48 8.3.117)
            selectGraphicRendition(p)
        case 0x72:  // CSI Ps;Ps r  DECSTBM: set top and bottom margins (VT100)
            setScrollRegion(top: p[0], bottom: p[1])
        case 0x73:  // CSI Pl ; Pr s  DECSLRM: left/right margins while DECLRMM (69) is set (VT420); else SCOSC (SCO)
            if modes.leftRightMargins {
                setLeftRightMargins(left: p[0], right: p[1])
            } else {
                saveCursor()
            }
        case 0x3F73:  // CSI ? Pm s  XTSAVE: save DEC private modes (xterm)
            saveDECModes(p)
        case 0x3F72:  // CSI ? Pm r  XTRESTORE: restore DEC private modes (xterm)
            restoreDECModes(p)
        case 0x75:  // CSI u  SCORC: restore cursor (SCO)
            restoreCursor()
        case 0x21_0070:  // CSI ! p  DECSTR: soft terminal reset (VT220)
            softReset()
        case 0x20_0071:  // CSI Ps SP q  DECSCUSR: cursor style (VT520); odd and 0 blink, as mode 12 (xterm)
            if p[0] <= 6 {
                modes.cursorStyle = p[0]
                modes.cursorBlink = p[0] == 0 || p[0] % 2 == 1
            }
        case 0x24_0070:  // CSI Ps $ p  DECRQM: request ANSI mode (VT300)
            if responseHandler != nil { reportMode(p, dec: false) }
        case 0x24_3F70:  // CSI ? Ps $ p  DECRQM: request DEC private mode (VT300)
            if responseHandler != nil { reportMode(p, dec: true) }
        default:
            // Unknown or unsupported: swallowed, and reported to a debugging hook.
            if let unhandled = unhandledSequenceHandler { unhandled(TerminalState.describe(sequence)) }
        }
    }

    /// `CSI ? 1 ; 2 $ p`-style text of a control sequence.
    static func describe(_ sequence: ControlSequence) -> String {
        var text = "CSI"
        if sequence.privateMarker != 0 { text += " " + String(UnicodeScalar(sequence.privateMarker)) }
        let groups = sequence.parameters.groups.map { $0.map(String.init).joined(separator: ":") }
        if !groups.isEmpty { text += " " + groups.joined(separator: " ; ") }
        for byte in [sequence.intermediates.first, sequence.intermediates.second] where byte != 0 {
            text += byte == 0x20 ? " SP" : " " + String(UnicodeScalar(byte))
        }
        return text + " " + String(UnicodeScalar(sequence.final))
    }

    /// CUP/HVP/VPA: 1-based position, relative to the scroll region in origin mode.
    mutating func cursorPosition(row newRow: Int, col newCol: Int) {
        let r = min(originTop + newRow - 1, originBottom)
        moveCursor(row: r, col: min(originLeft + newCol - 1, originRight))
    }
}
