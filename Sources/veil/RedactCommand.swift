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

            An image (PNG, GIF, WebP, JPEG; recognised by its content) is read by OCR (Tesseract) and \
            written with a solid box over each hidden value, in every frame that shows it: PNG and JPEG \
            as PNG, GIF as GIF, WebP as WebP. Without Tesseract an image cannot be redacted (exit 2).

            An SVG capture (termtosvg, svg-term, a still screen; recognised by its content) is written as \
            the same SVG with each character of a hidden value replaced in its text by • (or --style \
            mask's character), in every frame and in its other text (title, comments).

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
        if input != "-", try ImageRedaction.isImage(path: input) {
            // An image: its text read by OCR, a solid box painted over each hidden value.
            let bytes = try InputFile.bytes(from: input, limit: ImageCaptureJudge.maximumBytes)
            let (image, format, boxes) = try ImageRedaction.redact(bytes, rules: rules, path: input)
            let url = URL(fileURLWithPath: output ?? "")
            try AtomicFile.write(to: url) { write in try write(image) }
            print("\(url.path): \(boxes) box\(boxes == 1 ? "" : "es") painted over hidden values (\(format.rawValue))")
            return
        }
        if input != "-", let svg = try svgInput() {
            // An SVG capture: hidden characters replaced in its text, everything else kept.
            let (bytes, replaced) = try SVGRedaction.redact(svg, rules: rules, style: redaction, path: input)
            let url = URL(fileURLWithPath: output ?? "")
            try AtomicFile.write(to: url) { write in try write(bytes) }
            print("\(url.path): \(replaced) character\(replaced == 1 ? "" : "s") of hidden values replaced")
            return
        }
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

    /// The bytes of INPUT when it is an SVG document (by its first bytes, whatever its name).
    private func svgInput() throws -> [UInt8]? {
        guard try SVGRedaction.isSVG(path: input) else { return nil }
        return try InputFile.bytes(from: input, limit: SVGCaptureJudge.maximumBytes)
    }
}
