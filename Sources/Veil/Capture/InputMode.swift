import VeilScreen

/// How the bytes of a terminal capture reach the screen: the one place that decides what a
/// line feed means.
///
/// A program's output passes through the terminal's line discipline before a terminal
/// draws it; in the usual cooked mode its `ONLCR` flag turns every LF into CR LF. A pipe
/// (`ls -la --color=always | veil snap -`) and `tmux capture-pane -e` hand over the bytes
/// before that step, so the default feeds them as a cooked terminal would show them.
/// `--raw` feeds the bytes exactly as a pty master read them (after the line discipline:
/// `script`, `expect`, a pty of your own). Asciicast recordings are always raw: asciinema
/// records what the pty master read.
///
/// ```swift
/// var terminal = try Terminal(cols: 80, rows: 24)
/// InputMode.cooked.feed(Array("a\nb\n".utf8), into: &terminal)   // "a" and "b" at column 0
/// ```
public enum InputMode: String, Sendable, Hashable, CaseIterable {
    /// As a terminal in cooked mode shows a program's output: LF is a new line (CR LF), and
    /// one line end at the very end of the input is dropped, so a capture of N lines fills N
    /// rows instead of scrolling its first line away.
    case cooked
    /// The bytes exactly as given: LF moves down without returning to column 0.
    case raw

    /// The mode for the capture at `path`: raw for an asciicast recording (`.cast`) or when
    /// `raw` is asked for, else cooked.
    public static func forCapture(path: String, raw: Bool) -> InputMode {
        raw || Asciicast.isCast(path: path) ? .raw : .cooked
    }

    /// Calls `body` with the bytes to feed, in order, in as few pieces as the mode allows.
    public func forEachChunk(of bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            guard self == .cooked else { return body(buffer) }
            var end = buffer.count
            // One final line end (LF or CR LF) only moves the cursor below the last line.
            if end > 0 && buffer[end - 1] == 0x0A {
                end -= 1
                if end > 0 && buffer[end - 1] == 0x0D { end -= 1 }
            }
            let lineEnd: [UInt8] = [0x0D, 0x0A]
            lineEnd.withUnsafeBufferPointer { newline in
                var start = 0
                var index = 0
                while index < end {
                    if buffer[index] == 0x0A {
                        if index > start { body(UnsafeBufferPointer(rebasing: buffer[start..<index])) }
                        body(newline)
                        start = index + 1
                    }
                    index += 1
                }
                if end > start { body(UnsafeBufferPointer(rebasing: buffer[start..<end])) }
            }
        }
    }

    /// What a terminal receives when a program writes `bytes` through a cooked line discipline.
    ///
    /// `ONLCR` turns every LF into CR LF. A simulated app's output (a scenario's
    /// `file`, `text`, `print` and `show`) goes through it, as a real program's output to a
    /// tty does; unlike ``cooked`` captures, no final line end is dropped.
    public static func throughLineDiscipline(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0x0A) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            if byte == 0x0A { out.append(0x0D) }
            out.append(byte)
        }
        return out
    }

    /// Feeds `bytes` to `terminal` in this mode.
    public func feed(_ bytes: [UInt8], into terminal: inout Terminal) {
        forEachChunk(of: bytes) { terminal.feed($0) }
    }
}
