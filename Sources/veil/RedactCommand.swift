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

    @Option(help: "Rules file (default: .veil.yml in the current folder if present, else the built-in rules).")
    var config: String?

    @Option(help: "How hidden cells look.")
    var style: StyleOption = .solid

    @OptionGroup var size: ScreenSizeOptions

    func run() throws {
        let rules = try RuleSet.resolve(configPath: config)
        let redaction: RedactionStyle =
            switch style {
            case .solid: .solid
            case .mask: .defaultMask
            case .placeholder: .defaultPlaceholder
            }
        let capture = try CaptureInput.read(path: input) {
            FileHandle.standardError.write(Data("veil: warning: \($0)\n".utf8))
        }
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
