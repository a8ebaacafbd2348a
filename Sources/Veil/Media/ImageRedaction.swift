import VeilMedia
import VeilRedaction
import VeilRender

/// `veil redact shot.png -o safe.png`: the image with a solid box painted over every value
/// OCR read and the rules found (found as ``CaptureRedactor`` finds them in a recording, so
/// what hiding one reveals is hidden too), in every frame of an animation that shows it. PNG
/// and JPEG are written as PNG, GIF as GIF, WebP as WebP.
public enum ImageRedaction {
    /// The redacted image, its format, and how many boxes were painted.
    /// - Throws: ``InputError`` naming `path` (OCR unavailable: an image that cannot be read
    ///   cannot be redacted; a damaged image), ``MediaError`` when writing.
    public static func redact(_ bytes: [UInt8], rules: RuleSet, path: String) throws
        -> (bytes: [UInt8], format: ImageFrames.Format, boxes: Int)
    {
        let result: ImageCaptureJudge.Result
        do {
            result = try ImageCaptureJudge(rules: rules).judge(bytes, path: path)
        } catch let unavailable as OCREngine.Unavailable {
            throw InputError(path: path, message: "cannot be redacted: \(unavailable.message)")
        } catch let failure as ImageFrames.Failure {
            throw InputError(path: path, message: failure.message)
        }
        let reading = result.reading
        let boxes = try paintedBoxes(result, rules: rules, path: path)
        let distinct = distinctFrames(reading)
        var painted = 0
        var frames: [(rgba: [UInt8], seconds: Double, duration: Double)] = []
        var index = 0
        let info = try decodeAll(bytes, path: path) { frame, width, height in
            var rgba = frame.rgba
            for box in boxes[distinct(index)] ?? [] {
                paint(box, on: &rgba, width: width, height: height)
                painted += 1
            }
            frames.append((rgba, frame.seconds, frame.duration))
            index += 1
        }
        let output: [UInt8]
        switch info.format {
        case .png, .jpeg:
            output = try PNGEncoder().encode(bitmap(frames[0].rgba, width: info.width, height: info.height))
        case .gif:
            let gif = try GIFAnimationEncoder(width: info.width, height: info.height, loopCount: 0)
            var out: [UInt8] = []
            let whole = PixelRect(x: 0, y: 0, width: info.width, height: info.height)
            for frame in frames {
                try gif.add(words(frame.rgba), changed: whole, atMilliseconds: milliseconds(frame.seconds)) {
                    out += $0
                }
            }
            let end = frames.last.map { $0.seconds + max($0.duration, 0.01) } ?? 0.01
            try gif.finish(atMilliseconds: milliseconds(end)) { out += $0 }
            output = out
        case .webp:
            let webp = try WebPAnimationEncoder(width: info.width, height: info.height)
            for frame in frames { try webp.add(words(frame.rgba), atMilliseconds: milliseconds(frame.seconds)) }
            let end = frames.last.map { $0.seconds + max($0.duration, 0.01) } ?? 0.01
            output = try webp.finish(atMilliseconds: milliseconds(end))
        }
        return (output, info.format == .jpeg ? .png : info.format, painted)
    }

    /// For each distinct frame of a judged image, the bars painted over its values.
    /// - Throws: ``InputError`` naming `path`.
    static func paintedBoxes(_ result: ImageCaptureJudge.Result, rules: RuleSet, path: String) throws
        -> [Int: [PixelBox]]
    {
        guard let replay = result.replay else { return [:] }
        let (_, hidden) = try CaptureRedactor(rules: rules, style: .solid)
            .judge(.recording(replay.cast), cols: nil, rows: nil, path: path)
        return replay.boxes(hidden: hidden).mapValues { cover($0, reading: result.reading) }
    }

    /// The distinct frame (as OCR read it) that each decoded frame belongs to.
    static func distinctFrames(_ reading: TerminalOCR.Reading) -> (Int) -> Int {
        let starts = reading.frames.map(\.index)
        return { decoded in (starts.lastIndex { $0 <= decoded }) ?? 0 }
    }

    /// The decoded frames `wanted` of an image already judged (`result`), each as the PNG of
    /// its redacted pixels: every bar ``redact(_:rules:path:)`` paints on that frame, and the
    /// boxes `alsoCovering` gives it (a finding's own box, painted whatever the replay says:
    /// fail closed). What the HTML report shows beside an image's findings.
    /// - Throws: ``InputError`` naming `path`; ``PNGError``.
    static func redactedFrames(
        _ bytes: [UInt8], judged result: ImageCaptureJudge.Result, rules: RuleSet, path: String, wanted: Set<Int>,
        alsoCovering: [Int: [PixelBox]] = [:]
    ) throws -> [Int: (png: [UInt8], width: Int, height: Int)] {
        guard !wanted.isEmpty else { return [:] }
        let boxes = try paintedBoxes(result, rules: rules, path: path)
        let distinct = distinctFrames(result.reading)
        var out: [Int: (png: [UInt8], width: Int, height: Int)] = [:]
        var index = 0
        var failure: (any Error)?
        _ = try decodeAll(bytes, path: path) { frame, width, height in
            defer { index += 1 }
            guard wanted.contains(index), failure == nil else { return }
            var rgba = frame.rgba
            for box in (boxes[distinct(index)] ?? []) + (alsoCovering[index] ?? []) {
                paint(box, on: &rgba, width: width, height: height)
            }
            do {
                out[index] = (try PNGEncoder().encode(bitmap(rgba, width: width, height: height)), width, height)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return out
    }

    static func decodeAll(
        _ bytes: [UInt8], path: String, frame: (ImageFrames.Frame, Int, Int) throws -> Void
    ) throws -> (format: ImageFrames.Format, width: Int, height: Int, count: Int) {
        do {
            return try ImageFrames.decode(bytes, frame: frame)
        } catch let failure as ImageFrames.Failure {
            throw InputError(path: path, message: failure.message)
        }
    }

    /// The cells of hidden characters as solid bars: cells on one row less than two cells
    /// apart joined (OCR may have split a value or put a word a column off), each bar
    /// widened by one cell on both sides, so no glyph of a value is left at its edges.
    static func cover(_ cells: [PixelBox], reading: TerminalOCR.Reading) -> [PixelBox] {
        let cell = Int(reading.cellWidth.rounded(.up))
        var bars: [PixelBox] = []
        for box in cells.sorted(by: { ($0.y, $0.x) < ($1.y, $1.x) }) {
            if let last = bars.last, last.y == box.y, box.x - (last.x + last.width) <= 2 * cell {
                bars[bars.count - 1] = last.union(box)
            } else {
                bars.append(box)
            }
        }
        return bars.map { PixelBox(x: $0.x - cell, y: $0.y, width: $0.width + 2 * cell, height: $0.height) }
    }

    /// The mask colour's pixel (an RGB colour: the same in every theme).
    static let maskPixel = Theme.dark.resolve(RedactionStyle.maskColor, isForeground: false)

    /// Paints `box` solid in the mask colour (``RedactionStyle/maskColor``, as a snapshot
    /// draws a hidden cell: an image Veil redacted is read again with its boxes as hidden
    /// values, see ``ImageReplay/hiddenColumns(_:reading:cols:)``).
    static func paint(_ box: PixelBox, on rgba: inout [UInt8], width: Int, height: Int) {
        let (red, green, blue) = (maskPixel.red, maskPixel.green, maskPixel.blue)
        let left = max(0, box.x)
        let right = min(width, box.x + box.width)
        let top = max(0, box.y)
        let bottom = min(height, box.y + box.height)
        guard left < right, top < bottom else { return }
        for y in top..<bottom {
            for x in left..<right {
                let offset = (y * width + x) * 4
                rgba[offset] = red
                rgba[offset + 1] = green
                rgba[offset + 2] = blue
                rgba[offset + 3] = 255
            }
        }
    }

    static func bitmap(_ rgba: [UInt8], width: Int, height: Int) -> Bitmap {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for pixel in 0..<(width * height) {
            rgb[pixel * 3] = rgba[pixel * 4]
            rgb[pixel * 3 + 1] = rgba[pixel * 4 + 1]
            rgb[pixel * 3 + 2] = rgba[pixel * 4 + 2]
        }
        return Bitmap(width: width, height: height, pixels: .rgb(rgb))
    }

    /// RGBA bytes as the encoders' 0xFFRRGGBB words.
    static func words(_ rgba: [UInt8]) -> [UInt32] {
        (0..<(rgba.count / 4)).map { pixel in
            0xFF00_0000 | UInt32(rgba[pixel * 4]) << 16 | UInt32(rgba[pixel * 4 + 1]) << 8 | UInt32(rgba[pixel * 4 + 2])
        }
    }

    static func milliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    /// Whether the file at `path` is an image (PNG, GIF, WebP, JPEG), by its first bytes.
    /// - Throws: ``InputError`` when it cannot be read.
    public static func isImage(path: String) throws -> Bool {
        var file = try CaptureSource.file(path).open()
        return ImageFrames.format(of: try file.read(upTo: 16)) != nil
    }
}
