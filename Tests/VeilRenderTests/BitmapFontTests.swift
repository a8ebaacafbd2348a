import Foundation
import Testing
import VeilRender

@Suite struct BitmapFontTests {
    @Test func bundledUnifontHasPlaneZeroWithoutControlCharacters() throws {
        let font = try BitmapFont.unifont()
        #expect(font.glyphCount == 57_021)  // 57,086 glyphs in unifont.hex minus 65 controls
        for scalar: UInt32 in Array(0...0x1F) + Array(0x7F...0x9F) {
            #expect(font.glyph(for: scalar) == nil, "U+\(String(scalar, radix: 16))")
        }
        #expect(font.glyph(for: 0x1F600) == nil)
        #expect(font.glyph(for: 0x110000) == nil)
        #expect(font.glyph(for: 0xFFFF_FFFF) == nil)
    }

    @Test func glyphsHaveTheirWidthsRowsAndCombiningOffsets() throws {
        let font = try BitmapFont.unifont()
        let a = try #require(font.glyph(for: "A"))
        #expect(a.pixelWidth == 8 && a.combiningOffset == nil)
        // unifont.hex: 0041:0000000018242442427E424242420000
        let rows: [UInt16] = [0, 0, 0, 0, 0x18, 0x24, 0x24, 0x42, 0x42, 0x7E, 0x42, 0x42, 0x42, 0x42, 0, 0].map {
            $0 << 8
        }
        #expect((0..<16).map(a.row) == rows)
        #expect(try #require(font.glyph(for: "漢")).pixelWidth == 16)
        #expect(try #require(font.glyph(for: "\u{915}")).pixelWidth == 16)  // 16 px glyph, width 1
        #expect(try #require(font.glyph(for: "⌚")).pixelWidth == 8)  // 8 px glyph, width 2
        #expect(try #require(font.glyph(for: "\u{301}")).combiningOffset == -8)
        #expect(try #require(font.glyph(for: "\u{93F}")).combiningOffset == -16)
        #expect(try #require(font.glyph(for: "\u{488}")).combiningOffset == -12)
        #expect(try #require(font.glyph(for: "\u{591}")).combiningOffset == 0)
    }

    @Test func theBundledFontIsLoadedOnceAndShared() async throws {
        let first = try BitmapFont.unifont()
        let others = try await withThrowingTaskGroup(of: BitmapFont.self) { group in
            for _ in 0..<8 { group.addTask { try BitmapFont.unifont() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(others.allSatisfy { $0 === first })
        // A second mapping of the same file reads the same glyphs (the time to open it is
        // measured by `veil-bench render` in Benchmarks/VeilBenchmarks, not here).
        let second = try BitmapFont(path: first.path)
        #expect(second.glyphCount == first.glyphCount)
        #expect(
            (0..<16).map(try #require(second.glyph(for: "字")).row)
                == (0..<16).map(try #require(first.glyph(for: "字")).row))
    }

    @Test func damagedFontFilesGiveTypedErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-font-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.veilfont").path
        #expect(throws: FontError.unreadable(path: missing, errno: ENOENT)) { try BitmapFont(path: missing) }
        let garbage = folder.appendingPathComponent("garbage.veilfont")
        try Data(repeating: 0x41, count: 64).write(to: garbage)
        #expect(throws: FontError.badMagic(path: garbage.path)) { try BitmapFont(path: garbage.path) }
        let real = try Data(contentsOf: URL(fileURLWithPath: try BitmapFont.unifont().path))
        let cut = folder.appendingPathComponent("cut.veilfont")
        try real.prefix(real.count - 16).write(to: cut)
        #expect(throws: FontError.inconsistentSize(path: cut.path, expected: real.count, actual: real.count - 16)) {
            try BitmapFont(path: cut.path)
        }
    }
}
