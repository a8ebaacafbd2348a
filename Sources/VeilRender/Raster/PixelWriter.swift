/// Where the rasterizer puts pixels: the indexed writer (palette of at most 256 colours)
/// or the RGB writer (its fallback). Coordinates are output pixels; a cell is painted from
/// 16 row masks (bit 15 = leftmost font pixel; `span` 1 uses the high byte only).
protocol PixelWriter {
    /// Fills a rectangle; false when the colour does not fit the writer's palette.
    mutating func fill(x: Int, y: Int, width: Int, height: Int, color: RGBColor) -> Bool
    /// Paints a cell of `span` columns at (x, y); false when a colour does not fit.
    mutating func paint(
        x: Int, y: Int, span: Int, masks: UnsafePointer<UInt16>,
        foreground: RGBColor, background: RGBColor
    ) -> Bool
}

extension PixelWriter {
    /// The mask of every pixel of a `span`-column cell.
    @inline(__always)
    static func fullMask(span: Int) -> UInt16 { span == 2 ? 0xFFFF : 0xFF00 }
}
