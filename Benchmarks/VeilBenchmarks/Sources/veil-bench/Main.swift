import CMallocCounter
import Foundation
import Veil
import VeilRedaction
import VeilRender
import VeilScreen

/// veil-bench INPUTS [--out DIR] [--quick]   every in-process benchmark (medians, p90, p99)
/// veil-bench dump INPUTS DIR                 what the peers need: each screen's text, RGB
///                                            pixels and PNGs (see Benchmarks/README.md)
/// veil-bench parse [--runs N] [--megabytes M] [FILE...]   parser MB/s on any file (LF→CRLF)
/// veil-bench corpus [RUNS]                   detection on corpus screens, each rule alone
/// veil-bench render [--runs N] [--out DIR]   rasterize vs encode, both zlib settings
/// veil-bench decode DIR                      our PNG reader's pixels (Scripts/check-png-pillow)
///
/// INPUTS is a folder written by Benchmarks/inputs/make-inputs.py.
@main
struct VeilBench {
    static func main() async throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        switch arguments.first {
        case "dump" where arguments.count == 3:
            try dump(inputs: URL(fileURLWithPath: arguments[1]), to: URL(fileURLWithPath: arguments[2]))
            return
        case "parse":
            ParseThroughput.main(Array(arguments.dropFirst()))
            return
        case "corpus":
            try CorpusDetection.main(Array(arguments.dropFirst()))
            return
        case "render":
            try RenderTiming.main(Array(arguments.dropFirst()))
            return
        case "decode" where arguments.count == 2:
            try RenderTiming.decodeAll(in: URL(fileURLWithPath: arguments[1]))
            return
        default:
            break
        }
        let quick = arguments.contains("--quick")
        arguments.removeAll { $0 == "--quick" }
        var out: URL?
        if let index = arguments.firstIndex(of: "--out"), index + 1 < arguments.count {
            out = URL(fileURLWithPath: arguments[index + 1])
            arguments.removeSubrange(index...index + 1)
        }
        guard arguments.count == 1 else {
            FileHandle.standardError.write(
                Data(
                    "usage: veil-bench INPUTS [--out DIR] [--quick] | dump INPUTS DIR | parse [FILE...] | corpus [RUNS] | render [--out DIR] | decode DIR\n"
                        .utf8))
            exit(2)
        }
        let report = try await run(inputs: URL(fileURLWithPath: arguments[0]), scale: quick ? 0.2 : 1)
        if let out {
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try report.write(to: out.appendingPathComponent("veil-bench.tsv"))
        }
    }

    static func read(_ inputs: URL, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: inputs.appendingPathComponent(name)))
    }

    /// Feeds `bytes` in 64 KiB chunks (as reads from a pty) to a fresh terminal.
    static func parse(_ bytes: [UInt8], cols: Int, rows: Int) throws -> Terminal {
        var terminal = try Terminal(cols: cols, rows: rows)
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let end = min(offset + 65536, buffer.count)
                terminal.feed(UnsafeBufferPointer(rebasing: buffer[offset..<end]))
                offset = end
            }
        }
        return terminal
    }

    static func screen(_ bytes: [UInt8], cols: Int, rows: Int) throws -> Screen {
        try parse(bytes, cols: cols, rows: rows).screen
    }

    /// The screens of the detection, render and snapshot benchmarks: (label, file, cols, rows).
    static let screens = [
        ("80x24", "screen-80x24.bin", 80, 24), ("200x60", "screen-200x60.bin", 200, 60),
        ("cjk-80x24", "screen-cjk-80x24.bin", 80, 24),
    ]

    /// The text the detectors see (and detect-secrets is given): the screen's lines.
    static func text(of screen: Screen) -> String { screen.lines().joined(separator: "\n") + "\n" }

    static func run(inputs: URL, scale: Double) async throws -> Report {
        var report = Report()
        func n(_ count: Int) -> Int { max(5, Int(Double(count) * scale)) }
        say("veil-bench: medians of measured iterations after warm-up; MB = 10^6 bytes")
        say(Report.header)

        // 1. Parse + screen update.
        var vim = try read(inputs, "vim.bin")
        let vimOnce = vim.count
        while vim.count < 2 << 20 { vim += vim.prefix(vimOnce) }
        let parseInputs: [(String, [UInt8], Int, Int)] = [
            ("parse plain ASCII 80x24", try read(inputs, "plain.txt"), 80, 24),
            ("parse coloured ls -lR 80x24", try read(inputs, "ls-lR.txt"), 80, 24),
            ("parse vim sessions 80x24", vim, 80, 24),
            ("parse CJK text 80x24", try read(inputs, "cjk.txt"), 80, 24),
        ]
        for (name, bytes, cols, rows) in parseInputs {
            report.add(
                try measure(name, bytes: bytes.count, iterations: n(30)) {
                    _ = try parse(bytes, cols: cols, rows: rows)
                })
        }

        // 2. Detection with the built-in rules.
        let rules = try RuleSet.builtIn
        for (label, file, cols, rows) in screens {
            let screen = try screen(try read(inputs, file), cols: cols, rows: rows)
            let textBytes = text(of: screen).utf8.count
            var found = 0
            report.add(
                try measure("detect \(label)", bytes: textBytes, warmup: 20, iterations: n(300)) {
                    found = try rules.findings(in: screen).count
                })
            if selected("detect \(label)") { say("  (\(found) findings on the \(label) screen)") }
        }

        // Throughput on a long text without per-screen overheads: 1,000 rows of `ls -lR`.
        let tall = try screen(Array(try read(inputs, "ls-lR.txt").prefix(400_000)), cols: 200, rows: 1000)
        let tallBytes = text(of: tall).utf8.count
        report.add(
            try measure("detect 200x1000 ls -lR text", bytes: tallBytes, warmup: 3, iterations: n(50)) {
                _ = try rules.findings(in: tall)
            })

        // 3. Render + PNG encode.
        for (label, file, cols, rows) in screens {
            let screen = try screen(try read(inputs, file), cols: cols, rows: rows)
            for pixelScale in 1...2 {
                let renderer = try SnapshotRenderer(options: RenderOptions(scale: pixelScale))
                var size = 0
                report.add(
                    try measure("render+encode \(label) scale \(pixelScale)", warmup: 5, iterations: n(100)) {
                        size = try renderer.png(for: screen).count
                    })
                if size > 0 { say("  (\(size) PNG bytes)") }
                // The same through zlib level 6 alone (what a machine without libdeflate writes),
                // and at the libdeflate levels listed in VEIL_BENCH_LIBDEFLATE_LEVELS (e.g. 7,8,9).
                let levels = (ProcessInfo.processInfo.environment["VEIL_BENCH_LIBDEFLATE_LEVELS"] ?? "")
                    .split(separator: ",").compactMap { Int($0) }
                let variants =
                    [("zlib 6", PNGCompression(level: 6))]
                    + levels.map { ("libdeflate \($0)", PNGCompression(level: 6, libdeflateLevel: $0)) }
                for (variantName, compression) in variants {
                    let variant = try SnapshotRenderer(
                        options: RenderOptions(scale: pixelScale), compression: compression)
                    let name = "render+encode \(label) scale \(pixelScale) \(variantName)"
                    report.add(
                        try measure(name, warmup: 5, iterations: n(100)) {
                            size = try variant.png(for: screen).count
                        })
                    if size > 0 { say("  (\(size) PNG bytes)") }
                }
            }
        }

        // 4. The whole snapshot path in process: bytes -> parse -> detect -> redact -> render -> encode.
        let snapshotter = try Snapshotter(settings: SnapshotSettings(rules: rules))
        for (label, file, cols, rows) in screens {
            let bytes = try read(inputs, file)
            report.add(
                try measure("snapshot in process \(label)", warmup: 5, iterations: n(100)) {
                    _ = try snapshotter.snapshot(of: try screen(bytes, cols: cols, rows: rows))
                })
        }

        // Stand-in for `veil audit --jobs 2` (not on this branch): read, parse and detect each
        // of the 1,000 audit screens in process, on 2 threads.
        let auditFolder = inputs.appendingPathComponent("audit")
        let auditFiles = try FileManager.default.contentsOfDirectory(atPath: auditFolder.path).sorted()
            .map { auditFolder.appendingPathComponent($0) }
        if !auditFiles.isEmpty {
            report.add(
                measure("audit stand-in in process, 2 threads", warmup: 1, iterations: n(10)) {
                    let total = auditFiles.count
                    DispatchQueue.concurrentPerform(iterations: 2) { part in
                        for i in stride(from: part, to: total, by: 2) {
                            guard let data = try? Data(contentsOf: auditFiles[i]),
                                let screen = try? screen([UInt8](data), cols: 80, rows: 24)
                            else { fatalError("audit input \(i)") }
                            _ = try? rules.findings(in: screen)
                        }
                    }
                })
        }

        // 5. The 10,000-event lifecycle scenario on the virtual clock.
        guard selected("lifecycle 10,000 events") else { return report }
        var events = 0
        for _ in 0..<3 { _ = try await TenThousandEvents.run() }
        var wall: [Double] = [], cpu: [Double] = [], allocations: [Double] = []
        for _ in 0..<n(20) {
            let allocStart = veil_bench_allocations()
            let cpuStart = processCPUTime()
            let (elapsed, log, _, _) = try await TenThousandEvents.run()
            cpu.append(processCPUTime() - cpuStart)
            allocations.append(Double(veil_bench_allocations() - allocStart))
            wall.append(seconds(elapsed))
            events = log.count
        }
        report.add(
            Measurement(
                name: "lifecycle 10,000 events", wall: wall.sorted(), cpu: cpu.sorted(),
                allocations: Measurement.percentile(allocations.sorted(), 0.5), bytes: 0))
        say("  (\(events) log entries; cpu is the whole process's: the tasks hop between threads)")
        return report
    }

    /// For the peers: NAME.txt (the screen's lines), NAME.rgb + NAME.size (the pixels of the
    /// redacted snapshot at scale 1), NAME.png (Veil's PNG of those pixels), and the
    /// snapshot PNG of every audit screen is not needed (the stand-in runs `veil scan`).
    static func dump(inputs: URL, to out: URL) throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let snapshotter = try Snapshotter(settings: SnapshotSettings(rules: try RuleSet.builtIn))
        let renderer = try SnapshotRenderer()
        for (label, file, cols, rows) in screens {
            let screen = try screen(try read(inputs, file), cols: cols, rows: rows)
            try Data(text(of: screen).utf8).write(to: out.appendingPathComponent("\(label).txt"))
            let outcome = try snapshotter.snapshot(of: screen)
            let bitmap = try renderer.bitmap(for: outcome.redacted)
            try Data(bitmap.rgbBytes()).write(to: out.appendingPathComponent("\(label).rgb"))
            try Data("\(bitmap.width) \(bitmap.height)\n".utf8).write(to: out.appendingPathComponent("\(label).size"))
            try Data(outcome.png).write(to: out.appendingPathComponent("\(label).png"))
            say(
                "\(label): \(outcome.findings.count) findings, \(bitmap.width)x\(bitmap.height) px, \(outcome.png.count) PNG bytes"
            )
        }
    }
}
