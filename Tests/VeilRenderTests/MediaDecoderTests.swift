import Foundation
import Testing
import VeilRender

/// The GIF and WebP decoders against frames composed by others: Pillow (its own encoder and
/// decoder) and a GIF built byte by byte with every composition rule (local colour tables,
/// offsets, transparency, disposal to background and to previous, interlacing), composed
/// by the fixture script as browsers compose it.
@Suite struct MediaDecoderTests {
    struct Expected {
        var start: Int
        var duration: Int
        var rgba: [UInt8]
    }

    /// `NAME.frames`: `START DURATION` then one hex line per row.
    static func expectedFrames(_ name: String) throws -> [Expected] {
        let text = try String(contentsOf: Fixtures.url("media/\(name).frames"), encoding: .utf8)
        var frames: [Expected] = []
        for line in text.split(separator: "\n") {
            if line.contains(" ") {
                let parts = line.split(separator: " ").compactMap { Int($0) }
                frames.append(Expected(start: parts[0], duration: parts[1], rgba: []))
            } else {
                var bytes: [UInt8] = []
                var index = line.startIndex
                while index < line.endIndex {
                    let next = line.index(index, offsetBy: 2)
                    bytes.append(UInt8(line[index..<next], radix: 16)!)
                    index = next
                }
                frames[frames.count - 1].rgba += bytes
            }
        }
        return frames
    }

    @Test(arguments: [
        ("pillow-anim.gif", "pillow-anim"), ("pillow-interlaced.gif", "pillow-interlaced"),
        ("handmade-disposal.gif", "handmade-disposal"), ("pillow-anim.webp", "pillow-anim-webp"),
    ])
    func decodesFramesAsTheReferenceComposesThem(_ file: String, _ expectedName: String) throws {
        let bytes = try Fixtures.bytes("media/\(file)")
        let format = try #require(AnimationDecoder.Format.sniff(bytes))
        #expect(format == (file.hasSuffix(".gif") ? .gif : .webp))
        let (info, frames) = try AnimationDecoder(format: format).frames(of: bytes)
        let expected = try Self.expectedFrames(expectedName)
        #expect(frames.count == expected.count)
        #expect(info.frameCount == expected.count)
        for (index, (frame, want)) in zip(frames, expected).enumerated() {
            #expect(frame.startMilliseconds == want.start, "frame \(index)")
            #expect(frame.durationMilliseconds == want.duration, "frame \(index)")
            // Fully transparent pixels may differ in colour (only alpha means anything there).
            var differing = 0
            for pixel in 0..<(frame.width * frame.height) {
                let a = Array(frame.rgba[(4 * pixel)..<(4 * pixel + 4)]),
                    b = Array(want.rgba[(4 * pixel)..<(4 * pixel + 4)])
                if a != b && !(a[3] == 0 && b[3] == 0) { differing += 1 }
            }
            #expect(differing == 0, "frame \(index): \(differing) pixels differ")
        }
    }

    @Test func readsTheLoopCount() throws {
        let gif = try AnimationDecoder(format: .gif).decode(try Fixtures.bytes("media/pillow-anim.gif")) { _ in }
        #expect(gif.loopCount == 2)
        let still = try AnimationDecoder(format: .gif).decode(try Fixtures.bytes("media/pillow-interlaced.gif")) { _ in
        }
        #expect(still.loopCount == nil)
        let webp = try AnimationDecoder(format: .webp).decode(try Fixtures.bytes("media/pillow-anim.webp")) { _ in }
        #expect(webp.loopCount == 0)
    }

    @Test(arguments: ["pillow-anim.gif", "handmade-disposal.gif", "pillow-anim.webp"])
    func damagedFilesAreRefusedNotMisread(_ file: String) throws {
        let bytes = try Fixtures.bytes("media/\(file)")
        let format = try #require(AnimationDecoder.Format.sniff(bytes))
        for cut in [bytes.count / 3, bytes.count / 2, bytes.count - 2] {
            #expect(throws: MediaError.self, "cut at \(cut)") {
                try AnimationDecoder(format: format).decode(Array(bytes.prefix(cut))) { _ in }
            }
        }
        #expect(throws: MediaError.self) {
            try AnimationDecoder(format: format).decode(Array("not an image at all".utf8)) { _ in }
        }
        #expect(throws: MediaError.self) { try AnimationDecoder(format: format).decode([]) { _ in } }
    }

    @Test func limitsStopDecoding() throws {
        let bytes = try Fixtures.bytes("media/pillow-anim.gif")
        #expect(throws: MediaError.limitReached(format: "GIF")) {
            try AnimationDecoder(format: .gif, maximumPixels: 100).decode(bytes) { _ in }
        }
        #expect(throws: MediaError.limitReached(format: "GIF")) {
            try AnimationDecoder(format: .gif, maximumFrames: 2).decode(bytes) { _ in }
        }
        let webp = try Fixtures.bytes("media/pillow-anim.webp")
        #expect(throws: MediaError.limitReached(format: "WebP")) {
            try AnimationDecoder(format: .webp, maximumFrames: 2).decode(webp) { _ in }
        }
    }

    @Test func sniffsFormatsBySignature() {
        #expect(AnimationDecoder.Format.sniff(Array("GIF89a....".utf8)) == .gif)
        #expect(AnimationDecoder.Format.sniff(Array("GIF87a".utf8)) == .gif)
        #expect(AnimationDecoder.Format.sniff(Array("RIFF\0\0\0\0WEBPVP8L".utf8)) == .webp)
        #expect(AnimationDecoder.Format.sniff(Array("\u{89}PNG\r\n".utf8)) == nil)
    }
}
