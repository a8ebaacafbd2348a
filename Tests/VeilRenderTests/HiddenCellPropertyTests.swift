import Foundation
import Testing
import VeilRender
import VeilScreen
import VeilTestSupport

/// The renderer's half of "no pixel of a sensitive cell is drawn from its content": a
/// hidden cell (a blank whose foreground = background = the mask colour, attributes
/// cleared) is one solid rectangle of the mask colour, whatever its neighbours draw
/// (bold, wide characters, combining marks, the cursor), at every scale; and no other
/// cell's pixels change when a cell is hidden. The stronger form is checked too: a cell that
/// keeps its text and attributes but whose foreground and background are both the mask
/// colour (both halves of a wide character, as `Screen.markSensitive` marks them) is solid.
@Suite struct HiddenCellPropertyTests {
    struct Position: Hashable {
        let row: Int
        let col: Int
    }

    /// How a cell is hidden.
    enum HideStyle: CaseIterable, Sendable {
        /// Replaced by a blank with fg = bg = mask and no attributes (the solid style).
        case blank
        /// Only its colours (and its wide partner's) become the mask; text and attributes stay.
        case recolour
    }

    static func hide(
        _ screen: Screen, style: HideStyle, fraction: Int, mask: TerminalColor,
        random: inout SeededGenerator
    ) -> (Screen, Set<Position>) {
        var hidden = screen
        var positions = Set<Position>()
        for row in 0..<screen.rows {
            for col in 0..<screen.cols where Int.random(in: 0..<100, using: &random) < fraction {
                switch style {
                case .blank:
                    hidden[row, col] = Cell(scalar: " ", width: 1, foreground: mask, background: mask)
                    positions.insert(Position(row: row, col: col))
                case .recolour:
                    var columns = [col]
                    if screen[row, col].width == 2, col + 1 < screen.cols { columns.append(col + 1) }
                    if screen[row, col].width == 0, col > 0 { columns.append(col - 1) }
                    for c in columns {
                        hidden[row, c].foreground = mask
                        hidden[row, c].background = mask
                        positions.insert(Position(row: row, col: c))
                    }
                }
            }
        }
        return (hidden, positions)
    }

    /// Whether the pixels of column cell (row, col) depend only on cells that were not
    /// hidden: false for hidden cells and for halves of a wide character whose other half
    /// was hidden.
    static func isUntouched(_ p: Position, in original: Screen, hidden: Set<Position>) -> Bool {
        if hidden.contains(p) { return false }
        let cell = original[p.row, p.col]
        if cell.width == 2, p.col + 1 < original.cols, hidden.contains(Position(row: p.row, col: p.col + 1)) {
            return false
        }
        if cell.width == 0, p.col > 0, hidden.contains(Position(row: p.row, col: p.col - 1)) { return false }
        return true
    }

    static func equalBytes(_ a: [UInt8], _ aStart: Int, _ b: [UInt8], _ bStart: Int, _ count: Int) -> Bool {
        a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in memcmp(a.baseAddress! + aStart, b.baseAddress! + bStart, count) == 0 }
        }
    }

    @Test(arguments: HideStyle.allCases)
    func hiddenCellsAreSolidMaskRectanglesAndNeighboursAreUnchanged(style: HideStyle) throws {
        let font = try BitmapFont.unifont()
        var random = SeededGenerator(seed: 0x5EED_CE11)
        var generator = RandomScreens(random: SeededGenerator(seed: style == .blank ? 42 : 43))
        var hiddenCount = 0
        for iteration in 0..<240 {
            let original = try generator.screen(maxCols: 18, maxRows: 4)
            let mask: TerminalColor =
                iteration % 3 == 0
                ? .indexed(UInt8.random(in: 0...255, using: &random))
                : .rgb(
                    .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                    .random(in: 0...255, using: &random))
            let (redacted, hidden) = Self.hide(original, style: style, fraction: 35, mask: mask, random: &random)
            hiddenCount += hidden.count
            let theme = Theme.builtIn[iteration % Theme.builtIn.count]
            let maskColor = theme.resolve(mask, isForeground: false)
            for scale in 1...3 {
                let options = RenderOptions(
                    scale: scale, drawCursor: iteration % 2 == 0, padding: iteration % 4,
                    windowFrame: iteration % 5 == 0)
                let rasterizer = Rasterizer(font: font, theme: theme, options: options)
                let after = try rasterizer.rasterize(redacted).rgbBytes()
                let before = try rasterizer.rasterize(original).rgbBytes()
                let width = (original.cols * 8 + 2 * options.padding) * scale
                let top = (options.windowFrame ? 20 : 0) * scale + options.padding * scale
                let maskRow = [UInt8](
                    (0..<(8 * scale)).map { _ in [maskColor.red, maskColor.green, maskColor.blue] }.joined())
                let rowBytes = 3 * 8 * scale
                for row in 0..<original.rows {
                    for col in 0..<original.cols {
                        let p = Position(row: row, col: col)
                        let isHidden = hidden.contains(p)
                        guard isHidden || Self.isUntouched(p, in: original, hidden: hidden) else { continue }
                        let x0 = options.padding * scale + col * 8 * scale
                        for y in (top + row * 16 * scale)..<(top + (row + 1) * 16 * scale) {
                            let start = 3 * (y * width + x0)
                            if isHidden {
                                guard Self.equalBytes(after, start, maskRow, 0, rowBytes) else {
                                    Issue.record(
                                        "screen \(iteration) scale \(scale): hidden cell \(row),\(col) row \(y) is not solid \(maskColor)"
                                    )
                                    return
                                }
                            } else {
                                guard Self.equalBytes(after, start, before, start, rowBytes) else {
                                    Issue.record(
                                        "screen \(iteration) scale \(scale): cell \(row),\(col) changed when neighbours were hidden"
                                    )
                                    return
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(hiddenCount > 1_500)
    }

    @Test func everyEncodedRandomScreenDecodesToItsBitmap() throws {
        let font = try BitmapFont.unifont()
        var generator = RandomScreens(random: SeededGenerator(seed: 7))
        var depths = Set<Int>()
        for iteration in 0..<60 {
            var screen = try generator.screen(maxCols: 24, maxRows: 5)
            if iteration % 4 == 0 {
                // Few colours, so small bit depths come up too.
                for index in screen.cells.indices {
                    screen.cells[index].foreground = .indexed(UInt8(index % 2))
                    screen.cells[index].background = .default
                }
            }
            let bitmap = try Rasterizer(font: font, theme: .dark, options: RenderOptions(scale: 1 + iteration % 3))
                .rasterize(screen)
            let png = try PNGEncoder(compression: iteration % 2 == 0 ? .standard : .fast).encode(bitmap)
            try PNGChecks.expectWellFormed(png, for: bitmap)
            depths.insert(try PNGInspection(png).header.bitDepth)
        }
        #expect(depths.count >= 3)
    }
}
