import ArgumentParser
import Veil

/// `veil screen`: prints the screen model after feeding INPUT (debugging, conformance).
struct ScreenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screen",
        abstract: "Print the screen an xterm would show after the terminal bytes in INPUT."
    )

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "Terminal bytes: a file, - for standard input, or an asciicast recording (.cast).")
    var input: String

    @Option(help: "For a .cast recording: the moment to show, in seconds (default: its end).")
    var at: Double?

    @OptionGroup var size: ScreenSizeOptions

    @Option(help: "Output format.")
    var format: Format = .text

    func run() throws {
        let screen = try ScreenDump.screen(fromFile: input, cols: size.explicitCols, rows: size.explicitRows, at: at)
        print(ScreenDump.render(screen, as: format == .json ? .json : .text), terminator: "")
    }
}
