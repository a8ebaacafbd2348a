import CVeilMedia

/// The frames of a GIF as giflib is given them: each canvas shrunk to the pixels that differ
/// from what the GIF already shows, indexed with its own colour table (transparent or
/// redrawn, see ``GIFAnimationEncoder``), and held until the next one gives it its delay.
/// It keeps the canvas as the GIF shows it; one thread at a time uses it.
final class GIFFrameIndexer {
    /// The canvas size.
    let width: Int
    let height: Int
    /// The canvas as the GIF shows it after the frames written (and the pending one).
    private var shown: [UInt32]
    private var pending: PendingFrame?
    /// The number of frames written or pending.
    private(set) var frameCount = 0
    /// Index buffers of frames compressed, for the next frames.
    private var spareIndices: [[UInt8]] = []

    /// A frame waiting for the next one to know its delay (its job's `delay` is set then).
    private struct PendingFrame {
        var job: GIFEncodingJob
        var startCentiseconds: Int
        var rect: PixelRect { job.rect }
    }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        // Nothing is shown before the first frame: every pixel differs from this.
        shown = [UInt32](repeating: 0, count: width * height)
    }

    /// Takes the canvas `pixels` as it is from `milliseconds` on; `changed` (inside the
    /// canvas) holds every pixel that may differ from the canvas before (the whole canvas is
    /// read for the first frame). Returns the frame before, now that its delay is known. A
    /// frame that changes no pixel adds nothing (the frame before lasts longer); one in the
    /// same hundredth of a second as the frame before replaces it.
    func add(_ pixels: [UInt32], changed: PixelRect, atMilliseconds milliseconds: Int) -> GIFEncodingJob? {
        pixels.withUnsafeBufferPointer { pixels in
            add(PixelRows(canvas: pixels.baseAddress!, width: width), changed: changed, atMilliseconds: milliseconds)
        }
    }

    /// ``add(_:changed:atMilliseconds:)`` of the pixels inside `changed` only (`pixels` holds
    /// at least those).
    func add(_ pixels: PixelRows, changed: PixelRect, atMilliseconds milliseconds: Int) -> GIFEncodingJob? {
        let start = Self.centiseconds(milliseconds)
        if let pending, start <= pending.startCentiseconds {
            // A GIF frame cannot last 0: both changes go out as one frame, drawn from what
            // the GIF shows after both.
            guard let later = makeFrame(pixels, changed: changed) else { return nil }
            self.pending = opaqueFrame(covering: union(pending.rect, later.rect), start: pending.startCentiseconds)
            return nil
        }
        guard var frame = makeFrame(pixels, changed: changed) else { return nil }
        frame.startCentiseconds = start
        let before = pending.map { Self.job($0, delay: start - $0.startCentiseconds) }
        pending = frame
        frameCount += 1
        return before
    }

    /// The last frame, shown until `milliseconds`; nil before any frame.
    func finish(atMilliseconds milliseconds: Int) -> GIFEncodingJob? {
        guard let pending else { return nil }
        self.pending = nil
        return Self.job(pending, delay: max(Self.centiseconds(milliseconds) - pending.startCentiseconds, 0))
    }

    /// Takes back the indices of a frame compressed, to reuse its memory.
    func recycle(_ indices: [UInt8]) {
        if spareIndices.count < 2 { spareIndices.append(indices) }
    }

    /// `count` zero indices, in a buffer given back when there is one.
    private func indexBuffer(count: Int) -> [UInt8] {
        guard var buffer = spareIndices.popLast() else { return [UInt8](repeating: 0, count: count) }
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: count))
        return buffer
    }

    private static func job(_ frame: PendingFrame, delay: Int) -> GIFEncodingJob {
        var job = frame.job
        job.delay = delay
        return job
    }

    /// Milliseconds to the GIF's hundredths of a second, rounded.
    static func centiseconds(_ milliseconds: Int) -> Int { (milliseconds + 5) / 10 }

    func clip(_ rect: PixelRect) -> PixelRect {
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
        var indices = indexBuffer(count: rect.area)
        _ = shown.withUnsafeBufferPointer { shown in
            indices.withUnsafeMutableBufferPointer { out in
                Self.indexOpaque(
                    PixelRows(canvas: shown.baseAddress!, width: width), into: out.baseAddress!, palette: &palette,
                    rect: rect)
            }
        }
        return PendingFrame(
            job: GIFEncodingJob(
                rect: rect, indices: indices, palette: palette.bytes, paletteCount: palette.count, transparent: -1,
                delay: 0),
            startCentiseconds: start)
    }

    /// Indexes `rect` of `pixels` with every pixel opaque: its exact colours, or its 256 most
    /// frequent; false when quantized.
    @discardableResult
    private static func indexOpaque(
        _ pixels: PixelRows, into out: UnsafeMutablePointer<UInt8>, palette: inout GIFPalette, rect: PixelRect
    ) -> Bool {
        if palette.index(pixels, into: out, rect: rect, previous: nil) { return true }
        palette = GIFPalette()
        palette.quantize(pixels, into: out, rect: rect)
        return false
    }

    /// The changes of index along the rows of `rect` (row after row) when unchanged pixels
    /// are transparent and when every pixel is drawn.
    static func indexChanges(
        _ pixels: PixelRows, previous: PixelRows, rect: PixelRect
    ) -> (transparent: Int, opaque: Int) {
        var transparent = 0, opaque = 0
        var lastColor = pixels.at(x: rect.x, y: rect.y)[0]
        var lastKept = lastColor == previous.at(x: rect.x, y: rect.y)[0]
        for y in rect.y..<(rect.y + rect.height) {
            let now = pixels.at(x: rect.x, y: y), before = previous.at(x: rect.x, y: y)
            // The first pixel follows the last of the row above; the others, their left
            // neighbour: each pixel is compared with the one before it, with no other state
            // carried along the row (so the loop runs on vectors).
            let color = now[0], kept = color == before[0]
            transparent &+= (kept != lastKept || (!kept && color != lastColor)) ? 1 : 0
            opaque &+= color != lastColor ? 1 : 0
            var rowTransparent: UInt32 = 0, rowOpaque: UInt32 = 0
            for x in 1..<max(rect.width, 1) {
                let color = now[x], left = now[x &- 1]
                // 0 or 1 each, combined without branches.
                let differs: UInt32 = color != left ? 1 : 0
                let kept: UInt32 = color == before[x] ? 1 : 0
                let leftKept: UInt32 = left == before[x &- 1] ? 1 : 0
                rowTransparent &+= (kept ^ leftKept) | (differs & (kept ^ 1))
                rowOpaque &+= differs
            }
            transparent &+= Int(rowTransparent)
            opaque &+= Int(rowOpaque)
            lastColor = now[rect.width - 1]
            lastKept = lastColor == before[rect.width - 1]
        }
        return (transparent, opaque)
    }

    /// The frame that turns what is shown into `pixels` inside `rect`, and the new shown
    /// canvas; nil when no pixel changes.
    private func makeFrame(_ now: PixelRows, changed rect: PixelRect) -> PendingFrame? {
        guard rect.area > 0 else { return nil }
        let first = frameCount == 0
        let width = self.width
        let height = self.height
        return shown.withUnsafeMutableBufferPointer { shownBuffer -> PendingFrame? in
            let before = shownBuffer.baseAddress!
            let shown = PixelRows(canvas: before, width: width)
            // Shrink to the pixels that differ.
            var top = rect.y + rect.height, bottom = rect.y - 1, left = rect.x + rect.width, right = rect.x - 1
            for y in rect.y..<(rect.y + rect.height) {
                let a = now.at(x: rect.x, y: y), b = shown.at(x: rect.x, y: y)
                var x = 0
                let end = rect.width
                while x < end && a[x] == b[x] { x += 1 }
                guard x < end else { continue }
                var last = end - 1
                while a[last] == b[last] { last -= 1 }
                top = min(top, y)
                bottom = y
                left = min(left, rect.x + x)
                right = max(right, rect.x + last)
            }
            guard bottom >= top else { return nil }
            let area =
                first
                ? PixelRect(x: 0, y: 0, width: width, height: height)
                : PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
            var palette = GIFPalette()
            var indices = indexBuffer(count: area.area)
            var transparent = -1
            var exact = true
            indices.withUnsafeMutableBufferPointer { out in
                let out = out.baseAddress!
                var useTransparent = false
                if !first {
                    let changes = Self.indexChanges(now, previous: shown, rect: area)
                    useTransparent = 10 * changes.transparent < 9 * changes.opaque
                }
                // The transparent index needs room in the palette.
                if useTransparent, palette.index(now, into: out, rect: area, previous: shown) {
                    transparent = palette.transparentIndex ?? -1
                } else {
                    palette = GIFPalette()
                    exact = Self.indexOpaque(now, into: out, palette: &palette, rect: area)
                }
            }
            // What the GIF shows now: the pixels, or the quantized frame's colours.
            if exact {
                for y in area.y..<(area.y + area.height) {
                    (before + y * width + area.x).update(from: now.at(x: area.x, y: y), count: area.width)
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
                job: GIFEncodingJob(
                    rect: area, indices: indices, palette: palette.bytes, paletteCount: palette.count,
                    transparent: transparent, delay: 0),
                startCentiseconds: 0)
        }
    }
}

/// One frame for giflib: its rectangle, indices, colour table and delay (hundredths).
struct GIFEncodingJob {
    var rect: PixelRect
    var indices: [UInt8]
    var palette: [UInt8]
    var paletteCount: Int
    var transparent: Int
    var delay: Int
    /// Its place among the frames compressed (the pipeline writes them in this order).
    var sequence = 0

    /// Compresses the frame through `context`; returns the bytes giflib wrote.
    func compress(with context: GIFEncoderContext, width: Int, height: Int) throws(MediaError) -> [UInt8] {
        let status = indices.withUnsafeBufferPointer { indices in
            palette.withUnsafeBufferPointer { palette in
                veil_gif_encoder_add_frame(
                    context.ctx, UInt32(rect.x), UInt32(rect.y), UInt32(rect.width), UInt32(rect.height),
                    indices.baseAddress, palette.baseAddress, UInt32(paletteCount), Int32(transparent),
                    UInt32(min(delay, 65535)))
            }
        }
        try context.check(status, width: width, height: height)
        return context.takeOutput()
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
