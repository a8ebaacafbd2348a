import Foundation
import Testing
@testable import VeilRedaction

/// The hand-labelled breadth corpus: one file per kind of sensitive value under
/// `Fixtures/breadth/` (see its README.md for the format), positives and hard negatives
/// written from the issuers' and vendors' formats. Every case must hold; set
/// `VEIL_BREADTH_REPORT=FILE` to write the per-kind table of Docs/detection.md.
@Suite struct BreadthCorpusTests {
    /// One line of a kind file.
    struct Case: Sendable, CustomStringConvertible {
        enum Expectation: Sendable { case hidden(rule: String?), visible }
        var file: String
        var line: Int
        var expectation: Expectation
        /// The text without its « » marks.
        var text: String
        /// Unicode-scalar ranges of `text` that must be hidden (empty for negatives).
        var marked: [Range<Int>]

        var description: String { "\(file):\(line)" }
    }

    /// What the built-in rules did with one case.
    struct Outcome {
        var missed: Bool
        var falsePositive: Bool
        var problem: String?
    }

    static func kindFiles() throws -> [URL] {
        let folder = Fixtures.url("breadth")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "txt" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Parses a kind file: `+ RULE<TAB>text with «hidden» parts`, `- text`, `#` comments;
    /// `\n`, `\t`, `\e` and `\\` escapes; `*` as the rule accepts any rule.
    static func cases(in url: URL) throws -> [Case] {
        let name = url.lastPathComponent
        var result: [Case] = []
        let lines = try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let line = String(raw)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let expectation: Case.Expectation
            var body: Substring
            if line.hasPrefix("+ ") {
                let rest = line.dropFirst(2)
                guard let tab = rest.firstIndex(of: "\t") else {
                    throw CorpusError("\(name):\(index + 1): a positive needs `+ RULE<TAB>text`")
                }
                let rule = String(rest[..<tab])
                expectation = .hidden(rule: rule == "*" ? nil : rule)
                body = rest[rest.index(after: tab)...]
            } else if line.hasPrefix("- ") {
                expectation = .visible
                body = line.dropFirst(2)
            } else {
                throw CorpusError("\(name):\(index + 1): a case starts with `+ ` or `- `")
            }
            var text: [Unicode.Scalar] = []
            var marked: [Range<Int>] = []
            var open: Int?
            var scalars = body.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                switch scalar {
                case "«":
                    guard open == nil else { throw CorpusError("\(name):\(index + 1): nested «") }
                    open = text.count
                case "»":
                    guard let start = open else { throw CorpusError("\(name):\(index + 1): » without «") }
                    marked.append(start..<text.count)
                    open = nil
                case "\\":
                    switch scalars.next() {
                    case "n": text.append("\n")
                    case "t": text.append("\t")
                    case "e": text.append("\u{1B}")
                    case "\\": text.append("\\")
                    default: throw CorpusError("\(name):\(index + 1): unknown escape")
                    }
                default: text.append(scalar)
                }
            }
            if open != nil { throw CorpusError("\(name):\(index + 1): « without »") }
            if case .hidden = expectation, marked.isEmpty {
                throw CorpusError("\(name):\(index + 1): a positive marks its value with « »")
            }
            if case .visible = expectation, !marked.isEmpty {
                throw CorpusError("\(name):\(index + 1): a negative has no « »")
            }
            var string = String.UnicodeScalarView()
            string.append(contentsOf: text)
            result.append(
                Case(
                    file: name, line: index + 1, expectation: expectation, text: String(string),
                    marked: marked))
        }
        return result
    }

    /// Runs the rules on one case. A positive must hide every marked character (by the named
    /// rule) and nothing else; a negative must hide nothing. Problems name the case, never
    /// its text.
    static func judge(_ corpusCase: Case, rules: RuleSet) throws -> Outcome {
        let findings = try rules.textFindings(in: corpusCase.text)
        // Scalar offset of each byte offset, to compare byte ranges with marks.
        var scalarAt: [Int: Int] = [:]
        var byte = 0
        for (offset, scalar) in corpusCase.text.unicodeScalars.enumerated() {
            scalarAt[byte] = offset
            byte += String(scalar).utf8.count
        }
        scalarAt[byte] = corpusCase.text.unicodeScalars.count
        var hidden = Set<Int>()
        var hiddenByRule = Set<Int>()
        for found in findings {
            for range in found.hiddenRanges {
                guard let lower = scalarAt[range.lowerBound], let upper = scalarAt[range.upperBound] else { continue }
                hidden.formUnion(lower..<upper)
                if case .hidden(let rule) = corpusCase.expectation, rule == nil || rule == found.ruleID {
                    hiddenByRule.formUnion(lower..<upper)
                }
            }
        }
        let marked = Set(corpusCase.marked.flatMap { $0 })
        let rulesSeen = Set(findings.map(\.ruleID)).sorted().joined(separator: ",")
        switch corpusCase.expectation {
        case .visible:
            let flagged = !hidden.isEmpty
            return Outcome(
                missed: false, falsePositive: flagged,
                problem: flagged ? "\(corpusCase): negative hidden by \(rulesSeen)" : nil)
        case .hidden(let rule):
            let missed = !marked.isSubset(of: hiddenByRule)
            let extra = !hidden.subtracting(marked).isEmpty
            var problem: String?
            if missed {
                problem =
                    "\(corpusCase): not hidden by \(rule ?? "any rule") (found: \(rulesSeen.isEmpty ? "none" : rulesSeen))"
            } else if extra {
                problem = "\(corpusCase): hides more than the marked value (\(rulesSeen))"
            }
            return Outcome(missed: missed, falsePositive: extra, problem: problem)
        }
    }

    @Test func everyCaseOfEveryKindHolds() throws {
        let rules = try RuleSet.builtIn
        var problems: [String] = []
        var table: [String] = [
            "| kind | positives | found | recall | negatives | false positives |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        let files = try Self.kindFiles()
        #expect(!files.isEmpty, "no kind files in Fixtures/breadth")
        for url in files {
            let cases = try Self.cases(in: url)
            var positives = 0, found = 0, negatives = 0, falsePositives = 0
            for corpusCase in cases {
                let outcome = try Self.judge(corpusCase, rules: rules)
                switch corpusCase.expectation {
                case .hidden:
                    positives += 1
                    if !outcome.missed { found += 1 }
                    if outcome.falsePositive { falsePositives += 1 }
                case .visible:
                    negatives += 1
                    if outcome.falsePositive { falsePositives += 1 }
                }
                if let problem = outcome.problem { problems.append(problem) }
            }
            let recall = positives == 0 ? 1 : Double(found) / Double(positives)
            table.append(
                "| \(url.deletingPathExtension().lastPathComponent) | \(positives) | \(found) | "
                    + "\(String(format: "%.1f %%", recall * 100)) | \(negatives) | \(falsePositives) |")
        }
        if let path = ProcessInfo.processInfo.environment["VEIL_BREADTH_REPORT"] {
            try (table.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(problems.isEmpty, "\(problems.count) cases fail:\n\(problems.joined(separator: "\n"))")
    }

    @Test func theParserRejectsMalformedCases() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breadth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for bad in ["+ rule no tab «x»", "+ rule\tno marks", "- negative «marked»", "? what", "+ r\t«open"] {
            let url = folder.appendingPathComponent("bad.txt")
            try bad.write(to: url, atomically: true, encoding: .utf8)
            #expect(throws: CorpusError.self) { try Self.cases(in: url) }
        }
    }
}

struct CorpusError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
