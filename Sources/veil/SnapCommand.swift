import ArgumentParser
import Foundation
import Veil
import VeilRedaction

/// `veil snap`: terminal bytes or a recording → one redacted PNG.
struct SnapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap",
        abstract: "Turn terminal bytes (a file, - for stdin, or an asciicast .cast) into a redacted PNG snapshot."
    )

    @OptionGroup var capture: CaptureOptions

    @Option(name: [.short, .customLong("output")], help: "The PNG to write (default: INPUT's name with .png, or snapshot.png for stdin).")
    var output: String?

    @OptionGroup var rules: ConfigOption

    @OptionGroup var snapshot: SnapshotOptions

    func run() throws {
        let settings = snapshot.settings(rules: try rules.resolver().rules(forInputAt: capture.input))
        let screen = try capture.screen()
        let snapshotter = try Snapshotter(settings: settings)
        let outcome = try snapshotter.snapshot(of: screen)
        let url = URL(fileURLWithPath: output ?? Self.defaultOutput(for: capture.input))
        try snapshotter.write(outcome, to: url)
        for warning in outcome.unscannedWarnings(rules: settings.rules) {
            FileHandle.standardError.write(Data("veil: warning: \(DisplayText.escaped(warning))\n".utf8))
        }
        print("\(url.path): \(outcome.hiddenSpans) hidden")
    }

    /// `name.png` in the current folder for `name.ans` / `name.cast`; `snapshot.png` for stdin.
    static func defaultOutput(for input: String) -> String {
        guard input != "-" else { return "snapshot.png" }
        return URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent + ".png"
    }
}
