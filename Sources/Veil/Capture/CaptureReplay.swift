import VeilScreen

/// Replays a capture on a terminal: the one replay behind every command that shows or judges
/// one (`snap` and `screen` at a moment, `scan` and `audit` over time, `redact`, `snap
/// --frames`). It feeds each step's output, follows the recording's resizes (unless the size
/// is fixed), stops at the terminal's work budget, and words every failure the same way.
///
/// ```swift
/// let input = try CaptureInput.read(path: "session.cast")
/// var replay = try CaptureReplay(input, path: "session.cast")
/// try replay.forEachStep { step, terminal in
///     // after each step: its time, its event line in the file, and what the screen shows
///     print(step.time ?? 0, step.position?.line ?? 0, terminal.screen.lines()[0])
/// }
/// ```
public struct CaptureReplay: Sendable {
    /// What is replayed.
    public let input: CaptureInput
    /// The path messages name.
    public let path: String
    /// The terminal the steps are fed to; set it up (exposure tracking) before replaying.
    public var terminal: Terminal
    /// Whether a recording's resizes are followed: not when `--cols`/`--rows` fix the size.
    public let followsResizes: Bool
    /// What was unusual but read in a streamed recording's events so far (`NAME:LINE: …`).
    public private(set) var warnings: [String] = []
    /// What the last pass read: its warnings and the recording's duration.
    public private(set) var lastPass = CaptureInput.Pass()

    /// A replay of `input` on a terminal of its size (``CaptureInput/size(cols:rows:)``);
    /// `cols`/`rows` fix the size.
    /// - Throws: ``InputError`` naming `path` for a size outside 1…1000.
    public init(
        _ input: CaptureInput, cols: Int? = nil, rows: Int? = nil, path: String,
        workBudget: Int = Terminal.defaultWorkBudget
    ) throws {
        let size = input.size(cols: cols, rows: rows)
        do {
            terminal = try Terminal(cols: size.cols, rows: size.rows)
        } catch {
            throw InputError(path: path, message: "\(error)")
        }
        terminal.workBudget = workBudget
        self.input = input
        self.path = path
        self.followsResizes = cols == nil && rows == nil
    }

    /// Replays every step in order and calls `body` after each with the step and the
    /// terminal: output fed, a resize applied; a recording's input, marker and exit events
    /// come too, with nothing applied. Raw bytes come a line at a time unless `linesApart`
    /// is false (``CaptureInput/forEachStep(followingResizes:linesApart:until:_:)``).
    /// - Returns: the warnings of a streamed recording's events and its duration.
    /// - Throws: ``InputError`` naming ``path`` for a bad event line, a resize outside
    ///   1…1000 or the work budget run out; whatever `body` throws.
    @discardableResult
    public mutating func forEachStep(
        linesApart: Bool = true, until time: Double? = nil,
        _ body: (CaptureStep, inout Terminal) throws -> Void
    ) throws -> CaptureInput.Pass {
        let input = self.input
        let pass = try input.forEachStep(followingResizes: followsResizes, linesApart: linesApart, until: time) {
            step in
            try apply(step)
            try body(step, &terminal)
        }
        warnings += pass.warnings
        lastPass = pass
        return pass
    }

    /// Feeds a step's output or applies its resize (a recording's other events change
    /// nothing), then flushes when the step ends a frame (``Terminal/observer`` sees the
    /// frame shown); for a loop of one's own over ``CaptureInput/forEachStep(followingResizes:linesApart:until:_:)``
    /// with ``followsResizes`` (to look at the screen before a step, as `snap --frames`
    /// does). Returns whether the step changed the terminal's input (output or resize).
    /// - Throws: ``InputError`` naming ``path`` for a resize outside 1…1000 or the work
    ///   budget run out.
    @discardableResult
    public mutating func apply(_ step: CaptureStep) throws -> Bool {
        switch step.kind {
        case .output(let bytes, let offset):
            bytes.withUnsafeBufferPointer { terminal.feed($0, at: offset) }
        case .resize(let cols, let rows):
            do {
                try terminal.resize(cols: cols, rows: rows)
            } catch {
                throw InputError(
                    path: path,
                    message: "resize to \(cols)x\(rows) at \(step.time ?? 0) s is outside 1…\(Screen.maximumSize)")
            }
        case .other:
            return false
        }
        // The end of a frame: an observer of the terminal (exposure tracking) sees it shown.
        if step.endsFrame { terminal.flush() }
        if terminal.isOverWorkBudget {
            try Self.checkWorkBudget(terminal, path: path, event: step.event.map { (step.time ?? 0, $0) })
        }
        return true
    }

    /// The screen at `time` (a recording's moment, in seconds: the screen after the last
    /// event at or before it; the end when nil). The whole recording is read and checked,
    /// whatever `time` is; ``lastPass`` tells its duration (`--at` past the end is refused
    /// with ``check(moment:within:path:)``).
    /// - Throws: ``InputError`` naming ``path``: also for any `time` of raw bytes.
    public mutating func screen(at time: Double? = nil) throws -> Screen {
        try Self.check(moment: time, of: input, path: path)
        try forEachStep(linesApart: false, until: time) { _, _ in }
        try Self.checkWorkBudget(terminal, path: path)
        return terminal.screen
    }

    /// Refuses a moment (`--at`) of a capture that has none: raw bytes.
    /// - Throws: ``InputError`` naming `path`.
    public static func check(moment time: Double?, of input: CaptureInput, path: String) throws {
        if time != nil && input.recordingHeader == nil {
            throw InputError(path: path, message: "--at applies to asciicast recordings (.cast) only")
        }
    }

    /// Refuses a moment (`--at`) after the end of the recording a pass read.
    /// - Throws: ``InputError`` naming `path`.
    public static func check(moment time: Double?, within pass: CaptureInput.Pass, path: String) throws {
        if let time, time > pass.duration {
            throw InputError(path: path, message: "--at \(time) is after the recording's end (\(pass.duration) s)")
        }
    }

    /// Refuses the input when the terminal's work budget ran out on it (exit 2, no output).
    /// - Parameter event: for a recording, the event being replayed (its time and index).
    /// - Throws: ``InputError`` naming `path`.
    public static func checkWorkBudget(
        _ terminal: Terminal, path: String, event: (time: Double, index: Int)? = nil
    ) throws {
        guard let byte = terminal.workBudgetExceededAtByte else { return }
        let what = event.map { "the output, at event \($0.index + 1) (\($0.time) s)" } ?? "the input"
        throw InputError(path: path, message: WorkBudgetMessage.screen(atByte: byte, of: what))
    }
}
