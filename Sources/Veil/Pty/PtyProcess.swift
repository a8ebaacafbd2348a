import CVeilPty
import CVeilSignals
import Foundation
import Synchronization
import VeilRedaction

#if canImport(Glibc)
    import Glibc
#endif

/// A program running in a pseudo-terminal: its own session and process group, whose
/// controlling terminal is the pty's slave side; veil holds the master side.
///
/// Whatever the program starts stays in its session, whatever process group it makes (a
/// job-control shell puts each job in its own); when the program ends, times out or is
/// closed, every process of the session is killed (`veil_session_kill`: every group in it,
/// found from `/proc` on Linux, `proc_listallpids` on macOS) before the program is reaped, so
/// nothing it started outlives it. A process that starts a session of its own (`setsid`)
/// leaves and is not followed.
///
/// The fork and everything the child does before `exec` are C (`CVeilPty`: only
/// async-signal-safe calls in the child of a multi-threaded process). Only the pty's slave
/// reaches the program, on descriptors 0, 1 and 2. While it runs, its process group is
/// registered with the signal guard, so a SIGINT, SIGTERM or SIGHUP that ends veil kills
/// its session and reaps it too. ``close()`` (also called on deinit) kills what is left of
/// the session, reaps the program and closes the master: call it on every path.
public final class PtyProcess: Sendable {
    /// The program's process id (also its process group and session id).
    public let pid: pid_t
    /// The master side of the pty (non-blocking, close-on-exec).
    let master: Int32
    /// Readable once the program has ended (a pidfd), or -1 where the system has none.
    let exitDescriptor: Int32

    private struct State {
        var exit: ProgramExit?
        var closed = false
        var guardSlot: Int32
    }
    private let state: Mutex<State>

    /// The environment a program gets: veil's own, with `TERM=xterm-256color` (the terminal
    /// Veil's screen model answers as) and without `COLUMNS` and `LINES` (the pty's size
    /// tells them; stale values would contradict it).
    public static func environment(from base: [String: String] = ProcessInfo.processInfo.environment) -> [String:
        String]
    {
        var environment = base
        environment["TERM"] = "xterm-256color"
        environment["COLUMNS"] = nil
        environment["LINES"] = nil
        return environment
    }

    /// Starts `command` (a program name, looked up on `PATH`, and its arguments) in a new
    /// `cols`×`rows` pseudo-terminal.
    /// - Throws: ``PtyError``: the command is not found or cannot be executed (naming it),
    ///   or the pty cannot be made.
    public init(
        _ command: [String], cols: Int, rows: Int, environment: [String: String] = PtyProcess.environment(),
        directory: String? = nil
    ) throws {
        guard let name = command.first else { throw PtyError("no command to run") }
        guard !command.contains(where: { $0.utf8.contains(0) }) else {
            throw PtyError("\(DisplayText.escaped(name)): an argument holds a NUL byte")
        }
        guard let file = CommandPath.resolve(name, path: environment["PATH"]) else { throw PtyError.notFound(name) }
        var master: Int32 = -1
        var slave: Int32 = -1
        guard veil_pty_open(&master, &slave) == 0 else {
            throw PtyError.system("opening a pseudo-terminal", errno: errno)
        }
        var ready = false
        defer {
            Glibc.close(slave)
            if !ready { Glibc.close(master) }
        }
        try Self.setSize(of: master, cols: cols, rows: rows)
        // UTF-8 input: a backspace in the line editor erases a whole character.
        var mode = termios()
        if tcgetattr(slave, &mode) == 0 {
            mode.c_iflag |= tcflag_t(IUTF8)
            tcsetattr(slave, TCSANOW, &mode)
        }
        let flags = fcntl(master, F_GETFL)
        _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)

        var pid: pid_t = 0
        var slot: Int32 = -1
        var step: Int32 = 0
        var code: Int32 = 0
        let arguments = CStringArray(command)
        let variables = CStringArray(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        let result = file.withCString { path in
            arguments.withPointers { argv in
                variables.withPointers { envp in
                    if let directory {
                        directory.withCString { veil_pty_spawn(path, argv, envp, slave, $0, &pid, &slot, &step, &code) }
                    } else {
                        veil_pty_spawn(path, argv, envp, slave, nil, &pid, &slot, &step, &code)
                    }
                }
            }
        }
        guard result == 0 else {
            let shown = DisplayText.escaped(name)
            switch UInt32(step) {
            case VEIL_PTY_STEP_EXEC.rawValue:
                throw PtyError("\(shown): cannot execute: \(String(cString: strerror(code)))")
            case VEIL_PTY_STEP_CHDIR.rawValue:
                throw PtyError("\(shown): cannot enter \(directory ?? ""): \(String(cString: strerror(code)))")
            default:
                throw PtyError("\(shown): cannot start (step \(step)): \(String(cString: strerror(code)))")
            }
        }
        ready = true
        self.pid = pid
        self.master = master
        self.exitDescriptor = veil_pty_exit_descriptor(pid)
        self.state = Mutex(State(guardSlot: slot))
    }

    deinit {
        close()
    }

    /// Sets the pty's size; the kernel sends SIGWINCH to the program's foreground group.
    public func resize(cols: Int, rows: Int) throws {
        try Self.setSize(of: master, cols: cols, rows: rows)
    }

    private static func setSize(of master: Int32, cols: Int, rows: Int) throws {
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: cols), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else { throw PtyError.system("TIOCSWINSZ", errno: errno) }
    }

    /// Sends `signal` to the program's process group (to the program alone when the group is
    /// gone); nothing once it has ended and been reaped.
    public func signal(_ signal: Int32) {
        state.withLock { state in
            guard !state.closed, state.exit == nil else { return }
            if kill(-pid, signal) != 0 { kill(pid, signal) }
        }
    }

    /// How the program ended, or nil while it runs. Once it has ended, what is left of its
    /// process group is killed, then the program is reaped.
    public func exitIfEnded() -> ProgramExit? {
        state.withLock { state in
            if let exit = state.exit { return exit }
            guard !state.closed, veil_pty_has_ended(pid) == 1 else { return nil }
            return reapLocked(&state)
        }
    }

    /// Waits until the program ends or `deadline` passes; returns how it ended, or nil.
    public func waitForExit(until deadline: ContinuousClock.Instant) -> ProgramExit? {
        var pause = Duration.microseconds(200)
        while true {
            if let exit = exitIfEnded() { return exit }
            let now = ContinuousClock.now
            if now >= deadline { return nil }
            if exitDescriptor >= 0 {
                var entry = pollfd(fd: exitDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&entry, 1, Self.milliseconds(until: deadline, from: now))
            } else {
                Thread.sleep(forTimeInterval: Double(min(pause, deadline - now).components.attoseconds) / 1e18)
                pause = min(pause * 2, .milliseconds(20))
            }
        }
    }

    /// Milliseconds from `now` to `deadline`, rounded up, at least 0, at most a minute.
    static func milliseconds(until deadline: ContinuousClock.Instant, from now: ContinuousClock.Instant) -> Int32 {
        let left = deadline - now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        if seconds >= 60 { return 60_000 }
        return Int32(seconds) * 1000 + Int32((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// Kills the session (every process group in it), reaps the program and closes the pty;
    /// idempotent.
    public func close() {
        state.withLock { state in
            guard !state.closed else { return }
            if state.exit == nil {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                veil_session_kill(pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                state.exit = ProgramExit(waitStatus: status)
                veil_childguard_unregister(state.guardSlot)
            }
            state.closed = true
            Glibc.close(master)
            if exitDescriptor >= 0 { Glibc.close(exitDescriptor) }
        }
    }

    /// Kills the rest of the ended program's session, every group in it (before its pid, the
    /// session's id, is freed), then reaps it.
    private func reapLocked(_ state: inout State) -> ProgramExit {
        kill(-pid, SIGKILL)
        veil_session_kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        veil_childguard_unregister(state.guardSlot)
        let exit = ProgramExit(waitStatus: status)
        state.exit = exit
        return exit
    }
}

/// NUL-terminated C strings for `argv` and `envp`, freed with the value.
private final class CStringArray {
    private var pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    func withPointers<Result>(_ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
        pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    deinit {
        for pointer in pointers { free(pointer) }
    }
}
