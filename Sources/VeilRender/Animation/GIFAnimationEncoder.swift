import CVeilMedia

/// Encodes canvas frames (``FrameCanvas``) as an animated GIF through giflib, streamed: each
/// frame's bytes are handed out as soon as its delay is known (when the next frame comes).
///
/// Each frame is only the rectangle that changed, shrunk to the pixels that differ from what
/// the GIF already shows. Inside it, unchanged pixels are either transparent (they keep the
/// frame before: long runs of one index where little changed) or drawn again (the
/// rectangle's own patterns: better where most of it changed, as when text scrolls):
/// whichever has fewer changes of index along its rows, the transparent one only below 90 %
/// of the other's (on the recordings of `Benchmarks/publish`, within 0.2 % of compressing
/// both and keeping the smaller, at half the cost). Its palette is exactly its own colours (the terminal's colours: a terminal frame
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
        _ = shown.withUnsafeBufferPointer { shown in
            indices.withUnsafeMutableBufferPointer { out in
                Self.indexOpaque(
                    shown.baseAddress!, into: out.baseAddress!, palette: &palette, rect: rect, stride: width)
            }
        }
        return PendingFrame(
            rect: rect, indices: indices, palette: palette.bytes, paletteCount: palette.count, transparent: -1,
            startCentiseconds: start)
    }

    /// Indexes `rect` of `pixels` with every pixel opaque: its exact colours, or its 256 most
    /// frequent; false when quantized.
    @discardableResult
    private static func indexOpaque(
        _ pixels: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt8>, palette: inout GIFPalette,
        rect: PixelRect, stride: Int
    ) -> Bool {
        if palette.index(pixels, into: out, rect: rect, stride: stride, previous: nil) { return true }
        palette = GIFPalette()
        palette.quantize(pixels, into: out, rect: rect, stride: stride)
        return false
    }

    /// The changes of index along the rows of `rect` (row after row) when unchanged pixels
    /// are transparent and when every pixel is drawn.
    static func indexChanges(
        _ pixels: UnsafePointer<UInt32>, previous: UnsafePointer<UInt32>, rect: PixelRect, stride: Int
    ) -> (transparent: Int, opaque: Int) {
        var transparent = 0, opaque = 0
        var lastColor = pixels[rect.y * stride + rect.x]
        var lastKept = lastColor == previous[rect.y * stride + rect.x]
        for y in rect.y..<(rect.y + rect.height) {
            let now = pixels + y * stride + rect.x, before = previous + y * stride + rect.x
            for x in 0..<rect.width {
                let color = now[x]
                let kept = color == before[x]
                // Transparent: a kept pixel is one index; any other is its colour's.
                transparent &+= (kept != lastKept || (!kept && color != lastColor)) ? 1 : 0
                opaque &+= color != lastColor ? 1 : 0
                lastColor = color
                lastKept = kept
            }
        }
        return (transparent, opaque)
    }

    /// The frame that turns what is shown into `pixels` inside `rect`, and the new shown
    /// canvas; nil when no pixel changes.
    private func makeFrame(_ pixels: [UInt32], changed rect: PixelRect) -> PendingFrame? {
        guard rect.area > 0 else { return nil }
        let first = frameCount == 0
        let width = self.width
        let height = self.height
        return pixels.withUnsafeBufferPointer { now -> PendingFrame? in
            let now = now.baseAddress!
            return shown.withUnsafeMutableBufferPointer { shownBuffer -> PendingFrame? in
                let before = shownBuffer.baseAddress!
                // Shrink to the pixels that differ.
                var top = rect.y + rect.height, bottom = rect.y - 1, left = rect.x + rect.width, right = rect.x - 1
                for y in rect.y..<(rect.y + rect.height) {
                    let a = now + y * width, b = before + y * width
                    var x = rect.x
                    let end = rect.x + rect.width
                    while x < end && a[x] == b[x] { x += 1 }
                    guard x < end else { continue }
                    var last = end - 1
                    while a[last] == b[last] { last -= 1 }
                    top = min(top, y)
                    bottom = y
                    left = min(left, x)
                    right = max(right, last)
                }
                guard bottom >= top else { return nil }
                let area =
                    first
                    ? PixelRect(x: 0, y: 0, width: width, height: height)
                    : PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
                var palette = GIFPalette()
                var indices = [UInt8](repeating: 0, count: area.area)
                var transparent = -1
                var exact = true
                indices.withUnsafeMutableBufferPointer { out in
                    let out = out.baseAddress!
                    var useTransparent = false
                    if !first {
                        let changes = Self.indexChanges(now, previous: before, rect: area, stride: width)
                        useTransparent = 10 * changes.transparent < 9 * changes.opaque
                    }
                    // The transparent index needs room in the palette.
                    if useTransparent, palette.index(now, into: out, rect: area, stride: width, previous: before) {
                        transparent = palette.transparentIndex ?? -1
                    } else {
                        palette = GIFPalette()
                        exact = Self.indexOpaque(now, into: out, palette: &palette, rect: area, stride: width)
                    }
                }
                // What the GIF shows now: the pixels, or the quantized frame's colours.
                if exact {
                    for y in area.y..<(area.y + area.height) {
                        (before + y * width + area.x).update(from: now + y * width + area.x, count: area.width)
                    }
                } else {
                    var i = 0
                    for y in area.y..<(area.y + area.height) {
                        let row = before + y * width
                        for x in area.x..<(area.x + area.width) {
                            row[x] = palette.colors[Int(indices[i])]
                            i += 1
                        }
                    }
                }
                return PendingFrame(
                    rect: area, indices: indices, palette: palette.bytes, paletteCount: palette.count,
                    transparent: transparent, startCentiseconds: 0)
            }
        }
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
