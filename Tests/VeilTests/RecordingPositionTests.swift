import Foundation
import Testing
@testable import Veil
import VeilRedaction

/// A finding in a recording points at the JSON line of the event that carried the value's
/// first byte and at the column in that line where the text encoding that byte starts.
@Suite struct RecordingPositionTests {
    /// A version 2 recording of the given event lines, exactly as written.
    static func cast(_ lines: [String]) throws -> (Asciicast, [String]) {
        let all = [#"{"version": 2, "width": 80, "height": 24}"#] + lines
        return (try Asciicast(bytes: Array((all.joined(separator: "\n") + "\n").utf8), path: "t.cast"), all)
    }

    static func exposure(_ cast: Asciicast, _ rule: String) throws -> CaptureExposure {
        let report = try ExposureScanner(rules: RuleSet.builtIn).scan(
            .recording(cast), cols: nil, rows: nil, path: "t.cast")
        let matching = report.exposures.filter { $0.finding.ruleID == rule }
        #expect(matching.count == 1, "\(report.exposures.map(\.finding.ruleID))")
        return try #require(matching.first)
    }

    /// The 1-based column (Unicode scalars) of the first occurrence of `needle` in `line`:
    /// the reference, found by searching the file's text.
    static func column(of needle: String, in line: String) throws -> Int {
        let range = try #require(line.range(of: needle))
        return line.unicodeScalars[..<range.lowerBound].count + 1
    }

    @Test func valueInsideOneEventAfterEscapesAndWideText() throws {
        let line = #"[0.5, "o", "\u001b[1;31m电话：\r\nkey AKIAQ4D3PXL2M7RT5JEW\u001b[0m\r\n"]"#
        let (cast, lines) = try Self.cast([#"[0.1, "o", "$ cat creds\r\n"]"#, line, #"[1.0, "o", "\u001b[2J"]"#])
        let exposure = try Self.exposure(cast, "aws.access_key")
        #expect(exposure.firstLine == 3)
        #expect(exposure.firstColumn == (try Self.column(of: "AKIAQ", in: lines[2])))
        #expect(
            exposure.region(in: .recording(cast))
                == AuditRegion(line: 3, column: try Self.column(of: "AKIAQ", in: lines[2])))
    }

    /// Split across events in the middle of the value and of a UTF-8 sequence: the first
    /// event's line, where the value's first byte is.
    @Test func valueSplitAcrossEventsPointsAtItsFirstByte() throws {
        let first = #"[0.1, "o", "电话：\u001b[1;31m4111 11"]"#
        let (cast, lines) = try Self.cast([
            first, #"[0.4, "o", "11 1111 1111\u001b[0m 完"]"#, #"[2.0, "o", "\u001b[2J"]"#,
        ])
        let exposure = try Self.exposure(cast, "card.pan")
        #expect(exposure.firstEvent == 1)
        #expect(exposure.firstLine == 2)
        #expect(exposure.firstColumn == (try Self.column(of: "4111", in: lines[1])))
    }

    /// The value's first character written as a JSON escape: the column of its backslash.
    @Test func firstByteWrittenAsAnEscape() throws {
        let line = #"[0.5, "o", "key \u0041KIAQ4D3PXL2M7RT5JEW\r\n"]"#
        let (cast, lines) = try Self.cast([line])
        let exposure = try Self.exposure(cast, "aws.access_key")
        #expect(exposure.firstColumn == (try Self.column(of: #"\u0041KIAQ"#, in: lines[1])))
    }

    @Test func columnOfEachKindOfEncoding() throws {
        // data: "a" "é"(2 bytes, raw) "\n" "\u00e9"(2 bytes) "😀" as a surrogate pair (4 bytes) "b"
        let line = #"[1.5,"o","aé\n\u00e9\ud83d\ude00b"]"#
        func column(_ index: Int) -> Int? {
            Array(line.utf8).withUnsafeBufferPointer { AsciicastEventLine.column(ofDataByte: index, in: $0) }
        }
        let prefix = #"[1.5,"o",""#.count
        #expect(column(0) == prefix + 1)  // a
        #expect(column(1) == prefix + 2)  // é, first byte
        #expect(column(2) == prefix + 2)  // é, second byte
        #expect(column(3) == prefix + 3)  // \n
        #expect(column(4) == prefix + 5)  // \u00e9
        #expect(column(5) == prefix + 5)
        #expect(column(6) == prefix + 11)  // the pair
        #expect(column(9) == prefix + 11)
        #expect(column(10) == prefix + 23)  // b
        #expect(column(11) == nil)
        #expect(
            Array(#"{"version": 2}"#.utf8).withUnsafeBufferPointer { AsciicastEventLine.column(ofDataByte: 0, in: $0) }
                == nil)
    }

    /// A streamed file (what `veil audit` and `veil scan` read): the same column.
    @Test func streamedFileGivesTheSameColumn() throws {
        let folder = try FileManager.default.url(
            for: .itemReplacementDirectory, in: .userDomainMask, appropriateFor: URL(fileURLWithPath: "/tmp"),
            create: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let line = #"[0.5, "o", "\u001b[32mok\u001b[0m card 4111 1111 1111 1111\r\n"]"#
        let text = #"{"version": 2, "width": 80, "height": 24}"# + "\n" + #"[0.1, "o", "$ "]"# + "\n" + line + "\n"
        let path = folder.appendingPathComponent("r.cast").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let input = try CaptureInput.read(path: path)
        let report = try ExposureScanner(rules: RuleSet.builtIn).scan(input, cols: nil, rows: nil, path: path)
        let exposure = try #require(report.exposures.first { $0.finding.ruleID == "card.pan" })
        #expect(exposure.region(in: input) == AuditRegion(line: 3, column: try Self.column(of: "4111", in: line)))
    }
}
