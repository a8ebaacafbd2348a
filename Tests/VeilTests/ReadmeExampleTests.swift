import Foundation
import Testing
import VeilRedaction
import VeilRender
import VeilScreen

/// The library example (Docs/library.md, moved there from the README) compiles and does what
/// the document says; the document holds the same lines as the marked region below (only the
/// output path differs).
@Suite struct ReadmeExampleTests {
    @Test func writingARedactedPNGFromCode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("card.png")
        // README begin
        var terminal = try Terminal(cols: 80, rows: 24)
        terminal.feed(Array("Card: 4111 1111 1111 1111\r\n".utf8))
        let redacted = Redactor(rules: try RuleSet.builtIn).redact(terminal.screen)  // fails closed
        let renderer = try SnapshotRenderer(theme: .light, options: RenderOptions(scale: 2))
        try renderer.write(redacted.screen, to: url)  // atomic, mode 0600
        // README end
        let bitmap = try PNGDecoder().decode([UInt8](try Data(contentsOf: url)))
        #expect(bitmap.width == 80 * 8 * 2 && bitmap.height == 24 * 16 * 2)
        #expect(redacted.screen.lines()[0] == "Card:")  // the number is solid mask blanks
    }

    @Test func theReadmeShowsTheSameCode() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("Docs/library.md"), encoding: .utf8)
        let begin = try #require(source.range(of: "// README begin\n"))
        let end = try #require(source.range(of: "        // README end", range: begin.upperBound..<source.endIndex))
        let lines = source[begin.upperBound..<end.lowerBound].split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        for line in lines {
            let shown = line.replacingOccurrences(of: "to: url)", with: #"to: URL(fileURLWithPath: "card.png"))"#)
            #expect(readme.contains(shown), "Docs/library.md lacks: \(shown)")
        }
    }
}
