import Testing
import VeilRender
import VeilScreen

/// Rectangle operations and protected cells (issue 27) are drawn as the screen holds them:
/// the bytes of the xterm battery case `rect_render_session` (DECFRA, DECCARA, DECSCA and
/// DECSERA, DECCRA; its golden is xterm's print of that screen) give the screen the
/// `rectangles` fixture describes, and the renderer draws it pixel for pixel as the
/// independent reference renderer draws the fixture (Scripts/render-goldens).
@Suite struct RectangleRenderTests {
    static let csi = "\u{1B}["
    static var session: String {
        let csi = Self.csi
        let rect =
            csi + "H"
            + ["abcdefghij", "klmnopqrst", "uvwxyzABCD", "EFGHIJKLMN", "OPQRSTUVWX"].joined(
                separator: "\r\n")
        return rect + csi + "1;31m" + csi + "88;1;1;2;3$x" + csi + "m" + csi + "2*x" + csi + "3;2;4;4;7$r" + csi
            + "*x" + csi + "5;1H" + csi + "1\"qPQ" + csi + "0\"q" + csi + "5;1;5;6${" + csi + "1;1;2;3;1;1;7;1$v"
    }

    @Test func theScreenIsTheFixture() throws {
        var terminal = try Terminal(cols: 10, rows: 5)
        terminal.feed(Self.session)
        let screen = terminal.screen
        let fixture = try ScreenFixture(name: "rectangles")
        #expect(screen.lines() == fixture.screen.lines())
        for row in 0..<5 {
            for col in 0..<10 {
                let (cell, expected) = (screen[row, col], fixture.screen[row, col])
                // Protection is not a rendition: the fixture (xterm's print) has no mark for it.
                #expect(cell.attributes.subtracting(.protected) == expected.attributes, "\(row),\(col)")
                #expect(
                    cell.foreground == expected.foreground && cell.background == expected.background, "\(row),\(col)")
            }
        }
        #expect(screen[4, 0].attributes.contains(.protected) && screen[4, 1].attributes.contains(.protected))
    }

    @Test(arguments: [1, 2])
    func theRendererDrawsWhatTheScreenHolds(scale: Int) throws {
        var terminal = try Terminal(cols: 10, rows: 5)
        terminal.feed(Self.session)
        let fixture = try ScreenFixture(name: "rectangles")
        let bitmap = try Rasterizer(
            font: try BitmapFont.unifont(), theme: fixture.theme, options: fixture.options(scale: scale)
        )
        .rasterize(terminal.screen)
        let golden = try Fixtures.bytes("screens/rectangles.s\(scale).rgb")
        let mismatch = GoldenRenderTests.firstMismatch(bitmap.rgbBytes(), golden, width: bitmap.width)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
