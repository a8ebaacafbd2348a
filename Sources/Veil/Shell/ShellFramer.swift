import VeilScreen

/// Makes `veil shell`'s frames: judges the program's screen (``ShellScreen``) and draws the
/// redacted screen for the user's terminal (``ShellDrawer``), leaving out the line being
/// written while more output is already waiting.
///
/// A frame made mid-stream (``frame(midStream:status:)`` with `midStream` true) blanks the
/// cursor's line (with the rows it soft-wraps from) and draws it with the next frame: a value
/// cut between two reads of the pty is judged whole before any of it is drawn. The event loop
/// (``ShellSession``) owns one; tests drive it with output split at random points.
struct ShellFramer {
    /// The program's screen and its judge.
    var screen: ShellScreen
    /// What the user's terminal shows, and the bytes that change it.
    var drawer: ShellDrawer
    /// Rows the last frame left out (drawn by the next one).
    private(set) var withheld: [Int] = []
    private var bells = 0

    init(screen: ShellScreen, drawer: ShellDrawer) {
        self.screen = screen
        self.drawer = drawer
    }

    /// One frame: the redacted screen as drawn, and the bytes for the user's terminal.
    struct Frame {
        /// The screen drawn (redacted; a withheld line blank).
        var screen: Screen
        /// The bytes that draw it.
        var bytes: [UInt8]
        /// How long judging took (the rest is drawing).
        var judgeTime: Duration
    }

    /// Judges and draws the screen of now. `midStream`: more of the program's output is
    /// already waiting, so the line being written is left out (and drawn next frame).
    /// `status` makes the status line from the count of values hidden so far, this frame's
    /// included (it is asked after judging, so the count is never a frame late).
    mutating func frame(midStream: Bool, status: ((_ hiddenValues: Int) -> String)?) -> Frame {
        let start = ContinuousClock.now
        var frame = screen.frame()
        let judgeTime = ContinuousClock.now - start
        let status = status?(screen.hiddenValues.count)
        // Rows left out of the last frame are compared again wherever a scroll took them.
        var changed = withheld.isEmpty ? frame.changedRows : nil
        withheld = []
        if midStream { withheld = Self.withhold(lineOf: frame.screen.cursor.row, in: &frame.screen) }
        for row in withheld where changed != nil && row < changed!.count { changed![row] = true }
        let bellCount = screen.terminal.bellCount
        let bell = bellCount != bells
        bells = bellCount
        let bytes = drawer.draw(
            frame.screen, changedRows: changed, scroll: frame.scroll, programModes: screen.modes, status: status,
            bell: bell)
        return Frame(screen: frame.screen, bytes: bytes, judgeTime: judgeTime)
    }

    /// Forgets the withheld rows (everything is drawn again: a resize, a resume).
    mutating func forgetWithheld() { withheld = [] }

    /// Blanks the rows of the line holding `row` (rows joined by soft wraps, up to `row`)
    /// and returns them.
    static func withhold(lineOf row: Int, in screen: inout Screen) -> [Int] {
        guard row >= 0 && row < screen.rows else { return [] }
        var first = row
        while first > 0 && screen.wrapped[first - 1] { first -= 1 }
        for r in first...row {
            for col in 0..<screen.cols { screen[r, col] = .blank }
        }
        return Array(first...row)
    }
}
