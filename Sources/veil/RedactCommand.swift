import ArgumentParser
import Foundation
import Veil
import VeilMedia
import VeilRedaction
import VeilRender

/// `veil redact`: the same recording (or raw capture), every exposed value hidden.
struct RedactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redact",
        abstract:
            "Write a recording (.cast), capture (.ans), GIF, WebP or SVG that shows the same screens with every exposed value hidden.",
        discussion: """
            The output's extension (or --format) says what to write: .cast (a recording, from a recording), \
            .ans (terminal bytes, from a raw capture), .gif, .webp (lossless) or .svg (animated; from either). \
            Frames are re-encoded from the redacted screen, so no byte of a hidden value survives in any event, \
            title or marker. What no screen shows is left out: input events ("i"), unknown events, comment \
            lines, the header's fields other than the size, start time and idle limit (title, command, \
            environment, tags, …), and escape-sequence strings other than the title (working directory, \
            hyperlinks, clipboard, shell integration, DCS, APC, …). A marker keeps its label unless the rules \
            find something in it.

            GIF, WebP and SVG: every frame is the PNG `veil snap INPUT --at T` writes for its moment (SVG: \
            the same cells and colours, as text). Timing follows agg: pauses shortened to --idle-limit, \
            --speed, at most --fps-cap frames a second, the last frame held --last-frame seconds; frames \
            that change nothing are merged. A raw capture has no timing: one frame, its final screen. GIF \
            needs giflib and WebP libwebp at run time (Debian: libgif7; libwebp7 libwebpmux3 libwebpdemux2).

            An SVG capture (termtosvg, svg-term, a still screen; recognised by its content) is written as \
            the same SVG with each character of a hidden value replaced in its text by • (or --style \
            mask's character), in every frame and in its other text (title, comments).

            An image (PNG, GIF, WebP, JPEG; recognised by its content) is read by OCR (Tesseract) and \
            written with a solid box over each hidden value, in every frame that shows it: PNG and JPEG \
            as PNG, GIF as GIF, WebP as WebP. Without Tesseract an image cannot be redacted (exit 2).

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
            "An asciicast recording (.cast), terminal bytes, or with --text plain text (a file, or - for standard input).",
        completion: .file())
    var input: String

    @Option(
        name: [.short, .customLong("output")],
        help:
            "The file to write: .cast, .ans, .gif, .webp or .svg, - for standard output (with --text, standard output when left out)."
    )
    var output: OutputTarget?

    @Option(help: "The format to write, whatever OUT's extension (needed with -o -  for GIF, WebP or SVG).")
    var format: OutputFormat?

    @Flag(help: "Read INPUT as plain text (logs): no screen, every finding replaced in the text itself.")
    var text = false

    @Flag(
        help:
            "Feed a capture's bytes exactly as a pty master read them, instead of as a cooked terminal shows them (LF as CR LF). Recordings (.cast) are always raw."
    )
    var raw = false

    @OptionGroup var rules: ConfigOption

    @OptionGroup var verbosity: VerboseOption

    @Option(help: "How hidden values look (default: solid; mask with --text).")
    var style: StyleName?

    @OptionGroup var size: ScreenSizeOptions

    @OptionGroup var animation: AnimationOptions

    @OptionGroup var fileMode: FileModeOption

    func validate() throws {
        if !text && output == nil { throw ValidationError("-o OUT is needed (a .cast recording for a .cast input)") }
        if text && raw { throw ValidationError("--raw applies to terminal bytes, not to --text") }
        if text && (format != nil || !animation.given.isEmpty) {
            throw ValidationError("--format and the GIF/WebP/SVG options apply to terminal captures, not to --text")
        }
    }

    func run() throws {
        let rules = try self.rules.rules(forInputAt: input, verbose: verbosity.verbose)
        let output = self.output ?? .standardOutput
        if text {
            return try TextFileRedaction.redact(
                inputPath: input, output: output, rules: rules, style: (style ?? .mask).textStyle,
                policy: fileMode.policy(inputs: [input]))
        }
        let redaction = (style ?? .solid).screenStyle
        if input != "-", try ImageRedaction.isImage(path: input) {
            // An image: its text read by OCR, a solid box painted over each hidden value.
            let bytes = try InputFile.bytes(from: input, limit: ImageCaptureJudge.maximumBytes)
            try checkImageOutput(for: bytes, output: output)
            try output.refuseBinaryOnTerminal("the image")
            let (image, format, boxes) = try ImageRedaction.redact(bytes, rules: rules, path: input)
            try output.write(image, policy: fileMode.policy(inputs: [input]))
            let line =
                "\(RecordCommand.shown(output)): \(boxes) box\(boxes == 1 ? "" : "es") painted over hidden values (\(format.rawValue))"
            if output == .standardOutput { Console.status(line) } else { Console.out(line) }
            return
        }
        if input != "-", let svg = try svgInput() {
            // An SVG capture: hidden characters replaced in its text, everything else kept.
            let (bytes, replaced) = try SVGRedaction.redact(svg, rules: rules, style: redaction, path: input)
            try output.write(bytes, policy: fileMode.policy(inputs: [input]))
            let line =
                "\(RecordCommand.shown(output)): \(replaced) character\(replaced == 1 ? "" : "s") of hidden values replaced"
            if output == .standardOutput { Console.status(line) } else { Console.out(line) }
            return
        }
        let outputPath = output.path
        // Standard output has no extension: what a capture redacts to, unless --format says.
        let explicit =
            format ?? (output == .standardOutput ? (Asciicast.isCast(path: input) ? .cast : .ans) : nil)
        let outputFormat = try OutputFormat.of(path: outputPath, explicit: explicit)
        try animation.check(for: outputFormat, output: outputPath)
        if outputFormat.isPicture {
            return try writeAnimation(outputFormat, to: output, rules: rules)
        }
        let capture = try CaptureInput.read(
            path: input, name: input == "-" ? "<stdin>" : input, raw: raw, cols: size.explicitCols,
            rows: size.explicitRows, warn: Console.warning)
        let wanted: OutputFormat = capture.recordingHeader != nil ? .cast : .ans
        guard outputFormat == wanted else {
            throw ValidationError(
                "\(outputPath): a \(wanted == .cast ? "recording" : "raw capture") is redacted to .\(wanted.rawValue), .gif, .webp or .svg, not .\(outputFormat.rawValue)"
            )
        }
        var report: CaptureExposureReport?
        let redactor = CaptureRedactor(rules: rules, style: redaction)
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
        Console.out(line)
    }

    /// GIF, WebP or SVG: streamed to a temporary file, renamed once the whole capture was drawn
    /// (or to standard output with -o -).
    private func writeAnimation(_ outputFormat: OutputFormat, to output: OutputTarget, rules: RuleSet) throws {
        let animation = RedactedAnimation(
            format: outputFormat, rules: rules, settings: self.animation.settings(style: style ?? .solid))
        try animation.checkLibraries()  // before reading anything
        try output.refuseBinaryOnTerminal("the \(outputFormat.rawValue.uppercased())")
        let capture = try CaptureInput.read(
            path: input, name: input == "-" ? "<stdin>" : input, raw: raw, cols: size.explicitCols,
            rows: size.explicitRows, warn: Console.warning)
        let progress = AnimationProgress(output: output.path)
        defer { progress.end() }
        var report: RedactedAnimation.Report?
        try output.write(policy: fileMode.policy(inputs: [input])) { write in
            report = try animation.write(
                capture, cols: size.explicitCols, rows: size.explicitRows, path: input, progress: progress.report,
                to: write)
        }
        progress.end()
        guard let report else { return }
        report.exposures.warnings.forEach(Console.warning)
        let count = report.exposures.exposures.count
        let seconds = String(format: "%.2f", Double(report.durationMilliseconds) / 1000)
        let line =
            "\(RecordCommand.shown(output)): \(report.frameCount) frame\(report.frameCount == 1 ? "" : "s"), \(seconds) s; \(count) exposed value\(count == 1 ? "" : "s") hidden"
        if output == .standardOutput { Console.status(line) } else { Console.out(line) }
    }

    /// An image is redacted to its own kind (PNG and JPEG to PNG): OUT's extension must say so,
    /// and the options that draw a terminal capture do not apply.
    private func checkImageOutput(for bytes: [UInt8], output: OutputTarget) throws {
        guard let kind = ImageFrames.format(of: bytes) else { return }
        let written = kind == .jpeg ? "png" : kind.rawValue.lowercased()
        if let explicit = format, explicit.rawValue != written {
            throw ValidationError(
                "\(input) is a \(kind.rawValue) image: it is redacted to .\(written), not .\(explicit.rawValue)")
        }
        if !animation.given.isEmpty {
            throw ValidationError("\(input) is an image: the GIF/WebP/SVG drawing options apply to terminal captures")
        }
        guard case .file(let path) = output else { return }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() }
        guard ext == written else {
            throw ValidationError(
                "\(path): \(input) is a \(kind.rawValue) image, redacted to .\(written) (with its boxes painted)")
        }
    }

    /// The bytes of INPUT when it is an SVG document (by its first bytes, whatever its name).
    private func svgInput() throws -> [UInt8]? {
        guard try SVGRedaction.isSVG(path: input) else { return nil }
        return try InputFile.bytes(from: input, limit: SVGCaptureJudge.maximumBytes)
    }
}
