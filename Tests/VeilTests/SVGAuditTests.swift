import Foundation
import Testing
import VeilMedia
import VeilRedaction
import VeilRender
import VeilScreen

@testable import Veil

/// SVG captures audited as screens (termtosvg-ng's real output, Veil's own layered SVG), and
/// redacted in their text.
@Suite struct SVGAuditTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/media")
    /// The values planted in planted.cast, one of each strong-anchor kind, by rule.
    static let planted: [String: String] = [
        "github.token": "ghp_Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6Jf0Pa2UeX7", "aws.access_key": "AKIAQ4D3PXL2M7RT5JEW",
        "card.pan": "4111 1111 1111 1111", "slack.token": "xoxb-9398671228-502018727951-Ehh2FDEEtfjgVvVqE1SkHbn8",
        "stripe.key": "sk_live_E3IwETcUHZ9l0kmTyv8am04N", "npm.token": "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",
        "iban": "GB82 WEST 1234 5698 7654 32", "gitlab.token": "glpat-vED5hJRaOvRTYZPNvS_I",
        "google.api_key": "AIzaRo9slkhA3dltWW3PGWAaXZw2M31atfDwhSI",
        "private_key": "-----BEGIN OPENSSH PRIVATE KEY-----",
    ]

    static func folder(copying names: [String]) throws -> String {
        let folder = try RecordingChannelTests.folder(with: [:])
        for name in names {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name), to: URL(fileURLWithPath: folder + "/" + name))
        }
        return folder
    }

    @Test func everyPlantedKindIsFoundAtItsTextAndTheLookAlikesAreClean() async throws {
        let folder = try Self.folder(copying: ["planted.termtosvg.svg", "lookalikes.termtosvg.svg"])
        let report = await RecordingChannelTests.audit(["."], in: folder)
        #expect(report.inputs.map(\.kind) == [.svg, .svg])
        #expect(report.findings.allSatisfy { $0.inputPath == "planted.termtosvg.svg" })
        #expect(Set(report.findings.map(\.ruleID)) == Set(Self.planted.keys))
        #expect(report.findings.count == Self.planted.count)
        let source = try String(contentsOfFile: folder + "/planted.termtosvg.svg", encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        for finding in report.findings {
            // The location is the SVG text of the value's first character.
            let line = Array(lines[finding.location.region.startLine - 1].unicodeScalars)
            let rest = String(String.UnicodeScalarView(line[(finding.location.region.startColumn - 1)...]))
            let value = try #require(Self.planted[finding.ruleID])
            #expect(rest.hasPrefix(String(value.prefix(8))), "\(finding.ruleID): \(rest.prefix(20))")
            #expect(finding.medium?.kind == .svg)
            #expect(finding.exposure?.firstSeconds != nil)
        }
        // The GitHub token is typed first, at 0.2 s, and cleared with the screen at 5.2 s.
        let token = try #require(report.findings.first { $0.ruleID == "github.token" })
        #expect(token.exposure?.firstSeconds == 0.2)
        #expect(abs((token.exposure?.visibleSeconds ?? 0) - 5.0) < 1e-9)
        #expect(token.exposure?.stillVisible == false)
        #expect(token.medium?.frame == 1)
        for output in AuditEngineTests.outputs(report).values {
            for value in Self.planted.values { #expect(!output.contains(value)) }
        }
    }

    @Test func redactedSVGHoldsNoHiddenCharacterAndAuditsClean() async throws {
        let folder = try Self.folder(copying: ["planted.termtosvg.svg"])
        let original = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/planted.termtosvg.svg")))
        let (redacted, replaced) = try SVGRedaction.redact(
            original, rules: .builtIn, style: .solid, path: "planted.termtosvg.svg")
        let text = String(decoding: redacted, as: UTF8.self)
        for value in Self.planted.values {
            #expect(!text.contains(value))
            #expect(!text.contains(value.replacingOccurrences(of: " ", with: "").prefix(12)))
        }
        #expect(replaced == Self.planted.values.map { $0.unicodeScalars.count }.reduce(0, +))
        // Only the hidden characters changed: the same text with • where they were.
        let masked = String(decoding: original, as: UTF8.self).unicodeScalars.count
        #expect(text.unicodeScalars.count == masked)
        // Still a terminal capture with the same frames, and clean.
        try Data(redacted).write(to: URL(fileURLWithPath: folder + "/redacted.svg"))
        let report = await RecordingChannelTests.audit(["redacted.svg"], in: folder)
        #expect(report.findings.isEmpty)
        #expect(report.exitCode == 0)
        let capture = try SVGTerminalCapture.read(redacted)
        #expect(capture.frames.count == 13)
    }

    @Test func textOutsideTheScreensIsJudgedAndRedacted() async throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" font-family="monospace" font-size="10">
              <title>session of AKIAQ4D3PXL2M7RT5JEW</title>
              <!-- token ghp_Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6Jf0Pa2UeX7 -->
              <text x="0" y="10">$ ls</text><text x="0" y="22">a b</text><text x="0" y="34">$</text>
            </svg>
            """
        let folder = try RecordingChannelTests.folder(with: ["s.svg": svg])
        let report = await RecordingChannelTests.audit(["s.svg"], in: folder)
        #expect(report.findings.map(\.medium?.name) == ["title", "comment"])
        #expect(
            report.findings.map { "\($0.location.region.startLine):\($0.location.region.startColumn)" } == [
                "2:21", "3:14",
            ])
        let (redacted, _) = try SVGRedaction.redact(Array(svg.utf8), rules: .builtIn, style: .solid, path: "s.svg")
        let text = String(decoding: redacted, as: UTF8.self)
        #expect(!text.contains("AKIAQ4D3PXL2M7RT5JEW") && !text.contains("ghp_"))
        #expect(text.contains("<title>session of ••••"))
    }

    @Test func veilsOwnLayeredSVGIsReadFrameByFrame() async throws {
        // Screens written by VeilRender's SVGAnimationWriter (layers shown by visibility
        // keyframes), read back: the same text at the same times.
        let rasterizer = Rasterizer(font: try BitmapFont.unifont())
        var writer = SVGAnimationWriter(rasterizer: rasterizer, cols: 40, rows: 4, durationMilliseconds: 3000)
        var terminal = try Terminal(cols: 40, rows: 4)
        var svg: [UInt8] = []
        var expected: [[String]] = []
        for (time, bytes) in [(0, "$ env\r\n"), (1000, "KEY=AKIAQ4D3PXL2M7RT5JEW\r\n"), (2000, "\u{1B}[2J\u{1B}[H$ ")] {
            terminal.feed(Array(bytes.utf8))
            svg += writer.frame(terminal.screen, atMilliseconds: time)
            expected.append(
                (0..<4).map {
                    terminal.screen.rowText($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                })
        }
        svg += writer.finish()
        let capture = try SVGTerminalCapture.read(svg)
        #expect(capture.structure == .layered)
        #expect(capture.frames.map(\.seconds) == [0, 1, 2])
        #expect(capture.frames.map { Self.text(of: $0, rows: 4) } == expected)
        let folder = try RecordingChannelTests.folder(with: ["veil.svg": String(decoding: svg, as: UTF8.self)])
        let report = await RecordingChannelTests.audit(["veil.svg"], in: folder)
        let finding = try #require(report.findings.first)
        #expect(report.findings.count == 1)
        #expect(finding.ruleID == "aws.access_key")
        #expect(finding.exposure?.firstSeconds == 1)
        #expect(finding.exposure?.visibleSeconds == 1)
        #expect(finding.exposure?.stillVisible == false)
    }

    /// A frame's rows as drawn: its items in order on a blank grid, trailing blanks dropped.
    static func text(of frame: SVGTerminalCapture.Frame, rows: Int) -> [String] {
        var grid = Array(repeating: [Character](), count: rows)
        for item in frame.items {
            switch item {
            case .clear(let cleared): for row in cleared where row < rows { grid[row] = [] }
            case .text(let piece):
                guard piece.row < rows else { continue }
                let characters = Array(piece.text.text)
                if grid[piece.row].count < piece.col + characters.count {
                    grid[piece.row] += Array(
                        repeating: " ", count: piece.col + characters.count - grid[piece.row].count)
                }
                grid[piece.row].replaceSubrange(piece.col..<(piece.col + characters.count), with: characters)
            }
        }
        return grid.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }
}
