import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif
import Veil
import VeilRedaction
import VeilRender
import VeilScreen
import VeilTestSupport

/// GIF, WebP and SVG of recordings: decoded frames are the PNGs `veil snap --at` draws for
/// their moments, pixel for pixel; delays add up to the idle-limited duration; no value that
/// was hidden reaches any frame or any byte of the file.
@Suite struct RedactedAnimationTests {
    static let settings = AnimationSettings(idleLimit: 2, fpsCap: 30, lastFrame: 1.5)

    static func write(_ format: OutputFormat, _ cast: Asciicast, settings: AnimationSettings = settings) throws
        -> (bytes: [UInt8], report: RedactedAnimation.Report)
    {
        var bytes: [UInt8] = []
        let report = try RedactedAnimation(format: format, rules: try RuleSet.builtIn, settings: settings)
            .write(.recording(cast), cols: nil, rows: nil, path: "t.cast") { bytes += $0 }
        return (bytes, report)
    }

    /// The PNG pixels of `veil snap` of the recording at `time`.
    static func snapshotPixels(_ cast: Asciicast, at time: Double, settings: AnimationSettings = settings) throws
        -> Bitmap
    {
        let picture = try CaptureRedactor(rules: try RuleSet.builtIn, style: settings.style)
            .picture(of: .recording(cast), at: time, cols: nil, rows: nil, path: "t.cast")
        let renderer = try SnapshotRenderer(theme: settings.theme, options: RenderOptions(scale: settings.scale))
        return try PNGDecoder().decode(try renderer.png(for: picture.screen))
    }

    /// For each play time (ms) a frame starts at, the recording time whose snapshot it shows:
    /// the last event the timeline had applied by then.
    static func sourceTimes(of cast: Asciicast, settings: AnimationSettings = settings) -> (
        play: [Double], source: [Double], end: Double
    ) {
        var timeline = AnimationTimeline(settings: settings.timeline(recordingIdleLimit: cast.idleTimeLimit))
        var plays: [Double] = [0]
        var sources: [Double] = [0]
        for event in cast.events {
            let play = timeline.playTime(ofEventAt: event.time)
            _ = timeline.emission(before: play)
            timeline.applied(at: play)
            plays.append(play)
            sources.append(event.time)
        }
        return (plays, sources, timeline.finish().end)
    }

    static func sourceTime(forPlayMilliseconds ms: Int, _ map: (play: [Double], source: [Double], end: Double))
        -> Double
    {
        var time = 0.0
        for (play, source) in zip(map.play, map.source) where Int((play * 1000).rounded()) <= ms + 5 { time = source }
        return time
    }

    static let session: [(Double, String)] = [
        (0.1, "$ cat notes\r\n"), (0.4, "\u{1B}[1;32mcard\u{1B}[0m 4111 1111 1111 1111\r\n"),
        (0.9, "aws AKIAQ4D3PX"), (1.3, "L2M7RT5JEW done\r\n"), (4.0, "\u{1B}[2J\u{1B}[Hcleared 漢字 ok\r\n"),
        (4.2, "\u{1B}]2;title bob.smith@acme-corp.io\u{07}$ "),
    ]

    @Test(arguments: [OutputFormat.gif, .webp])
    func everyFrameIsTheSnapshotOfItsMoment(_ format: OutputFormat) throws {
        let cast = try ExposureTests.cast(Self.session, cols: 40, rows: 6)
        let (bytes, report) = try Self.write(format, cast)
        #expect(report.exposures.exposures.count >= 2)
        let decoder = AnimationDecoder(format: format == .gif ? .gif : .webp)
        let (info, frames) = try decoder.frames(of: bytes)
        let map = Self.sourceTimes(of: cast)
        // Every event here changes the picture: one frame before the first event, one per event.
        #expect(frames.count == cast.events.count + 1)
        #expect(info.durationMilliseconds == Int((map.end * 1000).rounded()))
        #expect(report.durationMilliseconds == Int((map.end * 1000).rounded()))
        for frame in frames {
            let time = Self.sourceTime(forPlayMilliseconds: frame.startMilliseconds, map)
            let expected = try Self.snapshotPixels(cast, at: time)
            #expect(frame.bitmap == expected, "\(format) frame at \(frame.startMilliseconds) ms (recording \(time) s)")
        }
        // And in the middle of the idle-limited pause: still the snapshot of the moment before.
        let middle = try #require(frames.first { $0.startMilliseconds == Int((map.play[4] * 1000).rounded()) })
        #expect(middle.bitmap == (try Self.snapshotPixels(cast, at: 3.0)))
    }

    @Test func delaysAddUpToTheIdleLimitedDurationAtEverySpeed() throws {
        let cast = try ExposureTests.cast([(0.2, "a"), (1.0, "b"), (30.0, "c"), (31.5, "d")], cols: 10, rows: 2)
        for speed in [1.0, 2.0, 0.5] {
            let settings = AnimationSettings(idleLimit: 3, speed: speed, lastFrame: 2)
            let (bytes, _) = try Self.write(.gif, cast, settings: settings)
            let (info, frames) = try AnimationDecoder(format: .gif).frames(of: bytes)
            let limited = (0.2 + 0.8 + 3 + 1.5) / speed + 2
            #expect(info.durationMilliseconds == Int((limited * 100).rounded()) * 10, "speed \(speed)")
            #expect(frames.map(\.durationMilliseconds).reduce(0, +) == info.durationMilliseconds)
        }
    }

    @Test func loopAndNoLoop() throws {
        let cast = try ExposureTests.cast([(0.1, "a"), (0.5, "b")], cols: 10, rows: 2)
        for loops in [true, false] {
            var settings = Self.settings
            settings.loops = loops
            let gif = try AnimationDecoder(format: .gif).decode(try Self.write(.gif, cast, settings: settings).bytes) {
                _ in
            }
            #expect(gif.loopCount == (loops ? 0 : nil))
            let webp = try AnimationDecoder(format: .webp).decode(
                try Self.write(.webp, cast, settings: settings).bytes
            ) { _ in }
            #expect(webp.loopCount == (loops ? 0 : 1))
            let svg = String(decoding: try Self.write(.svg, cast, settings: settings).bytes, as: UTF8.self)
            #expect(svg.contains(loops ? "steps(1,end) infinite" : "steps(1,end) 1 forwards"))
        }
    }

    @Test func framesThatChangeNothingVisibleAreMerged() throws {
        // The second event only moves the cursor (not drawn); the third rewrites the same text.
        let cast = try ExposureTests.cast([(0.1, "hello"), (0.5, "\u{1B}[1;1H"), (0.9, "hello")], cols: 10, rows: 2)
        for format in [OutputFormat.gif, .webp] {
            let (bytes, report) = try Self.write(format, cast)
            let (_, frames) = try AnimationDecoder(format: format == .gif ? .gif : .webp).frames(of: bytes)
            #expect(frames.count == 2, "\(format)")
            #expect(report.frameCount == 2, "\(format)")
        }
        #expect(try Self.write(.svg, cast).report.frameCount == 2)
    }

    @Test func svgHoldsTheCellsAndColoursAndNoHiddenText() throws {
        let cast = try ExposureTests.cast(Self.session, cols: 40, rows: 6)
        let (bytes, report) = try Self.write(.svg, cast)
        let svg = String(decoding: bytes, as: UTF8.self)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains(">$ cat notes<"))
        #expect(svg.contains(">cleared 漢<") || svg.contains(">漢<"))
        #expect(svg.contains("fill=\"\(Theme.dark.palette[10])\"") || svg.contains("fill=\"\(Theme.dark.palette[2])\""))
        for value in ["4111", "1111 1111", "AKIAQ4D3PX", "L2M7RT5JEW", "bob.smith", "acme-corp"] {
            #expect(!svg.contains(value), "the SVG holds \(value)")
        }
        // A hidden span is a rectangle of the mask colour.
        #expect(svg.contains("fill=\"\(Theme.dark.resolve(RedactionStyle.maskColor, isForeground: false))\""))
        #expect(report.frameCount == cast.events.count + 1)  // the screen before the first event, then each event
        #expect(try XMLWellFormed.check(bytes))
    }
}

/// Foundation's XML parser as a well-formedness check.
enum XMLWellFormed {
    static func check(_ bytes: [UInt8]) throws -> Bool {
        XMLParser(data: Data(bytes)).parse()
    }
}
