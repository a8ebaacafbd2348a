import Foundation
import VeilRedaction
import VeilScreen

/// veil-bench corpus [RUNS]: VeilRedaction's detection with the built-in rules on screens
/// built from the labelled corpus (80x24, 200x60, shell output without secrets), detect and
/// redact; each rule alone; loading the built-in rules. Median of RUNS runs (default 2,000).
enum CorpusDetection {
    static func main(_ arguments: [String]) throws {
        let runs = arguments.first.flatMap { Int($0) } ?? 2000
        try run(runs: runs)
    }

    static func run(runs: Int) throws {
        /// Median wall time of `body` over `runs` runs, in microseconds.
        func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
            let clock = ContinuousClock()
            var samples: [Double] = []
            samples.reserveCapacity(runs)
            for _ in 0..<runs {
                let start = clock.now
                try body()
                let elapsed = clock.now - start
                samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
            }
            samples.sort()
            return samples[samples.count / 2]
        }

        /// Corpus lines, as many as fill `rows` rows of `cols` columns (long lines wrap).
        func corpusScreen(cols: Int, rows: Int, lines: [String]) throws -> (Screen, Int) {
            var picked: [String] = []
            var used = 0
            var index = 0
            while used < rows {
                let line = lines[index % lines.count]
                index += 1
                let width = max(1, (TextLayout.longestLineWidth(line) + cols - 1) / cols)
                if used + width > rows { continue }
                picked.append(line)
                used += width
            }
            let text = picked.joined(separator: "\n")
            return (try TextLayout(text, cols: cols).screen, text.utf8.count)
        }

        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let corpusURL = root.appendingPathComponent("Tests/VeilRedactionTests/Fixtures/corpus/corpus.json")
        struct Corpus: Decodable { struct Screen: Decodable { var lines: [String] }; var screens: [Screen] }
        let corpus = try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: corpusURL))
        let lines = corpus.screens.flatMap(\.lines)
        let rules = try RuleSet.builtIn

        let shell = (0..<24).map { i in
            [
                "drwxr-xr-x  5 dev staff  160 Mar  3 10:12 Sources", "Compiling VeilRedaction RuleSet+Detection.swift",
                "[\(i)/120] Linking veil", "-rw-r--r--  1 dev staff 2048 Mar  3 10:12 Package.swift",
            ][i % 4]
        }.joined(separator: "\n")

        var cases: [(String, Screen, Int)] = []
        let (small, smallBytes) = try corpusScreen(cols: 80, rows: 24, lines: lines)
        cases.append(("80x24 corpus", small, smallBytes))
        let (large, largeBytes) = try corpusScreen(cols: 200, rows: 60, lines: Array(lines.dropFirst(500)))
        cases.append(("200x60 corpus", large, largeBytes))
        cases.append(("80x24 shell, no secrets", try TextLayout(shell, cols: 80).screen, shell.utf8.count))

        print("VeilRedaction detection, built-in rules, median of \(runs) runs (release build)")
        print("case                       findings   detect µs   MB/s   redact µs")
        for (name, screen, bytes) in cases {
            let findings = try rules.findings(in: screen)
            let detect = try median(runs: runs) { _ = try rules.findings(in: screen) }
            let redactor = Redactor(rules: rules)
            let redact = median(runs: runs) { _ = redactor.redact(screen) }
            let rate = Double(bytes) / detect  // bytes per µs = MB/s
            print(
                name.padding(toLength: 26, withPad: " ", startingAt: 0)
                    + String(format: " %8d %11.1f %6.1f %11.1f", findings.count, detect, rate, redact))
        }

        print("\nEach rule alone on the 80x24 corpus screen (µs, median):")
        for rule in rules.rules where rule.isEnabled {
            var single = rules
            single.rules = [rule]
            single.regions = []
            let time = try median(runs: runs) { _ = try single.findings(in: small) }
            print("  " + rule.id.padding(toLength: 20, withPad: " ", startingAt: 0) + String(format: "%7.1f", time))
        }
        var nothing = rules
        nothing.rules = []
        let baseline = try median(runs: runs) { _ = try nothing.findings(in: small) }
        print(
            "  " + "(no rules: text only)".padding(toLength: 20, withPad: " ", startingAt: 0)
                + String(format: "%7.1f", baseline))

        // Loading the built-in rules (YAML parse, regex compilation, examples) happens once per
        // process: what `veil snap` pays before its first screen.
        let yaml = try String(contentsOf: root.appendingPathComponent("Resources/Rules/default.yml"), encoding: .utf8)
        let standalone = "extend: {useDefault: false}\n" + yaml
        let load = try median(runs: max(20, runs / 100)) { _ = try RuleSet(yaml: standalone) }
        print(String(format: "\nLoading the built-in rules: %.0f µs (median)", load))
    }
}
