import ArgumentParser
import Veil

/// `veil screen`: prints the screen model after feeding INPUT (debugging, conformance).
struct ScreenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screen",
        abstract: "Print the screen an xterm would show after the terminal bytes in INPUT.",
        discussion: "Exit codes: 0 printed; 2 a usage or input error."
    )

    @OptionGroup var capture: CaptureOptions

    @Option(help: "Output format.")
    var format: TextOrJSON = .text

    func run() throws {
        let screen = try capture.screen()
        print(ScreenDump.render(screen, as: format == .json ? .json : .text), terminator: "")
    }
}
