import Foundation
import Testing

@testable import Veil

/// The asciicast writer of `veil record`: JSON strings of UTF-8 from bytes read in pieces.
@Suite struct LiveRecordingWriterTests {
    @Test func aCharacterCutBetweenTwoReadsIsWrittenWhole() throws {
        var writer = LiveRecordingWriter(cols: 80, rows: 24, timestamp: 1, command: nil)
        let euro = Array("€".utf8)  // E2 82 AC
        writer.output([0x41] + euro.prefix(2), at: 0.1)
        writer.output(Array(euro.suffix(1)) + [0x42], at: 0.2)
        writer.output([0xFF, 0x43], at: 0.3)  // not UTF-8: U+FFFD
        writer.input(Array("é".utf8).prefix(1) + [], at: 0.4)
        writer.input(Array("é".utf8).suffix(1) + [], at: 0.5)
        writer.resize(cols: 100, rows: 30, at: 0.6)
        writer.exit(status: 3, at: 0.7)
        let text = String(decoding: writer.takeBytes(), as: UTF8.self)
        let cast = try Asciicast(bytes: Array(text.utf8), path: "t.cast")
        #expect(cast.cols == 80 && cast.rows == 24)
        let events = cast.events.map { event -> String in
            switch event.kind {
            case .output(let bytes): "o " + String(decoding: bytes, as: UTF8.self)
            case .resize(let cols, let rows): "r \(cols)x\(rows)"
            case .other(let code, let data): "\(code) \(data)"
            }
        }
        #expect(events == ["o A", "o €B", "o \u{FFFD}C", "i é", "r 100x30", "x 3"])
    }

    @Test func theScenarioDocumentsLiveProgramExampleParses() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Docs/scenario.md"), encoding: .utf8)
        let section = try #require(text.range(of: "## Live programs (`screen.exec`)"))
        let start = try #require(text.range(of: "```yaml\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let scenario = try Scenario.parse(String(text[start.upperBound..<end.lowerBound]), path: "/tmp/tui.veil.yml")
        #expect(scenario.command == ["python3", "tui.py"])
        #expect(scenario.timeline.filter(\.step.drivesProgram).count == 5)
    }
}
