import ArgumentParser
import Foundation
import Veil
import VeilRedaction

/// `veil screen`: prints the screen model after feeding INPUT (debugging, conformance), or
/// with `--actions` the parser's actions for INPUT's bytes.
struct ScreenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screen",
        abstract: "Print the screen an xterm would show after the terminal bytes in INPUT.",
        discussion: """
            --actions prints instead what the parser made of the bytes, one action per line (print, \
            execute, csi_dispatch, esc_dispatch, osc_dispatch, hook, put, unhook; the format is in \
            Docs/sequences.md): the first thing to look at when a screen differs from xterm's. \
            Exit codes: 0 printed; 2 a usage or input error.
            """
    )

    @OptionGroup var capture: CaptureOptions

    @Option(help: "Output format.")
    var format: ScreenDump.Format = .text

    @Flag(help: "Print the parser's actions for INPUT's bytes instead of the screen.")
    var actions = false

    func validate() throws {
        if actions && format != .text { throw ValidationError("--actions prints text; leave out --format json") }
    }

    func run() throws {
        if actions {
            let log = try TerminalCapture.parserActions(
                path: capture.input, name: capture.input == "-" ? "<stdin>" : capture.input, at: capture.at
            ) { Console.error("veil: warning: \(DisplayText.escaped($0))") }
            print(log.map { $0.description + "\n" }.joined(), terminator: "")
            return
        }
        let screen = try capture.screen()
        print(ScreenDump.render(screen, as: format), terminator: "")
    }
}
