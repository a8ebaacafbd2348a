import CVeilSignals

#if canImport(Glibc)
    import Glibc
#endif

/// The user's terminal in raw mode while veil passes keys to a program (`veil record` on a
/// real terminal): every key reaches the program as typed (Ctrl-C included), no echo. The
/// saved mode is restored by ``restore()`` (call it on every path) and, when a signal ends
/// veil, by the signal guard.
final class RawTerminalMode: Sendable {
    private let descriptor: Int32
    private let saved: termios

    /// Puts the terminal on `descriptor` in raw mode; nil when it is not a terminal.
    init?(descriptor: Int32) {
        guard isatty(descriptor) == 1 else { return nil }
        var mode = termios()
        guard tcgetattr(descriptor, &mode) == 0 else { return nil }
        self.descriptor = descriptor
        saved = mode
        withUnsafePointer(to: mode) { veil_childguard_save_terminal(descriptor, $0) }
        var raw = mode
        cfmakeraw(&raw)
        // TCSADRAIN: what was typed before veil started stays, for the program.
        guard tcsetattr(descriptor, TCSADRAIN, &raw) == 0 else {
            veil_childguard_forget_terminal()
            return nil
        }
    }

    /// Puts the saved mode back.
    func restore() {
        var mode = saved
        tcsetattr(descriptor, TCSAFLUSH, &mode)
        veil_childguard_forget_terminal()
    }

    /// The terminal's size, or nil.
    static func size(of descriptor: Int32) -> (cols: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
