import VeilScreen

/// Turns a terminal capture (raw bytes, or an asciicast `.cast` recording) into the screen
/// it shows.
///
/// The screen's size, unless `--cols`/`--rows` give it: a recording's header (and its
/// resize events); for other captures at least 80×24, wider when the widest line is wider
/// (up to ``CaptureExtent/widestInferredLine`` columns; a longer line wraps), taller when
/// cursor addressing draws below row 24 (up to ``CaptureExtent/tallestInferredScreen`` rows). Content that still falls outside the screen (lines
/// that scrolled off its top, a line cut at its right edge) is reported in
/// ``Capture/warnings``, never dropped silently.
public enum TerminalCapture {
    /// A capture's screen and what the reader should know about it.
    public struct Capture: Sendable {
        /// The screen the capture shows.
        public var screen: Screen
        /// Content that did not fit on the screen, one sentence each (no secrets: counts only).
        public var warnings: [String]
    }

    /// The default screen size of a capture that does not tell its own.
    public static let defaultSize = (cols: 80, rows: 24)

    /// The screen that the capture at `path` (`-` for standard input) shows.
    ///
    /// - Parameters:
    ///   - cols, rows: the terminal size; nil means the capture's own (see the type's notes).
    ///   - time: for a recording, the moment to show (seconds; nil means its end).
    ///   - raw: feed LF as given instead of as a cooked terminal shows it (``InputMode``).
    ///   - workBudget: the terminal's work budget (``Terminal/workBudget``); past it the
    ///     input is refused.
    /// - Throws: ``InputError`` naming the file (and line and column for recordings).
    public static func screen(
        path: String, cols: Int?, rows: Int?, at time: Double? = nil,
        raw: Bool = false, workBudget: Int = Terminal.defaultWorkBudget
    ) throws -> Screen {
        try capture(path: path, cols: cols, rows: rows, at: time, raw: raw, workBudget: workBudget).screen
    }

    /// The screen that the capture at `path` (`-` for standard input) shows, with warnings.
    public static func capture(
        path: String, cols: Int?, rows: Int?, at time: Double? = nil,
        raw: Bool = false, workBudget: Int = Terminal.defaultWorkBudget
    ) throws -> Capture {
        if Asciicast.isCast(path: path), path != "-" {
            let source = CaptureSource.file(path)
            if Asciicast.looksLikeRecording(try source.prefix(4096)) {
                // Streamed a line at a time (bounded memory), as the exposure scan reads it.
                return Capture(
                    screen: try streamedScreen(
                        source: source, cols: cols, rows: rows, at: time, path: path, workBudget: workBudget),
                    warnings: [])
            }
        }
        return try capture(
            bytes: try InputFile.bytes(from: path), path: path, cols: cols, rows: rows, at: time, raw: raw,
            workBudget: workBudget)
    }

    /// The screen the recording `source` shows at `time` (its end when nil), read a line at a
    /// time; every line is read (and checked) whatever `time` is.
    static func streamedScreen(
        source: CaptureSource, cols: Int?, rows: Int?, at time: Double?, path: String, workBudget: Int
    ) throws -> Screen {
        let header = try AsciicastReader.header(source: source)
        let fixedSize = cols != nil || rows != nil
        var terminal = try makeTerminal(cols: cols ?? header.cols, rows: rows ?? header.rows, path: path)
        terminal.workBudget = workBudget
        var index = 0
        var duration = 0.0
        try AsciicastReader.forEachEvent(source: source) { event in
            duration = event.time
            if let time, event.time > time { return }
            switch event.kind {
            case .output(let bytes):
                terminal.feed(bytes)
                try checkWorkBudget(terminal, path: path, event: (event.time, index))
            case .resize(let newCols, let newRows):
                if !fixedSize {
                    guard (try? terminal.resize(cols: newCols, rows: newRows)) != nil else {
                        throw InputError(
                            path: path, message: "resize to \(newCols)x\(newRows) at \(event.time) s is outside 1…1000")
                    }
                    try checkWorkBudget(terminal, path: path, event: (event.time, index))
                }
            case .other:
                return
            }
            index += 1
        }
        if let time, time > duration {
            throw InputError(path: path, message: "--at \(time) is after the recording's end (\(duration) s)")
        }
        return terminal.screen
    }

    /// The screen that `bytes`, read from `path`, show (see ``screen(path:cols:rows:at:raw:)``).
    public static func capture(
        bytes: [UInt8], path: String, cols: Int?, rows: Int?, at time: Double? = nil,
        raw: Bool = false, workBudget: Int = Terminal.defaultWorkBudget
    ) throws -> Capture {
        if Asciicast.isCast(path: path) && Asciicast.looksLikeRecording(bytes) {
            let cast = try Asciicast(bytes: bytes, path: path)
            if let time, time > cast.duration {
                throw InputError(path: path, message: "--at \(time) is after the recording's end (\(cast.duration) s)")
            }
            return Capture(
                screen: try screen(of: cast, cols: cols, rows: rows, at: time, path: path, workBudget: workBudget),
                warnings: [])
        }
        if time != nil {
            throw InputError(path: path, message: "--at applies to asciicast recordings (.cast) only")
        }
        let layout = try layout(of: bytes, path: path, cols: cols, rows: rows, raw: raw)
        var terminal = try makeTerminal(cols: layout.cols, rows: layout.rows, path: path)
        terminal.workBudget = workBudget
        layout.mode.feed(bytes, into: &terminal)
        try checkWorkBudget(terminal, path: path)
        return Capture(screen: terminal.screen, warnings: layout.warnings)
    }

    /// How a capture that is not a recording is read: its input mode and screen size, and
    /// what will not fit. Every reader of raw captures goes through it.
    public struct Layout: Sendable, Hashable {
        /// Cooked, or raw with `--raw`.
        public var mode: InputMode
        /// The screen's columns.
        public var cols: Int
        /// The screen's rows.
        public var rows: Int
        /// Content that will not fit, one sentence each.
        public var warnings: [String]
    }

    /// The layout of the capture `bytes` read from `path` (see the type's notes).
    /// - Throws: ``InputError`` when the bytes are not terminal text.
    public static func layout(of bytes: [UInt8], path: String, cols: Int?, rows: Int?, raw: Bool) throws -> Layout {
        try checkIsText(bytes, path: path)
        let mode = InputMode.forCapture(path: path, raw: raw)
        let extent = CaptureExtent.measure(bytes, mode: mode)
        let largest = Screen.maximumSize
        let width = cols ?? min(largest, max(defaultSize.cols, extent.widestLine))
        let height = rows ?? min(largest, max(defaultSize.rows, extent.addressedRows))
        return Layout(mode: mode, cols: width, rows: height, warnings: warnings(extent, cols: width, rows: height))
    }

    /// What of `extent` does not fit a `cols`×`rows` screen.
    static func warnings(_ extent: CaptureExtent, cols: Int, rows: Int) -> [String] {
        var warnings: [String] = []
        if extent.widestLine > cols {
            warnings.append(
                "the content is \(extent.widestLine) columns wide but the screen has \(cols): "
                    + "lines wrapped or were cut at the right edge (--cols \(min(extent.widestLine, Screen.maximumSize)) shows them whole)"
            )
        }
        let lost = extent.linesScrolledOff(rows: rows)
        if lost > 0 {
            let needed = extent.rowsNeeded
            let keep =
                extent.linesBelowBottom == 0 && needed <= Screen.maximumSize ? " (--rows \(needed) keeps them)" : ""
            warnings.append("\(lost) line\(lost == 1 ? "" : "s") scrolled off the top of the \(rows)-row screen\(keep)")
        }
        return warnings
    }

    /// How many leading bytes ``checkIsText(_:path:)`` looks at (as git does for its binary check).
    public static let textCheckBytes = 8000

    /// Refuses bytes that are not terminal text: a NUL byte in the first ``textCheckBytes``
    /// (an executable, an image, a compressed file). Terminals ignore NUL, but no program's
    /// terminal output holds one there, and drawing such a file only makes a garbage PNG.
    /// - Throws: ``InputError`` naming the file and the byte offset.
    public static func checkIsText(_ bytes: [UInt8], path: String) throws {
        guard let offset = bytes.prefix(textCheckBytes).firstIndex(of: 0) else { return }
        throw InputError(
            path: path,
            message: "is not terminal text (a NUL byte at offset \(offset): a binary file?); "
                + "give the output of a program, a capture such as `tmux capture-pane -e -p -J`, or an asciicast recording"
        )
    }

    /// Refuses the input when the terminal's work budget ran out on it (exit 2, no output).
    /// - Parameter event: for a recording, the event being replayed (its time and index).
    static func checkWorkBudget(_ terminal: Terminal, path: String, event: (time: Double, index: Int)? = nil) throws {
        guard let byte = terminal.workBudgetExceededAtByte else { return }
        let what = event.map { "the output, at event \($0.index + 1) (\($0.time) s)" } ?? "the input"
        throw InputError(path: path, message: WorkBudgetMessage.screen(atByte: byte, of: what))
    }

    /// The screen a recording shows at `time` (its end when nil).
    public static func screen(
        of cast: Asciicast, cols: Int?, rows: Int?, at time: Double?, path: String,
        workBudget: Int = Terminal.defaultWorkBudget
    ) throws -> Screen {
        let fixedSize = cols != nil || rows != nil
        var terminal = try makeTerminal(cols: cols ?? cast.cols, rows: rows ?? cast.rows, path: path)
        terminal.workBudget = workBudget
        for (index, event) in cast.steps(until: time).enumerated() {
            switch event.kind {
            case .output(let bytes):
                terminal.feed(bytes)
                try checkWorkBudget(terminal, path: path, event: (event.time, index))
            case .resize(let newCols, let newRows) where !fixedSize:
                guard (try? terminal.resize(cols: newCols, rows: newRows)) != nil else {
                    throw InputError(
                        path: path, message: "resize to \(newCols)x\(newRows) at \(event.time) s is outside 1…1000")
                }
                try checkWorkBudget(terminal, path: path, event: (event.time, index))
            default:
                break
            }
        }
        return terminal.screen
    }

    private static func makeTerminal(cols: Int, rows: Int, path: String) throws -> Terminal {
        do {
            return try Terminal(cols: cols, rows: rows)
        } catch {
            throw InputError(path: path, message: "\(error)")
        }
    }
}
