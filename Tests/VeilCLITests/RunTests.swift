import Foundation
import Testing
import Veil
import VeilRedaction
import VeilRender
import VeilScreen

/// One scenario fixture of `Fixtures/scenarios/`: `NAME.veil.yml` and the log that
/// spec/lifecycle.md prescribes for it, `NAME.expected.jsonl`, written by hand.
struct RunCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// 1 when the log must hold a violation or a watchdog termination.
    var exitCode: Int32
    /// The screen the app shows at its snapshots.
    var screen: String = "marked.ans"
    /// Cells the app marks with a `mark:` action (row, col, width).
    var marks: [CellSpan] = []
    /// The app's privacy cover is up at the snapshot.
    var covered = false
    /// The app replaced its screen with one that has nothing to hide.
    var clean = false
    /// The screen's width at the snapshot.
    var cols = 40

    var testDescription: String { name }

    static let all: [RunCase] = [
        RunCase(name: "home", exitCode: 0),
        RunCase(name: "call-declined", exitCode: 0),
        RunCase(name: "call-accepted", exitCode: 0),
        RunCase(name: "switcher-self", exitCode: 0),
        RunCase(name: "switcher-other", exitCode: 0),
        RunCase(name: "lock-unlock", exitCode: 0),
        RunCase(name: "notification-center", exitCode: 0),
        RunCase(name: "background-launch", exitCode: 0),
        RunCase(name: "launch-url", exitCode: 0),
        RunCase(name: "openurl-warm", exitCode: 0),
        RunCase(name: "forcequit-suspended", exitCode: 0),
        RunCase(name: "forcequit-switcher", exitCode: 0),
        RunCase(name: "exits-on-suspend", exitCode: 0),
        RunCase(name: "memory-pressure", exitCode: 0),
        RunCase(name: "time-change", exitCode: 0),
        RunCase(name: "watchdog-ok", exitCode: 0),
        RunCase(name: "watchdog-kill", exitCode: 1),
        RunCase(name: "task-leak", exitCode: 1),
        RunCase(name: "task-ended", exitCode: 0),
        RunCase(name: "privacy-cover", exitCode: 0, screen: "card.ans", covered: true),
        RunCase(name: "app-marks", exitCode: 0, screen: "twocards.ans", marks: [CellSpan(row: 2, col: 6, width: 19)]),
        RunCase(name: "unmarked-card", exitCode: 1, screen: "card.ans"),
        RunCase(name: "system-events", exitCode: 0),
        RunCase(name: "relaunch", exitCode: 0),
        // Unlocking returns to the home screen, not to the suspended app; the queued
        // protected-data pair (unavailable, then available) coalesces to nothing by the resume.
        RunCase(name: "lock-while-suspended", exitCode: 0),
        RunCase(name: "task-work", exitCode: 0),
        RunCase(name: "task-resume", exitCode: 0),
        RunCase(name: "forcequit-background", exitCode: 0),
        RunCase(name: "launch-url-false", exitCode: 0),
        RunCase(name: "cover-by-show", exitCode: 0, screen: "plain.ans", clean: true),
        // The title is not drawn (no window frame): the grid has nothing to hide, the log a violation.
        RunCase(name: "title-card", exitCode: 1, clean: true),
        RunCase(name: "willterminate-watchdog", exitCode: 1),
        RunCase(name: "launch-watchdog", exitCode: 1),
        // The mark reaches past the 12-column screen after the resize: the part on it is hidden.
        // A custom regex runs out of time on row 0: the row is hidden unscanned (a regexBudget
        // violation), the card the app left visible is hidden and reported as usual.
        RunCase(
            name: "regex-over-budget", exitCode: 1, screen: "evil.ans", marks: [CellSpan(row: 0, col: 0, width: 60)],
            cols: 60),
        RunCase(
            name: "resize-mark", exitCode: 0, screen: "balance.ans", marks: [CellSpan(row: 0, col: 8, width: 4)],
            cols: 12),
    ]
}

@Suite struct RunTests {
    /// The log with the out folder replaced by `OUT` and violation messages by `*`.
    static func normalize(_ log: String, out: URL) -> [String] {
        let folder = out.standardizedFileURL.path
        return log.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            var line = String(line).replacingOccurrences(of: #""path":"\#(folder)/"#, with: #""path":"OUT/"#)
            line = line.replacingOccurrences(
                of: #""message":"(?:[^"\\]|\\.)*""#, with: #""message":"*""#,
                options: .regularExpression)
            return line
        }
    }

    /// The expectation file's lines (comments with `#` and blank lines skipped).
    static func expected(_ name: String) throws -> [String] {
        let text = String(decoding: try Fixtures.bytes("scenarios/\(name).expected.jsonl"), as: UTF8.self)
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    @Test(arguments: RunCase.all)
    func scenarioLogMatchesTheSpec(_ scenario: RunCase) throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("out")
        let file = try Fixtures.url("scenarios/\(scenario.name).veil.yml")
        let result = try CLI.run(
            ["run", file.path, "--out", out.path, "--log", "json", "--root", try Fixtures.rootPath], in: work)
        #expect(result.status == scenario.exitCode, "\(result)")
        #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")

        let actual = Self.normalize(result.stdout, out: out)
        let expected = try Self.expected(scenario.name)
        #expect(actual == expected, "log differs from the spec:\n\(Self.diff(expected: expected, actual: actual))")

        // Exactly the snapshots the log names are in the out folder, and nothing else.
        let named = expected.compactMap { line -> String? in
            guard let range = line.range(of: #""path":"OUT/[^"]+""#, options: .regularExpression) else { return nil }
            return String(line[range].dropFirst(#""path":"OUT/"#.count).dropLast())
        }
        #expect(Temp.contents(of: out) == named.sorted(), "out folder: \(Temp.contents(of: out))")

        try Secrets.expectNone(in: result.stdoutBytes, "\(scenario.name) log")
        try Secrets.expectNone(in: result.stderrBytes, "\(scenario.name) stderr")
        for png in Temp.contents(of: out) {
            let url = out.appendingPathComponent(png)
            let mode = (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?
                .intValue
            #expect(mode == 0o600, "\(png) has mode \(mode.map { String($0, radix: 8) } ?? "?")")
            try Secrets.expectNone(in: [UInt8](try Data(contentsOf: url)), png)
            try Self.checkSnapshot(url, scenario)
        }
    }

    /// The snapshot hides every cell the app marked or the rules find, in solid mask colour;
    /// with the app's privacy cover up, every pixel is mask colour.
    static func checkSnapshot(_ url: URL, _ scenario: RunCase, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let bitmap = try Pixels.decode(url)
        #expect(bitmap.width == scenario.cols * 8 && bitmap.height == 6 * 16, sourceLocation: sourceLocation)
        if scenario.covered {
            #expect(
                Pixels.isAllMask(bitmap), "\(url.lastPathComponent): the privacy cover must hide the whole screen",
                sourceLocation: sourceLocation)
            return
        }
        if scenario.clean {
            let mask = Pixels.mask
            let masked = (0..<bitmap.height).contains { y in
                (0..<bitmap.width).contains { bitmap.color(x: $0, y: y) == mask }
            }
            #expect(!masked, "\(url.lastPathComponent): nothing was to be hidden", sourceLocation: sourceLocation)
            return
        }
        let screenFile = try Fixtures.url("screens/\(scenario.screen)")
        let screen = try TerminalCapture.screen(path: screenFile.path, cols: scenario.cols, rows: 6)
        let spans = try RuleSet.builtIn.findings(in: screen).filter { $0.location == .screen }.flatMap(\.spans)
        Pixels.expectMasked(
            bitmap, spans: spans + scenario.marks, scale: 1, url.lastPathComponent, sourceLocation: sourceLocation)
        // The card number of the fixtures (at column 6 of row 1; evil.ans has its own layout) is among them.
        guard scenario.screen != "balance.ans" && scenario.screen != "evil.ans" else { return }
        #expect(
            spans.contains { $0.row == 1 && $0.columns.contains(6) && $0.columns.contains(24) },
            "\(scenario.screen): the card number on row 1 is not found", sourceLocation: sourceLocation)
    }

    static func diff(expected: [String], actual: [String]) -> String {
        var lines: [String] = []
        for index in 0..<max(expected.count, actual.count) {
            let e = index < expected.count ? expected[index] : "(none)"
            let a = index < actual.count ? actual[index] : "(none)"
            lines.append(e == a ? "  \(e)" : "- \(e)\n+ \(a)")
        }
        return lines.joined(separator: "\n")
    }

    /// On the real clock the watchdog kills the app at the same point: the same entries in
    /// the same order, each within a fraction of a second of its virtual time.
    @Test func watchdogOnTheRealClockGivesTheSameLog() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("out")
        let file = try Fixtures.url("scenarios/watchdog-kill.veil.yml")
        let result = try CLI.run(
            ["run", file.path, "--out", out.path, "--log", "json", "--real-time", "--root", try Fixtures.rootPath],
            in: work)
        #expect(result.status == 1, "\(result)")
        #expect(Temp.contents(of: out).isEmpty, "a killed app left \(Temp.contents(of: out))")
        func split(_ line: String) throws -> (t: Double, rest: String) {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            let t = (object["t"] as? NSNumber)?.doubleValue ?? -1
            return (t, line.replacingOccurrences(of: #"^\{"t":[0-9.]+,"#, with: "{", options: .regularExpression))
        }
        let actual = try Self.normalize(result.stdout, out: out).map(split)
        let expected = try Self.expected("watchdog-kill").map(split)
        #expect(actual.map(\.rest) == expected.map(\.rest))
        for (a, e) in zip(actual, expected) {
            #expect(abs(a.t - e.t) < 0.5, "\(a.rest) at \(a.t) s, expected \(e.t) s")
        }
    }

    @Test func aSecretInTheWindowTitleIsReportedAsSuch() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let file = try Fixtures.url("scenarios/title-card.veil.yml")
        let result = try CLI.run(
            ["run", file.path, "--out", "out", "--log", "json", "--root", try Fixtures.rootPath], in: work)
        #expect(result.status == 1, "\(result)")
        let violation = result.stdout.split(separator: "\n").first { $0.contains(#""type":"violation""#) } ?? ""
        #expect(violation.contains("window title") && !violation.contains("row 1 col 1"), "\(violation)")
        try Secrets.expectNone(in: result.stdoutBytes + result.stderrBytes, "title log")
    }

    @Test func textLogOfAViolationNamesTheRuleButNotTheSecret() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let file = try Fixtures.url("scenarios/unmarked-card.veil.yml")
        let result = try CLI.run(
            ["run", file.path, "--out", "out", "--log", "text", "--root", try Fixtures.rootPath], in: work)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("violation"))
        #expect(result.stdout.contains("card"))
        try Secrets.expectNone(in: result.stdoutBytes + result.stderrBytes, "text log")
        #expect(Temp.contents(of: work.appendingPathComponent("out")) == ["unmarked-card-0001.png"])
    }
}
