import VeilMedia
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
        /// What was unusual but read, one sentence each naming the file (no secrets: counts
        /// and positions only): content that did not fit on the screen, a recording's odd lines.
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

    /// The screen that the capture at `path` (`-` for standard input) shows, with what was
    /// unusual but read: content outside the screen, a recording's odd lines (each naming
    /// the file: `NAME: …` or `NAME:LINE: …`).
    /// - Throws: ``InputError`` naming the file (and line and column for recordings).
    public static func capture(
        path: String, name: String? = nil, cols: Int?, rows: Int?, at time: Double? = nil,
        raw: Bool = false, workBudget: Int = Terminal.defaultWorkBudget
    ) throws -> Capture {
        let name = name ?? path
        var warnings: [String] = []
        let input = try CaptureInput.read(path: path, name: name, raw: raw, cols: cols, rows: rows) {
            warnings.append($0)
        }
        var replay = try CaptureReplay(input, cols: cols, rows: rows, path: name, workBudget: workBudget)
        let screen = try replay.screen(at: time)
        try CaptureReplay.check(moment: time, within: replay.lastPass, path: name)
        return Capture(screen: screen, warnings: warnings + replay.warnings)
    }

    /// The screen a recording shows at `time` (its end when nil; a time past its end shows
    /// its end).
    /// - Throws: ``InputError`` naming `path`.
    public static func screen(
        of cast: Asciicast, cols: Int?, rows: Int?, at time: Double?, path: String,
        workBudget: Int = Terminal.defaultWorkBudget
    ) throws -> Screen {
        var replay = try CaptureReplay(.recording(cast), cols: cols, rows: rows, path: path, workBudget: workBudget)
        return try replay.screen(at: time)
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

    /// The layout of the capture `bytes` read from `path`, fed in `mode` (see the type's notes).
    /// - Throws: ``InputError`` when the bytes are not terminal text.
    public static func layout(of bytes: [UInt8], path: String, mode: InputMode, cols: Int?, rows: Int?) throws -> Layout
    {
        try checkIsText(bytes, path: path)
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
        if let image = ImageFrames.format(of: bytes) {
            // A screenshot or a published GIF: the commands that read images say so.
            throw InputError(
                path: path,
                message: "is a \(image.rawValue) image, not terminal text: `veil audit` reads the text of terminal "
                    + "images by OCR, and `veil redact FILE -o OUT` paints the values it finds out")
        }
        throw InputError(
            path: path,
            message: "is not terminal text (a NUL byte at offset \(offset): a binary file?); "
                + "give the output of a program, a capture such as `tmux capture-pane -e -p -J`, or an asciicast recording"
        )
    }
}
