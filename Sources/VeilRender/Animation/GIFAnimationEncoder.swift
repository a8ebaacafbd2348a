import CVeilMedia
import Foundation
import VeilScreen

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
/// By default the work is a pipeline of four threads, so that two cores share it: the
/// caller's makes the frames, a second shrinks and indexes each frame, a third and a fourth
/// compress alternate frames through giflib, each with a context of its own (its LZW, about
/// half of the work; a frame's bytes depend on that frame alone). Frames given as screens
/// (``init(canvas:loopCount:concurrent:)``) are drawn on the second thread too, on its
/// canvas, so the caller's thread only hands them on. Every frame passes every stage in
/// order, giflib gets the same calls for each frame as on one thread, and the frames' bytes
/// are written in order: the bytes are the same either way. At most a few frames wait
/// between stages (``GIFWorkStage``), so memory stays bounded.
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
    private let indexer: GIFFrameIndexer
    private var pipeline: Pipeline?
    private var finished = false
    /// Where screens are drawn, without the pipeline (with it, the indexing thread's).
    private var canvas: FrameCanvas?

    /// A frame for the indexing thread: a rectangle's pixels copied from the caller's canvas,
    /// or a screen it draws on its own canvas.
    private enum Frame {
        case pixels(rect: PixelRect, rows: [UInt32], milliseconds: Int)
        case screen(Screen, milliseconds: Int)
    }

    /// The indexing thread and the two compressing threads, and what they hand back.
    private final class Pipeline: @unchecked Sendable {
        /// The most pixels of canvas waiting to be indexed, and of indices to be compressed.
        static let budget = 1 << 22
        let indexing: GIFWorkStage<Frame>
        /// Frames go to each in turn (even frames to the first), each with its own giflib
        /// context: a frame's bytes depend on that frame alone.
        let compressing: [GIFWorkStage<GIFEncodingJob>]
        /// The number of frames handed to be compressed (the next one's ``GIFEncodingJob/sequence``):
        /// the indexing thread's, then the caller's once indexing has finished.
        var submitted = 0
        private let condition = NSCondition()
        /// The bytes compressed and not yet written, by frame; the next frame to write.
        private var written: [Int: [UInt8]] = [:]
        private var nextWritten = 0

        init(indexer: GIFFrameIndexer, contexts: [GIFEncoderContext], canvas: FrameCanvas?) {
            let (width, height) = (indexer.width, indexer.height)
            var compressed: ((GIFEncodingJob, GIFEncoderContext) throws -> Void)?
            compressing = contexts.map { context in
                GIFWorkStage(budget: Self.budget / contexts.count) { job in try compressed?(job, context) }
            }
            var indexed: ((Frame) throws -> Void)?
            indexing = GIFWorkStage(budget: Self.budget) { frame in try indexed?(frame) }
            // The screens' canvas, this thread's alone.
            var canvas = canvas
            var first = true
            indexed = { [unowned self] frame in
                let job: GIFEncodingJob?
                switch frame {
                case .pixels(let rect, let rows, let milliseconds):
                    // The rectangle's pixels are read where they are (the indexer keeps the
                    // canvas the GIF shows).
                    job = rows.withUnsafeBufferPointer { rows in
                        indexer.add(PixelRows(rows.baseAddress!, of: rect), changed: rect, atMilliseconds: milliseconds)
                    }
                case .screen(let screen, let milliseconds):
                    guard let changed = try canvas?.draw(screen), let drawn = canvas else { return }
                    let rect = first ? PixelRect(x: 0, y: 0, width: width, height: height) : indexer.clip(changed)
                    first = false
                    guard rect.area > 0 else { return }
                    job = drawn.pixels.withUnsafeBufferPointer { pixels in
                        indexer.add(
                            PixelRows(canvas: pixels.baseAddress!, width: width), changed: rect,
                            atMilliseconds: milliseconds)
                    }
                }
                if let job { try self.compress(job, recycling: indexer) }
            }
            compressed = { [unowned self] job, context in
                let bytes = try job.compress(with: context, width: width, height: height)
                condition.lock()
                written[job.sequence] = bytes
                condition.unlock()
            }
        }

        /// Hands `job` to the next compressing thread, numbered; the index buffers of the jobs
        /// that thread has done go back to `indexer`.
        func compress(_ job: GIFEncodingJob, recycling indexer: GIFFrameIndexer) throws {
            var job = job
            job.sequence = submitted
            submitted += 1
            for handled in try compressing[job.sequence % compressing.count].submit(job, cost: job.indices.count) {
                indexer.recycle(handled.indices)
            }
        }

        /// The bytes compressed since the last call, in frame order (those of a frame whose
        /// earlier frames are still being compressed wait).
        func takeWritten() -> [[UInt8]] {
            condition.lock()
            defer { condition.unlock() }
            var bytes: [[UInt8]] = []
            while let next = written.removeValue(forKey: nextWritten) {
                if !next.isEmpty { bytes.append(next) }
                nextWritten += 1
            }
            return bytes
        }
    }

    /// Starts a GIF of `width`×`height`; `loopCount` nil plays once, 0 forever, n > 0 n more
    /// times. `concurrent` false: every step on the caller's thread (the same bytes).
    /// - Throws: ``MediaError`` (giflib missing, a size out of range).
    public convenience init(
        width: Int, height: Int, loopCount: Int? = 0, concurrent: Bool = true
    ) throws(MediaError) {
        try self.init(width: width, height: height, loopCount: loopCount, concurrent: concurrent, canvas: nil)
    }

    private init(
        width: Int, height: Int, loopCount: Int?, concurrent: Bool, canvas: FrameCanvas?
    ) throws(MediaError) {
        self.width = width
        self.height = height
        context = GIFEncoderContext()
        guard (1...MediaLimits.maximumDimension).contains(width), (1...MediaLimits.maximumDimension).contains(height),
            width * height <= MediaLimits.maximumPixels
        else { throw .invalidSize(width: width, height: height) }
        indexer = GIFFrameIndexer(width: width, height: height)
        if !concurrent { self.canvas = canvas }
        try context.check(
            veil_gif_encoder_start(context.ctx, UInt32(width), UInt32(height), Int32(loopCount ?? -1)),
            width: width, height: height)
        if concurrent {
            // A second giflib context, started as the first (its header dropped), compresses
            // every other frame.
            let helper = GIFEncoderContext()
            try helper.check(
                veil_gif_encoder_start(helper.ctx, UInt32(width), UInt32(height), Int32(loopCount ?? -1)),
                width: width, height: height)
            _ = helper.takeOutput()
            try helper.check(veil_gif_encoder_continue(helper.ctx), width: width, height: height)
            pipeline = Pipeline(indexer: indexer, contexts: [context, helper], canvas: canvas)
        }
    }

    /// Starts a GIF of the screens `canvas` draws (``add(_:atMilliseconds:write:)``),
    /// of its size; `loopCount` and `concurrent` as ``init(width:height:loopCount:concurrent:)``.
    /// - Throws: ``MediaError`` (giflib missing, a size out of range).
    public convenience init(canvas: FrameCanvas, loopCount: Int? = 0, concurrent: Bool = true) throws(MediaError) {
        try self.init(
            width: canvas.width, height: canvas.height, loopCount: loopCount, concurrent: concurrent,
            canvas: canvas)
    }

    deinit {
        pipeline?.indexing.cancel()
        for stage in pipeline?.compressing ?? [] { stage.cancel() }
    }

    /// The number of frames written or pending (frames that changed nothing are merged into
    /// the one before). With the pipeline, waits for the frames given to be indexed.
    public var frameCount: Int {
        if let pipeline, !finished { try? pipeline.indexing.drain() }
        return indexer.frameCount
    }

    /// Adds the canvas as it is from `milliseconds` on; `changed` holds every pixel that may
    /// differ from the canvas before (the whole canvas for the first frame). A frame that
    /// changes no pixel adds nothing (the frame before lasts longer); one in the same
    /// hundredth of a second as the frame before replaces it. `write` gets the bytes of the
    /// frames before as they are compressed.
    /// - Throws: ``MediaError``; whatever `write` throws.
    public func add(
        _ pixels: [UInt32], changed: PixelRect, atMilliseconds milliseconds: Int,
        write: ([UInt8]) throws -> Void
    ) throws {
        guard !finished else { throw MediaError.misuse("a frame after the end") }
        guard pixels.count == width * height else { throw MediaError.misuse("a frame of the wrong size") }
        // The first frame is the whole canvas (nothing is shown under it).
        let rect = indexerIsEmpty ? PixelRect(x: 0, y: 0, width: width, height: height) : indexer.clip(changed)
        indexerIsEmpty = false
        guard let pipeline else {
            if let job = indexer.add(pixels, changed: rect, atMilliseconds: milliseconds) {
                try compress(job, write)
                indexer.recycle(job.indices)
            }
            return
        }
        guard rect.area > 0 else { return }
        // The rectangle's rows, in a buffer the indexing thread has given back (fresh memory
        // for each frame would cost page faults).
        var rows = spareRows.popLast() ?? []
        rows.removeAll(keepingCapacity: true)
        rows.reserveCapacity(rect.area)
        pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<rect.height {
                rows.append(
                    contentsOf: UnsafeBufferPointer(
                        start: pixels.baseAddress! + (rect.y + row) * width + rect.x, count: rect.width))
            }
        }
        for handled in try pipeline.indexing.submit(
            .pixels(rect: rect, rows: rows, milliseconds: milliseconds), cost: rect.area)
        {
            if case .pixels(_, let rows, _) = handled, spareRows.count < 2 { spareRows.append(rows) }
        }
        for bytes in pipeline.takeWritten() { try write(bytes) }
    }

    /// Adds `screen`, drawn on the canvas over the screen before (a GIF made with
    /// ``init(canvas:loopCount:concurrent:)``), as it is from `milliseconds` on: a screen
    /// that changes no cell adds nothing; otherwise as ``add(_:changed:atMilliseconds:write:)``
    /// of the cells drawn again. With the pipeline it is drawn on the indexing thread.
    /// - Throws: ``MediaError``, ``RenderError`` (a screen larger than the canvas, possibly
    ///   at a later call); whatever `write` throws.
    public func add(_ screen: Screen, atMilliseconds milliseconds: Int, write: ([UInt8]) throws -> Void) throws {
        guard !finished else { throw MediaError.misuse("a frame after the end") }
        guard let pipeline else {
            guard var canvas else { throw MediaError.misuse("a screen for a GIF without a canvas") }
            self.canvas = nil
            defer { self.canvas = canvas }
            guard let changed = try canvas.draw(screen) else { return }
            return try add(canvas.pixels, changed: changed, atMilliseconds: milliseconds, write: write)
        }
        // What drawing it may cost: every pixel of the canvas.
        try pipeline.indexing.submit(.screen(screen, milliseconds: milliseconds), cost: width * height)
        for bytes in pipeline.takeWritten() { try write(bytes) }
    }

    /// Whether no canvas was given yet.
    private var indexerIsEmpty = true
    /// Row buffers back from the indexing thread, for the next frames.
    private var spareRows: [[UInt32]] = []

    /// Writes the last frame, shown until `milliseconds`, and the trailer.
    /// - Throws: ``MediaError``; whatever `write` throws.
    public func finish(atMilliseconds milliseconds: Int, write: ([UInt8]) throws -> Void) throws {
        guard !finished else { throw MediaError.misuse("a GIF finished twice") }
        if let pipeline {
            // Every frame indexed; the indexer is this thread's again.
            try pipeline.indexing.finish()
            finished = true
            if let job = indexer.finish(atMilliseconds: milliseconds) {
                try pipeline.compress(job, recycling: indexer)
            }
            // Every frame compressed; the giflib context is this thread's again.
            for stage in pipeline.compressing { try stage.finish() }
            for bytes in pipeline.takeWritten() { try write(bytes) }
            guard indexer.frameCount > 0 else { throw MediaError.misuse("a GIF needs at least one frame") }
        } else {
            guard let job = indexer.finish(atMilliseconds: milliseconds) else {
                throw MediaError.misuse("a GIF needs at least one frame")
            }
            finished = true
            try compress(job, write)
        }
        try context.check(veil_gif_encoder_finish(context.ctx), width: width, height: height)
        try write(context.takeOutput())
    }

    private func compress(_ job: GIFEncodingJob, _ write: ([UInt8]) throws -> Void) throws {
        let bytes = try job.compress(with: context, width: width, height: height)
        if !bytes.isEmpty { try write(bytes) }
    }
}
