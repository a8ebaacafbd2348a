import Testing
import VeilRender
import VeilScreen
import VeilTestSupport

/// Double-width and double-height rows are drawn from Unifont's glyphs scaled 2×, and a
/// hidden cell on such a row is one solid rectangle over every pixel it covers.
@Suite struct DoubleSizeRenderTests {
    static let theme = Theme.dark

    /// Whether font pixel (x, y) of `scalar`'s Unifont glyph is set.
    static func fontPixel(_ scalar: Unicode.Scalar, x: Int, y: Int) throws -> Bool {
        let glyph = try #require(try BitmapFont.unifont().glyph(for: scalar))
        return glyph.row(y) & (0x8000 >> UInt16(x)) != 0
    }

    /// Renders `text` on row 0 of a 10×2 screen whose row 0 has `size`.
    static func render(_ text: String, size: LineSize, scale: Int = 1) throws -> Bitmap {
        var screen = try Screen(cols: 10, rows: 2)
        for (col, scalar) in text.unicodeScalars.enumerated() { screen[0, col] = Cell(scalar: scalar) }
        screen[0, 9] = Cell(scalar: "Z")  // past the half: never drawn
        screen.lineSizes[0] = size
        let font = try BitmapFont.unifont()
        return try Rasterizer(font: font, theme: theme, options: RenderOptions(scale: scale)).rasterize(screen)
    }

    @Test(arguments: [LineSize.doubleWidth, .doubleHeightTop, .doubleHeightBottom], [1, 2])
    func glyphsAreUnifontScaledTwice(size: LineSize, scale: Int) throws {
        let bitmap = try Self.render("AgB", size: size, scale: scale)
        // Cells 3 and 4 are blank; the Z in column 9 (past the half) is drawn nowhere.
        for (index, scalar) in ["A", "g", "B", " ", " "].map({ Unicode.Scalar($0)! }).enumerated() {
            for y in 0..<16 {
                for x in 0..<16 {
                    // Output pixel (x, y) of the doubled cell shows font pixel (x / 2, y) for a
                    // double-width row, (x / 2, y / 2) or (x / 2, 8 + y / 2) for double height.
                    let fontY = size == .doubleWidth ? y : (size == .doubleHeightTop ? y / 2 : 8 + y / 2)
                    let set = try Self.fontPixel(scalar, x: x / 2, y: fontY)
                    let color = bitmap.color(x: (16 * index + x) * scale, y: y * scale)
                    #expect(color == (set ? Self.theme.foreground : Self.theme.background), "\(scalar) \(x),\(y)")
                }
            }
        }
    }

    /// On an odd number of columns the last one shows no cell.
    @Test func theColumnPastTheHalfIsBlank() throws {
        var screen = try Screen(cols: 11, rows: 1)
        for col in 0..<11 { screen[0, col] = Cell(scalar: "#") }
        screen.lineSizes[0] = .doubleWidth
        let bitmap = try Rasterizer(font: try BitmapFont.unifont(), theme: Self.theme).rasterize(screen)
        for x in 80..<88 {
            for y in 0..<16 { #expect(bitmap.color(x: x, y: y) == Self.theme.background) }
        }
    }

    /// A single row next to a double one is drawn as before.
    @Test func singleRowsAreUnchanged() throws {
        var screen = try Screen(cols: 10, rows: 2)
        screen[1, 0] = Cell(scalar: "A")
        screen.lineSizes[0] = .doubleWidth
        let font = try BitmapFont.unifont()
        let bitmap = try Rasterizer(font: font, theme: Self.theme).rasterize(screen)
        for y in 0..<16 {
            for x in 0..<8 {
                let set = try Self.fontPixel("A", x: x, y: y)
                #expect(bitmap.color(x: x, y: 16 + y) == (set ? Self.theme.foreground : Self.theme.background))
            }
        }
    }

    /// Redaction's half on a double-size row: a hidden cell (fg = bg = mask, text kept) is
    /// a solid rectangle over all the pixels it covers there (two or four columns), and no
    /// pixel of the row's hidden half comes from its cells.
    @Test(arguments: 0..<20)
    func hiddenCellsOnDoubleRowsAreSolid(_ index: Int) throws {
        var random = SeededGenerator(seed: SeededGenerator.caseSeed(base: 0xD0B1E, index: index))
        var screen = try Screen(cols: 12, rows: 3)
        let mask = TerminalColor.rgb(255, 0, 255)
        for row in 0..<3 {
            var col = 0
            while col < 12 {
                if col < 11 && random.chance(25) {
                    screen[row, col] = Cell(scalar: random.pick(["中", "字", "\u{1F600}"]), width: 2)
                    screen[row, col + 1] = Cell(scalar: "\0", width: 0)
                    col += 2
                } else {
                    screen[row, col] = Cell(
                        scalar: random.pick(["A", "W", "g", "#", "é"]),
                        attributes: random.chance(30) ? [.bold, .underline] : [])
                    col += 1
                }
            }
            screen.lineSizes[row] = random.pick([.doubleWidth, .doubleHeightTop, .doubleHeightBottom])
        }
        screen.cursor = Cursor(row: 0, col: 0, isVisible: true)
        var hidden = screen
        var hiddenColumns: [(Int, Int, Int)] = []  // row, first column, width in cells
        for row in 0..<3 {
            var col = 0
            while col < 6 {
                let width = screen[row, col].width == 2 && col + 1 < 6 ? 2 : 1
                if random.chance(40) {
                    for c in col..<(col + width) {
                        hidden[row, c].foreground = mask
                        hidden[row, c].background = mask
                    }
                    hiddenColumns.append((row, col, width))
                }
                col += max(width, 1)
            }
        }
        let font = try BitmapFont.unifont()
        for scale in [1, 2] {
            let bitmap = try Rasterizer(
                font: font, theme: Self.theme, options: RenderOptions(scale: scale, drawCursor: true)
            ).rasterize(hidden)
            let maskRGB = RGBColor(255, 0, 255)
            for (row, col, width) in hiddenColumns {
                for y in (row * 16 * scale)..<((row + 1) * 16 * scale) {
                    for x in (2 * col * 8 * scale)..<(2 * (col + width) * 8 * scale) {
                        #expect(bitmap.color(x: x, y: y) == maskRGB, "row \(row) col \(col) pixel \(x),\(y)")
                    }
                }
            }
        }
    }
}
