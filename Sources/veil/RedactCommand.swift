import ArgumentParser
import Foundation
import Veil
import VeilRedaction
import VeilRender

/// `veil redact`: the same recording (or raw capture), every exposed value hidden.
struct RedactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redact",
        abstract:
            "Write a recording (.cast) or capture (.ans) that plays the same screens with every exposed value hidden.",
        discussion: """
            Frames are re-encoded from the redacted screen, so no byte of a hidden value survives in any event, \
            title or marker. What no screen shows is left out: input events ("i"), unknown events, comment \
            lines, the header's fields other than the size, start time and idle limit (title, command, \
            environment, tags, …), and escape-sequence strings other than the title (working directory, \
            hyperlinks, clipboard, shell integration, DCS, APC, …). A marker keeps its label unless the rules \
            find something in it.

            With --text, INPUT is plain text (logs, config files, CI output): it is written with every \
            finding replaced, streamed line by line in bounded memory (kubectl logs … | veil redact --text -), \
            to standard output or -o. A line longer than 4 MiB is refused (exit 2). \
            --style: solid (█ per character), mask (• per character, the default for text) or placeholder \
            ([REDACTED:rule-id] for text).

            Exit codes: 0 written; 2 a usage, configuration, input or write error (nothing is written to -o).
            """
    )

    @Argument(
        help:
            "An asciicast recording (.cast), terminal bytes, or with --text plain text (a file, or - for standard input)."
    )
    var input: String

    @Option(
        name: [.short, .customLong("output")],
        help:
            "The file to write (a .cast recording for a .cast input), - for standard output (with --text, the default)."
    )
    var output: OutputTarget?

    @Flag(help: "Read INPUT as plain text (logs): no screen, every finding replaced in the text itself.")
    var text = false

    @Flag(
        help:
            "Feed a capture's bytes exactly as a pty master read them, instead of as a cooked terminal shows them (LF as CR LF). Recordings (.cast) are always raw."
    )
    var raw = false

    @OptionGroup var rules: ConfigOption

    @Option(help: "How hidden values look (default: solid; mask with --text).")
    var style: StyleName?

    @OptionGroup var size: ScreenSizeOptions

    @OptionGroup var fileMode: FileModeOption

    func validate() throws {
        if !text && output == nil { throw ValidationError("-o OUT is needed (a .cast recording for a .cast input)") }
        if text && raw { throw ValidationError("--raw applies to terminal bytes, not to --text") }
    }

    func run() throws {
        let rules = try self.rules.resolver().rules(forInputAt: input)
        let output = self.output ?? .standardOutput
        if text {
            return try TextFileRedaction.redact(
                inputPath: input, output: output, rules: rules, style: (style ?? .mask).textStyle,
                policy: fileMode.policy(inputs: [input]))
        }
        let capture = try CaptureInput.read(
            path: input, name: input == "-" ? "<stdin>" : input, raw: raw, cols: size.explicitCols,
            rows: size.explicitRows, warn: Console.warning)
        var report: CaptureExposureReport?
        let redactor = CaptureRedactor(rules: rules, style: (style ?? .solid).screenStyle)
        // Streamed: to a temporary file, renamed only when the whole recording was read.
        try output.write(policy: fileMode.policy(inputs: [input])) { write in
            report = try redactor.redact(
                capture, cols: size.explicitCols, rows: size.explicitRows, path: input, to: write)
        }
        let count = report?.exposures.count ?? 0
        var line = "\(RecordCommand.shown(output)): \(count) exposed value\(count == 1 ? "" : "s") hidden"
        if output == .standardOutput {
            // The summary would mix with the recording on standard output: it goes to standard error.
            Console.status(line)
            report?.warnings.forEach(Console.warning)
            return
        }
        report?.warnings.forEach(Console.warning)
        // What the input held but no screen showed (header fields, input, markers, escape
        // strings): re-encoding leaves all of it out; say how much of it the rules found.
        let held = try RecordingChannels(rules: rules).scan(capture, path: input).findings.count
        if held > 0 { line += "; \(held) value\(held == 1 ? "" : "s") no screen showed left out" }
        print(line)
    }
}
