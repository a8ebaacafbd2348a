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
        help: "The file to write (a .cast recording for a .cast input; with --text, standard output when left out).")
    var output: String?

    @Flag(help: "Read INPUT as plain text (logs): no screen, every finding replaced in the text itself.")
    var text = false

    @Flag(
        help:
            "Feed a capture's bytes exactly as a pty master read them, instead of as a cooked terminal shows them (LF as CR LF). Recordings (.cast) are always raw."
    )
    var raw = false

    @OptionGroup var rules: ConfigOption

    @Option(help: "How hidden values look (default: solid; mask with --text).")
    var style: StyleOption?

    @OptionGroup var size: ScreenSizeOptions

    @OptionGroup var fileMode: FileModeOption

    func validate() throws {
        if !text && output == nil { throw ValidationError("-o OUT is needed (a .cast recording for a .cast input)") }
        if text && raw { throw ValidationError("--raw applies to terminal bytes, not to --text") }
    }

    func run() throws {
        let rules = try self.rules.resolver().rules(forInputAt: input)
        if text {
            let textStyle: TextRedactionStyle =
                switch style ?? .mask {
                case .solid: .solid
                case .mask: .mask
                case .placeholder: .placeholder
                }
            return try TextFileRedaction.redact(
                inputPath: input, outputPath: output == "-" ? nil : output, rules: rules, style: textStyle,
                policy: fileMode.policy(inputs: [input]))
        }
        let redaction = (style ?? .solid).style
        let capture = try CaptureInput.read(
            path: input, name: input == "-" ? "<stdin>" : input, raw: raw, cols: size.explicitCols,
            rows: size.explicitRows
        ) { FileHandle.standardError.write(Data("veil: warning: \($0)\n".utf8)) }
        var report: CaptureExposureReport?
        let redactor = CaptureRedactor(rules: rules, style: redaction)
        if output == "-" {
            report = try redactor.redact(
                capture, cols: size.explicitCols, rows: size.explicitRows, path: input,
                to: { FileHandle.standardOutput.write(Data($0)) })
            let count = report?.exposures.count ?? 0
            FileHandle.standardError.write(
                Data("<stdout>: \(count) exposed value\(count == 1 ? "" : "s") hidden\n".utf8))
            for warning in report?.warnings ?? [] {
                FileHandle.standardError.write(Data("veil: warning: \(warning)\n".utf8))
            }
            return
        }
        let url = URL(fileURLWithPath: output ?? "")
        // Streamed to a temporary file, renamed only when the whole recording was read.
        try AtomicFile.write(to: url, policy: fileMode.policy(inputs: [input])) { write in
            report = try redactor.redact(
                capture, cols: size.explicitCols, rows: size.explicitRows, path: input, to: write)
        }
        for warning in report?.warnings ?? [] {
            FileHandle.standardError.write(Data("veil: warning: \(warning)\n".utf8))
        }
        let count = report?.exposures.count ?? 0
        // What the input held but no screen showed (header fields, input, markers, escape
        // strings): re-encoding leaves all of it out; say how much of it the rules found.
        let held = try RecordingChannels(rules: rules).scan(capture, path: input).findings.count
        var line = "\(url.path): \(count) exposed value\(count == 1 ? "" : "s") hidden"
        if held > 0 { line += "; \(held) value\(held == 1 ? "" : "s") no screen showed left out" }
        print(line)
    }
}
