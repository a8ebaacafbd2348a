import VeilScreen

/// The modes `veil shell` sets on the user's terminal so that it behaves as the program's
/// terminal would: the keys, mouse reports, pastes and focus reports it sends are the ones
/// the program asked for (they pass through unchanged), and the cursor looks as the program
/// set it. Each mode is set only while the program has it, and put back on every exit.
struct OuterModes: Equatable, Sendable {
    /// DECCKM (1): cursor keys send `ESC O A` rather than `ESC [ A`.
    var cursorKeys = false
    /// DECKPAM / DECKPNM (`ESC =`, `ESC >`): the keypad sends application sequences.
    var keypad = false
    /// Mouse reporting: 0 (off), 9, 1000, 1002 or 1003 (1001, highlight tracking, as 1000:
    /// it needs answers a terminal inside a terminal cannot give).
    var mouse = 0
    /// Mouse report encoding: 0 (legacy), 1005, 1006, 1015 or 1016.
    var mouseEncoding = 0
    /// Focus in / out reports (1004).
    var focus = false
    /// Bracketed paste (2004).
    var bracketedPaste = false
    /// Alternate scroll (1007).
    var alternateScroll = false
    /// Reverse video for the whole screen (DECSCNM, 5).
    var reverseVideo = false
    /// A blinking cursor (12).
    var cursorBlink = false
    /// DECSCUSR's cursor style, 0 (the terminal's default) to 6.
    var cursorStyle = 0
    /// DECTCEM (25): the cursor is shown.
    var cursorVisible = true

    /// The modes of a program's terminal, and whether its cursor is shown.
    init(_ modes: TerminalModes, cursorVisible: Bool) {
        cursorKeys = modes.applicationCursorKeys
        keypad = modes.applicationKeypad
        switch modes.mouseTracking {
        case .off: mouse = 0
        case .highlight: mouse = 1000
        default: mouse = modes.mouseTracking.rawValue
        }
        mouseEncoding = modes.mouseEncoding.rawValue
        focus = modes.focusReporting
        bracketedPaste = modes.bracketedPaste
        alternateScroll = modes.alternateScroll
        reverseVideo = modes.reverseVideo
        cursorBlink = modes.cursorBlink
        cursorStyle = (0...6).contains(modes.cursorStyle) ? modes.cursorStyle : 0
        self.cursorVisible = cursorVisible
    }

    /// The modes of a terminal nobody changed (what `veil shell` assumes it starts on).
    init() {}

    /// The bytes that change a terminal in modes `self` to `wanted`.
    func changes(to wanted: OuterModes) -> [UInt8] {
        var out = ""
        func dec(_ number: Int, _ on: Bool) { out += "\u{1B}[?\(number)\(on ? "h" : "l")" }
        if cursorKeys != wanted.cursorKeys { dec(1, wanted.cursorKeys) }
        if keypad != wanted.keypad { out += wanted.keypad ? "\u{1B}=" : "\u{1B}>" }
        if mouse != wanted.mouse {
            if mouse != 0 { dec(mouse, false) }
            if wanted.mouse != 0 { dec(wanted.mouse, true) }
        }
        if mouseEncoding != wanted.mouseEncoding {
            if mouseEncoding != 0 { dec(mouseEncoding, false) }
            if wanted.mouseEncoding != 0 { dec(wanted.mouseEncoding, true) }
        }
        if focus != wanted.focus { dec(1004, wanted.focus) }
        if bracketedPaste != wanted.bracketedPaste { dec(2004, wanted.bracketedPaste) }
        if alternateScroll != wanted.alternateScroll { dec(1007, wanted.alternateScroll) }
        if reverseVideo != wanted.reverseVideo { dec(5, wanted.reverseVideo) }
        if cursorBlink != wanted.cursorBlink { dec(12, wanted.cursorBlink) }
        if cursorStyle != wanted.cursorStyle { out += "\u{1B}[\(wanted.cursorStyle) q" }
        if cursorVisible != wanted.cursorVisible { dec(25, wanted.cursorVisible) }
        return Array(out.utf8)
    }
}
