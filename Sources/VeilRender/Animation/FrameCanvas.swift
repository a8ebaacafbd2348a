import VeilScreen

/// The pixels of an animation, one screen after another: each screen is drawn by the
/// ``Rasterizer`` (the code every snapshot is drawn with), and only the rows whose cells
/// changed since the screen before are drawn again.
///
/// Pixels are `0xFFRRGGBB` words. A screen smaller than the canvas (a recording resized
/// smaller) is drawn at the top left, the rest in the theme's background; every pixel of
/// the screen's own area equals the pixel of its snapshot.
///
/// ```swift
/// var canvas = try FrameCanvas(rasterizer: rasterizer, cols: 80, rows: 24)
/// if let changed = try canvas.draw(screen) { encode(canvas.pixels, changed) }
/// ```
public struct FrameCanvas: Sendable {
    /// The rasterizer (font, theme, scale).
    public let rasterizer: Rasterizer
    /// The canvas width in pixels.
    public let width: Int
    /// The canvas height in pixels.
    public let height: Int
    /// The pixels, `0xFFRRGGBB`, rows top to bottom.
    public private(set) var pixels: [UInt32]
    private let layout: Rasterizer.Layout
    private var drawn: Screen?

    /// A canvas for screens up to `cols`×`rows`.
    /// - Throws: ``RenderError`` for options out of range or an image above the pixel limit.
    public init(rasterizer: Rasterizer, cols: Int, rows: Int) throws(RenderError) {
        self.rasterizer = rasterizer
        layout = try rasterizer.layout(cols: cols, rows: rows)
        width = layout.width
        height = layout.height
        pixels = [UInt32](repeating: ColorWriter.word(rasterizer.theme.background), count: width * height)
    }

    /// Draws `screen` over the screen drawn before; returns the rectangle of rows drawn again
    /// (every pixel that may have changed lies inside), or nil when no cell changed.
    /// - Throws: ``RenderError`` for an inconsistent screen or one larger than the canvas.
    public mutating func draw(_ screen: Screen) throws(RenderError) -> PixelRect? {
        let own = try rasterizer.layout(for: screen)
        guard own.width <= width, own.height <= height else {
            throw .imageTooLarge(width: own.width, height: own.height)
        }
        var rows = 0..<screen.rows
        var columns = 0..<screen.cols
        var whole = false
        // A new size, or a title drawn in a frame that changed, is drawn whole.
        let sameTitle = !rasterizer.options.windowFrame || drawn?.title == screen.title
        if let drawn, drawn.cols == screen.cols, drawn.rows == screen.rows, sameTitle {
            guard let changed = Self.changedCells(from: drawn, to: screen) else {
                self.drawn = screen
                return nil
            }
            (rows, columns) = changed
        } else {
            whole = true
        }
        let layout = self.layout
        let rasterizer = self.rasterizer
        pixels.withUnsafeMutableBufferPointer { buffer in
            var writer = ColorWriter(pixels: buffer.baseAddress!, stride: layout.width, scale: layout.scale)
            if whole {
                _ = writer.fill(
                    x: 0, y: 0, width: layout.width, height: layout.height, color: rasterizer.theme.background)
                _ = rasterizer.drawDecorations(screen, layout: layout, into: &writer)
            }
            _ = rasterizer.drawRows(screen, rows: rows, columns: columns, layout: layout, into: &writer)
        }
        drawn = screen
        if whole { return PixelRect(x: 0, y: 0, width: width, height: height) }
        let rowHeight = 16 * layout.scale
        let cellWidth = 8 * layout.scale
        return PixelRect(
            x: layout.gridX + columns.lowerBound * cellWidth, y: layout.gridY + rows.lowerBound * rowHeight,
            width: columns.count * cellWidth, height: rows.count * rowHeight)
    }

    /// The rows and columns of the cells that differ between `old` and `new` (same size), or
    /// nil when none does: the columns widened to whole wide characters, and to the whole
    /// width when a changed row is double-size (drawn whole).
    static func changedCells(from old: Screen, to new: Screen) -> (rows: Range<Int>, columns: Range<Int>)? {
        let cols = new.cols
        let clustersDiffer = old.clusters != new.clusters
        let sizes = old.lineSizes.count == new.rows && new.lineSizes.count == new.rows
        var first = -1
        var last = -1
        var left = cols
        var right = -1
        var wholeWidth = false
        old.cells.withUnsafeBufferPointer { before in
            new.cells.withUnsafeBufferPointer { after in
                for row in 0..<new.rows {
                    let base = row * cols
                    @inline(__always) func differs(_ col: Int) -> Bool {
                        let a = before[base + col], b = after[base + col]
                        return a != b || (clustersDiffer && b.clusterIndex != 0)
                    }
                    var lo = 0
                    while lo < cols && !differs(lo) { lo += 1 }
                    let resized = sizes && old.lineSizes[row] != new.lineSizes[row]
                    guard lo < cols || resized else { continue }
                    if first < 0 { first = row }
                    last = row
                    if resized || (sizes && new.lineSizes[row] != .single) {
                        wholeWidth = true
                        continue
                    }
                    var hi = cols - 1
                    while hi > lo && !differs(hi) { hi -= 1 }
                    // A cell's pixels depend on its neighbours' widths (a wide character
                    // and the half that continues it are drawn together): a changed cell
                    // next to a wide character draws that character too.
                    if lo > 0 && after[base + lo - 1].width == 2 { lo -= 1 }
                    if hi + 1 < cols && (after[base + hi].width == 2 || before[base + hi].width == 2) { hi += 1 }
                    left = min(left, lo)
                    right = max(right, hi)
                }
            }
        }
        guard first >= 0 else { return nil }
        if wholeWidth || right < left { return (first..<(last + 1), 0..<cols) }
        return (first..<(last + 1), left..<(right + 1))
    }

    /// The first through the last row whose cells (or line size) differ, or nil.
    static func changedRows(from old: Screen, to new: Screen) -> Range<Int>? {
        let cols = new.cols
        let clustersDiffer = old.clusters != new.clusters
        let sizes = old.lineSizes.count == new.rows && new.lineSizes.count == new.rows
        var first = -1
        var last = -1
        old.cells.withUnsafeBufferPointer { before in
            new.cells.withUnsafeBufferPointer { after in
                for row in 0..<new.rows {
                    var differs = sizes && old.lineSizes[row] != new.lineSizes[row]
                    var col = 0
                    while !differs && col < cols {
                        let a = before[row * cols + col], b = after[row * cols + col]
                        differs = a != b || (clustersDiffer && b.clusterIndex != 0)
                        col += 1
                    }
                    if differs {
                        if first < 0 { first = row }
                        last = row
                    }
                }
            }
        }
        return first < 0 ? nil : first..<(last + 1)
    }
}
