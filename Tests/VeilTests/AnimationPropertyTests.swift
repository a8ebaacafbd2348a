import Foundation
import Testing
import Veil
import VeilRedaction
import VeilRender
import VeilScreen
import VeilTestSupport

/// Random recordings with planted secrets (``ExposurePropertyTests``' sessions), written as
/// GIF, WebP and SVG: no planted value's bytes anywhere in any file, every decoded frame the
/// snapshot of its moment (so drawn only from the redacted screen), and no frame's screen
/// holds a planted value.
@Suite struct AnimationPropertyTests {
    @Test(arguments: Array(UInt64(1)...UInt64(12)))
    func noPlantedValueReachesAnyFormat(seed: UInt64) throws {
        let session = ExposurePropertyTests.session(seed: seed)
        let cast = try ExposureTests.cast(session.events, cols: session.cols, rows: session.rows)
        let settings = RedactedAnimationTests.settings
        let forms = session.planted.flatMap(\.secret.leakForms)
        let map = RedactedAnimationTests.sourceTimes(of: cast)
        for format in [OutputFormat.gif, .webp, .svg] {
            let (bytes, _) = try RedactedAnimationTests.write(format, cast)
            let text = String(decoding: bytes, as: UTF8.self)
            for form in forms {
                #expect(!text.contains(form), "seed \(seed): the \(format) holds a planted value")
                #expect(!bytes.containsSequence(Array(form.utf8)), "seed \(seed): the \(format) holds a planted value")
            }
            guard format != .svg else { continue }
            let frames = try AnimationDecoder(format: format == .gif ? .gif : .webp).frames(of: bytes).frames
            for frame in frames {
                let time = RedactedAnimationTests.sourceTime(forPlayMilliseconds: frame.startMilliseconds, map)
                let picture = try CaptureRedactor(rules: try RuleSet.builtIn, style: settings.style)
                    .picture(of: .recording(cast), at: time, cols: nil, rows: nil, path: "t.cast")
                let screenText = picture.screen.lines().joined(separator: "\n")
                for form in forms {
                    #expect(!screenText.contains(form), "seed \(seed): a frame's screen shows a value")
                }
                let renderer = try SnapshotRenderer(
                    theme: settings.theme, options: RenderOptions(scale: settings.scale))
                let expected = try PNGDecoder().decode(try renderer.png(for: picture.screen))
                #expect(frame.bitmap == expected, "seed \(seed): \(format) frame at \(frame.startMilliseconds) ms")
            }
        }
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs as a contiguous run.
    func containsSequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if self[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
