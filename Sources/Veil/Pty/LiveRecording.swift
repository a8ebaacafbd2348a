import Foundation
import Synchronization
import VeilRedaction

#if canImport(Glibc)
    import Glibc
#endif

/// `veil record -o OUT.cast -- COMMAND`: runs a program in a pseudo-terminal and records
/// it as an asciicast v2: its output as it arrives, with its timing, the terminal's resizes,
/// what was typed (with `recordInput`) and how it exited. Standard input is passed to the
/// program; on a real terminal the keys go through in raw mode (restored on every exit) and
/// the program's output is shown as it runs.
public struct LiveRecording: Sendable {
    /// The command and its arguments.
    public var command: [String]
    /// The pty's size.
    public var cols: Int, rows: Int
    /// A program still running after this long is stopped and nothing is written.
    public var timeout: Duration?
    /// Record what is typed as input (`i`) events.
    public var recordInput: Bool
    /// The environment the program gets.
    public var environment: [String: String]
    /// The most bytes the recording may hold (a flooding program is stopped past it).
    public var limit: Int

    public init(
        command: [String], cols: Int, rows: Int, timeout: Duration? = nil, recordInput: Bool = false,
        environment: [String: String] = PtyProcess.environment(), limit: Int = InputFile.maximumCaptureBytes
    ) {
        self.command = command
        self.cols = cols
        self.rows = rows
        self.timeout = timeout
        self.recordInput = recordInput
        self.environment = environment
        self.limit = limit
    }

    /// Runs the program, handing the recording to `write` in pieces as it goes (bounded
    /// memory); returns how the program ended. The program is stopped, reaped and its pty
    /// closed, and the user's terminal mode restored, before this returns.
    /// - Throws: ``PtyError`` (the command cannot start, the timeout or the size limit was
    ///   reached: the caller discards what was written), or what `write` throws.
    public func run(to write: ([UInt8]) throws -> Void) throws -> ProgramExit {
        let recorder = Mutex(
            LiveRecordingWriter(
                cols: cols, rows: rows, timestamp: Int(Date().timeIntervalSince1970), command: nil))
        let interactive = isatty(STDIN_FILENO) == 1
        let showOutput = isatty(STDOUT_FILENO) == 1
        // Raw before the program starts: keys typed from its first moment reach it as typed.
        let rawMode = interactive ? RawTerminalMode(descriptor: STDIN_FILENO) : nil
        defer { rawMode?.restore() }
        let session = try PtySession(command, cols: cols, rows: rows, environment: environment) { bytes, time in
            recorder.withLock { $0.output(bytes, at: PtySession.seconds(time)) }
            if showOutput { bytes.withUnsafeBytes { Self.writeAll(STDOUT_FILENO, $0) } }
        }
        defer { session.finish() }
        let deadline = timeout.map { ContinuousClock.now + $0 }
        var readingInput = true
        var size = (cols: cols, rows: rows)
        var written = 0
        let name = DisplayText.escaped(command.first ?? "")
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if case .ended(let exit) = session.wait(idle: nil, until: .now) {
                let time = PtySession.seconds(.now - session.started)
                let rest = recorder.withLock { writer in
                    writer.exit(status: exit.shellStatus, at: time)
                    return writer.takeBytes()
                }
                try write(rest)
                return exit
            }
            if let deadline, ContinuousClock.now >= deadline {
                throw PtyError(
                    "\(name): still running after \(LiveCapture.describe(timeout ?? .zero)) (--timeout): stopped, nothing written"
                )
            }
            var entry = pollfd(fd: readingInput ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, 20)
            if ready > 0 && entry.revents != 0 {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count > 0 {
                    let typed = Array(buffer[0..<count])
                    if recordInput {
                        let time = PtySession.seconds(.now - session.started)
                        recorder.withLock { $0.input(typed, at: time) }
                    }
                    session.send(typed, until: deadline ?? .now + .seconds(3600))
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    // End of input (a file or pipe): the program reads end-of-file, as it
                    // would from a terminal where Ctrl-D is typed (on a new line: after a
                    // partial line, one Ctrl-D only ends that line).
                    readingInput = false
                    if !interactive { session.send([0x04], until: .now + .milliseconds(200)) }
                }
            }
            if interactive, let now = RawTerminalMode.size(of: STDIN_FILENO), now != size {
                size = now
                try? session.process.resize(cols: now.cols, rows: now.rows)
                try? session.screen.resize(cols: now.cols, rows: now.rows)
                let time = PtySession.seconds(.now - session.started)
                recorder.withLock { $0.resize(cols: now.cols, rows: now.rows, at: time) }
            }
            let pending = recorder.withLock { $0.takeBytes() }
            written += pending.count
            if written > limit {
                throw PtyError(
                    "\(name): the recording passed \(InputFile.humanSize(limit)) (the most veil records): stopped, nothing written"
                )
            }
            try write(pending)
        }
    }

    /// The size of the terminal veil runs in (standard input's, else standard output's), or
    /// nil when neither is a terminal.
    public static func terminalSize() -> (cols: Int, rows: Int)? {
        RawTerminalMode.size(of: STDIN_FILENO) ?? RawTerminalMode.size(of: STDOUT_FILENO)
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count > 0 {
                offset += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
