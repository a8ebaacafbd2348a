import VeilRedaction
import VeilRender

/// How a recording becomes an animation: its timing (agg's options), looping, and how each
/// frame is drawn (the same theme, scale and redaction style as `veil snap`).
public struct AnimationSettings: Sendable {
    /// The longest pause kept, in seconds; nil takes the recording's `idle_time_limit`, else
    /// agg's 5 s.
    public var idleLimit: Double?
    /// Playback speed (2: twice as fast).
    public var speed: Double
    /// The most frames a second (1…50: browsers slow GIF frames shorter than 20 ms).
    public var fpsCap: Double
    /// How long the last frame stays, in seconds.
    public var lastFrame: Double
    /// Whether the animation plays forever (else once).
    public var loops: Bool
    /// The colours.
    public var theme: Theme
    /// Pixels per font pixel, 1…3.
    public var scale: Int
    /// How hidden cells look.
    public var style: RedactionStyle

    /// Settings; the timing defaults are agg's.
    public init(
        idleLimit: Double? = nil, speed: Double = 1, fpsCap: Double = 30, lastFrame: Double = 3, loops: Bool = true,
        theme: Theme = .dark, scale: Int = 1, style: RedactionStyle = .solid
    ) {
        self.idleLimit = idleLimit
        self.speed = speed
        self.fpsCap = fpsCap
        self.lastFrame = lastFrame
        self.loops = loops
        self.theme = theme
        self.scale = scale
        self.style = style
    }

    /// The highest `fpsCap`.
    public static let maximumFPS = 50.0

    /// The timeline settings for a recording whose header says `idle_time_limit` is
    /// `recordingIdleLimit`.
    public func timeline(recordingIdleLimit: Double?) -> AnimationTimeline.Settings {
        let limit = idleLimit ?? recordingIdleLimit.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        return AnimationTimeline.Settings(
            idleLimit: limit ?? AnimationTimeline.Settings.defaultIdleLimit, speed: speed, fpsCap: fpsCap,
            lastFrame: lastFrame)
    }
}
