import ArgumentParser
import Foundation
import Veil
import VeilRedaction
import VeilScreen

/// INPUT, `--at` and the screen size: what `scan` and `screen` read a capture with.
struct CaptureOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(CaptureReading.inputHelp), completion: .file())
    var input: String

    @OptionGroup var reading: CaptureReading

    var at: Double? { reading.at }
    var raw: Bool { reading.raw }
    var size: ScreenSizeOptions { reading.size }

    /// The screen the capture shows; warnings (content outside the screen) go to standard error.
    func screen() throws -> Screen { try reading.screen(of: input) }
}

/// `--at`, `--raw` and the screen size: how a capture is read (`snap` takes its INPUT
/// optionally, as it can run a command instead).
struct CaptureReading: ParsableArguments {
    static let inputHelp =
        "Terminal bytes: a file, - for standard input, or an asciicast recording (.cast). A binary file (a NUL byte in the first 8,000 bytes) is refused (exit 2)."

    // `.unconditional` takes `--at -1` as a value, so validate() can say what is wrong with it.
    @Option(parsing: .unconditional, help: "For a .cast recording: the moment to show, in seconds (default: its end).")
    var at: Double?

    @Flag(
        help:
            "Feed the bytes exactly as a pty master read them. By default a file or standard input is shown as a cooked terminal shows it: LF starts a new line (CR LF), as the line discipline's ONLCR does. Recordings (.cast) are always raw."
    )
    var raw = false

    @OptionGroup var size: ScreenSizeOptions

    func validate() throws {
        if let at, !(at.isFinite && at >= 0) {
            throw ValidationError("--at must be a number of seconds ≥ 0 (got \(at))")
        }
    }

    /// The screen the capture at `input` shows; warnings (content outside the screen) go to
    /// standard error.
    func screen(of input: String) throws -> Screen {
        let capture = try TerminalCapture.capture(
            path: input, name: input == "-" ? "<stdin>" : input, cols: size.explicitCols, rows: size.explicitRows,
            at: at, raw: raw)
        capture.warnings.forEach(Console.warning)
        return capture.screen
    }
}
