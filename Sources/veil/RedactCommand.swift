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
            title or marker. Input events ("i") and the header's title, command and environment are dropped.
            """
    )

    @Argument(help: "An asciicast recording (.cast) or terminal bytes (a file, or - for standard input).")
    var input: String

    @Option(name: [.short, .customLong("output")], help: "The file to write (a .cast recording for a .cast input).")
    var output: String

    @Flag(help: "Feed a capture's bytes exactly as a pty master read them, instead of as a cooked terminal shows them (LF as CR LF). Recordings (.cast) are always raw.")
    var raw = false

    @OptionGroup var rules: ConfigOption

    @Option(help: "How hidden cells look.")
    var style: StyleOption = .solid

    @OptionGroup var size: ScreenSizeOptions

    func run() throws {
        let rules = try self.rules.resolver().rules(forInputAt: input)
        let redaction = style.style
        let capture = try CaptureInput.read(
            path: input, name: input == "-" ? "<stdin>" : input, raw: raw, cols: size.explicitCols,
            rows: size.explicitRows
        ) { FileHandle.standardError.write(Data("veil: warning: \($0)\n".utf8)) }
        let url = URL(fileURLWithPath: output)
        var report: CaptureExposureReport?
        // Streamed to a temporary file, renamed only when the whole recording was read.
        try AtomicFile.write(to: url) { write in
            report = try CaptureRedactor(rules: rules, style: redaction)
                .redact(capture, cols: size.explicitCols, rows: size.explicitRows, path: input, to: write)
        }
        for warning in report?.warnings ?? [] {
            FileHandle.standardError.write(Data("veil: warning: \(warning)\n".utf8))
        }
        let count = report?.exposures.count ?? 0
        print("\(url.path): \(count) exposed value\(count == 1 ? "" : "s") hidden")
    }
}
