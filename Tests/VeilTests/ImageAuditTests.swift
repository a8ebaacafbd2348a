import Foundation
import Testing
import VeilMedia
import VeilRedaction
import VeilRender
import VeilScreen

@testable import Veil

/// Images read by OCR (agg's GIF, and its fullest frame written by Pillow as PNG, JPEG and
/// lossless WebP; made by Scripts/media-fixtures/regenerate):
/// every planted kind found with its frame, time and pixels, the look-alikes not blocked,
/// values on coloured lines found, redaction painting the values out.
@Suite(
    .enabled(if: OCREngine.unavailableReason == nil, "Tesseract (libtesseract5, tesseract-ocr-eng) is not installed"))
struct ImageAuditTests {
    @Test(arguments: ["planted.agg.png", "planted.agg.gif", "planted.agg.jpg", "planted.agg.webp"])
    func everyPlantedKindIsFound(_ name: String) async throws {
        let folder = try SVGAuditTests.folder(copying: [name])
        let report = await RecordingChannelTests.audit([name], in: folder)
        #expect(report.inputs.map(\.kind) == [.image])
        #expect(Set(report.findings.map(\.ruleID)) == Set(SVGAuditTests.planted.keys))
        #expect(report.summary.imagesRead == 1)
        #expect(report.notAudited.isEmpty)
        let image = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        var size = (0, 0)
        _ = try ImageFrames.decode(image) { _, width, height in size = (width, height) }
        for finding in report.findings {
            let box = try #require(finding.medium?.box, "\(finding.ruleID)")
            #expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= size.0 && box.y + box.height <= size.1)
            #expect(finding.medium?.kind == .image)
        }
        for output in AuditEngineTests.outputs(report).values {
            for value in SVGAuditTests.planted.values { #expect(!output.contains(value)) }
        }
    }

    @Test func anAnimationsFindingsCarryTheirFrameAndTime() async throws {
        let folder = try SVGAuditTests.folder(copying: ["planted.agg.gif"])
        let report = await RecordingChannelTests.audit(["planted.agg.gif"], in: folder)
        // planted.cast types the token at 0.2 s and clears the screen at 5.2 s.
        let token = try #require(report.findings.first { $0.ruleID == "github.token" })
        #expect(token.exposure?.firstSeconds == 0.2)
        #expect(token.exposure?.stillVisible == false)
        #expect(token.medium?.frame == 1)
        #expect(token.medium?.box.map { $0.y < 40 } == true)  // the first row
        let card = try #require(report.findings.first { $0.ruleID == "card.pan" })
        #expect(card.exposure?.firstSeconds == 1.2)
    }

    @Test func veilsOwnSnapshotWithAWordAfterAHiddenValueAuditsClean() async throws {
        // `veil snap` hides the token and leaves `okay`; read again by OCR, the grey box is a
        // run of the mask colour with no ink, so its cells are hidden cells (`Cell.hidden`) and
        // `GITHUB_TOKEN=` takes no value. Read as blanks, `okay` was the label's value.
        var terminal = try Terminal(cols: 80, rows: 4)
        terminal.feed(
            Array("$ export GITHUB_TOKEN=ghp_R8x2Kq9ZtLm4Vn7Wp3YbC5dF1gH6jK0sT2uX okay\r\n$ echo done\r\n".utf8))
        let outcome = try Snapshotter(settings: SnapshotSettings(rules: .builtIn)).snapshot(of: terminal.screen)
        #expect(outcome.hiddenSpans == 1)
        let folder = try SVGAuditTests.folder(copying: [])
        try Data(outcome.png).write(to: URL(fileURLWithPath: folder + "/snap.png"))
        let report = await RecordingChannelTests.audit(["snap.png"], in: folder)
        #expect(report.summary.imagesRead == 1)
        #expect(report.summary.blocking == 0, "\(report.findings.map(\.message))")
        let reading = try TerminalOCR.read(outcome.png)
        let solids = try #require(reading.frames.first).solids.first ?? []
        #expect(solids.contains { $0.red == 0x7C && $0.green == 0x7C && $0.blue == 0x80 && $0.x.count >= 300 })
    }

    @Test func aLongWordsTokenIsPaintedOverWhole() async throws {
        // Pillow's screenshot (Scripts/media-fixtures/regenerate): Tesseract boxed the word
        // `GITHUB_TOKEN=ghp_R8x2Kq9ZtLm4Vn` 511 pixels wide for 30 characters of 9.64, over the
        // words after it; shared out, each character's box was 17 pixels and the bar over the
        // token started 8 characters late (`ghp_R8x2` stayed visible, and was found again).
        // Pillow drew the token from x = 216 to 602 (its bounding boxes), y = 7 to 23.
        let original = try Array(Data(contentsOf: SVGAuditTests.fixtures.appendingPathComponent("pillow-token.png")))
        var before: [UInt8] = []
        var width = 0
        _ = try ImageFrames.decode(original) { frame, w, _ in
            before = frame.rgba
            width = w
        }
        let (redacted, _, boxes) = try ImageRedaction.redact(original, rules: .builtIn, path: "pillow-token.png")
        #expect(boxes >= 2)
        var after: [UInt8] = []
        _ = try ImageFrames.decode(redacted) { frame, _, _ in after = frame.rgba }
        var ink = 0
        var unpainted = 0
        for y in 7..<23 {
            for x in 218..<600 {
                let at = (y * width + x) * 4
                guard max(before[at], before[at + 1], before[at + 2]) > 20 + 48 else { continue }
                ink += 1
                if !(after[at] == 0x7C && after[at + 1] == 0x7C && after[at + 2] == 0x80) { unpainted += 1 }
            }
        }
        #expect(ink > 1000, "the token's ink is there")
        #expect(unpainted == 0)
        let folder = try SVGAuditTests.folder(copying: [])
        try Data(redacted).write(to: URL(fileURLWithPath: folder + "/redacted.png"))
        let again = await RecordingChannelTests.audit(["redacted.png"], in: folder)
        #expect(again.summary.blocking == 0, "\(again.findings.map(\.message))")
    }

    @Test func anImageWhoseTextIsAllFaintIsRead() async throws {
        // Every line in Nord's bright black, the cursor the only bright ink: the grid is found
        // from the faint lines (a run of one colour continued through them hid them as a
        // background), and the password on the second is read.
        let folder = try SVGAuditTests.folder(copying: ["faint-only.agg.png"])
        let report = await RecordingChannelTests.audit(["faint-only.agg.png"], in: folder)
        #expect(report.findings.map(\.ruleID) == ["password.labelled"])
        let box = try #require(report.findings.first?.medium?.box)
        #expect(box.y >= 26 && box.y + box.height <= 56, "on the second row: \(box)")
    }

    @Test(arguments: ["faint.agg.png", "faint.agg.gif"])
    func valuesInAThemesFaintColourAreFound(_ name: String) async throws {
        // agg's Nord theme draws bright black (a shell's autosuggestion, a comment) in #4C566A
        // on #2E3440, its strokes no more than 18 levels from the background: under the ink
        // threshold, these rows read as nothing and the audit passed.
        let folder = try SVGAuditTests.folder(copying: [name])
        let report = await RecordingChannelTests.audit([name], in: folder)
        #expect(report.notAudited.isEmpty)
        #expect(report.findings.contains { $0.ruleID == "password.labelled" }, "\(report.findings.map(\.ruleID))")
        // The token row: OCR reads the faint `g` as `q` and splits the token, so a rule for
        // random strings finds what a token rule would.
        let boxes = report.findings.compactMap { $0.medium?.box }
        #expect(boxes.contains { $0.y > 44 && $0.y < 70 }, "a finding on the token's row (the third)")
        #expect(report.summary.blocking >= 2)
        for output in AuditEngineTests.outputs(report).values {
            #expect(!output.contains("Tr0ub4dor"))
            #expect(!output.contains("R8x2Kq9ZtLm4Vn7Wp3Yb"))
        }
    }

    @Test(arguments: ["coloured.agg.png", "coloured.agg.gif", "split.xterm.png"])
    func valuesOnColouredLinesAndBesideARuleAreFoundAndPaintedOut(_ name: String) async throws {
        // A diff's green lines add a key and a card (agg's render of coloured.cast); xterm's
        // screenshot of two panes split by a rule `│` the whole height of the image, under a
        // green status bar, shows them in the right pane (split.cast). Before cell backgrounds
        // and rules were told from ink, these read as nothing and the audit passed.
        let folder = try SVGAuditTests.folder(copying: [name])
        let report = await RecordingChannelTests.audit([name], in: folder)
        #expect(Set(report.findings.map(\.ruleID)) == ["aws.access_key", "card.pan"])
        #expect(report.notAudited.isEmpty)
        for output in AuditEngineTests.outputs(report).values {
            #expect(!output.contains("AKIAQ4D3PXL2M7RT5JEW"))
            #expect(!output.contains("4111 1111 1111 1111"))
        }
        let original = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        let (redacted, format, boxes) = try ImageRedaction.redact(original, rules: .builtIn, path: name)
        #expect(boxes >= 2)
        let out = "redacted." + format.rawValue.lowercased()
        try Data(redacted).write(to: URL(fileURLWithPath: folder + "/" + out))
        let again = await RecordingChannelTests.audit([out], in: folder)
        #expect(again.summary.blocking == 0, "\(again.findings.map(\.message))")
    }

    /// Where xterm drew the values of split.cast in split.xterm.png: its cells are 10×20
    /// pixels inside a 2-pixel border, the right pane starts at column 34 (row, first column,
    /// columns).
    static let splitValues = [(row: 1, col: 52, width: 20), (row: 3, col: 46, width: 19), (row: 4, col: 39, width: 19)]

    /// The pixels of those cells that were ink in `original` (away from xterm's black) and are
    /// not painted over in `rgba`.
    static func unpaintedInk(_ rgba: [UInt8], original: [UInt8], width: Int) -> Int {
        var left = 0
        for value in splitValues {
            for y in (2 + value.row * 20)..<(2 + (value.row + 1) * 20) {
                for x in (2 + value.col * 10)..<(2 + (value.col + value.width) * 10) {
                    let at = (y * width + x) * 4
                    guard max(original[at], original[at + 1], original[at + 2]) > 48 else { continue }
                    let painted = rgba[at] == 0x7C && rgba[at + 1] == 0x7C && rgba[at + 2] == 0x80
                    if !painted { left += 1 }
                }
            }
        }
        return left
    }

    @Test func everyGlyphOfAValueIsPaintedWhereTheTerminalDrewIt() async throws {
        // OCR read the pane's rule `│` as a `J` and split `KEY_ID=` at its underscore: painted
        // over the cells of the columns the text was given, the bar over the key sat a column
        // or two right of its glyphs and left its first glyph, as the card's, visible. The
        // bars now follow each word's own pixels.
        let folder = try SVGAuditTests.folder(copying: ["split.xterm.png"])
        let original = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/split.xterm.png")))
        var before: [UInt8] = []
        var width = 0
        _ = try ImageFrames.decode(original) { frame, w, _ in
            before = frame.rgba
            width = w
        }
        #expect(Self.unpaintedInk(before, original: before, width: width) > 2000)  // the values are there
        let (redacted, _, boxes) = try ImageRedaction.redact(original, rules: .builtIn, path: "split.xterm.png")
        #expect(boxes >= 3)
        var after: [UInt8] = []
        _ = try ImageFrames.decode(redacted) { frame, _, _ in after = frame.rgba }
        #expect(Self.unpaintedInk(after, original: before, width: width) == 0)
        // The HTML report's frame of each finding is painted the same way, the finding outlined.
        let report = await AuditHTMLTests.audit(["split.xterm.png"], in: folder)
        #expect(report.findings.count == 2)
        for finding in report.findings {
            let frame = try #require(finding.frame, "\(finding.ruleID)")
            var shown: [UInt8] = []
            _ = try ImageFrames.decode(frame.png) { decoded, _, _ in shown = decoded.rgba }
            #expect(frame.width == width)
            #expect(Self.unpaintedInk(shown, original: before, width: width) == 0, "\(finding.ruleID)")
            let box = try #require(finding.medium?.box)
            #expect(finding.outline == [PixelRect(x: box.x, y: box.y, width: box.width, height: box.height)])
        }
    }

    @Test(arguments: ["lookalikes.agg.png", "lookalikes.agg.gif", "lookalikes.agg.jpg", "lookalikes.agg.webp"])
    func lookAlikesAreNotBlocked(_ name: String) async throws {
        let folder = try SVGAuditTests.folder(copying: [name])
        let report = await RecordingChannelTests.audit([name], in: folder)
        #expect(report.summary.blocking == 0, "\(report.findings.map(\.message))")
    }

    @Test(arguments: ["planted.agg.png", "planted.agg.gif", "planted.agg.jpg", "planted.agg.webp"])
    func redactedImagesAuditCleanAndChangeOnlyThePaintedBoxes(_ name: String) async throws {
        let folder = try SVGAuditTests.folder(copying: [name])
        let original = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        let (redacted, format, boxes) = try ImageRedaction.redact(original, rules: .builtIn, path: name)
        #expect(boxes >= SVGAuditTests.planted.count)
        // PNG and JPEG are written as PNG (lossless: no artefact keeps a trace of a glyph).
        let written: ImageFrames.Format = name.hasSuffix(".gif") ? .gif : name.hasSuffix(".webp") ? .webp : .png
        #expect(format == written)
        let out = "redacted." + written.rawValue.lowercased()
        try Data(redacted).write(to: URL(fileURLWithPath: folder + "/" + out))
        let report = await RecordingChannelTests.audit([out], in: folder)
        #expect(report.summary.blocking == 0, "\(report.findings.map(\.message))")
        #expect(report.summary.imagesRead == 1)
        // Every frame compared: only painted pixels (the mask colour, #7C7C80) differ.
        var before: [[UInt8]] = []
        var after: [[UInt8]] = []
        _ = try ImageFrames.decode(original) { frame, _, _ in before.append(frame.rgba) }
        _ = try ImageFrames.decode(redacted) { frame, _, _ in after.append(frame.rgba) }
        #expect(before.count == after.count)
        var changed = 0
        for (old, new) in zip(before, after) {
            for pixel in 0..<(old.count / 4) where old[pixel * 4..<pixel * 4 + 3] != new[pixel * 4..<pixel * 4 + 3] {
                changed += 1
                #expect(new[pixel * 4] == 0x7C && new[pixel * 4 + 1] == 0x7C && new[pixel * 4 + 2] == 0x80)
            }
        }
        #expect(changed > 0)
    }

    @Test func damagedImagesAndBombsAreNotAuditedAndSaySo() async throws {
        let planted = try Array(Data(contentsOf: SVGAuditTests.fixtures.appendingPathComponent("planted.agg.png")))
        // A GIF that claims 65535×65535 pixels in a few bytes.
        let bomb: [UInt8] =
            Array("GIF89a".utf8) + [
                0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 2, 2, 0x44, 1, 0, 0x3B,
            ]
        let folder = try RecordingChannelTests.folder(with: [:])
        try Data(planted.prefix(planted.count / 3)).write(to: URL(fileURLWithPath: folder + "/cut.png"))
        try Data(bomb).write(to: URL(fileURLWithPath: folder + "/bomb.gif"))
        try Data("$ ok\n".utf8).write(to: URL(fileURLWithPath: folder + "/fine.ans"))
        // The bomb is refused by its header, before any pixel is decoded (no time is asserted:
        // the machine is shared).
        let outcome = await AuditEngine(
            options: AuditOptions(
                paths: ["."], jobs: 1, currentFolder: folder, tool: RecordingChannelTests.tool, timing: false)
        ).run()
        let report = outcome.report
        #expect(Set(report.notAudited.map(\.path)) == ["bomb.gif", "cut.png"])
        #expect(report.notAudited.allSatisfy { !$0.reason.isEmpty })
        #expect(outcome.warnings.contains { $0.hasPrefix("cut.png: ") })
        #expect(outcome.warnings.contains { $0.hasPrefix("bomb.gif: ") })
        #expect(report.inputs.contains { $0.path == "fine.ans" && $0.error == nil })
    }
}
