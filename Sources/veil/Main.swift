import ArgumentParser
import CVeilSignals
import Foundation
import Veil
import VeilRedaction
import VeilRender

/// The entry point: parses, runs, and maps errors to Veil's exit codes
/// (0 ok, 1 findings or violations, 2 usage/config/input error; never EX_USAGE 64).
@main
enum VeilMain {
    static func main() async {
        // A streamed scan frees and allocates the same sizes thousands of times: keep freed
        // memory for reuse rather than faulting fresh pages in each time (veil_memory.h).
        veil_keep_freed_memory()
        // SIGINT, SIGTERM and SIGHUP remove the temporary file of a write in flight, then exit 128 + signal.
        AtomicFile.installSignalCleanup()
        if let misspelt = CommandSuggestion.message(for: Array(CommandLine.arguments.dropFirst())) {
            FileHandle.standardError.write(Data((misspelt + "\n").utf8))
            terminate(2)
        }
        do {
            var command = try VeilCommand.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let exit as ExitCode {
            terminate(exit.rawValue)
        } catch {
            if VeilCommand.exitCode(for: error) == .success {
                VeilCommand.exit(withError: error)  // --help, --version: prints, exits 0
            }
            // Veil's own errors are one line; a value they quote is escaped whole (a newline
            // in it cannot start a line of CI output). Other messages (usage) keep their lines.
            let raw = StandardInputHint.adding(
                to: VeilCommand.fullMessage(for: error), standardInputIsTerminal: isatty(STDIN_FILENO) != 0)
            let message =
                error is InputError || error is RuleFileError
                ? DisplayText.escaped(raw) : DisplayText.escapedLines(raw)
            if !message.isEmpty {
                Console.error(message)
            }
            // Usage errors and every error thrown by Veil (bad input, config, I/O) exit 2.
            terminate(2)
        }
    }

    private static func terminate(_ code: Int32) -> Never {
        fflush(nil)  // flush every open output stream
        exit(code)
    }
}
