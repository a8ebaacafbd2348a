import Testing

@testable import VeilMedia

/// Faint ink (a theme's dim colour) is raised to be read; noise is not.
@Suite struct FaintInkTests {
    /// A band of `width`×16 distances: `value` in columns `columns`, 0 elsewhere.
    static func band(_ value: UInt8, columns: Range<Int>, width: Int = 64) -> [UInt8] {
        var ink = [UInt8](repeating: 0, count: width * 16)
        for y in 4..<12 { for x in columns { ink[y * width + x] = value } }
        return ink
    }

    @Test func faintTextIsRaisedBrightTextAndNoiseAreNot() {
        var faint = Self.band(18, columns: 30..<34)
        Band.strengthen(&faint, width: 64, height: 16)
        #expect(faint.max() == 144, "18 levels from the background, raised eightfold")
        #expect(faint.contains(where: Band.isInk))
        var bright = Self.band(200, columns: 30..<34)
        Band.strengthen(&bright, width: 64, height: 16)
        #expect(bright.max() == 255)
        var edge = Self.band(200, columns: 30..<32)
        for y in 4..<12 { edge[y * 64 + 33] = 18 }  // a bright glyph's anti-aliased edge
        Band.strengthen(&edge, width: 64, height: 16)
        #expect(edge[5 * 64 + 33] == 36, "twice its distance, as before")
        var noise = Self.band(12, columns: 30..<34)
        Band.strengthen(&noise, width: 64, height: 16)
        #expect(noise.max() == 24 && !noise.contains(where: Band.isInk))
    }
}
