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

    /// Calls `body` with the bytes to feed, in order, each piece with the offset in `bytes`
    /// of its first byte (the CR LF that stands for an LF carries the LF's offset). Cooked,
    /// each LF is fed as CR LF and one final line end (LF or CR LF) is left out: it only moves
    /// the cursor below the last line. A piece ends at each line end in cooked mode, and in
    /// raw mode too with `endingLines` (after the LF); and after `maximumPiece` bytes of one
    /// line. Without `endingLines`, raw bytes are one piece.
    public func forEachPiece(
        of bytes: [UInt8], endingLines: Bool = false, maximumPiece: Int = .max,
        _ body: (_ piece: ArraySlice<UInt8>, _ offset: Int) throws -> Void
    ) rethrows {
        let cooked = self == .cooked
        var end = bytes.count
        if cooked && end > 0 && bytes[end - 1] == 0x0A {
            end -= 1
            if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
        }
        if !cooked && !endingLines && maximumPiece >= end {
            if end > 0 { try body(bytes[0..<end], 0) }
            return
        }
        let lineEnd = Self.lineEnd
        var start = 0
        while start < end {
            var stop = start
            let limit = maximumPiece >= end - start ? end : start + maximumPiece
            if cooked || endingLines {
                while stop < limit && bytes[stop] != 0x0A { stop += 1 }
            } else {
                stop = limit
            }
            if stop == limit && (stop == end || bytes[stop] != 0x0A) {
                // No line end within the piece's reach: a long line goes in pieces.
                try body(bytes[start..<stop], start)
                start = stop
                continue
            }
            if cooked {
                if stop > start { try body(bytes[start..<stop], start) }
                try body(lineEnd[...], stop)
            } else {
                try body(bytes[start...stop], start)
            }
            start = stop + 1
        }
    }

    /// What one LF becomes in a cooked terminal.
    private static let lineEnd: [UInt8] = [0x0D, 0x0A]

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
        forEachPiece(of: bytes) { piece, _ in piece.withUnsafeBufferPointer { terminal.feed($0) } }
    }
}
