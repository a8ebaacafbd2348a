import Foundation
import Testing

/// The repository's documents are free of what a bad merge leaves: no line of any Markdown
/// file, the man page or `action.yml` opens with a conflict marker (`<<<<<<< `, `|||||||`,
/// `>>>>>>> `). (`=======` alone is also a Markdown heading's underline, so it is not one.)
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let markers = ["<<<<<<< ", "||||||| ", ">>>>>>> "]

    /// The lines of `text` that open with a conflict marker, 1-based.
    static func conflictLines(in text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            markers.contains { line.hasPrefix($0) } || line == "<<<<<<<" || line == ">>>>>>>" ? index + 1 : nil
        }
    }

    /// Every document: Markdown anywhere outside `.build` and fixtures, the man page, action.yml.
    static func documents() -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if name == ".build" || name == ".git" || name == "Fixtures" || name == "Corpus" {
                walker.skipDescendants()
                continue
            }
            if url.pathExtension == "md" || name == "veil.1" || name == "action.yml" { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    @Test func noDocumentHoldsAConflictMarker() throws {
        let documents = Self.documents()
        #expect(documents.contains { $0.lastPathComponent == "ARCHITECTURE.md" })
        #expect(documents.contains { $0.lastPathComponent == "rules.md" })
        var found: [String] = []
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            for line in Self.conflictLines(in: text) { found.append("\(document.path):\(line)") }
        }
        #expect(found.isEmpty, "conflict markers left by a merge:\n\(found.joined(separator: "\n"))")
    }

    @Test func theCheckFindsEachMarkerButNotAHeadingOrAQuotedOne() {
        let text = "# A\n<<<<<<< HEAD\nx\n=======\ny\n>>>>>>> detect-a\nTitle\n=======\nsee `>>>>>>> 3f2a…`\n"
        #expect(Self.conflictLines(in: text) == [2, 6])
    }
}
