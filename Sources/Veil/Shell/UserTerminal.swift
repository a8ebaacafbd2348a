import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal `veil shell` runs in: keys are read from standard input in raw mode, and
/// frames are written through a descriptor of its own, opened on the terminal's device
/// without blocking, so a slow terminal never stalls veil (frames wait and coalesce while the
/// program's output goes on being read). The descriptor of its own is what makes writing
/// without blocking safe: the flag is not set on the shell's standard output, which the
/// parent shell shares.
final class UserTerminal {
    /// Standard input (keys).
    let input: Int32
    /// The terminal's device, opened for writing (non-blocking, close-on-exec).
    let output: Int32
    /// Bytes waiting to be written.
    private var pending: [UInt8] = []
    private var written = 0
    private var raw: RawTerminalMode?

    /// Opens the terminal on standard input and output.
    /// - Throws: ``PtyError`` when either is not a terminal.
    init() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw PtyError(
                "veil shell draws on a terminal: standard input and output must be one (for a recording without "
                    + "a terminal, use veil record --redact)")
        }
        // The device by name, else through /proc (a new open file description either way).
        let name = ttyname(STDOUT_FILENO).map { String(cString: $0) } ?? "/proc/self/fd/\(STDOUT_FILENO)"
        let descriptor = open(name, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0, isatty(descriptor) == 1 else {
            let code = errno
            if descriptor >= 0 { Glibc.close(descriptor) }
            throw PtyError.system("opening the terminal \(name)", errno: code)
        }
        input = STDIN_FILENO
        output = descriptor
    }

    deinit {
        Glibc.close(output)
    }

    /// The terminal's size (80×24 when it does not say).
    var size: (cols: Int, rows: Int) { RawTerminalMode.size(of: output) ?? (80, 24) }

    /// Puts the keyboard in raw mode (every key reaches the program as typed, no echo).
    /// - Throws: ``PtyError`` when the mode cannot be set.
    func enterRawMode() throws {
        guard raw == nil else { return }
        guard let mode = RawTerminalMode(descriptor: input) else {
            throw PtyError.system("setting the terminal's raw mode", errno: errno)
        }
        raw = mode
    }

    /// Puts the mode veil found back.
    func leaveRawMode() {
        raw?.restore()
        raw = nil
    }

    /// Asks the terminal for its colours (``TerminalColorQuery``), waiting for its answers
    /// until `deadline`; keys typed meanwhile are in the result's ``TerminalColorQuery/typed``.
    func askColors(until deadline: ContinuousClock.Instant) -> TerminalColorQuery {
        var query = TerminalColorQuery()
        write(TerminalColorQuery.question)
        drain(until: deadline)
        var buffer = [UInt8](repeating: 0, count: 256)
        while !query.isComplete {
            let now = ContinuousClock.now
            guard now < deadline else { break }
            var entry = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, PtyProcess.milliseconds(until: deadline, from: now)) > 0 else { continue }
            let count = read(input, &buffer, buffer.count)
            if count > 0 {
                query.read(Array(buffer[0..<count]))
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                break
            }
        }
        query.finish()
        return query
    }

    /// Whether bytes wait to be written.
    var isBusy: Bool { written < pending.count }

    /// Queues `bytes` and writes what the terminal takes now.
    func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if written == pending.count {
            pending.removeAll(keepingCapacity: true)
            written = 0
        }
        pending += bytes
        flush()
    }

    /// Writes what the terminal takes now; false once it cannot take any more (gone).
    @discardableResult
    func flush() -> Bool {
        while written < pending.count {
            let count = pending.withUnsafeBytes { all in
                Glibc.write(output, all.baseAddress! + written, all.count - written)
            }
            if count > 0 {
                written += count
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN {
                return true
            } else {
                // The terminal is gone (hung up): nothing more can be shown.
                pending = []
                written = 0
                return false
            }
        }
        return true
    }

    /// Writes everything queued, waiting for the terminal up to `deadline`.
    func drain(until deadline: ContinuousClock.Instant) {
        while isBusy {
            guard flush() else { return }
            guard isBusy else { return }
            let now = ContinuousClock.now
            guard now < deadline else { return }
            var entry = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
            _ = poll(&entry, 1, PtyProcess.milliseconds(until: deadline, from: now))
        }
    }
}
