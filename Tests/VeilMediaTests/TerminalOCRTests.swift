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

    @Test func theGridOfAggsImageIsFound() throws {
        let reading = try TerminalOCR.read(try Self.bytes("planted.agg.png"))
        #expect(reading.format == .png)
        #expect(reading.cellHeight == 22)
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
