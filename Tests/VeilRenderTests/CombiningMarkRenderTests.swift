import Testing
import VeilRender
import VeilScreen

/// Combining marks are drawn inside their own cell: nothing of `e` + U+0301 on a row
/// reaches the row above (issue 18 saw an accent drawn above the first row), whatever the
/// mark and the row, with the terminal's composition (`é`) and without it (a cluster).
@Suite struct CombiningMarkRenderTests {
    static let marks: [Unicode.Scalar] = ["\u{301}", "\u{300}", "\u{302}", "\u{308}", "\u{30A}", "\u{323}", "\u{331}"]

    /// The rows of the image (at scale 1) that any pixel other than the background reaches.
    static func inkedRows(_ screen: Screen) throws -> Set<Int> {
        let theme = Theme.dark
        let bitmap = try Rasterizer(font: try BitmapFont.unifont(), theme: theme).rasterize(screen)
        var rows = Set<Int>()
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.color(x: x, y: y) != theme.background { rows.insert(y) }
        }
        return rows
    }

    @Test(arguments: marks, [0, 1, 2])
    func aMarkIsDrawnInItsCell(mark: Unicode.Scalar, row: Int) throws {
        // From the terminal (composed where Unicode has the character) and as a cluster.
        var terminal = try Terminal(cols: 3, rows: 3)
        terminal.feed("\u{1B}[\(row + 1);2He" + String(mark))
        var cluster = try Screen(cols: 3, rows: 3)
        cluster.clusters.append("x" + String(mark))
        cluster[row, 1] = Cell(scalar: "x", clusterIndex: 1)
        for screen in [terminal.screen, cluster] {
            var plain = screen
            plain.cursor.isVisible = false
            let rows = try Self.inkedRows(plain)
            #expect(
                !rows.isEmpty && rows.allSatisfy { (16 * row)..<(16 * row + 16) ~= $0 }, "U+\(mark.value) row \(row)")
        }
    }
}
