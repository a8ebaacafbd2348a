/// Answers to the CSI queries (device attributes, status reports, XTVERSION, window reports,
/// rectangle checksums), each as XTerm(379) answers it with the resources of
/// `Scripts/query-goldens` (decTerminalID 420). Only called with a response handler set.
extension TerminalState {
    /// DA1 of a VT420-level xterm: 132 columns, printer, selective erase, NRCS, technical
    /// characters, locator, terminal state interrogation, windowing, horizontal scrolling,
    /// ANSI colour, rectangular editing.
    static let primaryDeviceAttributes = "\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c"

    /// Answers the query `key` (the CSI switch key) with parameters `p`.
    func answer(_ key: UInt32, _ p: Parameters) {
        switch key {
        case 0x63:  // CSI Ps c  DA1: only for 0 / no parameter
            if p[0] == 0 { respond(TerminalState.primaryDeviceAttributes) }
        case 0x3E63:  // CSI > Ps c  DA2: VT420 (41), patch level 379, no options
            if p[0] == 0 { respond("\u{1B}[>41;379;0c") }
        case 0x3D63:  // CSI = Ps c  DA3: DECRPTUI, unit id 0
            if p[0] == 0 { respond("\u{1B}P!|00000000\u{1B}\\") }
        case 0x6E:  // CSI Ps n  DSR: operating status, cursor position
            switch p[0] {
            case 5: respond("\u{1B}[0n")
            case 6: respond("\u{1B}[\(row - originTop + 1);\(col - originLeft + 1)R")
            default: break
            }
        case 0x3F6E:  // CSI ? Ps n  DECDSR
            decDeviceStatus(p)
        case 0x3E71:  // CSI > Ps q  XTVERSION
            if p[0] == 0 { respond("\u{1B}P>|\(reportSettings.versionName)\u{1B}\\") }
        case 0x74:  // CSI Ps ; Ps ; Ps t  XTWINOPS
            if reportSettings.answersWindowReports { windowReport(p[0]) }
        case 0x2A_0079:  // CSI Pi ; Pg ; Pt ; Pl ; Pb ; Pr * y  DECRQCRA
            if reportSettings.answersChecksumRequests && p.count > 0 {
                let checksum = String(rectangleChecksum(p), radix: 16, uppercase: true)
                let padded = String(repeating: "0", count: 4 - checksum.count) + checksum
                respond("\u{1B}P\(p[0])!~\(padded)\u{1B}\\")
            }
        case 0x24_0077:  // CSI Ps $ w  DECRQPSR: cursor information or tab stops
            if p[0] == 1 { respond(cursorInformationReport()) }
            if p[0] == 2 { respond(tabStopReport()) }
        default:
            break
        }
    }

    /// DECCIR (`DCS 1 $ u … ST`): position, page, rendition, DECSCA, wrap/single-shift/origin
    /// flags, GL and GR, the 96-character-set flags and G0–G3 designators (xterm's form).
    func cursorInformationReport() -> String {
        func flags(_ bits: [(Bool, UInt8)]) -> Character {
            Character(Unicode.Scalar(bits.reduce(UInt8(0x40)) { $0 | ($1.0 ? $1.1 : 0) }))
        }
        let attributes = pen.attributes
        let rendition = flags([
            (attributes.contains(.inverse), 8), (attributes.contains(.blink), 4),
            (attributes.contains(.underline) && pen.underlineStyle != .double, 2), (attributes.contains(.bold), 1),
        ])
        let protection = flags([(self.protection == .dec, 1)])  // xterm: DECSCA protection selected
        let state = flags([(wrapPending, 8), (singleShift == 3, 4), (singleShift == 2, 2), (modes.origin, 1)])
        let sets = [charsets.0, charsets.1, charsets.2, charsets.3].map { set -> String in
            switch set {
            case .ascii: return "B"
            case .decSpecialGraphics: return "0"
            case .british: return "A"
            }
        }
        return "\u{1B}P1$u\(row + 1);\(col + 1);1;\(rendition);\(protection);\(state);\(glIndex);2;O;"
            + sets.joined() + "\u{1B}\\"
    }

    /// DECTABSR (`DCS 2 $ u … ST`): the tab stops, 1-based and `/`-separated, with xterm's
    /// stop right after the last column while TBC 3 has not cleared it; at most 26 (xterm's
    /// parameter limit).
    func tabStopReport() -> String {
        var stops = (0..<cols).filter { tabStops[$0] }.map { $0 + 1 }
        if tabStopsPastEnd && cols % 8 == 0 { stops.append(cols + 1) }
        return "\u{1B}P2$u" + stops.prefix(26).map(String.init).joined(separator: "/") + "\u{1B}\\"
    }

    /// DECDSR (`CSI ? Ps n`): the VT420 reports xterm gives.
    func decDeviceStatus(_ p: Parameters) {
        switch p[0] {
        case 5: respond("\u{1B}[?0n")  // operating status: no malfunction
        case 6: respond("\u{1B}[?\(row - originTop + 1);\(col - originLeft + 1);1R")  // DECXCPR, page 1
        case 15: respond("\u{1B}[?13n")  // no printer
        case 25: respond("\u{1B}[?20n")  // user-defined keys unlocked
        case 26: respond("\u{1B}[?27;1;0;0n")  // North American keyboard, ready, LK201
        case 53, 55: respond("\u{1B}[?53n")  // no locator
        case 56: respond("\u{1B}[?57;0n")  // locator type unknown
        case 62: respond("\u{1B}[0000*{")  // DECMSR: no macro space
        case 63: respond("\u{1B}P\(p[1])!~0000\u{1B}\\")  // DECCKSR: memory checksum
        case 75: respond("\u{1B}[?70n")  // data integrity: no errors
        case 85: respond("\u{1B}[?83n")  // multi-session: not configured
        default: break
        }
    }

    /// The XTWINOPS operations that are reports (answered or, 20/21, refused).
    static let windowReports: Set<Int> = [11, 13, 14, 15, 16, 18, 19, 20, 21]

    /// XTWINOPS reports: the window is the text area (no border, scrollbar or menu) on a
    /// display of the size its owner gave the terminal (``display``), where XTWINOPS 3 put it
    /// (the top left at first), iconified when XTWINOPS 2 asked for it.
    func windowReport(_ operation: Int) {
        let height = rows * reportSettings.cellHeight
        let width = cols * reportSettings.cellWidth
        let screenHeight = display.rows * reportSettings.cellHeight
        let screenWidth = display.cols * reportSettings.cellWidth
        switch operation {
        case 11: respond(windowIconified ? "\u{1B}[2t" : "\u{1B}[1t")  // iconified or not
        case 13: respond("\u{1B}[3;\(windowPosition.x);\(windowPosition.y)t")  // position (and the text area's, 13;2)
        case 14: respond("\u{1B}[4;\(height);\(width)t")  // size in pixels (and the window's, 14;2)
        case 15: respond("\u{1B}[5;\(screenHeight);\(screenWidth)t")  // the display's size in pixels
        case 16: respond("\u{1B}[6;\(reportSettings.cellHeight);\(reportSettings.cellWidth)t")  // cell size
        case 18: respond("\u{1B}[8;\(rows);\(cols)t")  // size in characters
        case 19: respond("\u{1B}[9;\(display.rows);\(display.cols)t")  // the display's size in characters
        default: break  // 20/21 (title reports) are refused, as xterm's default
        }
    }

    // MARK: - DECRQCRA

    /// xterm's DECRQCRA checksum (`checksumExtension` 0, DEC's algorithm): the negated sum of
    /// the rectangle's cells, each its character's low byte plus 0x10 underline, 0x20 inverse,
    /// 0x40 blink, 0x80 bold; a blank cell with the default rendition counts only as the first
    /// cell of the rectangle (xterm: a cell never written). With two parameters or fewer the
    /// rectangle starts at them (xterm reads the rectangle from the parameters then).
    func rectangleChecksum(_ p: Parameters) -> Int {
        let offset = p.count > 2 ? 2 : 0
        let minRow = originTop + 1
        let maxRow = originBottom + 1
        let minCol = originLeft + 1
        let maxCol = modes.origin ? rightMargin + 1 : cols
        func limited(_ n: Int, default fallback: Int, min low: Int, max high: Int, shift: Int) -> Int {
            let given = offset + n < p.count ? p[offset + n] : 0
            let value = (given > 0 ? given : fallback) + (modes.origin ? shift : 0)
            return Swift.min(Swift.max(value, low), high)
        }
        let top = limited(0, default: minRow, min: minRow, max: maxRow + 1, shift: scrollTop)
        let left = limited(1, default: minCol, min: minCol, max: maxCol + 1, shift: leftMargin)
        let bottom = limited(2, default: maxRow, min: minRow, max: maxRow, shift: scrollTop)
        let right = limited(3, default: maxCol, min: minCol, max: maxCol, shift: leftMargin)
        guard top <= bottom, left <= right, top <= maxRow, right <= maxCol else { return 0 }
        var sum = 0
        var first = true
        for r in (top - 1)..<bottom {
            for c in (left - 1)..<right {
                let cell = grid[r, c]
                var value = cell.width == 0 ? 0xFF : Int(cell.scalar.value & 0xFF)
                let attributes = cell.attributes
                if attributes.contains(.underline) && cell.underlineStyle != .double { value += 0x10 }
                if attributes.contains(.inverse) { value += 0x20 }
                if attributes.contains(.blink) { value += 0x40 }
                if attributes.contains(.bold) { value += 0x80 }
                if first || value != 0x20 || !attributes.isEmpty || cell.foregroundBits != 0
                    || cell.backgroundBits != 0
                {
                    sum += value
                }
                first = false
            }
        }
        return -sum & 0xFFFF
    }
}
