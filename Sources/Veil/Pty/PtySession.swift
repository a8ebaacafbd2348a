import CVeilPty
import Foundation
import Synchronization
import VeilScreen

#if canImport(Glibc)
    import Glibc
#endif

/// A program running in a pseudo-terminal whose output reaches an ``AppScreen`` as it
/// arrives: a reader thread reads the pty's master side in 64 KiB pieces and feeds each to
/// the screen model before it reads on, so a program that floods output is read as fast as
/// the parser takes it, in bounded memory (the program waits on its full pty meanwhile).
/// The terminal's answers to queries (cursor position reports, …) are written back to the
/// program.
///
/// ```swift
/// let session = try PtySession(["ls", "-la"], cols: 80, rows: 24)
/// let end = session.wait(idle: nil, until: .now + .seconds(30))
/// let screen = session.screen.capture().screen
/// let exit = session.finish()       // on every path: kills, reaps, closes the pty
/// ```
public final class PtySession: @unchecked Sendable {
    /// What ``wait(idle:until:)`` saw.
    public enum WaitResult: Sendable, Hashable {
        /// The program ended (its exit status), and every byte it wrote was read.
        case ended(ProgramExit)
        /// Its output was quiet for the idle time after it first drew.
        case idle
        /// The deadline passed first.
        case timedOut
    }

    /// The program.
    public let process: PtyProcess
    /// Its screen.
    public let screen: AppScreen
    /// When it started.
    public let started: ContinuousClock.Instant
    /// Called on the reader thread with every piece of output and its time since the start.
    private let onOutput: (@Sendable ([UInt8], Duration) -> Void)?

    // `@unchecked Sendable`: every stored `var` below is read and written only while
    // `condition` is locked.
    private let condition = NSCondition()
    private var firstOutput: ContinuousClock.Instant?
    private var lastOutput: ContinuousClock.Instant?
    private var outputCount = 0
    private var readerDone = false
    private var stopRequested = false

    /// Wakes the reader thread when ``finish()`` stops it (a pipe: read end, write end);
    /// closed by ``finish()`` once the reader has stopped (-1 then), so an ended session
    /// holds no descriptor.
    private var wake: (read: Int32, write: Int32)
    private let writeLock = Mutex(())
    private let replies = Mutex<[UInt8]>([])

    /// Starts `command` in a `cols`×`rows` pseudo-terminal and begins reading its output
    /// into `screen` (a new blank one when nil). `onOutput` gets each piece of output as
    /// read (a recording).
    /// - Throws: ``PtyError`` (the command is not found or cannot start: nothing runs).
    public init(
        _ command: [String], cols: Int, rows: Int, environment: [String: String] = PtyProcess.environment(),
        workBudget: Int = Terminal.defaultWorkBudget, screen: AppScreen? = nil,
        onOutput: (@Sendable ([UInt8], Duration) -> Void)? = nil
    ) throws {
        let screen = try screen ?? AppScreen(cols: cols, rows: rows, workBudget: workBudget)
        var pipeEnds: [Int32] = [0, 0]
        guard veil_pty_wake_pipe(&pipeEnds) == 0 else { throw PtyError.system("pipe", errno: errno) }
        do {
            process = try PtyProcess(command, cols: cols, rows: rows, environment: environment)
        } catch {
            Glibc.close(pipeEnds[0])
            Glibc.close(pipeEnds[1])
            throw error
        }
        wake = (pipeEnds[0], pipeEnds[1])
        started = .now
        self.screen = screen
        self.onOutput = onOutput
        screen.setResponder { [weak self] answer in self?.replies.withLock { $0 += answer } }
        let thread = Thread { [self] in readLoop() }
        thread.name = "veil-pty-reader"
        thread.start()
    }

    deinit {
        finish()
    }

    /// Bytes of output read so far.
    public var outputByteCount: Int { locked { outputCount } }

    /// Whether the program has written anything yet.
    public var hasOutput: Bool { locked { firstOutput != nil } }

    /// When the program last wrote output (nil before it first did).
    public var lastOutputTime: ContinuousClock.Instant? { locked { lastOutput } }

    private func locked<Value>(_ body: () -> Value) -> Value {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    /// Waits until the program ends, or (with `idle`) until its output has been quiet that
    /// long after it first drew, or until `deadline`.
    public func wait(idle: Duration?, until deadline: ContinuousClock.Instant) -> WaitResult {
        condition.lock()
        while true {
            if readerDone { break }
            let now = ContinuousClock.now
            if let idle, let last = lastOutput, now - last >= idle {
                condition.unlock()
                return .idle
            }
            if now >= deadline {
                condition.unlock()
                return .timedOut
            }
            var wakeAt = deadline
            if let idle, let last = lastOutput { wakeAt = min(wakeAt, last + idle) }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Self.seconds(wakeAt - now)))
        }
        condition.unlock()
        // The pty hung up: the program ended or closed its terminal; wait for the end itself.
        if let exit = process.waitForExit(until: deadline) { return .ended(exit) }
        return .timedOut
    }

    /// Writes `bytes` to the program's terminal (what it reads as typed input); gives up at
    /// `deadline` when the program does not read. Returns whether every byte was written.
    @discardableResult
    public func send(_ bytes: [UInt8], until deadline: ContinuousClock.Instant = .now + .seconds(5)) -> Bool {
        writeLock.withLock { _ in
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(process.master, $0.baseAddress, $0.count) }
                if written > 0 {
                    offset += written
                    continue
                }
                if written < 0 && errno == EINTR { continue }
                guard written < 0 && errno == EAGAIN else { return false }
                let now = ContinuousClock.now
                guard now < deadline else { return false }
                var entry = pollfd(fd: process.master, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, min(PtyProcess.milliseconds(until: deadline, from: now), 50))
            }
            return true
        }
    }

    /// Stops reading, kills what is left of the program's process group, reaps it and
    /// closes the pty; returns how the program ended (killed by SIGKILL when it still ran).
    /// Idempotent; call it on every path.
    @discardableResult
    public func finish() -> ProgramExit {
        condition.lock()
        stopRequested = true
        let wakeWrite = wake.write
        condition.unlock()
        if wakeWrite >= 0 {
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
        condition.lock()
        while !readerDone { condition.wait() }
        // The reader has stopped: nothing polls the pipe any more.
        if wake.read >= 0 {
            Glibc.close(wake.read)
            Glibc.close(wake.write)
            wake = (-1, -1)
        }
        condition.unlock()
        process.close()
        return process.exitIfEnded() ?? .signaled(SIGKILL)
    }

    /// The reader thread: reads until the pty hangs up, the program ended and its output is
    /// drained, or ``finish()`` stops it.
    private func readLoop() {
        let size = 1 << 16
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
        defer {
            buffer.deallocate()
            condition.lock()
            readerDone = true
            condition.broadcast()
            condition.unlock()
        }
        var programEnded = false
        while !locked({ stopRequested }) {
            flushReplies()
            var entries = [
                pollfd(fd: process.master, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: programEnded ? -1 : process.exitDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            // Once the program ended, output still on its way is drained; a quiet pty ends it
            // (a background child may hold the slave open: the group is killed at finish).
            let timeout: Int32 = programEnded ? 20 : (process.exitDescriptor >= 0 ? -1 : 50)
            let ready = poll(&entries, 3, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if entries[1].revents != 0 { return }
            if entries[0].revents != 0 {
                let count = read(process.master, buffer.baseAddress, size)
                if count > 0 {
                    let bytes = [UInt8](UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                    deliver(bytes)
                    continue
                }
                if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
                return  // EIO: every slave descriptor is closed (the program ended or let go)
            }
            if entries[2].revents != 0 {
                programEnded = true
                continue
            }
            if ready == 0 {
                if programEnded { return }
                if process.exitDescriptor < 0 && veil_pty_has_ended(process.pid) == 1 { programEnded = true }
            }
        }
    }

    private func deliver(_ bytes: [UInt8]) {
        screen.print(bytes)
        let now = ContinuousClock.now
        onOutput?(bytes, now - started)
        flushReplies()
        condition.lock()
        if firstOutput == nil { firstOutput = now }
        lastOutput = now
        outputCount += bytes.count
        condition.broadcast()
        condition.unlock()
    }

    /// Writes the terminal's pending answers to the program.
    private func flushReplies() {
        let answers = replies.withLock { pending -> [UInt8] in
            defer { pending = [] }
            return pending
        }
        if !answers.isEmpty { send(answers, until: .now + .milliseconds(500)) }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
