import VeilScreen

/// Draws a ``Screen`` into a ``Bitmap`` with a bitmap font and a ``Theme``.
///
/// Each cell is 8 × 16 font pixels (16 × 16 for a wide character), scaled by nearest
/// neighbour. The terminal's cell widths decide the spans: a narrow glyph is centred in a
/// wide cell and a wide glyph is clipped in a narrow one. Every pixel of a cell's rectangle
/// is painted from that cell alone, in its foreground or background, so a cell whose
/// foreground and background resolve to the same colour (how redaction hides a cell)
/// always comes out as one solid rectangle of that colour.
///
/// Drawing rules: inverse swaps the colours; dim blends the foreground toward the background
/// (2·fg + bg) / 3; bold ORs the glyph shifted one pixel right; underline is row 15 (double:
/// rows 13 and 15; other styles drawn single); strikethrough row 8; overline row 0;
/// invisible draws no glyph and no line; control characters are never drawn; combining
/// marks are drawn over their base. Italic and blink are not drawn. Double-width and
/// double-height rows draw their first `cols / 2` cells doubled (see `drawDoubleRow`).
public struct Rasterizer: Sendable {
    /// The font.
    public let font: BitmapFont
    /// The colours.
    public var theme: Theme
    /// Scale, cursor, padding and frame.
    public var options: RenderOptions

    /// A rasterizer with a font (see ``BitmapFont/unifont()``), a theme and options.
    public init(font: BitmapFont, theme: Theme = .dark, options: RenderOptions = RenderOptions()) {
        self.font = font
        self.theme = theme
        self.options = options
    }

    /// The pixel geometry of one rendering.
    struct Layout {
        let scale: Int
        let gridX: Int
        let gridY: Int
        let width: Int
        let height: Int
        let titleBarHeight: Int
    }

    func layout(for screen: Screen) throws(RenderError) -> Layout {
        guard screen.cells.count == screen.rows * screen.cols else {
            throw .inconsistentScreen(cells: screen.cells.count, cols: screen.cols, rows: screen.rows)
        }
        return try layout(cols: screen.cols, rows: screen.rows)
    }

    /// The geometry of a `cols`×`rows` screen.
    func layout(cols: Int, rows: Int) throws(RenderError) -> Layout {
        let scale = options.scale
        guard RenderOptions.scales.contains(scale) else { throw .invalidScale(scale) }
        guard (0...RenderOptions.maximumPadding).contains(options.padding) else {
            throw .invalidPadding(options.padding)
        }
        let pad = options.padding * scale
        let bar = options.windowFrame ? Self.titleBarHeight * scale : 0
        let width = cols * 8 * scale + 2 * pad
        let height = rows * 16 * scale + 2 * pad + bar
        guard width * height <= PNGEncoder.maximumPixelCount else { throw .imageTooLarge(width: width, height: height) }
        return Layout(scale: scale, gridX: pad, gridY: bar + pad, width: width, height: height, titleBarHeight: bar)
    }

    /// The title bar's height in font pixels (a 16-pixel line and 2 pixels above and below).
    static let titleBarHeight = 20

    /// Draws `screen`. The result is indexed when the image has at most 256 colours, else RGB.
    /// - Throws: ``RenderError`` for options out of range, an inconsistent screen or an image
    ///   above the pixel limit.
    public func rasterize(_ screen: Screen) throws(RenderError) -> Bitmap {
        let layout = try layout(for: screen)
        let count = layout.width * layout.height
        var palette: [RGBColor] = []
        let indexed = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var writer = IndexedWriter(pixels: buffer.baseAddress!, width: layout.width, scale: layout.scale)
            if draw(screen, layout: layout, into: &writer) {
                palette = writer.palette
                initialized = count
            } else {
                initialized = 0
            }
        }
        if !palette.isEmpty {
            return Bitmap(width: layout.width, height: layout.height, pixels: .indexed(indexed, palette: palette))
        }
        let rgb = [UInt8](unsafeUninitializedCapacity: count * 3) { buffer, initialized in
            var writer = RGBWriter(pixels: buffer.baseAddress!, width: layout.width, scale: layout.scale)
            _ = draw(screen, layout: layout, into: &writer)
            initialized = count * 3
        }
        return Bitmap(width: layout.width, height: layout.height, pixels: .rgb(rgb))
    }

    /// Paints padding, frame and every cell; false when the writer ran out of palette.
    func draw<Writer: PixelWriter>(_ screen: Screen, layout: Layout, into writer: inout Writer) -> Bool {
        drawDecorations(screen, layout: layout, into: &writer)
            && drawRows(screen, rows: 0..<screen.rows, layout: layout, into: &writer)
    }

    /// Paints the padding and the optional title bar.
    func drawDecorations<Writer: PixelWriter>(_ screen: Screen, layout: Layout, into writer: inout Writer) -> Bool {
        let scale = layout.scale
        let pad = options.padding * scale
        if pad > 0 {
            let top = layout.titleBarHeight
            let gridHeight = screen.rows * 16 * scale
            guard writer.fill(x: 0, y: top, width: layout.width, height: pad, color: theme.background),
                writer.fill(x: 0, y: layout.height - pad, width: layout.width, height: pad, color: theme.background),
                writer.fill(x: 0, y: top + pad, width: pad, height: gridHeight, color: theme.background),
                writer.fill(
                    x: layout.width - pad, y: top + pad, width: pad, height: gridHeight, color: theme.background)
            else { return false }
        }
        if options.windowFrame, !drawTitleBar(screen.title, layout: layout, into: &writer) { return false }
        return true
    }

    /// Paints every cell of the rows in `rows` (each pixel of a row comes from its cells
    /// alone, so drawing some rows again gives the pixels a whole drawing gives); with
    /// `columns`, only the cells of those columns (a double-size row is drawn whole). The
    /// caller widens `columns` to whole wide characters.
    func drawRows<Writer: PixelWriter>(
        _ screen: Screen, rows: Range<Int>, columns: Range<Int>? = nil, layout: Layout, into writer: inout Writer
    ) -> Bool {
        let scale = layout.scale
        let composer = CellComposer(font: font)
        let cursorIndex = cursorCell(of: screen)
        let masks = UnsafeMutablePointer<UInt16>.allocate(capacity: 32)
        defer { masks.deallocate() }
        // Double-size rows (DECDWL/DECDHL) are drawn apart; most screens have none.
        let sizes = screen.lineSizes.count == screen.rows && screen.lineSizes.contains { $0 != .single }
        return screen.cells.withUnsafeBufferPointer { cells in
            let cols = screen.cols
            for row in rows {
                if sizes && screen.lineSizes[row] != .single {
                    guard
                        drawDoubleRow(
                            screen, row: row, size: screen.lineSizes[row], cells: cells, layout: layout,
                            cursorIndex: cursorIndex, composer: composer, masks: masks, doubled: masks + 16,
                            into: &writer)
                    else { return false }
                    continue
                }
                let y = layout.gridY + row * 16 * scale
                for col in columns ?? 0..<cols {
                    let index = row * cols + col
                    let cell = cells[index]
                    let x = layout.gridX + col * 8 * scale
                    if cell.width == 0 {
                        // The right half of a wide character is painted with it; an orphan
                        // continuation is painted as a blank in its own background.
                        if col > 0, cells[index - 1].width == 2 { continue }
                        masks.update(repeating: 0, count: 16)
                        let (_, background) = colors(of: cell, isCursor: index == cursorIndex)
                        guard
                            writer.paint(
                                x: x, y: y, span: 1, masks: masks, foreground: background, background: background)
                        else { return false }
                        continue
                    }
                    let span = cell.width == 2 && col + 1 < cols && cells[index + 1].width == 0 ? 2 : 1
                    var marks: Substring.UnicodeScalarView?
                    if cell.clusterIndex != 0, Int(cell.clusterIndex) < screen.clusters.count {
                        let cluster = screen.clusters[Int(cell.clusterIndex)]
                        marks = Substring(cluster).unicodeScalars.dropFirst()
                    }
                    composer.compose(
                        base: cell.scalar.value, marks: marks, attributes: cell.attributes,
                        underline: cell.underlineStyle, span: span, into: masks)
                    let (foreground, background) = colors(of: cell, isCursor: index == cursorIndex)
                    guard
                        writer.paint(
                            x: x, y: y, span: span, masks: masks, foreground: foreground, background: background)
                    else { return false }
                }
            }
            return true
        }
    }

    /// The cell index the cursor is drawn on (the head of a wide character), or -1.
    func cursorCell(of screen: Screen) -> Int {
        let cursor = screen.cursor
        guard options.drawCursor, cursor.isVisible, (0..<screen.rows).contains(cursor.row),
            (0..<screen.cols).contains(cursor.col)
        else { return -1 }
        let index = cursor.row * screen.cols + cursor.col
        if screen.cells[index].width == 0, cursor.col > 0, screen.cells[index - 1].width == 2 { return index - 1 }
        return index
    }

    /// A cell's final foreground and background: theme colours, inverse (and the cursor,
    /// drawn as inverse), then dim.
    @inline(__always)
    func colors(of cell: Cell, isCursor: Bool) -> (RGBColor, RGBColor) {
        var foreground = theme.resolve(cell.foreground, isForeground: true)
        var background = theme.resolve(cell.background, isForeground: false)
        if cell.attributes.contains(.inverse) != isCursor { swap(&foreground, &background) }
        if cell.attributes.contains(.dim) {
            foreground = RGBColor(
                UInt8((2 * Int(foreground.red) + Int(background.red)) / 3),
                UInt8((2 * Int(foreground.green) + Int(background.green)) / 3),
                UInt8((2 * Int(foreground.blue) + Int(background.blue)) / 3))
        }
        return (foreground, background)
    }
}
