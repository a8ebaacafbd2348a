import Foundation
import Testing
import Veil
import VeilRedaction
import VeilScreen
import VeilTestSupport

/// The incremental exposure scan (only the lines that changed since they were last judged,
/// stacked in batches with the line above each as context) against the obvious reference:
/// the whole screen judged again after every event. On random recordings the two report the
/// same (rule, value) pairs, first shown at the same event, and the same still visible.
@Suite struct ExposureDifferentialTests {
    static let fillers = [
        "status ok", "loading…", "build 42 done", "用户 已登录", "→ next", "Ω menu", "ready", "$ ls", "account:",
        "SSN", "password", "phone", "email me at", "key", "card",
    ]

    /// What the reference saw: for each (rule, fingerprint), the first event whose frame
    /// showed it, and whether the last frame shows it.
    struct Seen: Equatable, CustomStringConvertible {
        var first: [String: Int] = [:]
        var final: Set<String> = []
        var description: String { "first \(first.sorted { $0.key < $1.key }), final \(final.sorted())" }
    }

    static func key(_ finding: Finding) -> String { finding.ruleID + " " + finding.fingerprint }

    /// Every frame's whole screen judged (a `rows`-row terminal replaying `events`). A value
    /// that grows where an earlier value of the same rule started (typed on: the earlier one
    /// its prefix) is the same value: one key, the longest value's, first seen when the
    /// prefix was.
    static func reference(_ events: [String], cols: Int, rows: Int) throws -> Seen {
        var terminal = try Terminal(cols: cols, rows: rows)
        var seen = Seen()
        var last: Set<String> = []
        var grownInto: [String: String] = [:]
        var startedAt: [String: Finding] = [:]
        func resolved(_ key: String) -> String {
            var key = key
            while let next = grownInto[key] { key = next }
            return key
        }
        for (index, data) in events.enumerated() {
            terminal.feed(data)
            let screen = terminal.screen
            let found = try RuleSet.builtIn.findings(in: screen).filter { $0.isVisible(on: screen) }
            for finding in found where seen.first[resolved(key(finding))] == nil {
                let start = finding.spans.first.map { "\(finding.ruleID) \($0.row),\($0.col)" }
                if finding.location == .screen, let start, let earlier = startedAt[start], finding.extends(earlier) {
                    seen.first[key(finding)] = seen.first.removeValue(forKey: key(earlier))
                    grownInto[key(earlier)] = key(finding)
                } else {
                    seen.first[key(finding)] = index
                }
                if finding.location == .screen, let start { startedAt[start] = finding }
            }
            last = Set(found.map { resolved(key($0)) })
        }
        seen.final = last
        return seen
    }

    static func scanned(_ events: [String], cols: Int, rows: Int) throws -> Seen {
        let cast = try ExposureTests.cast(
            events.enumerated().map { (Double($0.offset + 1) / 10, $0.element) }, cols: cols, rows: rows)
        let report = try ExposureScanner(rules: RuleSet.builtIn).scan(
            .recording(cast), cols: nil, rows: nil, path: "d.cast")
        var seen = Seen()
        for exposure in report.exposures {
            seen.first[key(exposure.finding)] = exposure.firstEvent
            if exposure.stillVisible { seen.final.insert(key(exposure.finding)) }
        }
        return seen
    }

    /// A single-line planted value that fits in `width` columns, split into the label before
    /// it (possibly empty) and the rest.
    static func secret(_ secrets: inout RandomSecrets, width: Int) -> (label: String, value: String)? {
        for _ in 0..<50 {
            let secret = secrets.any()
            guard secret.lines.count == 1, secret.anchor == nil, let part = secret.secrets.first,
                let range = secret.lines[0].range(of: part), secret.lines[0].count + 2 < width
            else { continue }
            return (String(secret.lines[0][..<range.lowerBound]), String(secret.lines[0][range.lowerBound...]))
        }
        return nil
    }

    /// Edits in place (cursor moves, erases, character edits, the alternate screen, titles);
    /// nothing ever scrolls off, so a frame's whole screen is everything there is to see.
    static func inPlaceSession(seed: UInt64) -> (events: [String], cols: Int, rows: Int) {
        var random = SeededGenerator(seed: seed)
        var secrets = RandomSecrets(random: SeededGenerator(seed: seed &* 131 &+ 3))
        let cols = Int.random(in: 50...90, using: &random)
        let rows = Int.random(in: 6...12, using: &random)
        var events: [String] = []
        func at(_ row: Int, _ col: Int) -> String { "\u{1B}[\(row + 1);\(col + 1)H" }
        /// Text at (row, col) cut to end before the last column (no wrap, no scroll).
        func put(_ text: String, _ row: Int, _ col: Int) -> String {
            var fitted = ""
            var width = col
            for character in text {
                let w = character.unicodeScalars.first.map { CharacterWidth.of($0) } ?? 1
                guard width + max(w, 1) < cols - 1 else { break }
                fitted.append(character)
                width += max(w, 1)
            }
            return at(row, col) + fitted
        }
        for _ in 0..<Int.random(in: 6...20, using: &random) {
            let row = Int.random(in: 0..<rows, using: &random)
            let col = Int.random(in: 0..<(cols / 3), using: &random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1, 2:
                guard let (label, value) = secret(&secrets, width: cols - col) else { continue }
                let colour = random.pick(["", "\u{1B}[1;31m", "\u{1B}[38;5;33m"])
                var text: String
                if !label.isEmpty && row + 1 < rows && Bool.random(using: &random) {
                    // The label on the row above the value.
                    text = put(label, row, col) + put(colour + value + "\u{1B}[0m", row + 1, col)
                } else {
                    text = put(label + colour + value + "\u{1B}[0m", row, col)
                }
                let scalars = Array(text.unicodeScalars)
                if Bool.random(using: &random) && scalars.count > 4 {
                    let cut = Int.random(in: 1..<scalars.count, using: &random)
                    var first = String.UnicodeScalarView()
                    first.append(contentsOf: scalars[..<cut])
                    var second = String.UnicodeScalarView()
                    second.append(contentsOf: scalars[cut...])
                    events.append(String(first))
                    text = String(second)
                }
                events.append(text)
            case 3:
                events.append(put(random.pick(fillers), row, col))
            case 4:
                events.append(
                    random.pick(["\u{1B}[2J", "\u{1B}[H\u{1B}[J", at(row, col) + "\u{1B}[K", at(row, 0) + "\u{1B}[2K"]))
            case 5:
                let n = Int.random(in: 1...8, using: &random)
                events.append(at(row, col) + random.pick(["\u{1B}[\(n)X", "\u{1B}[\(n)P", "\u{1B}[\(n)@"]))
            case 6:
                // Overwritten a character at a time, one event each.
                for index in 0..<Int.random(in: 1...6, using: &random) { events.append(at(row, col + index * 2) + "#") }
            case 7:
                events.append(random.pick(["\u{1B}[?1049h", "\u{1B}[?1049l"]))
            default:
                if Bool.random(using: &random), let (label, value) = secret(&secrets, width: 200) {
                    events.append("\u{1B}]2;" + label + value + "\u{7}")
                } else {
                    events.append("\u{1B}]2;" + random.pick(fillers) + "\u{7}")
                }
            }
        }
        return (events, cols, rows)
    }

    @Test(arguments: Array(UInt64(1)...UInt64(60)))
    func inPlaceEditsReportWhatEveryWholeFrameShows(seed: UInt64) throws {
        let (events, cols, rows) = Self.inPlaceSession(seed: seed)
        let reference = try Self.reference(events, cols: cols, rows: rows)
        let scanned = try Self.scanned(events, cols: cols, rows: rows)
        #expect(scanned == reference, "seed \(seed) \(cols)x\(rows): \(events)")
    }

    /// Deleting or inserting as many lines as the region holds (every row leaves at once),
    /// and scrolling by the region's height: the tracker's rows turn over whole.
    @Test(arguments: ["\u{1B}[8M", "\u{1B}[8L", "\u{1B}[3;6r\u{1B}[4S\u{1B}[r", "\u{1B}[3;6r\u{1B}[4T\u{1B}[r"])
    func wholeRegionTurnsOver(edit: String) throws {
        let events = [
            "\u{1B}[1;1Hssn\r\n536-22-8174", "\u{1B}[5;1Hcard 4111 1111 1111 1111", "\u{1B}[1;1H" + edit, "ok",
        ]
        let reference = try Self.reference(events, cols: 40, rows: 8)
        let scanned = try Self.scanned(events, cols: 40, rows: 8)
        #expect(scanned == reference, "\(edit)")
        #expect(!reference.first.isEmpty)
    }

    /// Output that scrolls: lines with CR LF, values split across events, labels on the line
    /// before. The reference replays on a terminal tall enough that nothing scrolls off, so
    /// its whole screen holds every line ever shown (the scan's small screen judges rows as
    /// they scroll away).
    @Test(arguments: Array(UInt64(1)...UInt64(40)))
    func scrollingOutputReportsWhatATallScreenShows(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var secrets = RandomSecrets(random: SeededGenerator(seed: seed &* 17 &+ 5))
        let cols = Int.random(in: 50...90, using: &random)
        let rows = Int.random(in: 4...8, using: &random)
        var events: [String] = []
        var lines = 0
        for _ in 0..<Int.random(in: 8...30, using: &random) {
            var text: String
            if Bool.random(using: &random), let (label, value) = Self.secret(&secrets, width: cols) {
                let colour = random.pick(["", "\u{1B}[1;32m"])
                text = Bool.random(using: &random) ? label + "\r\n" + colour + value : label + colour + value
                text += "\u{1B}[0m"
            } else {
                text = random.pick(Self.fillers)
            }
            text += String(repeating: "\r\n", count: Int.random(in: 1...2, using: &random))
            lines += text.components(separatedBy: "\r\n").count
            let scalars = Array(text.unicodeScalars)
            let cut = Int.random(in: 1..<scalars.count, using: &random)
            var first = String.UnicodeScalarView()
            first.append(contentsOf: scalars[..<cut])
            var second = String.UnicodeScalarView()
            second.append(contentsOf: scalars[cut...])
            events += [String(first), String(second)]
        }
        let reference = try Self.reference(events, cols: cols, rows: lines + 2)
        var scanned = try Self.scanned(events, cols: cols, rows: rows)
        // Still visible differs by design (the tall screen keeps what scrolled off).
        scanned.final = reference.final
        #expect(scanned == reference, "seed \(seed) \(cols)x\(rows): \(events)")
    }
}
