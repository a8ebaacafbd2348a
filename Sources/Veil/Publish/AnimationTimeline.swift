/// When each frame of an animation shows, from the times of a recording's events, as agg
/// times them: pauses longer than the idle limit shortened to it, the whole sped up, at most
/// `fpsCap` frames a second, and the last frame held a while.
///
/// A frame shows the screen exactly as it is at the frame's own moment: every event up to
/// that moment, none after. Events closer together than one frame at the cap wait for the
/// next frame (agg instead shows them early). So a frame's picture is the snapshot of the
/// recording at the time of the last event it includes (`veil snap --at`).
///
/// Call ``playTime(ofEventAt:)`` for each event, ``emission(before:)`` before applying it
/// (a frame to show the screen as it is, if one is due), ``applied(at:)`` after, and
/// ``finish()`` at the end.
public struct AnimationTimeline: Sendable {
    /// The timing options (agg's, same defaults).
    public struct Settings: Hashable, Sendable {
        /// The longest pause kept, in seconds of the recording (agg `--idle-time-limit`).
        public var idleLimit: Double
        /// Playback speed: 2 plays twice as fast.
        public var speed: Double
        /// The most frames a second.
        public var fpsCap: Double
        /// How long the last frame stays, in seconds of play.
        public var lastFrame: Double

        /// Settings; the defaults are agg's (5 s, 1×, 30 fps, 3 s).
        public init(idleLimit: Double = 5, speed: Double = 1, fpsCap: Double = 30, lastFrame: Double = 3) {
            self.idleLimit = idleLimit
            self.speed = speed
            self.fpsCap = fpsCap
            self.lastFrame = lastFrame
        }

        /// agg's default idle limit, used when neither the option nor the recording gives one.
        public static let defaultIdleLimit = 5.0
    }

    /// The settings.
    public let settings: Settings
    private var previousEventTime = 0.0
    private var limitedClock = 0.0
    private var lastEventPlay = 0.0
    private var lastEmission: Double?
    /// The play time of the first change not yet shown; the screen before any event counts.
    private var pendingSince: Double? = 0

    /// A timeline with `settings`.
    public init(settings: Settings) {
        self.settings = settings
    }

    /// The play time, in seconds, of the next event (recorded at `time`).
    public mutating func playTime(ofEventAt time: Double) -> Double {
        let gap = max(0, time - previousEventTime)
        previousEventTime = max(previousEventTime, time)
        limitedClock += min(gap, settings.idleLimit)
        lastEventPlay = limitedClock / settings.speed
        return lastEventPlay
    }

    private var due: Double? {
        guard let since = pendingSince else { return nil }
        guard let lastEmission else { return since }
        return max(since, lastEmission + 1 / settings.fpsCap)
    }

    /// Before an event at play time `play` is applied: the play time of a frame showing the
    /// screen as it is now, when one is due before that event.
    public mutating func emission(before play: Double) -> Double? {
        guard let due, play > due else { return nil }
        lastEmission = due
        pendingSince = nil
        return due
    }

    /// After an event at play time `play` changed the screen.
    public mutating func applied(at play: Double) {
        if pendingSince == nil { pendingSince = play }
    }

    /// At the end: the last frame's play time if one is still due, and when the animation
    /// ends (the last frame held ``Settings/lastFrame``).
    public mutating func finish() -> (emission: Double?, end: Double) {
        let emission = due
        if let emission {
            lastEmission = emission
            pendingSince = nil
        }
        return (emission, max(lastEventPlay, lastEmission ?? 0) + settings.lastFrame)
    }

    /// Seconds to whole milliseconds.
    public static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }
}
