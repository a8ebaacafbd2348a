import Foundation
import Testing
@testable import VeilRedaction

/// Recall and precision of the built-in rules on the labelled corpus written by
/// `Scripts/generate-corpus` (synthetic screens with valid checksums and hard negatives).
@Suite struct CorpusTests {
    struct Corpus: Decodable {
        struct Screen: Decodable {
            struct Label: Decodable {
                var rule: String
                var segments: [[Int]]
            }
            var id: String
            var cols: Int
            var lines: [String]
            var labels: [Label]
        }
        var seed: Int
        var screens: [Screen]
    }

    struct Score {
        var labels = 0, found = 0, findings = 0, truePositives = 0
        var recall: Double { labels == 0 ? 1 : Double(found) / Double(labels) }
        var precision: Double { findings == 0 ? 1 : Double(truePositives) / Double(findings) }
    }

    static func load() throws -> Corpus {
        try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: Fixtures.url("corpus/corpus.json")))
    }

    /// Scores every rule; misses and false positives are described by screen id and
    /// position (never by text).
    static func score(_ corpus: Corpus, rules: RuleSet) throws -> (scores: [String: Score], problems: [String]) {
        var scores: [String: Score] = [:]
        var problems: [String] = []
        for screen in corpus.screens {
            let text = screen.lines.joined(separator: "\n")
            let layout = try TextLayout(text, cols: screen.cols)
            // Character offset of each line start in `text`.
            var lineStarts: [Int] = []
            var offset = 0
            for line in screen.lines {
                lineStarts.append(offset)
                offset += line.unicodeScalars.count + 1
            }
            func characters(_ label: Corpus.Screen.Label) -> Set<Int> {
                Set(
                    label.segments.flatMap { segment in
                        (0..<segment[2]).map { lineStarts[segment[0]] + segment[1] + $0 }
                    })
            }
            let findings = try rules.findings(in: layout.screen)
            func hidden(_ finding: Finding) -> Set<Int> {
                var cells = Set<Int>()
                for span in finding.spans { for col in span.columns { cells.insert(span.row * screen.cols + col) } }
                return Set(
                    layout.cells.enumerated().compactMap { index, cell in
                        cell.flatMap { cells.contains($0) ? index : nil }
                    })
            }
            let hiddenByFinding = findings.map(hidden)
            for label in screen.labels {
                scores[label.rule, default: Score()].labels += 1
                let wanted = characters(label)
                if zip(findings, hiddenByFinding).contains(where: { $0.ruleID == label.rule && wanted.isSubset(of: $1) }
                ) {
                    scores[label.rule, default: Score()].found += 1
                } else {
                    problems.append(
                        "\(screen.id): missed \(label.rule) at line \(label.segments[0][0]) char \(label.segments[0][1])"
                    )
                }
            }
            for (finding, chars) in zip(findings, hiddenByFinding) where finding.source == .rule {
                scores[finding.ruleID, default: Score()].findings += 1
                if screen.labels.contains(where: {
                    $0.rule == finding.ruleID && !characters($0).isDisjoint(with: chars)
                }) {
                    scores[finding.ruleID, default: Score()].truePositives += 1
                } else {
                    let span = finding.spans[0]
                    problems.append("\(screen.id): false \(finding.ruleID) at row \(span.row) col \(span.col)")
                }
            }
        }
        return (scores, problems)
    }

    @Test func builtInRulesOnTheCorpus() throws {
        let corpus = try Self.load()
        let rules = try RuleSet.builtIn
        let (scores, problems) = try Self.score(corpus, rules: rules)
        var table = "rule                labels  found  recall  findings  precision\n"
        var total = Score()
        func row(_ name: String, _ s: Score) -> String {
            name.padding(toLength: 18, withPad: " ", startingAt: 0)
                + String(
                    format: " %7d %6d %6.1f%% %9d %9.1f%%\n", s.labels, s.found, s.recall * 100, s.findings,
                    s.precision * 100)
        }
        for rule in rules.rules {
            guard let s = scores[rule.id] else { continue }
            total.labels += s.labels; total.found += s.found; total.findings += s.findings;
            total.truePositives += s.truePositives
            table += row(rule.id, s)
        }
        table += row("all", total)
        print("Corpus (seed \(corpus.seed), \(corpus.screens.count) screens):\n" + table)
        for problem in problems { print("  " + problem) }
        for rule in rules.rules where rule.isEnabled && rule.severity == .block {
            let s = scores[rule.id] ?? Score()
            #expect(s.labels > 0, "\(rule.id) has no corpus labels")
            #expect(s.recall == 1, "\(rule.id) recall \(s.recall)")
        }
        for (id, s) in scores {
            #expect(s.precision >= 0.98, "\(id) precision \(s.precision)")
        }
        #expect(total.precision >= 0.98)
    }
}
