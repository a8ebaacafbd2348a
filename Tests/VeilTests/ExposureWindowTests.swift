import Testing
import VeilRedaction
import VeilScreen
import VeilTestSupport

@testable import Veil

/// Frames judged many at once (one detection pass over a window of frames, then the frames
/// where it found something judged alone) against every frame judged alone: the reports are
/// the same, field for field, whatever the window.
@Suite struct ExposureWindowTests {
    struct Summary: Equatable {
        var exposures: [String]
        var offsets: SensitiveOffsets
    }

    static func summary(_ report: CaptureExposureReport) -> Summary {
        Summary(
            exposures: report.exposures.map { e in
                [
                    e.finding.ruleID, e.finding.fingerprint, "\(e.spans)", "\(e.firstTime ?? -1)",
                    "\(e.firstEvent ?? -1)",
                    "\(e.firstOffset ?? -1)", "\(e.firstLine ?? -1)", "\(e.firstColumn ?? -1)", "\(e.lastSeen ?? -1)",
                    "\(e.stillVisible)",
                ].joined(separator: " ")
            }, offsets: report.sensitiveOffsets)
    }

    /// `concurrentFrom` 0: windows judged on a second thread however small the input (as a
    /// large input is; these are judged on the caller's by default).
    static func scan(
        _ events: [String], cols: Int, rows: Int, frames: Int, cells: Int, concurrentFrom: Int? = nil
    ) throws -> Summary {
        let cast = try ExposureTests.cast(
            events.enumerated().map { (Double($0.offset + 1) / 10, $0.element) }, cols: cols, rows: rows)
        var scanner = ExposureScanner(rules: try RuleSet.builtIn)
        scanner.framesPerPass = frames
        scanner.cellsPerPass = cells
        if let concurrentFrom { scanner.concurrentFromBytes = concurrentFrom }
        return summary(try scanner.scan(.recording(cast), cols: nil, rows: nil, path: "w.cast"))
    }

    /// Random sessions of in-place edits (values split across events, labels on the row
    /// above, erases, the alternate screen, titles), then the same with scrolling output.
    static func session(seed: UInt64) -> (events: [String], cols: Int, rows: Int) {
        var (events, cols, rows) = ExposureDifferentialTests.inPlaceSession(seed: seed)
        var random = SeededGenerator(seed: seed &* 7 &+ 1)
        var secrets = RandomSecrets(random: SeededGenerator(seed: seed &* 29 &+ 11))
        for _ in 0..<Int.random(in: 4...12, using: &random) {
            if Bool.random(using: &random), let (label, value) = ExposureDifferentialTests.secret(&secrets, width: cols)
            {
                // A value shown bare first, then with its label: found once, hidden after.
                events.append("\r\n" + value + "\r\n")
                events.append(label + value + "\r\n")
            } else {
                events.append(random.pick(ExposureDifferentialTests.fillers) + "\r\n")
            }
        }
        return (events, cols, rows)
    }

    @Test(arguments: Array(UInt64(1)...UInt64(40)))
    func windowsReportWhatSingleFramesReport(seed: UInt64) throws {
        let (events, cols, rows) = Self.session(seed: seed)
        let alone = try Self.scan(events, cols: cols, rows: rows, frames: 1, cells: 1 << 14)
        for (frames, cells) in [(256, 1 << 14), (3, 1 << 14), (256, 200)] {
            let windowed = try Self.scan(events, cols: cols, rows: rows, frames: frames, cells: cells)
            #expect(windowed.exposures == alone.exposures, "seed \(seed), \(frames) frames, \(cells) cells")
            let differing = Set(windowed.offsets.keys).union(alone.offsets.keys).filter {
                windowed.offsets[$0] != alone.offsets[$0]
            }
            #expect(differing.isEmpty, "seed \(seed): \(differing.count) offsets differ")
        }
        let threaded = try Self.scan(events, cols: cols, rows: rows, frames: 3, cells: 1 << 14, concurrentFrom: 0)
        #expect(threaded == alone, "seed \(seed), judged on a second thread")
    }

    /// A value that stays on screen while its rows wait to be judged, and leaves before the
    /// window is judged: how long it was seen is the same as when each frame is judged alone.
    @Test func howLongAValueStaysIsKeptAcrossAWindow() throws {
        let events = [
            "card 4111 1111 1111 1111", "\r\nother", "\r\nmore", "\u{1B}[1;1H\u{1B}[2K", "later", "\u{1B}[2J", "end",
        ]
        let alone = try Self.scan(events, cols: 40, rows: 6, frames: 1, cells: 1 << 14)
        let windowed = try Self.scan(events, cols: 40, rows: 6, frames: 256, cells: 1 << 14)
        #expect(windowed == alone)
        #expect(alone.exposures.count == 1)
        #expect(alone.exposures.first?.contains(" 0.4 false") == true, "\(alone.exposures)")
    }
}

/// A detector that fails on a line holding "boom".
struct BoomDetector: CustomDetector {
    struct Boom: Error {}
    func matches(in line: String) throws -> [Range<String.Index>] {
        if line.contains("boom") { throw Boom() }
        return []
    }
}

@Suite struct ExposureJudgingErrorTests {
    /// A detection that fails in the middle of a long recording stops the scan with an
    /// error naming the file, on one thread or two, and the scan returns (no thread left
    /// waiting).
    @Test(arguments: [1, 256])
    func aFailingDetectorStopsTheScan(frames: Int) throws {
        var events: [(Double, String)] = []
        for index in 0..<3000 { events.append((Double(index) / 100, "line \(index)\r\n")) }
        events.append((31, "boom\r\n"))
        for index in 0..<3000 { events.append((32 + Double(index) / 100, "after \(index)\r\n")) }
        let cast = try ExposureTests.cast(events, cols: 40, rows: 10)
        var rules = try RuleSet.builtIn
        rules.rules.append(Rule(id: "boom", matcher: .custom(BoomDetector())))
        var scanner = ExposureScanner(rules: rules)
        scanner.framesPerPass = frames
        #expect {
            _ = try scanner.scan(.recording(cast), cols: nil, rows: nil, path: "boom.cast")
        } throws: { error in
            "\(error)".contains("boom.cast") && "\(error)".contains("detection failed")
        }
    }
}
