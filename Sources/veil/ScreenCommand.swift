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

    @Argument(help: "Terminal bytes: a file, or - for standard input.")
    var input: String

    @OptionGroup var size: ScreenSizeOptions

    @Option(help: "Output format.")
    var format: Format = .text

    func run() throws {
        let screen = try ScreenDump.screen(fromFile: input, cols: size.cols, rows: size.rows)
        print(ScreenDump.render(screen, as: format == .json ? .json : .text), terminator: "")
    }
}
