import Foundation
import VeilRender
import VeilScreen

/// veil-bench render [--runs N] [--out DIR]   rasterize + encode per phase, both compressions
/// veil-bench decode DIR                       write NAME.reader.rgb for every NAME.png in DIR
///                                             (our libpng reader's pixels, for check-png-pillow)
enum RenderTiming {
    static func main(_ arguments: [String]) throws {
        var arguments = arguments
        var runs = 50
        var out: URL?
        while !arguments.isEmpty {
            let flag = arguments.removeFirst()
            guard let value = arguments.first else { break }
            arguments.removeFirst()
            if flag == "--runs" { runs = Int(value) ?? runs }
            if flag == "--out" { out = URL(fileURLWithPath: value) }
        }
        try time(runs: runs, out: out)
    }

    static func milliseconds(_ value: Duration) -> Double {
        Double(value.components.seconds) * 1000 + Double(value.components.attoseconds) / 1e15
    }

    static func median(_ values: [Duration]) -> Double { milliseconds(values.sorted()[values.count / 2]) }

    /// This thread's CPU time: unlike wall time, it does not count waiting for a core on a
    /// busy machine.
    static func threadCPUDuration() -> Duration {
        .nanoseconds(Int64((threadCPUTime() * 1e9).rounded()))
    }

    static func time(runs: Int, out: URL?) throws {
        let clock = ContinuousClock()
        var font = try BitmapFont.unifont()
        let opening = try (0..<runs).map { _ in try clock.measure { font = try BitmapFont(path: font.path) } }
        print(String(format: "opening the font (mmap + header checks): median %.1f µs", median(opening) * 1000))
        print("medians of \(runs) runs (after 5 warm-up runs), wall time; min_total_ms is the fastest run;")
        print("cpu_total_ms is the median of the thread's CPU time for rasterize + encode")
        print(
            "screen         scale compression  rasterize_ms encode_ms total_ms min_total_ms cpu_total_ms png_bytes colours depth"
        )
        for (cols, rows, rich) in [(80, 24, false), (200, 60, false), (80, 24, true), (200, 60, true)] {
            let screen = try SampleScreens.session(cols: cols, rows: rows, rich: rich)
            for scale in 1...2 {
                for (label, compression) in [("standard", PNGCompression.standard), ("fast", .fast)] {
                    let rasterizer = Rasterizer(font: font, theme: .dark, options: RenderOptions(scale: scale))
                    let encoder = PNGEncoder(compression: compression)
                    var raster: [Duration] = [], encode: [Duration] = [], total: [Duration] = [], cpu: [Duration] = []
                    var png: [UInt8] = []
                    var bitmap = try rasterizer.rasterize(screen)
                    for run in 0..<(runs + 5) {
                        let cpuStart = threadCPUDuration()
                        let start = clock.now
                        bitmap = try rasterizer.rasterize(screen)
                        let middle = clock.now
                        png = try encoder.encode(bitmap)
                        let end = clock.now
                        let cpuEnd = threadCPUDuration()
                        if run >= 5 {
                            cpu.append(cpuEnd - cpuStart)
                            raster.append(middle - start)
                            encode.append(end - middle)
                            total.append(end - start)
                        }
                    }
                    let header = try PNGHeader(chunks: try PNGChunks.lex(png), in: png)
                    let name = "\(cols)x\(rows)-\(rich ? "rich" : "ansi")"
                    print(
                        name.padding(toLength: 14, withPad: " ", startingAt: 0), scale, "    ",
                        label.padding(toLength: 11, withPad: " ", startingAt: 0),
                        String(
                            format: "%8.3f  %9.3f %8.3f %12.3f %12.3f %9d %7d %5d", median(raster), median(encode),
                            median(total),
                            milliseconds(total.min()!), median(cpu),
                            png.count, bitmap.paletteCount ?? -1, header.bitDepth))
                    if let out {
                        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
                        try AtomicFile.write(
                            png, to: out.appendingPathComponent("session-\(name)-s\(scale)-\(label).png"), mode: 0o644)
                    }
                }
            }
        }
        if let out { try writeVariety(to: out, font: font) }
    }

    /// Extra images for the decoder cross-check: every bit depth and the RGB path, with
    /// padding so that rows do not end on a byte boundary.
    static func writeVariety(to out: URL, font: BitmapFont) throws {
        for (colours, name) in [(2, "depth1"), (4, "depth2"), (16, "depth4"), (200, "depth8"), (400, "rgb")] {
            var screen = try Screen(cols: 20, rows: 20)
            for index in screen.cells.indices {
                let c = index % colours
                screen.cells[index] = Cell(
                    scalar: colours > 4 ? "#" : " ",
                    background: colours <= 256 ? .indexed(UInt8(c % 256)) : .rgb(UInt8(c % 256), UInt8(c / 256), 77))
            }
            let bitmap = try Rasterizer(
                font: font, theme: .xterm, options: RenderOptions(scale: 1 + colours % 3, padding: 3)
            ).rasterize(screen)
            try AtomicFile.write(
                try PNGEncoder().encode(bitmap), to: out.appendingPathComponent("variety-\(name).png"), mode: 0o644)
        }
    }

    static func decodeAll(in folder: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
            .sorted()
        for name in names {
            let bitmap = try PNGDecoder().decode([UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
            let dump = folder.appendingPathComponent(String(name.dropLast(4)) + ".reader.rgb")
            try AtomicFile.write(bitmap.rgbBytes(), to: dump, mode: 0o644)
            print("\(name): \(bitmap.width)x\(bitmap.height)")
        }
    }
}
