import ArgumentParser
import Foundation
import Veil

/// `veil snap`: terminal bytes or a recording → one redacted PNG.
struct SnapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snap",
        abstract: "Turn terminal bytes (a file, - for stdin, or an asciicast .cast) into a redacted PNG snapshot."
    )

    @Argument(help: "Terminal bytes: a file, - for standard input, or an asciicast recording (.cast).")
    var input: String

    @Option(name: [.short, .customLong("output")], help: "The PNG to write (default: INPUT's name with .png, or snapshot.png for stdin).")
    var output: String?

    @Option(help: "For a .cast recording: the moment to show, in seconds (default: its end).")
    var at: Double?

    @OptionGroup var size: ScreenSizeOptions
    @OptionGroup var snapshot: SnapshotOptions

    func validate() throws {
        if let at, !(at.isFinite && at >= 0) { throw ValidationError("--at must be a number of seconds ≥ 0") }
    }

    func run() throws {
        let settings = try snapshot.settings()
        let screen = try TerminalCapture.screen(path: input, cols: size.explicitCols, rows: size.explicitRows, at: at)
        let snapshotter = try Snapshotter(settings: settings)
        let outcome = try snapshotter.snapshot(of: screen)
        let url = URL(fileURLWithPath: output ?? Self.defaultOutput(for: input))
        try snapshotter.write(outcome, to: url)
        print("\(url.path): \(outcome.hiddenSpans) hidden")
    }

    /// `name.png` beside the current folder for `name.ans` / `name.cast`; `snapshot.png` for stdin.
    static func defaultOutput(for input: String) -> String {
        guard input != "-" else { return "snapshot.png" }
        return URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent + ".png"
    }
}
