import Foundation
import Testing

@testable import VeilMedia

/// Terminal-aware OCR of images another renderer made: agg 1.4.3's GIF of planted.cast
/// (DejaVu Sans Mono at 16 px: a cell 9.63 px wide, 22 px high) and its fullest frame as PNG
/// (Scripts/media-fixtures/regenerate).
@Suite(.enabled(if: OCREngine.unavailableReason == nil, "Tesseract is not installed"))
struct TerminalOCRTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../VeilTests/Fixtures/media").standardized

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    static func text(_ row: [TerminalOCR.Word]) -> String { row.map(\.text).joined(separator: " ") }

    /// agg's row pitch at 16 px: 22.44 pixels (its rows' coloured backgrounds in
    /// coloured.agg.png start at 11, 56, 78, 101, 123, 145, 168, 190 and 213).
    static let aggPitch = 22.44

    @Test func theGridOfAggsImageIsFound() throws {
        let reading = try TerminalOCR.read(try Self.bytes("planted.agg.png"))
        #expect(reading.format == .png)
        #expect(abs(reading.cellHeight - Self.aggPitch) < 0.3, "\(reading.cellHeight)")
        #expect(abs(reading.cellWidth - 9.63) < 0.15, "\(reading.cellWidth)")
        // agg's 72×14 terminal: every row of the recording on the grid, none cut in two.
        #expect(reading.rows >= 14)
        #expect(reading.cols >= 72 && reading.cols <= 74)
    }

    @Test func linesWithoutTokensAreReadExactlyOnTheirRows() throws {
        let reading = try TerminalOCR.read(try Self.bytes("planted.agg.png"))
        let rows = try #require(reading.frames.first).rows.map(Self.text)
        #expect(rows[2] == "$ echo card 4111 1111 1111 1111")
        #expect(rows[6] == "$ iban GB82 WEST 1234 5698 7654 32")
        #expect(rows[0].hasPrefix("$ export GITHUB_TOKEN=ghp_"))
        // Each word's box lies on its row of the grid.
        for (index, row) in try #require(reading.frames.first).rows.enumerated() {
            for word in row {
                #expect(Double(word.box.y) >= reading.originY + Double(index) * reading.cellHeight - 1)
                #expect(
                    Double(word.box.y + word.box.height) <= reading.originY + Double(index + 1) * reading.cellHeight + 1
                )
            }
        }
    }

    @Test func linesOnColouredBackgroundsAreReadAsLetters() throws {
        // agg's image of coloured.cast: a prompt's coloured segments, a diff's red and green
        // lines (light and dark text), an inverse status bar, a block cursor on the last row.
        // Measured against the image's one background, each coloured line was a bar of ink:
        // the grid's gaps vanished and the lines read as nothing.
        let reading = try TerminalOCR.read(try Self.bytes("coloured.agg.png"))
        // The block cursor fills its whole row: the pitch comes from the lines' centres, not
        // from the tallest line of ink.
        #expect(abs(reading.cellHeight - Self.aggPitch) < 0.3, "\(reading.cellHeight)")
        let rows = try #require(reading.frames.first).rows.map(Self.text)
        try #require(rows.count >= 9)
        #expect(rows[0].hasSuffix("$ git diff"), "\(rows[0])")
        #expect(rows[4] == "-card = none")
        #expect(rows[5] == "+card = 4111 1111 1111 1111")
        #expect(rows[6] == "NORMAL .env utf-8")
        #expect(rows[7].hasSuffix("line after the diff"), "\(rows[7])")
        // Tesseract drops an underscore or misreads a letter here and there; the values the
        // audit looks for are read (ImageAuditTests finds both).
        #expect(rows[2].hasPrefix("-aws") && rows[2].contains("= REPLACE"), "\(rows[2])")
        #expect(rows[3].hasPrefix("+aws") && rows[3].contains("= AKIAQ4D3PXL2M7RT5"), "\(rows[3])")
    }

    @Test func panesBesideARuleAreReadOnTheirRows() throws {
        // xterm's screenshot (Scripts/media-fixtures/xterm-shot) of split.cast: DejaVu Sans
        // Mono at 12 points, a 10×20-pixel cell; the rule `│` runs down the whole image, so
        // no pixel row between two lines was free of ink and no grid was found.
        let reading = try TerminalOCR.read(try Self.bytes("split.xterm.png"))
        #expect(reading.cellHeight == 20)
        #expect(abs(reading.cellWidth - 10) < 0.15, "\(reading.cellWidth)")
        // Twelve rows, and xterm's 2-pixel border below them.
        #expect(reading.rows >= 12 && reading.rows <= 13)
        let rows = try #require(reading.frames.first).rows.map(Self.text)
        try #require(rows.count >= 12)
        #expect(rows.dropFirst(12).allSatisfy { $0.isEmpty })
        #expect(rows[0].hasPrefix("$ make test") && rows[0].hasSuffix("$ env | grep KEY"), "\(rows[0])")
        #expect(rows[3].hasPrefix("tests: 1132 passed"), "\(rows[3])")
        #expect(rows[4].hasSuffix("card 4111 1111 1111 1111"), "\(rows[4])")
        #expect(rows[6].hasPrefix("ask ops for access"), "\(rows[6])")
        #expect(rows[10].contains("zsh* 1:vim-"), "\(rows[10])")  // the green status bar
    }

    @Test func anAnimationsUnchangedRowsAreReadOnce() throws {
        let reading = try TerminalOCR.read(try Self.bytes("planted.agg.gif"))
        #expect(reading.format == .gif)
        #expect(reading.distinctFrames >= 11)
        // The typed lines accumulate (frame n shows n lines): without reuse every row of every
        // frame would be read.
        let shown = reading.frames.map { $0.rows.filter { !$0.isEmpty }.count }.reduce(0, +)
        #expect(reading.rowsRead * 2 < shown, "\(reading.rowsRead) rows read of \(shown) shown")
        // The frame at 1.2 s shows the card on row 2, and the last frame is cleared.
        let card = try #require(reading.frames.first { $0.seconds == 1.2 })
        #expect(Self.text(card.rows[2]) == "$ echo card 4111 1111 1111 1111")
        #expect(reading.frames.last.map { $0.rows.allSatisfy { Self.text($0).count < 4 } } == true)
    }

    @Test func aLineTypedKeyByKeyIsReadOnceAndCutForEveryKeystroke() throws {
        // agg's GIF of typed.cast: `echo card 4111 1111 1111 1111` typed a key every 0.1 s
        // from 0.3 s, the cursor after each key.
        let reading = try TerminalOCR.read(try Self.bytes("typed.agg.gif"))
        let line = Array("$ echo card 4111 1111 1111 1111")
        var checked = 0
        for frame in reading.frames where frame.seconds < 3.05 {
            let keys = frame.seconds < 0.25 ? 0 : Int(((frame.seconds - 0.3) / 0.1).rounded()) + 1
            let expected = String(line[0..<(2 + keys)]).trimmingCharacters(in: .whitespaces)
            #expect(Self.text(frame.rows[0]) == expected, "at \(frame.seconds) s")
            checked += 1
        }
        #expect(checked >= 29)
        // Read: the longest rows only (each keystroke's row alone would be 30 reads).
        #expect(reading.rowsRead <= 6, "\(reading.rowsRead) rows read")
    }
}
