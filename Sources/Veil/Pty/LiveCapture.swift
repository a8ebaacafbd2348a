import VeilRedaction
import VeilScreen

#if canImport(Glibc)
    import Glibc
#endif

/// `veil snap -- COMMAND`: runs a program in a pseudo-terminal and captures its screen when
/// it ends or, with an idle time, once its output has been quiet that long after it first
/// drew (a full-screen program that never exits). The screen then goes through the same
/// snapshot path as a file's (``Snapshotter``).
public struct LiveCapture: Sendable {
    /// The command and its arguments.
    public var command: [String]
    /// The pty's size.
    public var cols: Int, rows: Int
    /// Capture once the output has been quiet this long after the first output; nil waits
    /// for the program to end.
    public var idle: Duration?
    /// A program still running after this long is stopped and nothing is captured.
    public var timeout: Duration
    /// The environment the program gets.
    public var environment: [String: String]
    /// The screen model's work budget (``Terminal/workBudget``).
    public var workBudget = Terminal.defaultWorkBudget

    /// The default `--timeout`: 30 s.
    public static let defaultTimeout = Duration.seconds(30)

    public init(
        command: [String], cols: Int = 80, rows: Int = 24, idle: Duration? = nil,
        timeout: Duration = LiveCapture.defaultTimeout, environment: [String: String] = PtyProcess.environment()
    ) {
        self.command = command
        self.cols = cols
        self.rows = rows
        self.idle = idle
        self.timeout = timeout
        self.environment = environment
    }

    /// What a capture produced.
    public struct Result: Sendable {
        /// The screen when the program ended or went idle.
        public var screen: Screen
        /// How the program ended (nil: it went idle and was stopped by veil).
        public var exit: ProgramExit?
    }

    /// Runs the program and returns its screen; the program is stopped, reaped and its pty
    /// closed before this returns, whatever happens.
    /// - Throws: ``PtyError`` when the command cannot start (naming it), is still running at
    ///   the timeout, or wrote more than the screen model's work budget allows.
    public func run() throws -> Result {
        let session = try PtySession(
            command, cols: cols, rows: rows, environment: environment, workBudget: workBudget)
        defer { session.finish() }
        let name = DisplayText.escaped(command.first ?? "")
        let deadline = ContinuousClock.now + timeout
        var outcome = PtySession.WaitResult.timedOut
        // In slices, so that a screen past its work budget (it no longer follows the output:
        // no snapshot can be made) stops the program at once, not at its end or the timeout.
        while true {
            outcome = session.wait(idle: idle, until: min(deadline, .now + .milliseconds(100)))
            if case .timedOut = outcome, ContinuousClock.now < deadline,
                session.screen.workBudgetExceededAtByte == nil
            {
                continue
            }
            break
        }
        let exit: ProgramExit?
        if let byte = session.screen.workBudgetExceededAtByte {
            throw PtyError("\(name): " + WorkBudgetMessage.screen(atByte: byte, of: "the program's output"))
        }
        switch outcome {
        case .timedOut:
            throw PtyError(
                "\(name): still running after \(Self.describe(timeout)) (--timeout): stopped, nothing written"
                    + (idle == nil ? "; --idle 500ms captures a program that keeps running" : ""))
        case .ended(let status): exit = status
        case .idle: exit = nil
        }
        return Result(screen: session.screen.capture().screen, exit: exit)
    }

    /// `30s`, `500ms`, `1.5s`.
    static func describe(_ duration: Duration) -> String {
        let milliseconds = Int(PtySession.seconds(duration) * 1000)
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        if milliseconds < 1000 { return "\(milliseconds)ms" }
        return "\(Double(milliseconds) / 1000)s"
    }
}
