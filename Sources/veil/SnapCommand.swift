import ArgumentParser
import Foundation
import Veil
import VeilRedaction
import VeilRender

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

    @Option(
        name: [.short, .customLong("output")],
        help: "The PNG to write, - for standard output (default: INPUT's name with .png, or snapshot.png for stdin).")
    var output: String?

    @OptionGroup var rules: ConfigOption

    @OptionGroup var snapshot: SnapshotOptions

    @Option(help: "For a .cast recording: write the redacted PNG of chosen frames into this folder instead.")
    var frames: String?

    @Option(
        help:
            "With --frames: a frame every this many seconds (1, 0.5s, 2s); default: the frames where findings first appear."
    )
    var every: String?

    func validate() throws {
        if let every {
            let number = every.hasSuffix("s") ? String(every.dropLast()) : every
            guard let value = Double(number), value.isFinite, value >= 0.01 else {
                throw ValidationError("--every must be a number of seconds ≥ 0.01, like 1s (got \(every))")
            }
        }
        if every != nil && frames == nil { throw ValidationError("--every needs --frames DIR") }
        if frames != nil && output != nil { throw ValidationError("--frames writes a folder of PNGs; leave out -o") }
    }

    func run() throws {
        if let frames { return try writeFrames(into: frames) }
        let toStandardOutput = output == "-"
        if toStandardOutput && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError(
                "-o - writes the PNG to standard output, which is a terminal; redirect it (> file.png, | program) or give -o FILE"
            )
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

    /// `--frames DIR`: the redacted PNG of chosen frames, `frame-<event>-<seconds>s.png`.
    private func writeFrames(into folder: String) throws {
        let settings = snapshot.settings(rules: try rules.resolver().rules(forInputAt: capture.input))
        let snapshotter = try Snapshotter(settings: settings)
        let choice: CaptureRedactor.FrameChoice =
            every.map { text in
                .every(Double(text.hasSuffix("s") ? String(text.dropLast()) : text) ?? 1)
            } ?? .firstAppearances
        let input = try capture.exposureInput()
        let result = try CaptureRedactor(rules: settings.rules, style: settings.style)
            .frames(
                of: input, choosing: choice, cols: capture.size.explicitCols, rows: capture.size.explicitRows,
                path: capture.input)
        for warning in result.report.warnings {
            FileHandle.standardError.write(Data("veil: warning: \(warning)\n".utf8))
        }
        // Every picture is drawn before any is written: an error leaves no partial set.
        let pictures = try result.frames.map { frame in
            (
                name: frame.event < 0
                    ? String(format: "frame-%08.2fs-start.png", frame.time)
                    : String(format: "frame-%08.2fs-event-%d.png", frame.time, frame.event),
                png: try snapshotter.png(ofRedacted: frame.screen)
            )
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for picture in pictures {
            try AtomicFile.write(picture.png, to: URL(fileURLWithPath: folder).appendingPathComponent(picture.name))
        }
        print(
            "\(folder): \(pictures.count) frame\(pictures.count == 1 ? "" : "s"), \(result.report.exposures.count) exposed value\(result.report.exposures.count == 1 ? "" : "s") hidden"
        )
    }

    /// `name.png` in the current folder for `name.ans` / `name.cast`; `snapshot.png` for stdin.
    static func defaultOutput(for input: String) -> String {
        guard input != "-" else { return "snapshot.png" }
        return URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent + ".png"
    }
}
