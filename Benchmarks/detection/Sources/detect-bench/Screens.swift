import Foundation
import VeilRedaction
import VeilScreen

// `detect-bench screens INPUTS [iterations] [RULES.yml]`: per-screen detection cost on the
// screens of Benchmarks/inputs (make-inputs.py), with the built-in rules and, in the same
// run and interleaved round by round, with the rules of RULES.yml alone (for instance the
// built-in rules of an earlier commit: `git show da47dff:Resources/Rules/default.yml`).
// Medians of per-call wall time over rounds; the ratio is built-in ÷ RULES.yml.

/// The screen `bytes` leave on a terminal of `cols` × `rows`.
func screen(of bytes: [UInt8], cols: Int, rows: Int) throws -> Screen {
    var terminal = try Terminal(cols: cols, rows: rows)
    terminal.feed(bytes, at: 0)
    terminal.flush()
    return terminal.screen
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// Nanoseconds per call of `body`, over `calls` calls.
func nanoseconds(calls: Int, _ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<calls { try body() }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(calls)
}

func screens(_ arguments: [String]) throws {
    guard let folder = arguments.first else {
        print("usage: detect-bench screens INPUTS [iterations] [RULES.yml]")
        exit(2)
    }
    let rounds = arguments.dropFirst().first.flatMap { Int($0) } ?? 30
    let builtIn = try RuleSet.builtIn
    var sets = [("built-in (\(builtIn.rules.count) rules)", builtIn)]
    if let path = arguments.dropFirst(2).first {
        // Only that file's rules, not the built-in ones extended.
        let yaml =
            "extend:\n  useDefault: false\n"
            + (try String(contentsOfFile: path, encoding: .utf8))
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("extend:") && !$0.hasPrefix("  useDefault:") }.joined(separator: "\n")
        let other = try RuleSet(yaml: yaml, file: path)
        sets.append(("\((path as NSString).lastPathComponent) (\(other.rules.count) rules)", other))
    }
    func read(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name)))
    }
    let inputs: [(String, Screen, Int)] = [
        ("80x24 shell screen", try screen(of: read("screen-80x24.bin"), cols: 80, rows: 24), 200),
        ("200x60 shell screen", try screen(of: read("screen-200x60.bin"), cols: 200, rows: 60), 60),
        ("CJK 80x24 screen", try screen(of: read("screen-cjk-80x24.bin"), cols: 80, rows: 24), 200),
        ("200x1000 ls -lR", try screen(of: Array(read("ls-lR.txt").prefix(400_000)), cols: 200, rows: 1000), 3),
    ]
    print("median of \(rounds) rounds, wall time per call (µs); MB/s = the screen's text ÷ time")
    var header = "| screen | text bytes |"
    for (name, _) in sets { header += " \(name) µs | MB/s |" }
    if sets.count == 2 { header += " ratio |" }
    print(header)
    print(String(repeating: "|---", count: 2 + sets.count * 2 + (sets.count == 2 ? 1 : 0)) + "|")
    for (label, screen, calls) in inputs {
        let bytes = screen.lines().joined(separator: "\n").utf8.count + 1
        var times = Array(repeating: [Double](), count: sets.count)
        for set in sets { _ = try set.1.findings(in: screen) }  // warm-up
        for _ in 0..<rounds {
            for (k, set) in sets.enumerated() {
                times[k].append(try nanoseconds(calls: calls) { _ = try set.1.findings(in: screen) })
            }
        }
        var row = "| \(label) | \(bytes) |"
        let medians = times.map(median)
        for m in medians {
            row += String(format: " %.1f | %.1f |", m / 1000, Double(bytes) / m * 1000)
        }
        if medians.count == 2 { row += String(format: " %.2f× |", medians[0] / medians[1]) }
        print(row)
    }
}
