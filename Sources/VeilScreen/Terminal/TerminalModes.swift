/// The terminal modes a program has set (SM/RM and DECSET/DECRST), including those
/// that Veil only tracks for a live program (mouse, focus, bracketed paste, …).
public struct TerminalModes: Hashable, Sendable {
    /// Mouse reporting (DECSET 9, 1000, 1002, 1003).
    public enum MouseTracking: Int, Hashable, Sendable {
        case off = 0, x10 = 9, normal = 1000, highlight = 1001, buttonEvent = 1002, anyEvent = 1003
    }

    /// Mouse report encoding (DECSET 1005, 1006, 1015, 1016).
    public enum MouseEncoding: Int, Hashable, Sendable {
        case legacy = 0, utf8 = 1005, sgr = 1006, urxvt = 1015, sgrPixels = 1016
    }

    /// DECAWM (7): printing at the last column wraps to the next line.
    public var autowrap = true
    /// DECOM (6): cursor addressing is relative to the scroll region.
    public var origin = false
    /// IRM (4): printed characters shift the rest of the line right.
    public var insert = false
    /// LNM (20): LF, VT and FF also return the carriage.
    public var newline = false
    /// DECTCEM (25): the cursor is shown.
    public var cursorVisible = true
    /// DECCKM (1): cursor keys send application sequences.
    public var applicationCursorKeys = false
    /// DECKPAM / DECKPNM (`ESC =` / `ESC >`): keypad sends application sequences.
    public var applicationKeypad = false
    /// DECSCNM (5): reverse video for the whole screen.
    public var reverseVideo = false
    /// Cursor blinking (12).
    public var cursorBlink = false
    /// Allow 80 ⇄ 132 column switching (40); without it DECCOLM is ignored, as in xterm.
    public var allowColumnSwitch = false
    /// DECCOLM (3): 132-column mode (only switches while ``allowColumnSwitch`` is set).
    public var columns132 = false
    /// Reverse wraparound (45).
    public var reverseWraparound = false
    /// DECLRMM (69): left and right margins may be set (`CSI Pl ; Pr s` is DECSLRM, not SCOSC).
    public var leftRightMargins = false
    /// Focus in/out reports (1004).
    public var focusReporting = false
    /// Bracketed paste (2004).
    public var bracketedPaste = false
    /// Synchronized output (2026).
    public var synchronizedOutput = false
    /// Alternate scroll (1007).
    public var alternateScroll = false
    /// Mouse reporting.
    public var mouseTracking = MouseTracking.off
    /// Mouse report encoding.
    public var mouseEncoding = MouseEncoding.legacy
    /// The cursor style of DECSCUSR (`CSI Ps SP q`, 0…6), 0 = default.
    public var cursorStyle = 0
    /// The modes Veil only records for DECRQM, one bit each (see ``isRecordedSet(decMode:)``).
    var recorded = TerminalState.initialRecordedModes

    /// The default modes after a reset.
    public init() {}
}
