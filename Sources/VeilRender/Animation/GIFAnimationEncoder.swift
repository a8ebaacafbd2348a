import CVeilMedia

/// Encodes canvas frames (``FrameCanvas``) as an animated GIF through giflib, streamed: each
/// frame's bytes are handed out as soon as its delay is known (when the next frame comes).
///
/// Each frame is only the rectangle that changed, shrunk to the pixels that differ from what
/// the GIF already shows; inside it, unchanged pixels are transparent (they keep the frame
/// before). Its palette is exactly its own colours (the terminal's colours: a terminal frame
/// needs no dithering); a rectangle of more than 256 colours (24-bit colour gradients) keeps
/// its 256 most frequent and draws every other pixel in the nearest of them.
///
/// ```swift
/// var gif = try GIFAnimationEncoder(width: canvas.width, height: canvas.height, loopCount: 0)
/// try gif.add(canvas.pixels, changed: rect, atMilliseconds: 0) { try file.write($0) }
/// try gif.finish(atMilliseconds: 3000) { try file.write($0) }
/// ```
public final class GIFAnimationEncoder {
    /// The canvas size.
    public let width: Int
    public let height: Int
    private let context: GIFEncoderContext
    /// The canvas as the GIF shows it after the frames written (and the pending one).
    private var shown: [UInt32]
    private var pending: PendingFrame?
    /// The number of frames written or pending.
    public private(set) var frameCount = 0

    /// A frame waiting for the next one to know its delay.
    private struct PendingFrame {
        var rect: PixelRect
        var indices: [UInt8]
        var palette: [UInt8]
        var paletteCount: Int
        var transparent: Int
        var startCentiseconds: Int
    }

    /// Starts a GIF of `width`×`height`; `loopCount` nil plays once, 0 forever, n > 0 n more
    /// times.
    /// - Throws: ``MediaError`` (giflib missing, a size out of range).
    public init(width: Int, height: Int, loopCount: Int? = 0) throws(MediaError) {
        self.width = width
        self.height = height
        context = GIFEncoderContext()
        shown = []
        guard (1...MediaLimits.maximumDimension).contains(width), (1...MediaLimits.maximumDimension).contains(height),
            width * height <= MediaLimits.maximumPixels
        else { throw .invalidSize(width: width, height: height) }
        try context.check(
            veil_gif_encoder_start(context.ctx, UInt32(width), UInt32(height), Int32(loopCount ?? -1)),
            width: width, height: height)
        // Nothing is shown before the first frame: every pixel differs from this.
        shown = [UInt32](repeating: 0, count: width * height)
    }

    /// Adds the canvas as it is from `milliseconds` on; `changed` holds every pixel that may
    /// differ from the canvas before (the whole canvas for the first frame). A frame that
    /// changes no pixel adds nothing (the frame before lasts longer); one in the same
    /// hundredth of a second as the frame before replaces it. `write` gets the bytes of the
    /// frame before, now that its delay is known.
    /// - Throws: ``MediaError``; whatever `write` throws.
    public func add(
        _ pixels: [UInt32], changed: PixelRect, atMilliseconds milliseconds: Int,
        write: ([UInt8]) throws -> Void
    ) throws {
        guard pixels.count == width * height else { throw MediaError.misuse("a frame of the wrong size") }
        let start = Self.centiseconds(milliseconds)
        if let pending, start <= pending.startCentiseconds {
            // A GIF frame cannot last 0: both changes go out as one frame, drawn from what
            // the GIF shows after both.
            guard let later = makeFrame(pixels, changed: clip(changed)) else { return }
            self.pending = opaqueFrame(covering: union(pending.rect, later.rect), start: pending.startCentiseconds)
            return
        }
        guard var frame = makeFrame(pixels, changed: clip(changed)) else { return }
        frame.startCentiseconds = start
        if let pending { try flush(pending, delay: start - pending.startCentiseconds, write: write) }
        pending = frame
        frameCount += 1
    }

    /// Writes the last frame, shown until `milliseconds`, and the trailer.
    /// - Throws: ``MediaError``; whatever `write` throws.
    public func finish(atMilliseconds milliseconds: Int, write: ([UInt8]) throws -> Void) throws {
        guard let pending else { throw MediaError.misuse("a GIF needs at least one frame") }
        let end = Self.centiseconds(milliseconds)
        try flush(pending, delay: max(end - pending.startCentiseconds, 0), write: write)
        self.pending = nil
        try context.check(veil_gif_encoder_finish(context.ctx), width: width, height: height)
        try write(context.takeOutput())
    }

    /// Milliseconds to the GIF's hundredths of a second, rounded.
    static func centiseconds(_ milliseconds: Int) -> Int { (milliseconds + 5) / 10 }

    private func clip(_ rect: PixelRect) -> PixelRect {
        let x = min(max(rect.x, 0), width), y = min(max(rect.y, 0), height)
        return PixelRect(
            x: x, y: y, width: max(0, min(rect.width, width - x)), height: max(0, min(rect.height, height - y)))
    }

    private func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return PixelRect(
            x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x, height: max(a.y + a.height, b.y + b.height) - y)
    }

    /// A frame of `rect` drawn from what the GIF shows, every pixel opaque.
    private func opaqueFrame(covering rect: PixelRect, start: Int) -> PendingFrame {
        var palette = GIFPalette()
        var indices = [UInt8](repeating: 0, count: rect.area)
        if !palette.index(shown, into: &indices, rect: rect, stride: width, previous: nil) {
            palette = GIFPalette()
            palette.quantize(shown, into: &indices, rect: rect, stride: width)
        }
        return PendingFrame(
            rect: rect, indices: indices, palette: palette.bytes, paletteCount: palette.count, transparent: -1,
            startCentiseconds: start)
    }

    /// The frame that turns what is shown into `pixels` inside `rect`, and the new shown
    /// canvas; nil when no pixel changes.
    private func makeFrame(_ pixels: [UInt32], changed rect: PixelRect) -> PendingFrame? {
        guard rect.area > 0 else { return nil }
        let first = frameCount == 0
        // Shrink to the pixels that differ.
        var top = rect.y + rect.height, bottom = rect.y - 1, left = rect.x + rect.width, right = rect.x - 1
        pixels.withUnsafeBufferPointer { now in
            shown.withUnsafeBufferPointer { before in
                for y in rect.y..<(rect.y + rect.height) {
                    let row = y * width
                    var x = rect.x
                    let end = rect.x + rect.width
                    while x < end && now[row + x] == before[row + x] { x += 1 }
                    guard x < end else { continue }
                    var last = end - 1
                    while now[row + last] == before[row + last] { last -= 1 }
                    top = min(top, y)
                    bottom = y
                    left = min(left, x)
                    right = max(right, last)
                }
            }
        }
        guard bottom >= top else { return nil }
        let area =
            first
            ? PixelRect(x: 0, y: 0, width: width, height: height)
            : PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
        var palette = GIFPalette()
        var indices = [UInt8](repeating: 0, count: area.area)
        var transparent = -1
        // Pixels that keep their colour become transparent (long runs of one index), when
        // the palette has room for the transparent index.
        if !first, palette.index(pixels, into: &indices, rect: area, stride: width, previous: shown) {
            transparent = palette.transparentIndex ?? -1
        } else {
            palette = GIFPalette()
            if !palette.index(pixels, into: &indices, rect: area, stride: width, previous: nil) {
                palette = GIFPalette()
                palette.quantize(pixels, into: &indices, rect: area, stride: width)
            }
        }
        // What the GIF shows now: the frame's colours (quantized ones included).
        for y in area.y..<(area.y + area.height) {
            for x in area.x..<(area.x + area.width) {
                let index = indices[(y - area.y) * area.width + (x - area.x)]
                if Int(index) == transparent { continue }
                shown[y * width + x] = palette.colors[Int(index)]
            }
        }
        return PendingFrame(
            rect: area, indices: indices, palette: palette.bytes, paletteCount: palette.count,
            transparent: transparent, startCentiseconds: 0)
    }

    private func flush(_ frame: PendingFrame, delay: Int, write: ([UInt8]) throws -> Void) throws {
        let status = frame.indices.withUnsafeBufferPointer { indices in
            frame.palette.withUnsafeBufferPointer { palette in
                veil_gif_encoder_add_frame(
                    context.ctx, UInt32(frame.rect.x), UInt32(frame.rect.y), UInt32(frame.rect.width),
                    UInt32(frame.rect.height), indices.baseAddress, palette.baseAddress, UInt32(frame.paletteCount),
                    Int32(frame.transparent), UInt32(min(delay, 65535)))
            }
        }
        try context.check(status, width: width, height: height)
        let bytes = context.takeOutput()
        if !bytes.isEmpty { try write(bytes) }
    }
}

/// Owns one giflib encoder context.
final class GIFEncoderContext {
    let ctx = veil_gif_encoder_new()
    deinit { veil_gif_encoder_free(ctx) }

    func check(_ status: Int32, width: Int, height: Int) throws(MediaError) {
        if ctx == nil { throw .outOfMemory }
        if let error = MediaError.from(
            status, format: "GIF", library: .giflib, message: String(cString: veil_gif_encoder_message(ctx)),
            width: width, height: height)
        {
            throw error
        }
    }

    /// The bytes written since the last take.
    func takeOutput() -> [UInt8] {
        var length = 0
        guard let base = veil_gif_encoder_output(ctx, &length), length > 0 else { return [] }
        let bytes = Array(UnsafeBufferPointer(start: base, count: length))
        veil_gif_encoder_clear_output(ctx)
        return bytes
    }
}
