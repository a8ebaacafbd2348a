import Foundation
import Testing
@testable import Veil
import VeilScreen

/// Scenarios and captures are held to their work budgets (SECURITY.md "Work budgets"): a
/// screen snapshotted before costs nothing, new screens cost their cells, and input past a
/// budget is an ``InputError`` naming the file and the step (exit 2). Counts, never time.
@Suite struct ScenarioWorkBudgetTests {
    func run(
        _ yaml: String, out: Bool = true, cells: Int = ScenarioRunner.maximumSnapshotCells,
        work: Int = Terminal.defaultWorkBudget
    ) async throws
        -> (ScenarioRunner.Result, URL)
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scenario = try Scenario.parse(yaml, path: folder.appendingPathComponent("s.veil.yml").path)
        let runner = ScenarioRunner(
            scenario: scenario, snapshotter: try Snapshotter(settings: SnapshotSettings(rules: try .builtIn)))
        do {
            var options = ScenarioRunner.Options(outputFolder: out ? folder : nil)
            options.snapshotCellBudget = cells
            options.screenWorkBudget = work
            return (try await runner.run(options), folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    func inode(_ url: URL) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64)
    }

    @Test func repeatedScreensReuseOneSnapshotAndOneFile() async throws {
        // 300 backgroundings of one screen: one snapshot made, the other files linked to it
        // (before, each was detected, rendered and written: > 60 s at 1000×1000). The budget
        // holds one snapshot of this size only.
        let steps = String(repeating: "  - home\n  - tapIcon\n", count: 300)
        let (result, folder) = try await run(
            "name: same\nscreen: {size: 200x60}\ntimeline:\n  - launch\n" + steps, cells: 200 * 60)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.snapshots.count == 300)
        let first = try inode(folder.appendingPathComponent("same-0001.png"))
        #expect(try inode(folder.appendingPathComponent("same-0300.png")) == first)
        // Every record shares the first one's screen storage: no copy per snapshot.
        #expect(result.snapshots.allSatisfy { $0.outcome.png == result.snapshots[0].outcome.png })
        #expect(result.exitCode == 0)
    }

    @Test func alternatingScreensAreEachSnapshottedOnce() async throws {
        // The app prints 40 columns on every activation: after 40, 80, 120 and 160 columns
        // the 2 rows are full, and then the screens of 120 and 160 come back in turn.
        let steps = String(repeating: "  - home\n  - tapIcon\n", count: 8)
        let yaml = """
            name: alt
            screen: {size: 80x2}
            handlers:
              applicationDidBecomeActive:
                - print: '\(String(repeating: "x", count: 40))'
            timeline:
              - launch

            """ + steps
        let (result, folder) = try await run(yaml)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inodes = try (1...8).map { try inode(folder.appendingPathComponent(String(format: "alt-%04d.png", $0))) }
        #expect(result.snapshots.count == 8)
        #expect(Set(inodes).count == 4)
        #expect(inodes[4] == inodes[2] && inodes[5] == inodes[3] && inodes[6] == inodes[2] && inodes[7] == inodes[3])
        // A record of a screen seen before keeps the earlier screen's storage, not a copy
        // (1,000 prints × 20,000 events kept a copy per snapshot: 600 MB).
        func storage(_ index: Int) -> UnsafePointer<Cell>? {
            result.snapshots[index].shown.cells.withUnsafeBufferPointer { $0.baseAddress }
        }
        #expect(storage(6) == storage(2) && storage(7) == storage(3))
    }

    @Test func newScreensPastTheSnapshotBudgetStopTheRunAtTheStep() async throws {
        // Each snapshot of a new 80×24 screen costs 1,920 cells: the third passes 5,000.
        let steps = String(repeating: "  - print: 'x'\n  - home\n  - tapIcon\n", count: 5)
        let yaml = "name: many\nscreen: {size: 80x24}\ntimeline:\n  - launch\n" + steps
        await #expect {
            _ = try await run(yaml, out: false, cells: 5000)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            // Line 1 name, 2 screen, 3 timeline, 4 launch; the third home is on line 12.
            return error.path.hasSuffix("s.veil.yml") && error.line == 12 && error.column == 5
                && error.message.contains("work budget exceeded")
                && error.message.contains("5760, past the limit of 5000")
        }
        #expect(ScenarioRunner.maximumSnapshotCells == 1 << 21)
    }

    @Test func aScreenPastItsWorkBudgetStopsTheRun() async throws {
        // 2,000 copies of the whole 100×100 screen (DECCRA), 20 million cells: past a budget of
        // 10 million (the default, 2^30, is too slow to reach in a debug build).
        let storm = String(repeating: "\\e[1;1;100;100;1;2;1;1$v", count: 2_000)
        let yaml = "name: copy\nscreen: {size: 100x100}\ntimeline:\n  - launch\n  - print: \"a\(storm)\"\n  - home\n"
        await #expect {
            _ = try await run(yaml, out: false, work: 10_000_000)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.line == 5 && error.message.hasPrefix("work budget exceeded by byte")
        }
    }
}

extension ScenarioWorkBudgetTests {
    @Test func screensCopiedAgainAreChargedAFraction() async throws {
        // The app marks the same cells on every backgrounding: the screen is copied out of the
        // terminal and compared each time, and equals the first one (one PNG), but each copy
        // costs 1/64 of its cells (15,625 at 1000×1000): with a budget of 1,100,000 the first
        // snapshot (10^6) and 6 copies (93,750) fit, the 7th copy does not.
        let mark = "    - mark: {rect: {row: 0, col: 0, width: 10, height: 1}}\n"
        let steps = String(repeating: "  - home\n  - tapIcon\n", count: 10)
        let yaml =
            "name: copies\nscreen: {size: 1000x1000}\nhandlers:\n  applicationDidEnterBackground:\n"
            + mark + "timeline:\n  - launch\n" + steps
        await #expect {
            _ = try await run(yaml, out: false, cells: 1_100_000)
        } throws: { error in
            // Lines: 1–5 header and handler, 6 timeline, 7 launch, then home on 8, 10, 12, …:
            // the 8th snapshot (line 22) would pass the limit.
            (error as? InputError)?.line == 22
        }
        #expect(ScenarioRunner.comparedSnapshotDivisor == 64)
    }

    @Test func fullScreenMarksAreChargedToTheWorkBudget() async throws {
        // Each mark covers the 1,000 blank (uniform) rows of the screen, a unit per row: 20 of
        // them pass a budget of 15,000, in the handler of the backgrounding, before its snapshot.
        let marks = String(repeating: "    - mark: {rect: {row: 0, col: 0, width: 1000, height: 1000}}\n", count: 20)
        let yaml = """
            name: marks
            screen: {size: 1000x1000}
            handlers:
              applicationDidEnterBackground:

            """ + marks + "timeline:\n  - launch\n  - home\n"
        await #expect {
            _ = try await run(yaml, work: 15_000)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.line == 27 && error.message.hasPrefix("work budget exceeded")  // the home step
        }
    }
}

@Suite struct CaptureWorkBudgetTests {
    @Test func aCapturePastTheBudgetIsAnInputErrorNamingTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("copies.ans")
        try Data(("a" + String(repeating: "\u{1B}[1;1;100;100;1;2;1;1$v", count: 2_000)).utf8).write(to: file)
        #expect {
            _ = try TerminalCapture.screen(path: file.path, cols: 100, rows: 100, workBudget: 10_000_000)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.path == file.path && error.message.hasPrefix("work budget exceeded by byte")
        }
    }

    @Test func aRepeatStormIsAcceptedWithTheScreenItDraws() throws {
        // 2,000 times `a` and a REP of 65,535 on 1000×1000 (131 million characters): clamped to
        // what changes the screen, within a budget of 10 million; the screen is the one the
        // characters printed one by one draw (131,072 full rows).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rep.ans")
        try Data(String(repeating: "a\u{1B}[65535b", count: 2_000).utf8).write(to: file)
        let screen = try TerminalCapture.screen(path: file.path, cols: 1000, rows: 1000, workBudget: 10_000_000)
        let lines = screen.lines()
        #expect(lines.count == 1000 && lines.allSatisfy { $0 == String(repeating: "a", count: 1000) })
    }

    @Test func aRecordingNamesTheEventThatRanOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("resize.cast")
        var lines = [#"{"version": 2, "width": 1000, "height": 1000}"#]
        lines.append(#"[0.0, "o", "\#(String(repeating: "x", count: 1_000_000))"]"#)
        for index in 0..<40 {
            let size = index % 2 == 0 ? "999x999" : "1000x1000"
            lines.append(#"[\#(Double(index + 1) / 1000), "r", "\#(size)"]"#)
        }
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        #expect {
            _ = try TerminalCapture.screen(path: file.path, cols: nil, rows: nil, workBudget: 100_000_000)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.message.contains("at event") && error.message.hasPrefix("work budget exceeded")
        }
    }
}

/// The text log is formatted by hand (a 100,000-step scenario logs hundreds of thousands of
/// lines): the same text as `String(format: "%8.3f")` and `padding(toLength:)`.
@Suite struct LogFormattingTests {
    @Test func timesMatchPrintf() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, 0.001, 0.0004, 0.0006, 1.5, 2, 59.999, 99_999.999, 123_456.789, 1e9 + 0.25]
        for _ in 0..<2000 { values.append(Double(Int.random(in: 0...10_000_000, using: &generator)) / 1000) }
        for value in values {
            #expect(LifecycleLogFormatter.fixedTime(value) == String(format: "%8.3f", value), "\(value)")
        }
    }

    @Test func typesArePaddedOrCutLikeFoundation() {
        for text in ["", "state", "notification", "backgroundTask", "a-much-longer-type-name", "日本語"] {
            let foundation = text.padding(toLength: 15, withPad: " ", startingAt: 0)
            #expect(LifecycleLogFormatter.padded(text, to: 15) == foundation)
        }
    }
}
