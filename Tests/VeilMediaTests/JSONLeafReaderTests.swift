import Foundation
import Testing
@testable import VeilMedia

@Suite struct JSONLeafReaderTests {
    @Test func leavesCarryPathsAndColumns() throws {
        let line = #"{"version": 2, "env": {"TOKEN": "a\u0062c", "é": "x"}, "tags": ["t1", 42, true, null]}"#
        let document = try JSONLeafReader.read(Array(line.utf8))
        #expect(document.root == .object)
        let values = document.leaves.filter { !$0.isKey }
        #expect(
            values.map(\.path.description) == [
                "version", "env.TOKEN", "env.é", "tags[0]", "tags[1]", "tags[2]", "tags[3]",
            ])
        #expect(values.map(\.text) == ["2", "abc", "x", "t1", "42", "true", "null"])
        let token = try #require(values.first { $0.path.description == "env.TOKEN" })
        // The opening quote, then a, then the \u0062 escape, then c, then the closing quote.
        let quote = line.distance(from: line.startIndex, to: line.range(of: "\"a\\u")!.lowerBound) + 1
        #expect(token.column == quote)
        #expect(token.byteColumns == [quote + 1, quote + 2, quote + 8, quote + 9])
        // Columns count Unicode scalars: the key é is one column.
        let e = try #require(document.leaves.first { $0.isKey && $0.text == "é" })
        #expect(values[2].column == e.column + 5)
    }

    @Test func matchesFoundationOnWhatItAccepts() throws {
        let accepted = [
            #"[1.5, "o", "x"]"#, #"[0, "m", {"a": [1, 2.5e3, -0.0]}]"#, #" [ 1 , "i" , "\ud83d\ude00" ] "#,
            #"[1, "o", "x",]"#, #"{"a": {"b": 1,},}"#, "\u{FEFF}[1]",
        ]
        for line in accepted {
            let document = try JSONLeafReader.read(Array(line.utf8))
            let foundation = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
            #expect(document.count == (foundation as? [Any])?.count ?? 0)
        }
        let refused = [#"[1, "o", "x"] x"#, #"{"a" 1}"#, #"[1,, 2]"#, #"[01]"#, #"["\x"]"#, #"[1."#, #""open"#]
        for line in refused {
            #expect(throws: JSONLeafReader.Failure.self) { try JSONLeafReader.read(Array(line.utf8)) }
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])) == nil)
        }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONLeafReader.Failure.self) { try JSONLeafReader.read(Array(deep.utf8)) }
    }

    @Test func rawControlsAreTakenAndReported() throws {
        let document = try JSONLeafReader.read(Array("[1, \"o\", \"a\u{1B}b\"]".utf8))
        #expect(document.hasRawControls)
        #expect(document.leaves.last?.text == "a\u{1B}b")
    }
}
