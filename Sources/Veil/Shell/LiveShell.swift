import Foundation
import VeilRedaction

/// `veil shell [-- COMMAND]`: a program in a pseudo-terminal whose screen is drawn on the
/// user's terminal with every sensitive value hidden, the way tmux draws a pane. The
/// program's output only updates Veil's screen model; what the terminal receives is drawn
/// from the redacted screen (``ShellScreen``, ``ShellDrawer``), a frame at a time and only
/// after detection judged the rows that changed. Keys, pastes, mouse and focus reports go
/// to the program unchanged; the terminal is put back as it was on every way out.
public struct LiveShell: Sendable {
    /// The command and its arguments.
    public var command: [String]
    /// What is sensitive.
    public var rules: RuleSet
    /// How hidden cells look.
    public var style: RedactionStyle
    /// Whether veil's status line takes the terminal's bottom row.
    public var statusLine: Bool
    /// The environment the program gets.
    public var environment: [String: String]
    /// While output keeps coming, frames are this far apart (50 a second at most); output
    /// after a pause (a key's echo) is drawn as soon as it is read.
    public var frameInterval = Duration.milliseconds(20)

    /// The environment variable set for the program (`VEIL_SHELL=1`), so a prompt can show
    /// it runs under veil.
    public static let environmentVariable = "VEIL_SHELL"

    public init(
        command: [String], rules: RuleSet, style: RedactionStyle = .solid, statusLine: Bool = false,
        environment: [String: String] = LiveShell.environment()
    ) {
        self.command = command
        self.rules = rules
        self.style = style
        self.statusLine = statusLine
        self.environment = environment
    }

    /// The program's environment: ``PtyProcess/environment(from:)`` with `VEIL_SHELL=1`.
    public static func environment(from base: [String: String] = ProcessInfo.processInfo.environment) -> [String:
        String]
    {
        var environment = PtyProcess.environment(from: base)
        environment[environmentVariable] = "1"
        return environment
    }

    /// The command `veil shell` runs without `-- COMMAND`: `$SHELL`, else `/bin/sh`.
    public static func defaultCommand(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> [String]
    {
        if let shell = environment["SHELL"], !shell.isEmpty { return [shell] }
        return ["/bin/sh"]
    }

    /// How a session ended.
    public enum Outcome: Sendable, Hashable {
        /// The program ended by itself.
        case ended(ProgramExit)
        /// Veil was asked to stop (SIGTERM, SIGHUP, SIGINT): the program was hung up on.
        case stopped(signal: Int32)

        /// The status `veil shell` exits with: the program's (as a shell reports it), or
        /// 128 + the signal that stopped veil.
        public var status: Int32 {
            switch self {
            case .ended(let exit): exit.shellStatus
            case .stopped(let signal): 128 + signal
            }
        }
    }

    /// Runs the program until it ends or veil is stopped. The terminal is put back, and the
    /// program stopped and reaped, before this returns or throws.
    /// - Throws: ``PtyError`` (not a terminal, the command cannot start).
    public func run() throws -> Outcome {
        try ShellSession(self, recording: nil, record: nil).run()
    }

    /// The most bytes of redacted asciicast held in memory for a GIF, WebP or SVG recording
    /// (``InputFile/maximumCaptureBytes``): the rest of a longer session is not recorded.
    public static let heldRecordingLimit = InputFile.maximumCaptureBytes

    /// How a recorded session went.
    public struct Recorded: Sendable {
        /// How the session ended.
        public var outcome: Outcome
        /// For a GIF, WebP or SVG: the frames written.
        public var frameCount: Int?
        /// When the recording stopped short (seconds into the session): the held recording
        /// reached ``heldRecordingLimit``; nil when the whole session is in it.
        public var stoppedAt: Double?
    }

    /// ``run()``, recording the session as it was drawn in `format` (any format `veil redact`
    /// writes); `record` gets the recording in pieces. An asciicast (`.cast`) or terminal bytes
    /// (`.ans`) are written as the session goes. A GIF, WebP or SVG is drawn once the session
    /// ended and the terminal is put back, from the session's redacted asciicast (held in
    /// memory, at most ``heldRecordingLimit`` bytes) through ``RedactedAnimation`` with these
    /// rules and `animation` (its style is this shell's).
    /// - Throws: ``PtyError``; ``MediaError`` (a missing library, before anything runs);
    ///   what drawing the animation or `record` throws (the session ends then).
    public func run(
        recording format: OutputFormat, animation: AnimationSettings = AnimationSettings(),
        progress: ((RedactedAnimation.Progress) -> Void)? = nil, to record: ([UInt8]) throws -> Void
    ) throws -> Recorded {
        guard format.isPicture else {
            let outcome = try withoutActuallyEscaping(record) { record in
                try ShellSession(self, recording: format, record: record).run()
            }
            return Recorded(outcome: outcome)
        }
        var settings = animation
        settings.style = style
        let drawing = RedactedAnimation(format: format, rules: rules, settings: settings)
        try drawing.checkLibraries()
        var held: [UInt8] = []
        var stoppedAt: Double?
        let started = ContinuousClock.now
        let outcome = try ShellSession(self, recording: .cast) { bytes in
            guard stoppedAt == nil else { return }
            if held.count + bytes.count > Self.heldRecordingLimit {
                stoppedAt = PtySession.seconds(.now - started)
            } else {
                held += bytes
            }
        }.run()
        // A recording cut short ends at its last whole event line.
        if stoppedAt != nil, let end = held.lastIndex(of: UInt8(ascii: "\n")) { held.removeSubrange((end + 1)...) }
        let name = "the session"
        let cast = try Asciicast(bytes: held, path: name)
        let report = try drawing.write(
            .recording(cast), cols: nil, rows: nil, path: name, progress: progress, to: record)
        return Recorded(
            outcome: outcome, frameCount: report.frameCount, stoppedAt: stoppedAt)
    }
}
