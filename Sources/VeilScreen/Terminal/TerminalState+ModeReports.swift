/// DECRQM (`CSI Ps $ p`, `CSI ? Ps $ p`): the state of one mode, as XTerm(379) reports it.
///
/// Modes Veil acts on are read from ``TerminalModes``; modes xterm knows that change nothing
/// Veil models (keyboard, mouse-pointer and scrollbar preferences, printing, …) are recorded
/// when set or reset (``TerminalModes/recorded``) so that a program reads back what it set;
/// a few are permanent. Any mode in ``recordedDECModes`` is reported by itself.
extension TerminalState {
    /// The answer values of DECRPM.
    enum ModeReport: Int {
        case notRecognized = 0, set = 1, reset = 2, permanentlySet = 3, permanentlyReset = 4

        init(_ on: Bool) { self = on ? .set : .reset }
    }

    /// DEC private modes recorded on DECSET/DECRST (mode, xterm's default), in bit order.
    /// 1046 is reported as xterm's
    /// `titeInhibit` (set when switching to the alternate screen is *not* allowed).
    static let recordedDECModes: [(mode: Int, initial: Bool)] = [
        (4, false), (18, false), (19, false), (30, false), (35, true), (41, false), (42, false), (44, false),
        (67, false), (1010, true), (1011, false), (1034, true), (1035, true),
        (1036, false), (1037, false), (1039, false), (1040, true), (1041, false), (1042, false), (1043, false),
        (1044, false), (1046, false), (1050, false), (1051, false), (1060, false), (1061, false),
        (2001, false), (2002, false), (2003, false), (2005, false), (2006, false),
    ]
    /// ANSI modes recorded on SM/RM: KAM (2) and SRM (12, set by default).
    static let recordedANSIModes: [(mode: Int, initial: Bool)] = [(2, false), (12, true)]
    /// The bit of xterm's curses fix (DECSET 41, `moreFix`), which HT reads.
    static let moreFixBit = recordedBit(41, ansi: false)!
    /// Function-key modes of which only one is set at a time (xterm's keyboard type).
    static let keyboardTypeModes: Set<Int> = [1050, 1051, 1060, 1061]

    /// The bit of a recorded mode in ``TerminalModes/recorded``, or nil.
    static func recordedBit(_ mode: Int, ansi: Bool) -> Int? {
        if ansi {
            return recordedANSIModes.firstIndex { $0.mode == mode }.map { $0 + recordedDECModes.count }
        }
        return recordedDECModes.firstIndex { $0.mode == mode }
    }

    /// The initial bits of ``TerminalModes/recorded``.
    static let initialRecordedModes: UInt64 = {
        var bits: UInt64 = 0
        for (index, entry) in (recordedDECModes + recordedANSIModes).enumerated() where entry.initial {
            bits |= 1 << UInt64(index)
        }
        return bits
    }()

    /// Records an SM/RM or DECSET/DECRST of a recorded mode (others are left alone).
    mutating func recordMode(_ mode: Int, _ on: Bool, ansi: Bool) {
        if !ansi && mode == 66 { modes.applicationKeypad = on }  // DECNKM is DECKPAM / DECKPNM
        guard let bit = TerminalState.recordedBit(mode, ansi: ansi) else { return }
        let value = !ansi && mode == 1046 ? !on : on
        if value && !ansi && TerminalState.keyboardTypeModes.contains(mode) {
            for other in TerminalState.keyboardTypeModes {
                if let otherBit = TerminalState.recordedBit(other, ansi: false) { modes.setRecorded(otherBit, false) }
            }
        }
        modes.setRecorded(bit, value)
    }

    /// DECRQM answer for an ANSI mode (xterm's `do_ansi_rqm`).
    func ansiModeState(_ mode: Int) -> Int {
        let report: ModeReport
        switch mode {
        case 4: report = ModeReport(modes.insert)  // IRM
        case 20: report = ModeReport(modes.newline)  // LNM
        case 3: report = .reset  // CRM: xterm never shows controls
        case 1, 5, 7, 10, 11, 13, 14, 15, 16, 17, 18, 19: report = .permanentlyReset  // GATM, SRTM, VEM, …
        default:
            guard let bit = TerminalState.recordedBit(mode, ansi: true) else { return 0 }
            report = ModeReport(modes.isRecorded(bit))
        }
        return report.rawValue
    }

    /// DECRQM answer for a DEC private mode (xterm's `do_dec_rqm`).
    func decModeState(_ mode: Int) -> Int {
        let report: ModeReport
        switch mode {
        case 1: report = ModeReport(modes.applicationCursorKeys)
        case 2: report = .set  // DECANM: ANSI, not VT52
        case 3: report = ModeReport(modes.columns132)
        case 5: report = ModeReport(modes.reverseVideo)
        case 6: report = ModeReport(modes.origin)
        case 7: report = ModeReport(modes.autowrap)
        case 8: report = .permanentlyReset  // DECARM: no auto-repeat
        case 12: report = ModeReport(modes.cursorBlink)
        case 13: report = .reset  // blinking cursor resource: only the user sets it
        case 14: report = .permanentlySet  // XOR of the two blink settings
        case 25: report = ModeReport(modes.cursorVisible)
        case 66: report = ModeReport(modes.applicationKeypad)  // DECNKM
        case 38: report = .reset  // Tektronix mode
        case 40: report = ModeReport(modes.allowColumnSwitch)
        case 45: report = ModeReport(modes.reverseWraparound)
        case 69: report = ModeReport(modes.leftRightMargins)  // DECLRMM
        case 46: report = .permanentlyReset  // logging (not built in xterm 379)
        case 80, 8452: report = .reset  // sixel display mode / sixel scrolling: set only as resources
        case 9, 1000, 1001, 1002, 1003: report = ModeReport(modes.mouseTracking.rawValue == mode)
        case 1005, 1006, 1015, 1016: report = ModeReport(modes.mouseEncoding.rawValue == mode)
        case 1004: report = ModeReport(modes.focusReporting)
        case 1007: report = ModeReport(modes.alternateScroll)
        case 2004: report = ModeReport(modes.bracketedPaste)
        case 2026: report = ModeReport(modes.synchronizedOutput)  // Veil only: xterm 379 lacks it
        case 47, 1047, 1049: report = ModeReport(isAlternateScreen)
        case 1048: report = .set  // xterm: a cursor is always saved
        default:
            guard let bit = TerminalState.recordedBit(mode, ansi: false) else { return 0 }
            report = ModeReport(modes.isRecorded(bit))
        }
        return report.rawValue
    }

    /// DECRQM: `CSI Ps ; Pm $ y` (with `?` for a DEC mode). No parameter reads as xterm's
    /// 65535 (its "default" marker), which no mode has.
    func reportMode(_ parameters: Parameters, dec: Bool) {
        let mode = parameters.count == 0 ? 65535 : parameters[0]
        let state = dec ? decModeState(mode) : ansiModeState(mode)
        respond("\u{1B}[\(dec ? "?" : "")\(mode);\(state)$y")
    }
}

extension TerminalModes {
    /// Whether the recorded mode at `bit` is set.
    func isRecorded(_ bit: Int) -> Bool { recorded & (1 << UInt64(bit)) != 0 }

    /// Sets the recorded mode at `bit`.
    mutating func setRecorded(_ bit: Int, _ on: Bool) {
        if on { recorded |= 1 << UInt64(bit) } else { recorded &= ~(1 << UInt64(bit)) }
    }

    /// Whether DEC private mode `mode` is set, for the modes Veil only records (those of
    /// xterm's DECSET list that change nothing Veil draws, e.g. 1036 metaSendsEscape, 1010
    /// scroll on output, 69 DECLRMM until margins are modelled); nil for others.
    public func isRecordedSet(decMode mode: Int) -> Bool? {
        TerminalState.recordedBit(mode, ansi: false).map { isRecorded($0) }
    }
}

extension TerminalState {
    /// XTSAVE (`CSI ? Pm s`): remembers the state of each DEC private mode listed that is
    /// set or reset (xterm's `savemodes`), for XTRESTORE.
    mutating func saveDECModes(_ p: Parameters) {
        for index in 0..<p.count {
            let state = decModeState(p[index])
            if state == ModeReport.set.rawValue || state == ModeReport.reset.rawValue {
                savedDECModes[p[index]] = state == ModeReport.set.rawValue
            }
        }
    }

    /// XTRESTORE (`CSI ? Pm r`): sets or resets each DEC private mode listed as XTSAVE found
    /// it (xterm's `restoremodes`); modes never saved stay as they are.
    mutating func restoreDECModes(_ p: Parameters) {
        for index in 0..<p.count {
            guard let on = savedDECModes[p[index]] else { continue }
            setDECMode(p[index], on)
            recordMode(p[index], on, ansi: false)
        }
    }
}
