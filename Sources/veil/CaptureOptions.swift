import ArgumentParser
import Veil
import VeilScreen

/// INPUT, `--at` and the screen size: what `snap`, `scan` and `screen` read a capture with.
struct CaptureOptions: ParsableArguments {
    @Argument(help: "Terminal bytes: a file, - for standard input, or an asciicast recording (.cast).")
    var input: String

    @Option(help: "For a .cast recording: the moment to show, in seconds (default: its end).")
    var at: Double?

    @OptionGroup var size: ScreenSizeOptions

    func validate() throws {
        if let at, !(at.isFinite && at >= 0) { throw ValidationError("--at must be a number of seconds ≥ 0") }
    }

    /// The screen the capture shows.
    func screen() throws -> Screen {
        try TerminalCapture.screen(path: input, cols: size.explicitCols, rows: size.explicitRows, at: at)
    }
}

/// `--format text|json` of the commands that print a screen or its findings.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
