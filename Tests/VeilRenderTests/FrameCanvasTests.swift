import Testing
import VeilRender
import VeilScreen
import VeilTestSupport

/// The animation canvas draws again only the cells that changed, and is then pixel for pixel
/// the snapshot of the screen; the rectangle it returns holds every pixel that changed.
@Suite struct FrameCanvasTests {
    /// The snapshot's pixels as canvas words.
    static func words(_ screen: Screen, _ rasterizer: Rasterizer) throws -> [UInt32] {
        let bitmap = try rasterizer.rasterize(screen)
        return (0..<(bitmap.width * bitmap.height)).map {
            0xFF00_0000 | bitmap.color(x: $0 % bitmap.width, y: $0 / bitmap.width).hex
        }
    }

    /// Random edits: narrow and wide characters over each other, colours, inverse, erasing.
    static func edit(_ random: inout SeededGenerator, cols: Int, rows: Int) -> String {
        let text = ["a", "Z", "日", "本", "語", " ", "é", "#", "ｶ"]
        let styles = ["\u{1B}[0m", "\u{1B}[7m", "\u{1B}[31m", "\u{1B}[44m", "\u{1B}[1;32m"]
        var out = ""
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            out += "\u{1B}[\(Int.random(in: 1...rows, using: &random));\(Int.random(in: 1...cols, using: &random))H"
            out += random.pick(styles)
            if random.chance(10) {
                out += "\u{1B}[\(Int.random(in: 0...2, using: &random))K"
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &random) { out += random.pick(text) }
            }
        }
        return out
    }

    @Test(arguments: [1, 2, 3, 4], [1, 2])
    func drawingOnlyTheChangedCellsGivesTheSnapshot(seed: Int, scale: Int) throws {
        let (cols, rows) = (12, 4)
        let rasterizer = Rasterizer(font: try BitmapFont.unifont(), options: RenderOptions(scale: scale))
        var canvas = try FrameCanvas(rasterizer: rasterizer, cols: cols, rows: rows)
        var terminal = try Terminal(cols: cols, rows: rows)
        var random = SeededGenerator(seed: UInt64(seed))
        var before = canvas.pixels
        var narrower = 0
        for step in 0..<60 {
            terminal.feed(Self.edit(&random, cols: cols, rows: rows))
            let screen = terminal.screen
            let changed = try canvas.draw(screen)
            let expected = try Self.words(screen, rasterizer)
            #expect(canvas.pixels == expected, "seed \(seed) step \(step)")
            for index in 0..<expected.count where expected[index] != before[index] {
                let (x, y) = (index % canvas.width, index / canvas.width)
                let inside = changed.map { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                #expect(
                    inside == true,
                    "seed \(seed) step \(step): pixel \(x),\(y) changed outside \(String(describing: changed))")
                if inside != true { break }
            }
            if let changed, step > 0, changed.width < canvas.width { narrower += 1 }
            before = canvas.pixels
        }
        // Most edits touch a few columns: the rectangle is narrower than the screen.
        #expect(narrower > 10)
    }
}
