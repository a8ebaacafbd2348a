import Foundation
import Testing
import VeilRender
import VeilScreen
import VeilTestSupport

/// What the GIF and WebP encoders write decodes (giflib, libwebp) to the canvases they were
/// given, at the times they were given, every frame.
@Suite struct AnimationEncoderTests {
    /// Random canvases, each changing one rectangle of the one before, with times.
    static func canvases(seed: UInt64, width: Int, height: Int, colors: Int, count: Int)
        -> [(pixels: [UInt32], changed: PixelRect, milliseconds: Int)]
    {
        var random = SeededGenerator(seed: seed)
        let palette = (0..<colors).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &random) }
        var pixels = (0..<(width * height)).map { _ in random.pick(palette) }
        var result = [(pixels, PixelRect(x: 0, y: 0, width: width, height: height), 0)]
        var time = 0
        for _ in 1..<count {
            let w = Int.random(in: 1...width, using: &random), h = Int.random(in: 1...height, using: &random)
            let x = Int.random(in: 0...(width - w), using: &random),
                y = Int.random(in: 0...(height - h), using: &random)
            for row in y..<(y + h) {
                for col in x..<(x + w) where random.chance(60) { pixels[row * width + col] = random.pick(palette) }
            }
            time += Int.random(in: 20...900, using: &random)
            result.append((pixels, PixelRect(x: x, y: y, width: w, height: h), time))
        }
        return result
    }

    static func rgba(_ pixels: [UInt32]) -> [UInt8] {
        pixels.flatMap {
            [
                UInt8(truncatingIfNeeded: $0 >> 16), UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0),
                255,
            ]
        }
    }

    @Test(arguments: [(1, 3), (2, 40), (3, 255), (4, 2)])
    func gifRoundTrips(_ seed: Int, _ colors: Int) throws {
        let (width, height) = (37, 23)
        let frames = Self.canvases(seed: UInt64(seed), width: width, height: height, colors: colors, count: 12)
        let encoder = try GIFAnimationEncoder(width: width, height: height, loopCount: 0)
        var bytes: [UInt8] = []
        for frame in frames {
            try encoder.add(frame.pixels, changed: frame.changed, atMilliseconds: frame.milliseconds) { bytes += $0 }
        }
        let end = frames.last!.milliseconds + 3000
        try encoder.finish(atMilliseconds: end) { bytes += $0 }
        let (info, decoded) = try AnimationDecoder(format: .gif).frames(of: bytes)
        #expect(info.loopCount == 0)
        // Frames that changed nothing are merged; every decoded frame shows the canvas of its time.
        #expect(decoded.count <= frames.count)
        #expect(info.durationMilliseconds == (end + 5) / 10 * 10)
        for frame in decoded {
            let source = frames.last { ($0.milliseconds + 5) / 10 * 10 <= frame.startMilliseconds }!
            #expect(frame.rgba == Self.rgba(source.pixels), "frame at \(frame.startMilliseconds) ms")
        }
        #expect(decoded.first?.startMilliseconds == 0)
    }

    /// The GIF made on three threads (drawing, indexing, compressing) is the bytes made on
    /// the caller's alone: the same frames, merged the same way, compressed in the same order. More frames than the thread's
    /// queue holds, some in the same hundredth of a second, and chunks handed out as the
    /// frames come.
    @Test(arguments: [(5, 7), (6, 200), (7, 300)])
    func gifOnThreeThreadsIsTheSameBytes(_ seed: Int, _ colors: Int) throws {
        let (width, height) = (61, 29)
        var frames = Self.canvases(seed: UInt64(seed), width: width, height: height, colors: colors, count: 40)
        for index in stride(from: 3, to: frames.count, by: 7) {
            frames[index].milliseconds = frames[index - 1].milliseconds + 2
        }
        func encode(concurrent: Bool) throws -> (bytes: [UInt8], beforeFinish: Int) {
            let encoder = try GIFAnimationEncoder(width: width, height: height, loopCount: 0, concurrent: concurrent)
            var bytes: [UInt8] = []
            for frame in frames {
                try encoder.add(frame.pixels, changed: frame.changed, atMilliseconds: frame.milliseconds) {
                    bytes += $0
                }
            }
            let beforeFinish = bytes.count
            try encoder.finish(atMilliseconds: frames.last!.milliseconds + 3000) { bytes += $0 }
            return (bytes, beforeFinish)
        }
        let alone = try encode(concurrent: false)
        let beside = try encode(concurrent: true)
        let firstDifference = (0..<min(beside.bytes.count, alone.bytes.count)).first {
            beside.bytes[$0] != alone.bytes[$0]
        }
        #expect(
            beside.bytes.count == alone.bytes.count && firstDifference == nil,
            "differ from byte \(firstDifference ?? -1)")
        // Streamed: bytes were handed out before the end. The stages hold at most 8 frames
        // each, fewer than the 40 here, so some frames are done before `finish` whatever the
        // threads' timing (how many varies with the machine's load: not asserted).
        #expect(beside.beforeFinish > 0)
        #expect(try AnimationDecoder(format: .gif).frames(of: beside.bytes).frames.count > 20)
    }

    /// Screens handed to the encoder (drawn on its indexing thread, or on the caller's without
    /// the pipeline) give the bytes of the same screens drawn by the caller on a canvas of its
    /// own and handed over as pixels: screens that change nothing included, and random edits of
    /// narrow and wide characters.
    @Test(arguments: [1, 2])
    func screensDrawnByTheEncoderAreTheBytesOfCanvasesDrawnByTheCaller(seed: Int) throws {
        let (cols, rows) = (12, 4)
        let rasterizer = Rasterizer(font: try BitmapFont.unifont(), options: RenderOptions(scale: 1))
        var terminal = try Terminal(cols: cols, rows: rows)
        var random = SeededGenerator(seed: UInt64(seed))
        var screens: [Screen] = []
        for step in 0..<40 {
            if step % 5 != 4 { terminal.feed(FrameCanvasTests.edit(&random, cols: cols, rows: rows)) }
            screens.append(terminal.screen)
        }
        func encode(screensGiven: Bool, concurrent: Bool) throws -> [UInt8] {
            var canvas = try FrameCanvas(rasterizer: rasterizer, cols: cols, rows: rows)
            let encoder =
                screensGiven
                ? try GIFAnimationEncoder(canvas: canvas, loopCount: 0, concurrent: concurrent)
                : try GIFAnimationEncoder(
                    width: canvas.width, height: canvas.height, loopCount: 0, concurrent: concurrent)
            var bytes: [UInt8] = []
            for (index, screen) in screens.enumerated() {
                if screensGiven {
                    try encoder.add(screen, atMilliseconds: index * 40) { bytes += $0 }
                } else if let changed = try canvas.draw(screen) {
                    try encoder.add(canvas.pixels, changed: changed, atMilliseconds: index * 40) { bytes += $0 }
                }
            }
            try encoder.finish(atMilliseconds: screens.count * 40 + 1000) { bytes += $0 }
            return bytes
        }
        let expected = try encode(screensGiven: false, concurrent: false)
        #expect(try encode(screensGiven: true, concurrent: true) == expected)
        #expect(try encode(screensGiven: true, concurrent: false) == expected)
        #expect(try AnimationDecoder(format: .gif).frames(of: expected).frames.count > 20)
    }

    /// A GIF abandoned half-way (its write failed) stops its thread and throws the writer's
    /// error.
    @Test func anAbandonedGIFStopsItsThread() throws {
        struct Full: Error {}
        let (width, height) = (20, 10)
        let frames = Self.canvases(seed: 11, width: width, height: height, colors: 5, count: 30)
        var encoder: GIFAnimationEncoder? = try GIFAnimationEncoder(width: width, height: height, concurrent: true)
        var written = 0
        #expect(throws: Full.self) {
            for frame in frames {
                try encoder!.add(frame.pixels, changed: frame.changed, atMilliseconds: frame.milliseconds) { _ in
                    written += 1
                    if written == 3 { throw Full() }
                }
            }
            try encoder!.finish(atMilliseconds: 100_000) { _ in throw Full() }
        }
        encoder = nil
    }

    @Test func gifOfMoreThan256ColoursKeepsTheMostFrequentAndNeverInventsOne() throws {
        let (width, height) = (40, 40)
        var random = SeededGenerator(seed: 9)
        let pixels = (0..<(width * height)).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &random) }
        let encoder = try GIFAnimationEncoder(width: width, height: height, loopCount: nil)
        var bytes: [UInt8] = []
        try encoder.add(pixels, changed: PixelRect(x: 0, y: 0, width: width, height: height), atMilliseconds: 0) {
            bytes += $0
        }
        try encoder.finish(atMilliseconds: 100) { bytes += $0 }
        let (info, frames) = try AnimationDecoder(format: .gif).frames(of: bytes)
        #expect(info.loopCount == nil)
        let original = Set(pixels.map { $0 & 0xFF_FFFF })
        let shown = Set((0..<(width * height)).map { frames[0].color(x: $0 % width, y: $0 / width).hex })
        #expect(shown.count <= 256)
        #expect(shown.isSubset(of: original))
    }

    /// Whether each image of a GIF lets pixels through (its graphic control extension's
    /// transparency flag), in order.
    static func transparencyFlags(_ bytes: [UInt8]) -> [Bool] {
        var flags: [Bool] = []
        var i = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
        func skipBlocks() {
            while bytes[i] != 0 { i += Int(bytes[i]) + 1 }
            i += 1
        }
        while i < bytes.count && bytes[i] != 0x3B {
            if bytes[i] == 0x21 {
                if bytes[i + 1] == 0xF9 { flags.append(bytes[i + 3] & 1 != 0) }
                i += 2
                skipBlocks()
            } else {
                let packed = bytes[i + 9]
                i += 10 + (packed & 0x80 != 0 ? 3 << (Int(packed & 7) + 1) : 0) + 1
                skipBlocks()
            }
        }
        return flags
    }

    @Test func scrolledTextIsDrawnAgainAndAScatteredChangeLetsTheRestThrough() throws {
        // Cells of random two-colour glyphs, 8×16 pixels each, 8 columns by 4 rows.
        let (width, height) = (64, 64)
        var random = SeededGenerator(seed: 21)
        let glyphs = (0..<6).map { _ in (0..<128).map { _ in random.chance(30) } }
        func cells(_ rows: [[Int]]) -> [UInt32] {
            (0..<(width * height)).map { index in
                let (x, y) = (index % width, index / width)
                let ink = glyphs[rows[y / 16][x / 8]][(y % 16) * 8 + x % 8]
                return ink ? 0xFFE5_E5E5 : 0xFF1E_1E1E
            }
        }
        let text = (0..<5).map { _ in (0..<8).map { _ in Int.random(in: 0..<6, using: &random) } }
        let a = cells(Array(text[0..<4]))
        let scrolled = cells(Array(text[1..<5]))
        var scattered = scrolled
        scattered[0] = 0xFFCD_3131
        scattered[width * height - 1] = 0xFFCD_3131
        let all = PixelRect(x: 0, y: 0, width: width, height: height)
        let encoder = try GIFAnimationEncoder(width: width, height: height)
        var bytes: [UInt8] = []
        try encoder.add(a, changed: all, atMilliseconds: 0) { bytes += $0 }
        try encoder.add(scrolled, changed: all, atMilliseconds: 100) { bytes += $0 }
        try encoder.add(scattered, changed: all, atMilliseconds: 200) { bytes += $0 }
        try encoder.finish(atMilliseconds: 300) { bytes += $0 }
        #expect(Self.transparencyFlags(bytes) == [false, false, true])
        let frames = try AnimationDecoder(format: .gif).frames(of: bytes).frames
        #expect(frames.map(\.rgba) == [a, scrolled, scattered].map(Self.rgba))
    }

    @Test func framesInOneHundredthOfASecondBecomeOne() throws {
        let (width, height) = (8, 4)
        let a = [UInt32](repeating: 0xFF11_2233, count: 32)
        var b = a
        b[5] = 0xFFFF_0000
        var c = b
        c[30] = 0xFF00_FF00
        let encoder = try GIFAnimationEncoder(width: width, height: height)
        var bytes: [UInt8] = []
        let all = PixelRect(x: 0, y: 0, width: width, height: height)
        try encoder.add(a, changed: all, atMilliseconds: 0) { bytes += $0 }
        try encoder.add(b, changed: all, atMilliseconds: 500) { bytes += $0 }
        try encoder.add(c, changed: all, atMilliseconds: 503) { bytes += $0 }
        try encoder.finish(atMilliseconds: 1000) { bytes += $0 }
        let frames = try AnimationDecoder(format: .gif).frames(of: bytes).frames
        #expect(frames.map(\.startMilliseconds) == [0, 500])
        #expect(frames.map(\.durationMilliseconds) == [500, 500])
        #expect(frames[1].rgba == Self.rgba(c))
    }

    @Test(arguments: [5, 6])
    func webpRoundTrips(_ seed: Int) throws {
        let (width, height) = (33, 17)
        let frames = Self.canvases(seed: UInt64(seed), width: width, height: height, colors: 300, count: 8)
        let encoder = try WebPAnimationEncoder(width: width, height: height, loopCount: 0)
        for frame in frames { try encoder.add(frame.pixels, atMilliseconds: frame.milliseconds) }
        let end = frames.last!.milliseconds + 2000
        let bytes = try encoder.finish(atMilliseconds: end)
        let (info, decoded) = try AnimationDecoder(format: .webp).frames(of: bytes)
        #expect(info.durationMilliseconds == end)
        #expect(decoded.count == frames.count)
        for (frame, source) in zip(decoded, frames) {
            #expect(frame.startMilliseconds == source.milliseconds)
            #expect(frame.rgba == Self.rgba(source.pixels))
        }
    }

    @Test func misuseIsAnErrorNotACrash() throws {
        #expect(throws: MediaError.self) { try GIFAnimationEncoder(width: 0, height: 5) }
        #expect(throws: MediaError.self) { try WebPAnimationEncoder(width: 5, height: 100_000) }
        let gif = try GIFAnimationEncoder(width: 4, height: 4)
        #expect(throws: MediaError.self) {
            try gif.add([0], changed: PixelRect(x: 0, y: 0, width: 4, height: 4), atMilliseconds: 0) { _ in }
        }
        #expect(throws: MediaError.self) { try gif.finish(atMilliseconds: 0) { _ in } }
    }
}
