import Synchronization
import VeilScreen

/// The simulated app's terminal screen: what its handlers print, show and mark, and whether
/// its privacy cover is up. Safe to use from any task.
public final class AppScreen: Sendable {
    private struct State {
        var terminal: Terminal
        var coverOn = false
        /// The last captured screen, while nothing changed since: capturing an unchanged
        /// screen again costs nothing (a scenario's 50,000 snapshots of one screen share it).
        var captured: Screen?
    }

    private let state: Mutex<State>

    /// A blank screen of the given size, whose terminal stops working past `workBudget`
    /// (see ``workBudgetExceededAtByte``).
    public init(cols: Int, rows: Int, workBudget: Int = Terminal.defaultWorkBudget) throws {
        var terminal = try Terminal(cols: cols, rows: rows)
        terminal.workBudget = workBudget
        state = Mutex(State(terminal: terminal))
    }

    /// Where the terminal's answers to queries go (a live program's pty; see
    /// ``Terminal/responseHandler``); nil drops them.
    public func setResponder(_ responder: (@Sendable ([UInt8]) -> Void)?) {
        state.withLock { $0.terminal.responseHandler = responder }
    }

    /// Writes terminal bytes to the screen.
    public func print(_ bytes: [UInt8]) {
        state.withLock {
            $0.captured = nil
            $0.terminal.feed(bytes)
        }
    }

    /// Replaces the content: the terminal is reset (RIS), then `bytes` are written.
    public func show(_ bytes: [UInt8]) {
        state.withLock { state in
            state.captured = nil
            state.terminal.feed([0x1B, 0x63])  // ESC c: RIS, full reset
            state.terminal.feed(bytes)
        }
    }

    /// Marks a rectangle sensitive, as `.privacySensitive()` marks a view.
    public func mark(row: Int, col: Int, width: Int, height: Int, reason: String) throws {
        try state.withLock {
            $0.captured = nil
            try $0.terminal.markSensitive(row: row, col: col, width: width, height: height, reason: reason)
        }
    }

    /// The current size (it changes with `resize`).
    public var size: (cols: Int, rows: Int) {
        state.withLock { ($0.terminal.cols, $0.terminal.rows) }
    }

    /// The terminal's modes now (focus reporting, application cursor keys, …).
    public var modes: TerminalModes { state.withLock { $0.terminal.modes } }

    /// Raises or lowers the app's own opaque privacy cover.
    public func setPrivacyCover(_ on: Bool) {
        state.withLock { $0.coverOn = on }
    }

    /// Whether the privacy cover is up.
    public var isCovered: Bool { state.withLock { $0.coverOn } }

    /// Resizes the terminal (the `resize` event).
    public func resize(cols: Int, rows: Int) throws {
        try state.withLock {
            $0.captured = nil
            try $0.terminal.resize(cols: cols, rows: rows)
        }
    }

    /// The screen as it is now, and whether the app's cover hides it. Capturing again with
    /// nothing changed returns the same value (its cells share storage).
    public func capture() -> (screen: Screen, coveredByApp: Bool) {
        let capture = captureNotingCopies()
        return (capture.screen, capture.coveredByApp)
    }

    /// ``capture()``, and whether the screen was copied out of the terminal for it (false
    /// when nothing changed since the last capture).
    public func captureNotingCopies() -> (screen: Screen, coveredByApp: Bool, copied: Bool) {
        state.withLock { state in
            let copied = state.captured == nil
            let screen = state.captured ?? state.terminal.screen
            state.captured = screen
            return (screen, state.coverOn, copied)
        }
    }

    /// Where the terminal's work budget ran out (bytes fed by then), or nil while it has not
    /// (see ``Terminal/workBudget``): the screen no longer follows what the app printed.
    public var workBudgetExceededAtByte: Int? {
        state.withLock { $0.terminal.workBudgetExceededAtByte }
    }
}
