import VeilScreen

/// Where cells land in a drawing: what a report needs to mark cells on the image without
/// drawing over them.
extension Rasterizer {
    /// The size in pixels of the drawing of a `cols`×`rows` screen.
    /// - Throws: ``RenderError`` for options out of range or an image above the pixel limit.
    public func imageSize(cols: Int, rows: Int) throws(RenderError) -> (width: Int, height: Int) {
        let layout = try layout(cols: cols, rows: rows)
        return (layout.width, layout.height)
    }

    /// The pixels that cells `col..<col + width` of row `row` cover in the drawing of
    /// `screen`: 8·scale × 16·scale per column on a single-size row, twice as wide on a
    /// double-width or double-height row (whose columns past the visible half are not drawn
    /// and cover nothing). Nil when none of the cells is drawn.
    /// - Throws: ``RenderError`` for options out of range, an inconsistent screen or an image
    ///   above the pixel limit.
    public func pixelRect(row: Int, col: Int, width: Int, in screen: Screen) throws(RenderError) -> PixelRect? {
        let layout = try layout(for: screen)
        guard row >= 0, row < screen.rows, col >= 0, width > 0 else { return nil }
        let size = screen.lineSizes.count == screen.rows ? screen.lineSizes[row] : .single
        let visible = size.visibleColumns(screen.cols)
        let first = min(col, visible)
        let end = min(col + width, visible)
        guard end > first else { return nil }
        let columnWidth = (size == .single ? 8 : 16) * layout.scale
        return PixelRect(
            x: layout.gridX + first * columnWidth, y: layout.gridY + row * 16 * layout.scale,
            width: (end - first) * columnWidth, height: 16 * layout.scale)
    }
}
