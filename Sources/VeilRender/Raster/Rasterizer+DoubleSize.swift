import VeilScreen

/// Double-width and double-height rows (DECDWL / DECDHL): the first `cols / 2` cells are
/// drawn with every font pixel twice as wide (a narrow cell covers two columns, a wide one
/// four); a double-height row draws the top or bottom 8 font rows of each glyph, each twice
/// as tall. Every pixel still comes from one cell alone, so a hidden cell (foreground =
/// background) is one solid rectangle over all the columns it covers. The columns past the
/// half show nothing of the cells there: they are painted in the theme's background.
extension Rasterizer {
    /// Each byte with every bit doubled (bit 7 → bits 15 and 14, …).
    static let doubledBits: [UInt16] = (0..<256).map { byte in
        var doubled: UInt16 = 0
        for bit in 0..<8 where byte & (1 << bit) != 0 { doubled |= 3 << UInt16(2 * bit) }
        return doubled
    }

    /// Paints row `row` of a screen whose line size there is `size` (not single).
    func drawDoubleRow<Writer: PixelWriter>(
        _ screen: Screen, row: Int, size: LineSize, cells: UnsafeBufferPointer<Cell>, layout: Layout,
        cursorIndex: Int, composer: CellComposer, masks: UnsafeMutablePointer<UInt16>,
        doubled: UnsafeMutablePointer<UInt16>, into writer: inout Writer
    ) -> Bool {
        let scale = layout.scale
        let cols = screen.cols
        let half = size.visibleColumns(cols)
        let y = layout.gridY + row * 16 * scale
        var col = 0
        while col < half {
            let index = row * cols + col
            let cell = cells[index]
            var span = 1
            if cell.width == 0 {
                // The right half of a wide character is drawn with it; an orphan is a blank.
                masks.update(repeating: 0, count: 16)
            } else {
                span = cell.width == 2 && col + 1 < half && cells[index + 1].width == 0 ? 2 : 1
                var marks: Substring.UnicodeScalarView?
                if cell.clusterIndex != 0, Int(cell.clusterIndex) < screen.clusters.count {
                    marks = Substring(screen.clusters[Int(cell.clusterIndex)]).unicodeScalars.dropFirst()
                }
                composer.compose(
                    base: cell.scalar.value, marks: marks, attributes: cell.attributes,
                    underline: cell.underlineStyle, span: span, into: masks)
            }
            var (foreground, background) = colors(of: cell, isCursor: index == cursorIndex)
            if cell.width == 0 { foreground = background }
            // One paint of two columns per 8 font pixels of the cell.
            for piece in 0..<span {
                for outRow in 0..<16 {
                    let source: Int
                    switch size {
                    case .doubleHeightTop: source = outRow / 2
                    case .doubleHeightBottom: source = 8 + outRow / 2
                    default: source = outRow
                    }
                    let byte = Int((masks[source] << UInt16(8 * piece)) >> 8)
                    doubled[outRow] = Rasterizer.doubledBits[byte]
                }
                let x = layout.gridX + (2 * (col + piece)) * 8 * scale
                guard
                    writer.paint(
                        x: x, y: y, span: 2, masks: doubled, foreground: foreground, background: background)
                else { return false }
            }
            col += span
        }
        // The columns past the half (and a last odd column) show no cell.
        let shownWidth = 2 * half * 8 * scale
        let restWidth = cols * 8 * scale - shownWidth
        if restWidth > 0 {
            guard
                writer.fill(
                    x: layout.gridX + shownWidth, y: y, width: restWidth, height: 16 * scale,
                    color: theme.background)
            else { return false }
        }
        return true
    }
}
