import Foundation
import Testing
import VeilRender
import VeilScreen

@Suite struct SnapshotRendererTests {
    @Test(arguments: 1...3)
    func theImageIsExactlyTheGridByDefault(scale: Int) throws {
        let screen = try Screen(cols: 80, rows: 24)
        let bitmap = try SnapshotRenderer(options: RenderOptions(scale: scale)).bitmap(for: screen)
        #expect(bitmap.width == 640 * scale && bitmap.height == 384 * scale)
        #expect(bitmap.paletteCount == 1)  // a blank screen is one colour: a 1-bit PNG
        #expect(
            try PNGInspection(try SnapshotRenderer(options: RenderOptions(scale: scale)).png(for: screen)).header
                .bitDepth == 1)
    }

    @Test func optionsOutOfRangeAreThrownErrors() throws {
        let screen = try Screen(cols: 2, rows: 2)
        #expect(throws: RenderError.invalidScale(4)) {
            try SnapshotRenderer(options: RenderOptions(scale: 4)).bitmap(for: screen)
        }
        #expect(throws: RenderError.invalidScale(0)) {
            try SnapshotRenderer(options: RenderOptions(scale: 0)).bitmap(for: screen)
        }
        #expect(throws: RenderError.invalidPadding(-1)) {
            try SnapshotRenderer(options: RenderOptions(padding: -1)).bitmap(for: screen)
        }
        var broken = try Screen(cols: 3, rows: 2)
        broken.cells.removeLast()
        #expect(throws: RenderError.inconsistentScreen(cells: 5, cols: 3, rows: 2)) {
            try SnapshotRenderer().bitmap(for: broken)
        }
        let huge = try Screen(cols: 1000, rows: 1000)
        #expect(throws: RenderError.imageTooLarge(width: 24_000, height: 48_000)) {
            try SnapshotRenderer(options: RenderOptions(scale: 3)).bitmap(for: huge)
        }
    }

    @Test func moreThan256ColoursGiveAnRGBImage() throws {
        var screen = try Screen(cols: 20, rows: 15)
        for index in screen.cells.indices {
            screen.cells[index].background = .rgb(UInt8(index % 256), UInt8(index / 256), 9)
        }
        let renderer = try SnapshotRenderer()
        let bitmap = try renderer.bitmap(for: screen)
        #expect(bitmap.paletteCount == nil)
        let png = try renderer.png(for: screen)
        try PNGChecks.expectWellFormed(png, for: bitmap)
        #expect(bitmap.color(x: 8 * 19, y: 16 * 14) == RGBColor(UInt8(299 % 256), 1, 9))
    }

    @Test func writesAFileThatDecodesToTheScreen() throws {
        var screen = try Screen(cols: 10, rows: 2)
        screen[0, 0] = Cell(scalar: "V", foreground: .indexed(2))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-snap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("snap.png")
        let renderer = try SnapshotRenderer(theme: .light, options: RenderOptions(scale: 2))
        try renderer.write(screen, to: file)
        let decoded = try PNGDecoder().decode([UInt8](try Data(contentsOf: file)))
        #expect(decoded.rgbBytes() == (try renderer.bitmap(for: screen)).rgbBytes())
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
    }
}
