import ArgumentParser
import Veil
import VeilRedaction
import VeilLifecycle

/// `--format` of `veil redact` and `veil record`: what to write when the extension does not
/// say it.
extension OutputFormat: ExpressibleByArgument {}

/// agg's options for the pictures formats (GIF, WebP, SVG), and how frames are drawn.
struct AnimationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "GIF/WebP/SVG: shorten pauses to this many seconds (default: the recording's idle_time_limit, else 5).",
            valueName: "seconds"))
    var idleLimit: DurationArgument?

    @Option(help: "GIF/WebP/SVG: playback speed (2: twice as fast; default: 1).")
    var speed: Double?

    @Option(help: "GIF/WebP/SVG: at most this many frames a second, 1–50 (default: 30).")
    var fpsCap: Double?

    @Option(help: ArgumentHelp("GIF/WebP/SVG: how long the last frame stays (default: 3).", valueName: "seconds"))
    var lastFrame: DurationArgument?

    @Flag(inversion: .prefixedNo, help: "GIF/WebP/SVG: play forever (default), or once.")
    var loop: Bool?

    @Option(help: "GIF/WebP: pixel scale (SVG: image size; default: 1).")
    var scale: ScaleOption?

    @Option(help: "GIF/WebP/SVG: colour theme (default: dark).")
    var theme: ThemeOption?

    /// The options given, by name (to refuse them for a format they do not apply to).
    var given: [String] {
        var names: [String] = []
        if idleLimit != nil { names.append("--idle-limit") }
        if speed != nil { names.append("--speed") }
        if fpsCap != nil { names.append("--fps-cap") }
        if lastFrame != nil { names.append("--last-frame") }
        if loop != nil { names.append(loop == true ? "--loop" : "--no-loop") }
        if scale != nil { names.append("--scale") }
        if theme != nil { names.append("--theme") }
        return names
    }

    func validate() throws {
        if let idleLimit, idleLimit.seconds <= 0 {
            throw ValidationError("--idle-limit must be a number of seconds above 0 (got \(idleLimit.seconds))")
        }
        if let speed, !(speed.isFinite && speed > 0 && speed <= 1000) {
            throw ValidationError("--speed must be above 0 and at most 1000 (got \(speed))")
        }
        if let fpsCap, !(fpsCap >= 1 && fpsCap <= AnimationSettings.maximumFPS) {
            throw ValidationError(
                "--fps-cap must be 1…50 (got \(fpsCap)): browsers slow GIF frames shorter than 20 ms down to 100 ms")
        }
        if let lastFrame, lastFrame.seconds > 3600 {
            throw ValidationError("--last-frame must be at most 3600 seconds (got \(lastFrame.seconds))")
        }
    }

    /// The settings these options describe, hidden cells drawn in `style`.
    func settings(style: StyleName) -> AnimationSettings {
        AnimationSettings(
            idleLimit: idleLimit?.seconds, speed: speed ?? 1, fpsCap: fpsCap ?? 30, lastFrame: lastFrame?.seconds ?? 3,
            loops: loop ?? true, theme: (theme ?? ThemeOption(.dark)).theme, scale: (scale ?? .one).rawValue,
            style: style.screenStyle)
    }

    /// Refuses the options when `format` draws no pictures.
    func check(for format: OutputFormat, output: String) throws {
        guard !format.isPicture, let first = given.first else { return }
        throw ValidationError(
            "\(first) applies to .gif, .webp and .svg output, not to \(output) (.\(format.rawValue))")
    }
}
