import ArgumentParser
import Foundation
import Veil
import VeilRedaction

/// `veil snap`: terminal bytes or a recording → one redacted PNG.
struct SnapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap",
        abstract: "Turn terminal bytes (a file, - for stdin, or an asciicast .cast) into a redacted PNG snapshot.",
        discussion: """
            The screen is 80×24 unless the capture tells its size: a recording's header, the widest \
            line (up to 300 columns), cursor addressing below row 24. Content still outside the screen \
            (lines scrolled off its top) is reported on standard error. --cols and --rows always win.

            Exit codes: 0 the PNG was written (whatever was found is hidden: findings never fail \
            snap; `veil scan` and `veil audit` fail on them); 2 a usage, configuration, input or \
            write error (nothing is written).
            """
    )

    @OptionGroup var capture: CaptureOptions

    @Option(name: [.short, .customLong("output")], help: "The PNG to write, - for standard output (default: INPUT's name with .png, or snapshot.png for stdin).")
    var output: String?

    @OptionGroup var rules: ConfigOption

    @OptionGroup var snapshot: SnapshotOptions

    func run() throws {
        let toStandardOutput = output == "-"
        if toStandardOutput && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError("-o - writes the PNG to standard output, which is a terminal; redirect it (> file.png, | program) or give -o FILE")
        }
        let settings = snapshot.settings(rules: try rules.resolver().rules(forInputAt: capture.input))
        let screen = try capture.screen()
        let snapshotter = try Snapshotter(settings: settings)
        let outcome = try snapshotter.snapshot(of: screen)
        for warning in outcome.unscannedWarnings(rules: settings.rules) {
            FileHandle.standardError.write(Data("veil: warning: \(DisplayText.escaped(warning))\n".utf8))
        }
        if toStandardOutput {
            FileHandle.standardOutput.write(Data(outcome.png))
            FileHandle.standardError.write(Data("<stdout>: \(outcome.hiddenSpans) hidden\n".utf8))
            return
        }
        let url = URL(fileURLWithPath: output ?? Self.defaultOutput(for: capture.input))
        try snapshotter.write(outcome, to: url)
        print("\(url.path): \(outcome.hiddenSpans) hidden")
    }

    /// `name.png` in the current folder for `name.ans` / `name.cast`; `snapshot.png` for stdin.
    static func defaultOutput(for input: String) -> String {
        guard input != "-" else { return "snapshot.png" }
        return URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent + ".png"
    }
}
