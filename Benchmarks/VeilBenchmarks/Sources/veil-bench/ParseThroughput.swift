import Foundation
import VeilScreen

/// veil-bench parse [--runs N] [--megabytes M] [FILE...]: throughput of VeilScreen's parser +
/// screen update at 80x24, in MB/s (median of runs), on generated plain ASCII and on each
/// FILE with LF turned into CRLF as a pty does (e.g. `ls -lR --color=always /usr`).
enum ParseThroughput {

    /// The plain ASCII input: deterministic lines of printable ASCII (20–120 columns) with CRLF.
    static func plainASCII(megabytes: Int) -> [UInt8] {
        var generator = SplitMix64(seed: 42)
        let words = [
            "terminal", "screen", "snapshot", "redact", "cell", "xterm", "parser", "cursor",
            "veil", "privacy", "sensitive", "render", "png", "the", "a", "of", "and", "to", "in",
        ]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(megabytes << 20)
        while bytes.count < megabytes << 20 {
            let width = 20 + Int(generator.next() % 101)
            var line = 0
            while line < width {
                let word = words[Int(generator.next() % UInt64(words.count))]
                bytes.append(contentsOf: word.utf8)
                bytes.append(UInt8(ascii: " "))
                line += word.utf8.count + 1
            }
            bytes.append(contentsOf: [0x0D, 0x0A])
        }
        return bytes
    }

    /// A pty turns LF into CRLF (onlcr); files written by `ls` have bare LFs.
    static func crlf(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 32)
        for byte in bytes {
            if byte == 0x0A { out.append(0x0D) }
            out.append(byte)
        }
        return out
    }

    struct SplitMix64 {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Feeds `bytes` in 64 KiB chunks (as reads from a pty) to a fresh terminal; returns the
    /// wall-clock and thread-CPU seconds.
    static func run(_ bytes: [UInt8], cols: Int, rows: Int) -> (wall: Double, cpu: Double, last: String) {
        var terminal = try! Terminal(cols: cols, rows: rows)
        let clock = ContinuousClock()
        let cpuStart = threadCPUTime()
        let start = clock.now
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let end = min(offset + 65536, buffer.count)
                terminal.feed(UnsafeBufferPointer(rebasing: buffer[offset..<end]))
                offset = end
            }
        }
        let elapsed = clock.now - start
        let cpu = threadCPUTime() - cpuStart
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (seconds, cpu, terminal.screen.lines().last ?? "")
    }

    static func measure(_ name: String, _ bytes: [UInt8], runs: Int, cols: Int, rows: Int) {
        _ = run(bytes, cols: cols, rows: rows)  // warm up
        var wall: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<runs {
            let result = run(bytes, cols: cols, rows: rows)
            wall.append(Double(bytes.count) / 1_000_000 / result.wall)
            cpu.append(Double(bytes.count) / 1_000_000 / result.cpu)
        }
        wall.sort()
        cpu.sort()
        let shown = wall.map { String(format: "%.0f", $0) }.joined(separator: " ")
        print(
            String(
                format: "%-30@ %5.1f MB  median %6.1f MB/s wall, %6.1f MB/s thread CPU  (wall runs: %@)",
                name as NSString, Double(bytes.count) / 1e6, wall[wall.count / 2], cpu[cpu.count / 2], shown as NSString
            ))
    }

    static func main(_ arguments: [String]) {
        var arguments = arguments
        var runs = 9
        var megabytes = 16
        if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count {
            runs = Int(arguments[index + 1]) ?? 9
            arguments.removeSubrange(index...(index + 1))
        }
        if let index = arguments.firstIndex(of: "--megabytes"), index + 1 < arguments.count {
            megabytes = Int(arguments[index + 1]) ?? 16
            arguments.removeSubrange(index...(index + 1))
        }
        print("VeilScreen throughput, 80x24, 64 KiB chunks, median of \(runs) runs (MB = 10^6 bytes)")
        measure("plain ASCII (generated)", plainASCII(megabytes: megabytes), runs: runs, cols: 80, rows: 24)
        for path in arguments {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("cannot read \(path)")
                continue
            }
            measure(
                (path as NSString).lastPathComponent + " (LF→CRLF)", crlf([UInt8](data)), runs: runs, cols: 80, rows: 24
            )
        }
    }
}
