import Testing
import Veil

/// When frames show: agg's idle limit, speed and last frame; the fps cap defers a frame, never
/// shows one early; the screen before any event is the first frame.
@Suite struct AnimationTimelineTests {
    /// Runs the timeline over events at `times`: the emissions (play time, and the index of the
    /// last event the frame includes, -1 for none) and the end.
    static func run(_ times: [Double], _ settings: AnimationTimeline.Settings) -> (
        frames: [(play: Double, through: Int)], end: Double
    ) {
        var timeline = AnimationTimeline(settings: settings)
        var frames: [(Double, Int)] = []
        for (index, time) in times.enumerated() {
            let play = timeline.playTime(ofEventAt: time)
            if let due = timeline.emission(before: play) { frames.append((due, index - 1)) }
            timeline.applied(at: play)
        }
        let (due, end) = timeline.finish()
        if let due { frames.append((due, times.count - 1)) }
        return (frames, end)
    }

    @Test func pausesAreCappedAndTheLastFrameHeld() {
        let (frames, end) = Self.run([0.5, 1.0, 9.0, 9.5], .init(idleLimit: 2, fpsCap: 30, lastFrame: 3))
        #expect(frames.map(\.play) == [0, 0.5, 1.0, 3.0, 3.5])
        #expect(frames.map(\.through) == [-1, 0, 1, 2, 3])
        #expect(end == 6.5)
    }

    @Test func speedDividesPlayTimeButNotTheLastFrame() {
        let (frames, end) = Self.run([1, 2, 4], .init(idleLimit: 5, speed: 2, fpsCap: 30, lastFrame: 1))
        #expect(frames.map(\.play) == [0, 0.5, 1.0, 2.0])
        #expect(end == 3.0)
    }

    @Test func eventsAtOneMomentShareAFrame() {
        let (frames, _) = Self.run([0, 0, 0.5, 0.5, 0.5], .init())
        #expect(frames.map(\.play) == [0, 0.5])
        #expect(frames.map(\.through) == [1, 4])
    }

    @Test func theCapDefersAFrameToTheScreenOfItsOwnMoment() {
        // 10 fps: at most a frame every 0.1 s. Events at 0.02 and 0.05 wait for 0.1, which
        // shows the screen after both (never one from the future).
        let (frames, _) = Self.run([0.0, 0.02, 0.05, 0.3, 0.31], .init(fpsCap: 10, lastFrame: 0))
        #expect(frames.map(\.play) == [0, 0.1, 0.3, 0.4])
        #expect(frames.map(\.through) == [0, 2, 3, 4])
        for pair in zip(frames, frames.dropFirst()) { #expect(pair.1.play - pair.0.play >= 0.1 - 1e-9) }
    }

    @Test func aRecordingThatStartsLateShowsItsEmptyScreenFirst() {
        let (frames, end) = Self.run([7.0], .init(idleLimit: 5, lastFrame: 3))
        #expect(frames.map(\.play) == [0, 5])
        #expect(end == 8)
    }
}
