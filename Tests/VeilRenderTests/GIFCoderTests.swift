import CVeilMedia
import Testing
import VeilTestSupport

/// Veil's LZW coder writes the bytes giflib's own coder (EGifPutLine) writes for the same
/// frames: giflib is the reference, compared byte for byte over whole files.
@Suite struct GIFCoderTests {
    /// One frame for both encoders.
    struct Frame {
        var x = 0, y = 0, width: Int, height: Int
        var indices: [UInt8]
        var paletteCount: Int
        var transparent = -1
        var delay = 7
    }

    /// The GIF the encoder writes for `frames` on a `width` x `height` canvas, with giflib's
    /// coder or Veil's, and the status of the first frame refused (0 when none was: the
    /// bytes are then the whole file).
    static func encode(_ frames: [Frame], width: Int, height: Int, library: Bool) -> (bytes: [UInt8], status: Int32) {
        let encoder = veil_gif_encoder_new()
        defer { veil_gif_encoder_free(encoder) }
        #expect(veil_gif_encoder_use_library_coder(encoder, library ? 1 : 0) == 0)
        #expect(veil_gif_encoder_start(encoder, UInt32(width), UInt32(height), 0) == 0)
        for frame in frames {
            let palette = (0..<(3 * frame.paletteCount)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            let status = veil_gif_encoder_add_frame(
                encoder, UInt32(frame.x), UInt32(frame.y), UInt32(frame.width), UInt32(frame.height), frame.indices,
                palette, UInt32(frame.paletteCount), Int32(frame.transparent), UInt32(frame.delay))
            if status != 0 { return (output(encoder), status) }
        }
        #expect(veil_gif_encoder_finish(encoder) == 0)
        return (output(encoder), 0)
    }

    static func output(_ encoder: OpaquePointer?) -> [UInt8] {
        var length = 0
        guard let base = veil_gif_encoder_output(encoder, &length) else { return [] }
        return Array(UnsafeBufferPointer(start: base, count: length))
    }

    /// Random indices below `colors`, in runs of up to `run` pixels.
    static func noise(_ count: Int, colors: Int, run: Int, using random: inout SeededGenerator) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            let value = UInt8(Int.random(in: 0..<colors, using: &random))
            out += repeatElement(value, count: min(Int.random(in: 1...run, using: &random), count - out.count))
        }
        return out
    }

    /// A terminal-like frame: rows of 8 x 16 cells, each blank or one of a few glyphs.
    static func text(columns: Int, rows: Int, colors: Int, using random: inout SeededGenerator) -> [UInt8] {
        let glyphs = (0..<24).map { _ in (0..<128).map { _ in random.chance(30) ? UInt8(1) : 0 } }
        let width = columns * 8
        var out = [UInt8](repeating: 0, count: width * rows * 16)
        for row in 0..<rows {
            let ink = UInt8(Int.random(in: 1..<max(colors, 2), using: &random))
            for column in 0..<columns where random.chance(70) {
                let glyph = random.pick(glyphs)
                for y in 0..<16 {
                    for x in 0..<8 where glyph[y * 8 + x] != 0 {
                        out[(row * 16 + y) * width + column * 8 + x] = colors > 1 ? ink : 0
                    }
                }
            }
        }
        return out
    }

    @Test(arguments: [1, 2, 3, 4, 5, 8, 16, 17, 32, 100, 255, 256])
    func sameBytesAsGiflibForEveryPaletteSize(colors: Int) {
        var random = SeededGenerator(seed: UInt64(colors) &* 0x9E37_79B9)
        let width = 331, height = 97  // 32,107 pixels: several clear codes at every width
        var frames = [
            Frame(
                width: width, height: height,
                indices: Self.noise(width * height, colors: colors, run: 3, using: &random), paletteCount: colors)
        ]
        frames.append(
            Frame(
                width: width, height: height,
                indices: Self.noise(width * height, colors: colors, run: 60, using: &random), paletteCount: colors))
        frames.append(Frame(x: 5, y: 9, width: 1, height: 1, indices: [UInt8(colors - 1)], paletteCount: colors))
        frames.append(
            Frame(
                x: 2, y: 3, width: 40, height: 20, indices: [UInt8](repeating: UInt8(colors / 2), count: 800),
                paletteCount: colors,
                transparent: colors / 2))
        let veil = Self.encode(frames, width: width, height: height, library: false)
        let giflib = Self.encode(frames, width: width, height: height, library: true)
        #expect(veil.status == 0 && giflib.status == 0)
        #expect(veil.bytes.count > 100)
        #expect(
            veil.bytes == giflib.bytes,
            "\(colors) colours: \(veil.bytes.count) B against giflib's \(giflib.bytes.count) B")
    }

    /// Frames of different widths one after the other in one context: each starts from an
    /// empty table whatever the frame before it left.
    @Test func sameBytesAcrossFramesOfDifferentPaletteSizes() {
        var random = SeededGenerator(seed: 30)
        let width = 640, height = 384  // an 80 x 24 terminal at scale 1
        var frames: [Frame] = []
        for colors in [16, 256, 2, 6, 256, 4, 9] {
            frames.append(
                Frame(
                    width: width, height: height,
                    indices: Self.text(columns: 80, rows: 24, colors: colors, using: &random), paletteCount: colors))
            let w = Int.random(in: 1...width, using: &random), h = Int.random(in: 1...height, using: &random)
            frames.append(
                Frame(
                    x: Int.random(in: 0...(width - w), using: &random),
                    y: Int.random(in: 0...(height - h), using: &random), width: w, height: h,
                    indices: Self.noise(w * h, colors: colors, run: 9, using: &random), paletteCount: colors))
        }
        let veil = Self.encode(frames, width: width, height: height, library: false)
        let giflib = Self.encode(frames, width: width, height: height, library: true)
        #expect(veil.status == 0 && giflib.status == 0)
        #expect(veil.bytes == giflib.bytes, "\(veil.bytes.count) B against giflib's \(giflib.bytes.count) B")
    }

    /// Random sizes and contents, many seeds.
    @Test func sameBytesOnRandomFrames() {
        for seed in 0..<40 {
            var random = SeededGenerator(seed: SeededGenerator.caseSeed(base: 0x61F, index: seed))
            let width = Int.random(in: 1...300, using: &random), height = Int.random(in: 1...120, using: &random)
            let colors = Int.random(in: 1...256, using: &random)
            let run = Int.random(in: 1...400, using: &random)
            let frames = [
                Frame(
                    width: width, height: height,
                    indices: Self.noise(width * height, colors: colors, run: run, using: &random), paletteCount: colors)
            ]
            let veil = Self.encode(frames, width: width, height: height, library: false)
            let giflib = Self.encode(frames, width: width, height: height, library: true)
            #expect(
                veil.bytes == giflib.bytes, "seed \(seed): \(width)x\(height), \(colors) colours, runs up to \(run)")
        }
    }

    /// An index outside the colour table fails the frame before any of its bytes, as giflib's
    /// path does, and the encoder takes the next frame.
    @Test func anIndexOutsideThePaletteIsRefusedWholeByBoth() {
        let good = Frame(width: 4, height: 2, indices: [0, 1, 2, 3, 3, 2, 1, 0], paletteCount: 4)
        var bad = good
        bad.indices[6] = 4
        let veil = Self.encode([good, bad], width: 4, height: 2, library: false)
        let giflib = Self.encode([good, bad], width: 4, height: 2, library: true)
        let refused = Int32(VEIL_MEDIA_EPALETTE.rawValue)
        #expect(veil.status == refused && giflib.status == refused)
        #expect(veil.bytes == giflib.bytes)
        let once = Self.encode([good], width: 4, height: 2, library: false).bytes
        #expect(veil.bytes == Array(once.dropLast()), "only the first frame written, no trailer")
    }
}
