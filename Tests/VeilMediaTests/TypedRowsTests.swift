import Testing

@testable import VeilMedia

/// A typed line's prefixes are cut from the line, never read alone: only rows whose ink is the
/// start of a longer row's, followed by nothing or a cursor, are.
struct TypedRowsTests {
    static let cell = 6
    static let height = 10

    /// A row of cells on black: a letter is a pattern of strokes of its own (never solid), a
    /// cursor a white block.
    static func band(_ cells: String, cursorAt cursor: Int? = nil, width: Int = 120) -> Band {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 3, to: rgba.count, by: 4) { rgba[i] = 255 }
        func ink(_ x: Int, _ y: Int) {
            let offset = (y * width + x) * 4
            rgba[offset] = 255
            rgba[offset + 1] = 255
            rgba[offset + 2] = 255
        }
        for (index, character) in cells.enumerated() where character != " " {
            let left = index * cell
            let code = Int(character.unicodeScalars.first!.value)
            for y in 1..<(height - 1) { ink(left + 1 + code % 3, y) }
            ink(left + 1 + code % 4, 1 + code % 7)
            for x in (left + 1)..<(left + cell - 1) { ink(x, 2 + code % 5) }
        }
        if let cursor {
            for y in 0..<height { for x in (cursor * cell)..<(cursor * cell + cell) { ink(x, y) } }
        }
        return Band(rgba, width: width, top: 0, bottom: height, background: Pixel(r: 0, g: 0, b: 0))!
    }

    @Test func aPrefixWithTheCursorAfterItIsCutFromTheLongerRow() throws {
        let found = TypedRows.find([Self.band("$ ec", cursorAt: 4), Self.band("$ echo", cursorAt: 6)], cellLimit: 8)
        let source = try #require(found[0])
        #expect(source.band == 1)
        #expect(source.cut == 4 * Self.cell)
        #expect(source.cursor)
        #expect(found[1] == nil)
    }

    @Test func aPrefixWithoutACursorIsCutToo() throws {
        // Found whatever the order the rows come in.
        let found = TypedRows.find([Self.band("$ echo"), Self.band("$ ec")], cellLimit: 8)
        #expect(found[1]?.band == 0)
        #expect(found[1]?.cursor == false)
        #expect(found[0] == nil)
    }

    @Test func aRowShowingTextTheOtherDoesNotIsReadAlone() {
        // A different letter where the longer row goes on (a line edited, not extended).
        #expect(TypedRows.find([Self.band("$ ecX"), Self.band("$ echo")], cellLimit: 8).isEmpty)
        // More than a cursor past the cut: text further right.
        #expect(TypedRows.find([Self.band("$ ec      zz"), Self.band("$ echo")], cellLimit: 8).isEmpty)
        // Rows on other pixel rows are not compared.
        var lower = Self.band("$ ec")
        lower.top = 40
        #expect(TypedRows.find([lower, Self.band("$ echo")], cellLimit: 8).isEmpty)
    }

    @Test func theLongerRowsWordsAreCutAtTheCellWhereTheRowsPart() {
        let words = [
            OCRWord(text: "$", left: 1, top: 0, right: 5, bottom: 9, confidence: 90, line: 0),
            OCRWord(text: "echo", left: 13, top: 0, right: 35, bottom: 9, confidence: 90, line: 0),
            OCRWord(text: "card", left: 43, top: 0, right: 59, bottom: 9, confidence: 90, line: 0),
        ]
        // The cursor at cell 4 ("$ ec"): the word starts 1 px into cell 2.
        let cut = TypedRows.words(words, as: .init(band: 0, cut: 24, cursor: true), cellWidth: 6)
        #expect(cut.map(\.text) == ["$", "ec"])
        #expect(cut.last?.right == 24)
        // A narrow first glyph starts half a cell late: still two cells before the cursor.
        let narrow = [OCRWord(text: "fOPa", left: 15, top: 0, right: 35, bottom: 9, confidence: 90, line: 0)]
        #expect(TypedRows.words(narrow, as: .init(band: 0, cut: 24, cursor: true), cellWidth: 6).map(\.text) == ["fO"])
        // Without a cursor the cut is where the next glyph's ink starts (1 px into cell 4).
        #expect(
            TypedRows.words(words, as: .init(band: 0, cut: 25, cursor: false), cellWidth: 6).map(\.text) == ["$", "ec"])
    }
}
