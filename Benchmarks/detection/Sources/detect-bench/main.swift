import Foundation
import Veil
import VeilRedaction
import VeilScreen

// Replays an asciicast as `veil scan` does (exposure tracked by frames), keeps every batch
// of stacked lines the scan would judge, then times `RuleSet.findings(in:known:)` on them
// in order (values found remembered, as the scan does). Prints ns per call and a digest of
// every finding, to compare two builds. The machine's load moves the times: compare builds
// by alternating runs.

struct Call {
    var screen: Screen
    var context: [Bool]?
}

func calls(of path: String) throws -> [Call] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: true).makeIterator()
    guard let headerLine = lines.next(),
        let header = try JSONSerialization.jsonObject(with: Data(headerLine.utf8)) as? [String: Any]
    else { throw CocoaError(.fileReadCorruptFile) }
    let cols = header["width"] as? Int ?? 80
    let rows = header["height"] as? Int ?? 24
    var terminal = try Terminal(cols: cols, rows: rows)
    let tracker = ExposureTracker(mode: .frames, cols: cols, rows: rows)
    terminal.observer = tracker
    var calls: [Call] = []
    var offset = 0
    func take(_ batches: [ExposureBatch]) {
        for batch in batches {
            if let screen = batch.screen {
                // Rows that are only the line above a group (no group's own row).
                var context = Array(repeating: true, count: screen.rows)
                for group in batch.groups where !group.isTitle {
                    for row in group.start..<(group.start + group.count) { context[row] = false }
                }
                calls.append(Call(screen: screen, context: context))
            }
            for group in batch.groups where group.isTitle {
                calls.append(Call(screen: batch.lines(of: group).screen, context: nil))
            }
        }
    }
    for line in lines {
        guard let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], event.count >= 3,
            let code = event[1] as? String, let data = event[2] as? String
        else { continue }
        guard code == "o" else { continue }
        let bytes = Array(data.utf8)
        terminal.feed(bytes, at: offset)
        offset += bytes.count
        terminal.flush()
        take(tracker.takeBatches())
    }
    terminal.flush()
    take(tracker.takeBatches())
    return calls
}

func digest(_ findings: [Finding], into hash: inout UInt64) {
    for finding in findings {
        for byte in "\(finding)".utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    print("usage: detect-bench FILE.cast [repetitions] [context]")
    print("       detect-bench screens INPUTS [iterations] [RULES.yml]")
    exit(2)
}
if path == "screens" {
    try screens(Array(arguments.dropFirst()))
    exit(0)
}
let repetitions = arguments.dropFirst().first.flatMap { Int($0) } ?? 5
let useContext = arguments.dropFirst(2).first == "context"
let rules = try RuleSet.builtIn
let all = try calls(of: path)
let blankOnly = arguments.contains("blank")
let rowCounts = all.map(\.screen.rows)
print(
    "\(all.count) calls, rows: mean \(String(format: "%.1f", Double(rowCounts.reduce(0, +)) / Double(all.count)))"
        + ", max \(rowCounts.max() ?? 0)")
/// Reads every cell of `screen`, as the scan that just built it leaves it in the cache.
@inline(never) func warm(_ screen: Screen) -> UInt32 {
    screen.cells.withUnsafeBufferPointer { cells in cells.reduce(0) { $0 &+ $1.scalar.value &+ UInt32($1.width) } }
}
var best = Double.infinity
var bestWarm = Double.infinity
for _ in 0..<(blankOnly ? 0 : repetitions) {
    var sum: UInt32 = 0
    let warmStart = DispatchTime.now().uptimeNanoseconds
    for call in all { sum &+= warm(call.screen) }
    bestWarm = min(bestWarm, Double(DispatchTime.now().uptimeNanoseconds - warmStart))
    if sum == 1 { print("") }
}
for _ in 0..<(blankOnly ? 0 : repetitions) {
    var known = KnownValues()
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var results: [[Finding]] = []
    results.reserveCapacity(all.count)
    let start = DispatchTime.now().uptimeNanoseconds
    var sum: UInt32 = 0
    for call in all {
        sum &+= warm(call.screen)
        let found = try rules.findings(in: call.screen, known: known, contextRows: useContext ? call.context : nil)
        known.remember(found)
        results.append(found)
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) - bestWarm
    if sum == 1 { print("") }
    var count = 0
    for found in results {
        count += found.count
        digest(found, into: &hash)
    }
    best = min(best, elapsed)
    print(
        String(format: "%.0f ns/call, %.1f ms total", elapsed / Double(all.count), elapsed / 1e6)
            + ", \(count) findings, \(known.count) known, digest \(String(hash, radix: 16))")
}
// The fixed cost of a call: a blank screen of the mean size, with the same known values.
do {
    var known = KnownValues()
    for call in all.prefix(5000) { known.remember(try rules.findings(in: call.screen, known: known)) }
    let blank = try Screen(cols: 80, rows: 5)
    var fastest = Double.infinity
    for _ in 0..<repetitions {
        let start = DispatchTime.now().uptimeNanoseconds
        let count = blankOnly ? 400_000 : 20_000
        for _ in 0..<count { _ = try rules.findings(in: blank, known: known) }
        fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
    }
    print(String(format: "blank 80x5 screen: %.0f ns/call (%d known)", fastest, known.count))
}
print(
    String(
        format: "best: %.0f ns/call (warm screens: reading each screen first, %.0f ns/call, is not counted)",
        best / Double(all.count), bestWarm / Double(all.count)))
