import CMallocCounter
import Foundation

/// One benchmark's measurements: every iteration after the warm-up, wall and thread CPU time.
struct Measurement {
    var name: String
    var wall: [Double]  // seconds, sorted
    var cpu: [Double]  // seconds, sorted
    var allocations: Double  // malloc-family calls per iteration (median)
    var bytes: Int  // input bytes per iteration (0: not a throughput benchmark)

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))
        return sorted[index]
    }

    var median: Double { Self.percentile(wall, 0.5) }
    var p90: Double { Self.percentile(wall, 0.9) }
    var p99: Double { Self.percentile(wall, 0.99) }
    var cpuMedian: Double { Self.percentile(cpu, 0.5) }
    /// MB/s (10^6 bytes) at the median wall time, and at the median thread CPU time.
    var throughput: Double { bytes > 0 ? Double(bytes) / median / 1e6 : .nan }
    var cpuThroughput: Double { bytes > 0 ? Double(bytes) / cpuMedian / 1e6 : .nan }
}

/// Prints a line at once (unbuffered: progress shows while the benchmarks run).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// CPU time of the calling thread, in seconds (time spent descheduled by other processes on
/// this shared machine does not count).
func threadCPUTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// CPU time of the whole process (all threads), in seconds.
func processCPUTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// VEIL_BENCH_ONLY=TEXT runs only the benchmarks whose names contain TEXT (for profiling).
func selected(_ name: String) -> Bool {
    guard let only = ProcessInfo.processInfo.environment["VEIL_BENCH_ONLY"] else { return true }
    return name.contains(only)
}

/// Runs `body` `warmup` times, then `iterations` times measuring each run; also stops after
/// `budget` seconds of measuring (at least 5 iterations).
func measure(
    _ name: String, bytes: Int = 0, warmup: Int = 3, iterations: Int, budget: Double = 10,
    _ body: () throws -> Void
) rethrows -> Measurement {
    guard selected(name) else { return Measurement(name: name, wall: [], cpu: [], allocations: 0, bytes: 0) }
    for _ in 0..<warmup { try body() }
    var wall: [Double] = [], cpu: [Double] = [], allocations: [Double] = []
    let clock = ContinuousClock()
    let started = clock.now
    for i in 0..<iterations {
        let allocStart = veil_bench_allocations()
        let cpuStart = threadCPUTime()
        let start = clock.now
        try body()
        let elapsed = clock.now - start
        cpu.append(threadCPUTime() - cpuStart)
        allocations.append(Double(veil_bench_allocations() - allocStart))
        wall.append(seconds(elapsed))
        if i >= 4, seconds(clock.now - started) > budget { break }
    }
    return Measurement(
        name: name, wall: wall.sorted(), cpu: cpu.sorted(),
        allocations: Measurement.percentile(allocations.sorted(), 0.5), bytes: bytes)
}

/// The results as a table on standard output and as tab-separated lines in a file.
struct Report {
    var measurements: [Measurement] = []

    mutating func add(_ m: Measurement) {
        guard !m.wall.isEmpty else { return }
        measurements.append(m)
        say(Self.line(m))
    }

    static let header =
        "benchmark                               iters  median_ms    p90_ms    p99_ms  cpu_med_ms   MB/s(wall)  MB/s(cpu)  allocs/iter"

    static func line(_ m: Measurement) -> String {
        func f(_ v: Double, _ width: Int, _ digits: Int = 3) -> String {
            let s = v.isNaN ? "-" : String(format: "%.\(digits)f", v)
            return String(repeating: " ", count: max(0, width - s.count)) + s
        }
        let name = m.name.padding(toLength: max(38, m.name.count), withPad: " ", startingAt: 0)
        return
            "\(name) \(f(Double(m.wall.count), 6, 0)) \(f(m.median * 1e3, 10)) \(f(m.p90 * 1e3, 9)) \(f(m.p99 * 1e3, 9)) \(f(m.cpuMedian * 1e3, 11)) \(f(m.throughput, 12, 1)) \(f(m.cpuThroughput, 10, 1)) \(f(m.allocations, 12, 0))"
    }

    func write(to url: URL) throws {
        var text = "name\titerations\tmedian_ms\tp90_ms\tp99_ms\tcpu_median_ms\tmb_per_s\tcpu_mb_per_s\tallocs\tbytes\n"
        for m in measurements {
            text +=
                [
                    m.name, "\(m.wall.count)", "\(m.median * 1e3)", "\(m.p90 * 1e3)", "\(m.p99 * 1e3)",
                    "\(m.cpuMedian * 1e3)", "\(m.throughput)", "\(m.cpuThroughput)", "\(m.allocations)",
                    "\(m.bytes)",
                ].joined(separator: "\t") + "\n"
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
