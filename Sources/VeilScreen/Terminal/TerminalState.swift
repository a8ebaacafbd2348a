/// The cursor state that DECSC saves and DECRC restores.
struct SavedCursor: Sendable {
    var row = 0
    var col = 0
    var wrapPending = false
    var pen = Cell.blank
    var charsets: (Charset, Charset, Charset, Charset) = (.ascii, .ascii, .ascii, .ascii)
    var glIndex = 0
    var origin = false
}

/// Character protection, as xterm keeps it: one mark on cells (``CellAttributes/protected``)
/// and the kind of protection last selected, which decides what erases it.
enum Protection: Sendable {
    /// No cell is protected.
    case off
    /// DECSCA (`CSI 1 " q`): the selective erases (DECSED, DECSEL, DECSERA) keep protected cells.
    case dec
    /// ISO 6429 SPA/EPA (`ESC V`, `ESC W`): ED, EL, ECH and the selective erases other than
    /// DECSERA keep protected cells.
    case iso
}

/// The meaning layer: a ``ParserReceiver`` that keeps both screen buffers, the cursor,
/// the pen, modes and side tables, and applies every action to them.
struct TerminalState: Sendable {
    let cols: Int
    let rows: Int
    /// The buffer shown.
    var grid: Grid
    /// The buffer not shown (the alternate one while the main one is shown, and back).
    var otherGrid: Grid
    var isAlternateScreen = false

    // Cursor.
    var row = 0
    var col = 0
    /// xterm's pending wrap: the last column was written and the next printable wraps first.
    var wrapPending = false

    /// The rendition (and sensitive mark and link) that printed cells take.
    var pen = Cell.blank
    /// Saved cursors, one per buffer: index 0 main, 1 alternate.
    var savedCursors = [SavedCursor(), SavedCursor()]

    // Scroll region (inclusive rows).
    var scrollTop = 0
    var scrollBottom: Int
    // Left and right margins (inclusive columns): DECSLRM, only while DECLRMM (69) is set.
    var leftMargin = 0
    var rightMargin: Int

    var modes = TerminalModes()
    /// The conformance level DECSCL set (xterm's `vtXX_level`): 4, a VT420, unless a program
    /// asks for less; sequences a lower level lacks are ignored (`CSI $` ones below 3, `CSI *`
    /// ones, DECLRMM, rectangle operations, DECIC/DECDC and DECBI/DECFI below 4).
    var conformanceLevel = 4
    /// The DEC private modes XTSAVE saved (mode → set), for XTRESTORE.
    var savedDECModes: [Int: Bool] = [:]
    /// DECSACE: 2 changes attributes in rectangles (DECCARA, DECRARA), 0 or 1 in streams.
    var attributeChangeExtent = 0
    /// Where the window is (XTWINOPS 3 moves it, XTWINOPS 13 reports it), in pixels.
    var windowPosition = (x: 0, y: 0)
    /// Whether the window is iconified (XTWINOPS 2 and 1, reported by XTWINOPS 11).
    var windowIconified = false
    /// The display the window is on, in cells: the size the terminal was made or resized to
    /// by its owner (``Terminal/resize(cols:rows:)``). A program's window operations resize
    /// the window within it, as xterm's `limitResize` keeps a window on its screen; the
    /// screen-size reports (`CSI 15 t`, `CSI 19 t`) describe it.
    var display: (cols: Int, rows: Int)
    var tabStops: [Bool]
    /// Whether xterm's stops past the last column are still set (TBC 3 clears them); DECTABSR
    /// reports the one right after the last column.
    var tabStopsPastEnd = true

    // Character sets.
    var charsets: (Charset, Charset, Charset, Charset) = (.ascii, .ascii, .ascii, .ascii)
    var glIndex = 0
    /// The set chosen by SS2/SS3 for the next character only (2 or 3), or 0.
    var singleShift = 0

    /// The last printed graphic character, for REP; nil once anything else happened (a REP,
    /// which uses it up, and a zero-width format character included, as xterm).
    var lastPrinted: Unicode.Scalar?
    /// The cursor as the last printed character left it (row -1: nothing printed since the
    /// screen moved), to tell whether a combining mark follows that character directly.
    var printEndRow = -1
    var printEndCol = 0
    var printEndPending = false

    var title = ""
    /// BEL (0x07) controls executed so far (a BEL that ends a string sequence is not one).
    var bellCount = 0
    var tables = SideTables()

    /// Who learns of every change to the screen (``Terminal/observer``); nil: changes cost
    /// one test each. (Not checked for `Sendable`: an observer is used on the thread that
    /// feeds the terminal, see ``ScreenObserver``.)
    nonisolated(unsafe) var observer: (any ScreenObserver)?
    /// The bytes being fed (their address and count, 0 between feeds) and the input position
    /// of the first, for the positions reported with writes (kept only with an observer).
    var inputBase: UInt = 0
    var inputLength = 0
    var inputPosition = 0
    /// The input position of the next character printed one at a time (its lead byte), and
    /// of what REP prints (where the last printed text ended).
    var nextPosition = 0
    /// The input position of the ESC that started the escape sequence being read (what
    /// DECFRA writes comes from it).
    var sequencePosition = -1

    /// Work units spent outside the two buffers (bytes read, selective erases, REP, side-table
    /// collections, resizes), and the limit past which work stops (see ``Terminal/workBudget``).
    var extraWork = 0
    var workLimit = Terminal.defaultWorkBudget
    /// Which protection is in effect (xterm's `protected_mode`): until DECSCA or SPA switch
    /// it on, no cell can be protected and every erase is a plain one (it costs rows, not cells).
    var protection = Protection.off

    /// Called with the bytes of answers to queries (DSR, DA, DECRQM, OSC 10/11).
    var responseHandler: (@Sendable ([UInt8]) -> Void)?
    /// Called with a readable form of each sequence that had no effect (for debugging).
    var unhandledSequenceHandler: (@Sendable (String) -> Void)?
    /// The colours reported for OSC 10 / OSC 11 queries (xterm's defaults: black on white).
    var defaultForeground: (UInt8, UInt8, UInt8) = (0, 0, 0)
    var defaultBackground: (UInt8, UInt8, UInt8) = (255, 255, 255)
    /// Palette changes made with OSC 4 (index → RGB); reset by OSC 104.
    var paletteOverrides: [UInt8: (UInt8, UInt8, UInt8)] = [:]
    /// Dynamic colours set with OSC 10–19 (keyed by the OSC number) and xterm's special
    /// colours 256–260 set with OSC 4; reported back as set (TerminalState+OSC.swift).
    var colorOverrides: [Int: (UInt8, UInt8, UInt8)] = [:]
    /// What the terminal reports about itself (``Terminal/reportSettings``).
    var reportSettings = ReportSettings()
    /// The DECRQSS (or other `DCS $`) request being collected, with a response handler only.
    var dcsRequest: DeviceControlRequest?

    init(cols: Int, rows: Int) {
        self.cols = cols
        self.rows = rows
        grid = Grid(cols: cols, rows: rows)
        otherGrid = Grid(cols: cols, rows: rows)
        scrollBottom = rows - 1
        rightMargin = cols - 1
        tabStops = TerminalState.defaultTabStops(cols: cols)
        display = (cols, rows)
    }

    /// Every 8 columns from column 0, as xterm (the stop at 0 changes no movement; DECTABSR
    /// reports it).
    static func defaultTabStops(cols: Int) -> [Bool] {
        (0..<cols).map { $0 % 8 == 0 }
    }

    /// All work units spent (both buffers and the rest).
    var workUsed: Int { grid.work &+ otherGrid.work &+ extraWork }

    /// Whether the work budget is spent: actions that could cost more than their bytes stop.
    @inline(__always)
    var workExhausted: Bool { workUsed > workLimit }

    /// A blank cell for erasing: only the current background survives (BCE).
    @inline(__always)
    var eraseCell: Cell {
        pen.background == .default ? .blank : Cell.blank(background: pen.background)
    }

    // MARK: - Cursor helpers

    /// Moves the cursor, clamped to the screen; cancels a pending wrap.
    @inline(__always)
    mutating func moveCursor(row newRow: Int, col newCol: Int) {
        row = min(max(newRow, 0), rows - 1)
        col = min(max(newCol, 0), cols - 1)
        wrapPending = false
    }

    /// Sends an answer to the program.
    func respond(_ text: String) {
        responseHandler?(Array(text.utf8))
    }

    /// The rows the cursor may reach with origin mode in effect.
    var originTop: Int { modes.origin ? scrollTop : 0 }
    var originBottom: Int { modes.origin ? scrollBottom : rows - 1 }
    /// The columns the cursor may reach with origin mode in effect.
    var originLeft: Int { modes.origin ? leftMargin : 0 }
    var originRight: Int { modes.origin ? rightMargin : cols - 1 }

    /// Whether left/right margins narrower than the screen are set.
    @inline(__always)
    var hasHorizontalMargins: Bool { leftMargin != 0 || rightMargin != cols - 1 }

    /// Whether printing must leave its fast path: margins are set or a row is double-size
    /// (checked once per run of printed text).
    @inline(__always)
    var hasSpecialLayout: Bool { leftMargin != 0 || rightMargin != cols - 1 || grid.doubleRows != 0 }

    // MARK: - Line feed and scrolling

    /// IND: down one row, scrolling the region when at its bottom margin (the row that
    /// scrolls in is uniform: it is written out only when printed on).
    mutating func index() {
        wrapPending = false
        if row == scrollBottom {
            printEndRow = -1  // the printed character scrolled away: a mark no longer follows it
            if hasHorizontalMargins {
                // Only the rectangle inside the margins scrolls, and only from inside it.
                if col >= leftMargin && col <= rightMargin {
                    scrollRectangle(top: scrollTop, bottom: scrollBottom, count: 1, up: true)
                }
                return
            }
            reportScroll(top: scrollTop, bottom: scrollBottom, count: 1, up: true)
            grid.scrollUp(top: scrollTop, bottom: scrollBottom, count: 1, blank: eraseCell)
        } else if row < rows - 1 {
            row += 1
        }
    }

    /// RI: up one row, scrolling the region down when at its top margin.
    mutating func reverseIndex() {
        wrapPending = false
        if row == scrollTop {
            printEndRow = -1
            if hasHorizontalMargins {
                if col >= leftMargin && col <= rightMargin {
                    scrollRectangle(top: scrollTop, bottom: scrollBottom, count: 1, up: false)
                }
                return
            }
            reportScroll(top: scrollTop, bottom: scrollBottom, count: 1, up: false)
            grid.scrollDown(top: scrollTop, bottom: scrollBottom, count: 1, blank: eraseCell)
        } else if row > 0 {
            row -= 1
        }
    }

    /// Autowrap: the current row continues on the next one.
    @inline(__always)
    mutating func wrapToNextLine() {
        grid.setWrapped(row, true)
        col = leftMargin
        index()
    }

    /// CR: to the left margin, or to column 0 from left of it (xterm).
    @inline(__always)
    mutating func carriageReturn() {
        col = leftMargin == 0 || !(modes.origin || col >= leftMargin) ? 0 : leftMargin
        wrapPending = false
    }
}
