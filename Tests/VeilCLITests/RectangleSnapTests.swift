import Foundation
import Testing
import VeilRender

/// `veil snap` draws what the screen holds after rectangle operations and protection (issue
/// 27): the bytes of the xterm battery case `rect_render_session` (DECFRA, DECCARA, DECSCA and
/// DECSERA, DECCRA) give, through the whole command, the pixels the reference renderer drew for
/// that screen (`Tests/VeilRenderTests/Fixtures/screens/rectangles.s1.rgb` and `.s2.rgb`,
/// Scripts/render-goldens; the screen itself is xterm's, see RectangleRenderTests).
@Suite struct RectangleSnapTests {
    static var session: String {
        let csi = "\u{1B}["
        let rect =
            csi + "H"
            + ["abcdefghij", "klmnopqrst", "uvwxyzABCD", "EFGHIJKLMN", "OPQRSTUVWX"].joined(separator: "\r\n")
        return rect + csi + "1;31m" + csi + "88;1;1;2;3$x" + csi + "m" + csi + "2*x" + csi + "3;2;4;4;7$r" + csi
            + "*x" + csi + "5;1H" + csi + "1\"qPQ" + csi + "0\"q" + csi + "5;1;5;6${" + csi + "1;1;2;3;1;1;7;1$v"
    }

    @Test(arguments: [1, 2])
    func snapDrawsTheRectangles(scale: Int) throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        try Data(Self.session.utf8).write(to: work.appendingPathComponent("rect.ans"))
        let result = try CLI.run(
            [
                "snap", "rect.ans", "--cols", "10", "--rows", "5", "--theme", "dark", "--scale", "\(scale)", "-o",
                "out.png",
            ],
            in: work)
        #expect(result.status == 0, "\(result)")
        let bitmap = try Pixels.decode(work.appendingPathComponent("out.png"))
        let golden = try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("VeilRenderTests/Fixtures/screens/rectangles.s\(scale).rgb"))
        #expect((bitmap.width, bitmap.height) == (10 * 8 * scale, 5 * 16 * scale))
        let pixels = bitmap.rgbBytes()
        #expect(pixels.count == golden.count)
        let first = zip(pixels, golden).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(first == nil, "first differing byte \(first ?? -1) (pixel \((first ?? 0) / 3))")
    }
}
