import Foundation
import Testing
@testable import VeilMedia

/// SVG captures recognised by their structure: termtosvg-ng's (real output, rendered by
/// Scripts/media-fixtures/regenerate), svg-term's shape, still screens; and what is not one.
@Suite struct SVGTerminalCaptureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../VeilTests/Fixtures/media").standardized

    static func capture(_ name: String) throws -> SVGTerminalCapture {
        try SVGTerminalCapture.read(Array(Data(contentsOf: fixtures.appendingPathComponent(name))))
    }

    static func screen(_ frame: SVGTerminalCapture.Frame, cols: Int, rows: Int) -> [String] {
        var grid = Array(repeating: Array(repeating: Character(" "), count: cols), count: rows)
        for piece in frame.pieces {
            for (offset, character) in piece.text.text.enumerated() where piece.col + offset < cols {
                grid[piece.row][piece.col + offset] = character
            }
        }
        return grid.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    @Test func termtosvgFramesAreTheRecordingsScreens() throws {
        let capture = try Self.capture("planted.termtosvg.svg")
        #expect(capture.structure == .animated)
        #expect(capture.cols == 72 && capture.rows == 14)
        // planted.cast: a line every 0.5 s from 0.2 s, then the screen cleared at 5.2 s.
        #expect(capture.frames.count == 13)
        #expect(capture.frames.map { ($0.seconds * 1000).rounded() / 1000 }.dropFirst().prefix(3) == [0.2, 0.7, 1.2])
        let third = Self.screen(capture.frames[3], cols: capture.cols, rows: capture.rows)
        #expect(third[0] == "$ export GITHUB_TOKEN=ghp_Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6Jf0Pa2UeX7")
        #expect(third[2] == "$ echo card 4111 1111 1111 1111")
        let last = Self.screen(capture.frames.last!, cols: capture.cols, rows: capture.rows)
        #expect(last.first == "$")
        #expect(capture.texts.isEmpty)
    }

    @Test func svgTermsShapeIsReadFrameByFrame() throws {
        // The shape svg-term-cli writes (src/Document, Registry, Reel, Frame): line symbols in
        // <defs>, one nested <svg> per frame side by side, moved by translateX keyframes.
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="100">
            <svg height="100" viewBox="0 0 40 10" width="400" x="0" y="0">
            <style>.a{animation-name:k;animation-duration:2s;animation-iteration-count:infinite;animation-timing-function:steps(1,end)}
            @keyframes k{0%{transform:translateX(0px)}50%{transform:translateX(-40px)}}</style>
            <g font-family="Monaco, monospace" font-size="1.67">
            <defs><symbol id="1"><text y="1.67" x="0">$ echo</text></symbol>
            <symbol id="2"><text y="1.67" x="0">token</text><text y="1.67" x="6.012">AKIAQ4D3PXL2M7RT5JEW</text></symbol>
            <symbol id="a"><rect height="10" width="40" x="0" y="0"/></symbol></defs>
            <rect height="10" width="40" x="0" y="0"/>
            <g class="a"><svg x="0" y="0" width="80">
            <svg x="0"><use xlink:href="#a"/><use xlink:href="#1" y="0"/></svg>
            <svg x="40"><use xlink:href="#a"/><use xlink:href="#1" y="0"/><use xlink:href="#2" y="2.171"/></svg>
            </svg></g></g></svg></svg>
            """
        let capture = try SVGTerminalCapture.read(Array(svg.utf8))
        #expect(capture.structure == .animated)
        #expect(capture.frames.map(\.seconds) == [0, 1])
        let second = Self.screen(capture.frames[1], cols: capture.cols, rows: capture.rows)
        #expect(second == ["$ echo", "token AKIAQ4D3PXL2M7RT5JEW"])
        #expect(Self.screen(capture.frames[0], cols: capture.cols, rows: capture.rows) == ["$ echo", ""])
    }

    @Test func aStillScreenWithTspans() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" font-family="JetBrains Mono" font-size="20">
              <title>deploy ghp_Zq3v9Lm2Xc8Rt5Yb1Nw7Kd4Hs6Jf0Pa2UeX7</title>
              <text x="0" y="20"><tspan>$ cat .env</tspan></text>
              <text x="0" y="44"><tspan x="0">KEY=</tspan><tspan>value</tspan></text>
              <text x="0" y="68">done</text>
            </svg>
            """
        let capture = try SVGTerminalCapture.read(Array(svg.utf8))
        #expect(capture.structure == .still)
        #expect(
            Self.screen(capture.frames[0], cols: capture.cols, rows: capture.rows) == [
                "$ cat .env", "KEY=value", "done",
            ])
        #expect(capture.texts.map(\.label) == ["title"])
    }

    @Test func aDrawingIsNotATerminalCaptureButItsTextIsKept() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
              <circle cx="50" cy="50" r="40"/><text x="13.7" y="52.1" font-family="Helvetica">Logo</text>
              <!-- key AKIAQ4D3PXL2M7RT5JEW -->
            </svg>
            """
        let capture = try SVGTerminalCapture.read(Array(svg.utf8))
        #expect(capture.structure == .notTerminal)
        #expect(Set(capture.texts.map(\.text.text)) == ["Logo", " key AKIAQ4D3PXL2M7RT5JEW "])
    }

    @Test func referencesOutsideTheFileAreNotFollowed() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
              <use xlink:href="http://example.invalid/x.svg#a"/><image href="/etc/passwd"/><text>hi</text>
            </svg>
            """
        let capture = try SVGTerminalCapture.read(Array(svg.utf8))
        #expect(capture.notes.count == 2)
        #expect(capture.notes.allSatisfy { $0.contains("outside the file") })
    }

    @Test func referenceFanOutIsBounded() {
        // Ten levels of ten <use> each would draw 10^10 pieces of text.
        var svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><g id="l0"><text>AKIAQ4D3PXL2M7RT5JEW</text></g>"#
        for level in 1...10 {
            svg +=
                #"<g id="l\#(level)">"# + String(repeating: ##"<use xlink:href="#l\##(level - 1)"/>"##, count: 10)
                + "</g>"
        }
        svg += ##"</defs><use xlink:href="#l10"/></svg>"##
        let start = ContinuousClock.now
        #expect(throws: XMLReader.Failure.self) { try SVGTerminalCapture.read(Array(svg.utf8)) }
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func svgIsRecognisedByItsFirstBytes() {
        #expect(SVGTerminalCapture.looksLikeSVG(Array("\u{FEFF}<?xml version='1.0'?>\n<!-- x -->\n<svg>".utf8)))
        #expect(SVGTerminalCapture.looksLikeSVG(Array("<!DOCTYPE svg PUBLIC \"a\" \"b\"><svg ".utf8)))
        #expect(!SVGTerminalCapture.looksLikeSVG(Array("<html><svg>".utf8)))
        #expect(!SVGTerminalCapture.looksLikeSVG(Array("{\"version\": 2}".utf8)))
    }
}
