import VeilRender
import VeilScreen

/// Where the frames of an animation go: the pictures of a format, written as they come.
protocol FrameSink {
    /// The number of frames kept (frames that changed nothing are merged into the one before).
    var frameCount: Int { get }
    /// The picture `screen` shows from `milliseconds` on.
    mutating func frame(_ screen: Screen, atMilliseconds milliseconds: Int, write: ([UInt8]) throws -> Void) throws
    /// The end of the animation at `milliseconds`.
    mutating func finish(atMilliseconds milliseconds: Int, write: ([UInt8]) throws -> Void) throws
}

/// GIF: the canvas drawn by the rasterizer, each frame's changed rectangle through giflib
/// (the screens are drawn on the encoder's indexing thread).
struct GIFFrameSink: FrameSink {
    let encoder: GIFAnimationEncoder
    var frameCount: Int { encoder.frameCount }

    init(rasterizer: Rasterizer, cols: Int, rows: Int, loops: Bool) throws {
        encoder = try GIFAnimationEncoder(
            canvas: try FrameCanvas(rasterizer: rasterizer, cols: cols, rows: rows), loopCount: loops ? 0 : nil)
    }

    mutating func frame(_ screen: Screen, atMilliseconds milliseconds: Int, write: ([UInt8]) throws -> Void) throws {
        try encoder.add(screen, atMilliseconds: milliseconds, write: write)
    }

    mutating func finish(atMilliseconds milliseconds: Int, write: ([UInt8]) throws -> Void) throws {
        try encoder.finish(atMilliseconds: milliseconds, write: write)
    }
}

/// WebP: the canvas drawn by the rasterizer, each changed frame through libwebp's
/// animation encoder (which keeps the changed rectangle); written whole at the end.
struct WebPFrameSink: FrameSink {
    var canvas: FrameCanvas
    let encoder: WebPAnimationEncoder
    var frameCount: Int { encoder.frameCount }

    init(rasterizer: Rasterizer, cols: Int, rows: Int, loops: Bool) throws {
        canvas = try FrameCanvas(rasterizer: rasterizer, cols: cols, rows: rows)
        encoder = try WebPAnimationEncoder(width: canvas.width, height: canvas.height, loopCount: loops ? 0 : 1)
    }

    mutating func frame(_ screen: Screen, atMilliseconds milliseconds: Int, write: ([UInt8]) throws -> Void) throws {
        guard try canvas.draw(screen) != nil || encoder.frameCount == 0 else { return }
        try encoder.add(canvas.pixels, atMilliseconds: milliseconds)
    }

    mutating func finish(atMilliseconds milliseconds: Int, write: ([UInt8]) throws -> Void) throws {
        try write(try encoder.finish(atMilliseconds: milliseconds))
    }
}

/// SVG: the cells themselves, as text and rectangles.
struct SVGFrameSink: FrameSink {
    var writer: SVGAnimationWriter
    var frameCount: Int { writer.frameCount }

    init(rasterizer: Rasterizer, cols: Int, rows: Int, durationMilliseconds: Int, loops: Bool) {
        writer = SVGAnimationWriter(
            rasterizer: rasterizer, cols: cols, rows: rows, durationMilliseconds: durationMilliseconds, loops: loops)
    }

    mutating func frame(_ screen: Screen, atMilliseconds milliseconds: Int, write: ([UInt8]) throws -> Void) throws {
        let bytes = writer.frame(screen, atMilliseconds: milliseconds)
        if !bytes.isEmpty { try write(bytes) }
    }

    mutating func finish(atMilliseconds milliseconds: Int, write: ([UInt8]) throws -> Void) throws {
        try write(writer.finish())
    }
}
