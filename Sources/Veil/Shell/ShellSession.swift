import CVeilSignals
import Foundation
import VeilRedaction
import VeilScreen

#if canImport(Glibc)
    import Glibc
#endif

/// One `veil shell` session: the event loop that joins the user's terminal, the program's
/// pty and the signals (``LiveShell`` is its public face).
///
/// One thread and one `poll` over the pty, standard input, the terminal's output (while a
/// frame waits to be written), the signal pipe and the program's exit descriptor: nothing
/// runs while nothing happens. The program's output is read as it comes and fed to the
/// screen model; a frame is judged and drawn as soon as the terminal has taken the last one
/// and either the output came after a pause (``pause``: a key's echo) or
/// ``LiveShell/frameInterval`` has passed since the last frame (a slow terminal or a flood of
/// output coalesces frames: drawn screens are skipped, never the judging of a screen that is
/// drawn). A frame made while output is still streaming leaves
/// out the line being written (the cursor's line), drawn once the program pauses or moves
/// on: a value cut between two reads of the pty is never drawn in part.
final class ShellSession {
    private let shell: LiveShell
    private let terminal: UserTerminal
    /// The program's screen, its judge and what the user's terminal shows.
    private var framer: ShellFramer
    private var process: PtyProcess?
    private var recorder: ShellRecorder?
    private let record: (([UInt8]) throws -> Void)?
    private var signals: Int32 = -1
    private let started = ContinuousClock.now

    /// Keys and answers waiting to be written to the program.
    private var toProgram: [UInt8] = []
    private var toProgramWritten = 0
    /// The screen (or the terminal) changed since the last frame.
    private var dirty = true
    private var lastFrame = ContinuousClock.now - .seconds(3600)
    private var lastRead = ContinuousClock.now - .seconds(3600)
    /// Output came after a pause (``pause``) since the last frame: it is drawn at once.
    private var afterPause = false
    private var ptyOpen = true
    private var inputOpen = true
    private var programExit: ProgramExit?
    private var exitNoticed: ContinuousClock.Instant?
    private var stopSignal: Int32?
    private var lastReset: [UInt8] = []
    private var statistics = Statistics()

    /// What a session did, written to `VEIL_SHELL_STATS` (a file name) at its end for the
    /// benchmarks: numbers only.
    struct Statistics {
        var bytesRead = 0
        var bytesDrawn = 0
        var frames = 0
        var framesMidStream = 0
        var feedTime = Duration.zero
        var judgeTime = Duration.zero
        var drawTime = Duration.zero
        var longestFrame = Duration.zero

        var json: String {
            func ms(_ duration: Duration) -> String { String(format: "%.3f", PtySession.seconds(duration) * 1000) }
            return """
                {"bytesRead": \(bytesRead), "bytesDrawn": \(bytesDrawn), "frames": \(frames), \
                "framesMidStream": \(framesMidStream), "feedMilliseconds": \(ms(feedTime)), \
                "judgeMilliseconds": \(ms(judgeTime)), \
                "drawMilliseconds": \(ms(drawTime)), "longestFrameMilliseconds": \(ms(longestFrame))}

                """
        }
    }

    /// Output after this long without any is drawn at once, whenever the last frame was (a
    /// key's echo); output that keeps coming is drawn every ``LiveShell/frameInterval``.
    static let pause = Duration.milliseconds(5)
    /// How long a program that ended may still be writing (a child holding its terminal).
    static let drainTime = Duration.milliseconds(50)
    /// How long a program whose terminal closed gets for its exit to be collected.
    static let exitGrace = Duration.milliseconds(250)
    /// How long the terminal gets to answer the colour query (it answers in milliseconds).
    static let colorQueryTime = Duration.seconds(1)
    /// How long a program hung up on (veil stopped) gets to end before it is killed.
    static let hangUpTime = Duration.seconds(1)

    init(_ shell: LiveShell, recording format: OutputFormat?, record: (([UInt8]) throws -> Void)?) throws {
        self.shell = shell
        terminal = try UserTerminal()
        let size = terminal.size
        let drawer = ShellDrawer(cols: size.cols, rows: size.rows, statusLine: shell.statusLine)
        let cols = min(Screen.maximumSize, size.cols)
        let rows = min(Screen.maximumSize, drawer.screenRows)
        framer = ShellFramer(
            screen: try ShellScreen(cols: cols, rows: rows, rules: shell.rules, style: shell.style), drawer: drawer)
        self.record = record
        if let format, record != nil {
            recorder = ShellRecorder(
                format: format, cols: cols, rows: rows, timestamp: Int(Date().timeIntervalSince1970))
        }
    }

    func run() throws -> LiveShell.Outcome {
        signals = veil_termguard_begin(terminal.output)
        guard signals >= 0 else { throw PtyError.system("the signal pipe", errno: errno) }
        defer { finish() }
        try terminal.enterRawMode()
        // The terminal's own colours, for a program that asks (before it starts and asks).
        let colors = terminal.askColors(until: .now + Self.colorQueryTime)
        framer.screen.setReportedColors(foreground: colors.foreground, background: colors.background)
        toProgram += colors.typed
        process = try PtyProcess(
            shell.command, cols: framer.screen.terminal.cols, rows: framer.screen.terminal.rows,
            environment: shell.environment)
        terminal.write(framer.drawer.start())
        updateReset()
        try loop()
        let outcome: LiveShell.Outcome
        if let stopSignal {
            outcome = .stopped(signal: stopSignal)
        } else {
            // The pty closes as the program exits, a moment before its exit can be collected
            // (under load, the loop can see the first and not yet the second): wait that
            // moment before calling a program that let go of its terminal killed.
            let exit = programExit ?? process?.waitForExit(until: .now + Self.exitGrace) ?? .signaled(SIGKILL)
            recorder?.exit(status: exit.shellStatus, at: seconds())
            outcome = .ended(exit)
        }
        try flushRecording(all: true)
        return outcome
    }

    // MARK: - The loop

    private func loop() throws {
        guard let process else { return }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { buffer.deallocate() }
        while stopSignal == nil {
            let now = ContinuousClock.now
            var timeout: Int32 = -1
            if dirty && !terminal.isBusy {
                let due = afterPause ? now : lastFrame + shell.frameInterval
                if now >= due || programExit != nil {
                    try makeFrame(midStream: programExit == nil && isReadable(process.master))
                } else {
                    timeout = PtyProcess.milliseconds(until: due, from: now)
                }
            }
            if let noticed = exitNoticed {
                // Ended: what it wrote is drained; then the last frame is drawn and the loop ends.
                let quietFor = ContinuousClock.now - max(noticed, lastRead)
                if !ptyOpen || quietFor >= Self.drainTime {
                    if dirty { try makeFrame(midStream: false) }
                    return
                }
                let left = PtyProcess.milliseconds(until: max(noticed, lastRead) + Self.drainTime, from: .now)
                timeout = timeout < 0 ? max(1, left) : min(timeout, max(1, left))
            }
            var entries = [
                pollfd(
                    fd: ptyOpen ? process.master : -1,
                    events: Int16(POLLIN) | (toProgramWritten < toProgram.count ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(
                    fd: inputOpen && toProgram.count < 1 << 20 ? terminal.input : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: terminal.isBusy ? terminal.output : -1, events: Int16(POLLOUT), revents: 0),
                pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                pollfd(fd: exitNoticed == nil ? process.exitDescriptor : -1, events: Int16(POLLIN), revents: 0),
            ]
            if exitNoticed == nil && process.exitDescriptor < 0 { timeout = timeout < 0 ? 50 : min(timeout, 50) }
            let ready = poll(&entries, nfds_t(entries.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                throw PtyError.system("poll", errno: errno)
            }
            if entries[3].revents != 0 { handleSignals() }
            if entries[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { readProgram(into: buffer) }
            if entries[1].revents != 0 { readKeys(into: buffer) }
            if toProgramWritten < toProgram.count { writeToProgram() }
            if entries[2].revents != 0, !terminal.flush() { stopSignal = stopSignal ?? SIGHUP }
            if exitNoticed == nil, entries[4].revents != 0 || (process.exitDescriptor < 0 && ready == 0) {
                if let exit = process.exitIfEnded() {
                    programExit = exit
                    exitNoticed = .now
                }
            }
            if !ptyOpen && exitNoticed == nil {
                // Every descriptor of the pty closed, the program still running: it let go of
                // its terminal, and nothing more can be shown.
                exitNoticed = .now
            }
        }
    }

    /// Reads what the program wrote, for at most a frame interval (so keys and signals are
    /// never kept waiting by a flood), feeding it to the screen model.
    private func readProgram(into buffer: UnsafeMutableRawBufferPointer) {
        guard let process else { return }
        let start = ContinuousClock.now
        while true {
            let count = read(process.master, buffer.baseAddress, buffer.count)
            if count > 0 {
                let fed = ContinuousClock.now
                framer.screen.feed(
                    UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
                statistics.feedTime += .now - fed
                statistics.bytesRead += count
                dirty = true
                let now = ContinuousClock.now
                if now - lastRead >= Self.pause { afterPause = true }
                lastRead = now
                let replies = framer.screen.takeReplies()
                if !replies.isEmpty { toProgram += replies }
                if lastRead - start >= shell.frameInterval { return }
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EAGAIN { return }
            ptyOpen = false  // EIO: no descriptor of the slave side is open any more
            return
        }
    }

    /// Reads keys (and pastes, mouse and focus reports) and queues them for the program as
    /// they are: nothing is added, removed or changed.
    private func readKeys(into buffer: UnsafeMutableRawBufferPointer) {
        let count = read(terminal.input, buffer.baseAddress, buffer.count)
        if count > 0 {
            toProgram += UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            // The terminal hung up.
            inputOpen = false
            stopSignal = stopSignal ?? SIGHUP
        }
    }

    private func writeToProgram() {
        guard let process else { return }
        while toProgramWritten < toProgram.count {
            let count = toProgram.withUnsafeBytes { all in
                write(process.master, all.baseAddress! + toProgramWritten, all.count - toProgramWritten)
            }
            if count > 0 {
                toProgramWritten += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break  // EAGAIN: the program is not reading; the rest waits
            }
        }
        if toProgramWritten == toProgram.count {
            toProgram.removeAll(keepingCapacity: toProgram.count < 1 << 16)
            toProgramWritten = 0
        }
    }

    private func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN) != 0
    }

    // MARK: - Frames

    /// Judges the screen and draws it (`midStream`: output is still coming in, so the line
    /// being written is left out).
    private func makeFrame(midStream: Bool) throws {
        let start = ContinuousClock.now
        let frame = framer.frame(midStream: midStream, status: statusText)
        let drawn = ContinuousClock.now
        statistics.frames += 1
        statistics.framesMidStream += midStream ? 1 : 0
        statistics.bytesDrawn += frame.bytes.count
        statistics.judgeTime += frame.judgeTime
        statistics.drawTime += drawn - start - frame.judgeTime
        statistics.longestFrame = max(statistics.longestFrame, drawn - start)
        terminal.write(frame.bytes)
        // A line left out is drawn by the next frame, whether or not more output comes.
        dirty = !framer.withheld.isEmpty
        lastFrame = .now
        afterPause = false
        updateReset()
        if recorder != nil {
            recorder!.frame(frame.screen, at: seconds())
            try flushRecording(all: false)
        }
    }

    /// The status line's text for `count` values hidden, or nil without `--status`.
    private var statusText: ((Int) -> String)? {
        guard shell.statusLine else { return nil }
        let recording = recorder != nil
        return { count in
            var text = " veil shell · \(count) value\(count == 1 ? "" : "s") hidden"
            if recording { text += " · recording" }
            return text
        }
    }

    /// Keeps the bytes that put the terminal back where a signal handler finds them.
    private func updateReset() {
        let reset = framer.drawer.resetBytes(cursorOnScreen: false)
        guard reset != lastReset else { return }
        lastReset = reset
        reset.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { veil_termguard_set_reset($0.baseAddress, $0.count) }
        }
    }

    private func flushRecording(all: Bool) throws {
        guard let record, recorder != nil, all || recorder!.pendingCount >= 1 << 16 else { return }
        let bytes = recorder!.takeBytes()
        if !bytes.isEmpty { try record(bytes) }
    }

    private func seconds() -> Double { PtySession.seconds(.now - started) }

    // MARK: - Signals

    private func handleSignals() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(signals, &bytes, bytes.count)
            guard count > 0 else { break }
            for signal in bytes[0..<count].map(Int32.init) {
                switch signal {
                case SIGWINCH: resize()
                case SIGTSTP: suspend()
                case SIGCONT: resume()
                default: stopSignal = stopSignal ?? signal
                }
            }
        }
    }

    private func resize() {
        let size = terminal.size
        guard size.cols != framer.drawer.cols || size.rows != framer.drawer.rows else { return }
        framer.drawer.resize(cols: size.cols, rows: size.rows)
        let cols = min(Screen.maximumSize, size.cols)
        let rows = min(Screen.maximumSize, framer.drawer.screenRows)
        try? process?.resize(cols: cols, rows: rows)
        try? framer.screen.resize(cols: cols, rows: rows)
        recorder?.resize(cols: cols, rows: rows, at: seconds())
        framer.forgetWithheld()
        dirty = true
    }

    /// SIGTSTP (`kill -TSTP`; the keyboard's Ctrl-Z goes to the program): the terminal is put
    /// back, veil stops; SIGCONT brings it back (``resume()``).
    private func suspend() {
        terminal.write(framer.drawer.release(cursorOnScreen: true))
        terminal.drain(until: .now + .seconds(1))
        terminal.leaveRawMode()
        updateReset()
        kill(getpid(), SIGSTOP)
    }

    /// SIGCONT: raw mode again, and everything drawn again (the terminal may have been used).
    private func resume() {
        try? terminal.enterRawMode()
        framer.drawer.invalidate()
        framer.forgetWithheld()
        dirty = true
        lastFrame = .now - shell.frameInterval
    }

    // MARK: - The end

    /// Stops the program (hung up on first, as a closing terminal does), puts the terminal
    /// back and stops guarding it.
    private func finish() {
        if let process, process.exitIfEnded() == nil {
            process.signal(SIGHUP)
            process.signal(SIGCONT)
            _ = process.waitForExit(until: .now + Self.hangUpTime)
        }
        process?.close()
        terminal.write(framer.drawer.release(cursorOnScreen: true))
        terminal.drain(until: .now + .seconds(1))
        terminal.leaveRawMode()
        veil_termguard_end()
        if let path = ProcessInfo.processInfo.environment["VEIL_SHELL_STATS"], !path.isEmpty {
            try? Data(statistics.json.utf8).write(to: URL(fileURLWithPath: path))
        }
    }
}
