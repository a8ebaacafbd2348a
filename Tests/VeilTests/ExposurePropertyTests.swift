import Foundation
import Testing
import Veil
import VeilRedaction
import VeilScreen
import VeilTestSupport

/// Random recordings with random planted secrets: every planted value that was ever whole on
/// screen is reported (every byte that drew it is among the exposed bytes), and the redacted
/// recording holds none of it, judges clean, and replays to the original's screens except for
/// hidden cells.
@Suite struct ExposurePropertyTests {
    struct Session {
        var events: [(Double, String)] = []
        /// Each planted secret with the output-stream offsets of its characters' first bytes
        /// (what a cell records: the byte that started writing it).
        var planted: [(secret: PlantedSecret, offsets: [[Int]])] = []
        var cols: Int
        var rows: Int
    }

    static let fillers = ["status ok", "loading…", "build 42 done", "用户 已登录", "→ next", "Ω menu", "ready", "$ ls"]
    static let removals = [
        "\u{1B}[H\u{1B}[2J", "\r\u{1B}[K", "\u{1B}[2J\u{1B}[H", "\u{1B}[1;1H\u{1B}[M", "\u{1B}[?1049h\u{1B}[H",
    ]

    static func session(seed: UInt64) -> Session {
        var random = SeededGenerator(seed: seed)
        var secrets = RandomSecrets(random: SeededGenerator(seed: seed &* 31 &+ 7))
        var session = Session(
            cols: Int.random(in: 50...90, using: &random), rows: Int.random(in: 5...12, using: &random))
        var time = 0.0
        var offset = 0
        func add(_ data: String) {
            time += Double(Int.random(in: 1...50, using: &random)) / 100
            session.events.append((time, data))
            offset += data.utf8.count
        }
        let count = Int.random(in: 8...24, using: &random)
        for _ in 0..<count {
            switch Int.random(in: 0..<5, using: &random) {
            case 0, 1:
                var secret = secrets.any()
                var attempts = 0
                while secret.lines.count != 1 || secret.lines[0].count + 4 > session.cols || secret.anchor != nil {
                    secret = secrets.any()
                    attempts += 1
                    if attempts > 50 { break }
                }
                guard secret.lines.count == 1, secret.lines[0].count + 4 <= session.cols else { continue }
                let colour = random.pick(["", "\u{1B}[1;31m", "\u{1B}[38;5;33m"])
                let prefix = "\r\n" + colour
                let line = secret.lines[0]
                let text = prefix + line + "\u{1B}[0m "
                let lineStart = offset + prefix.utf8.count
                var ranges: [[Int]] = []
                for part in secret.secrets {
                    guard let range = line.range(of: part) else { continue }
                    var start = lineStart + line[..<range.lowerBound].utf8.count
                    var starts: [Int] = []
                    for scalar in part.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
                        starts.append(start)
                        start += String(scalar).utf8.count
                    }
                    ranges.append(starts)
                }
                session.planted.append((secret, ranges))
                // Printed in one event, or split at a random byte (even inside a UTF-8 sequence of
                // the line; the JSON of the event then carries U+FFFD halves, so split on scalars).
                let scalars = Array(text.unicodeScalars)
                if Bool.random(using: &random) && scalars.count > 4 {
                    let cut = Int.random(in: 1..<scalars.count, using: &random)
                    var first = String.UnicodeScalarView()
                    first.append(contentsOf: scalars[..<cut])
                    var second = String.UnicodeScalarView()
                    second.append(contentsOf: scalars[cut...])
                    add(String(first))
                    add(String(second))
                } else {
                    add(text)
                }
            case 2:
                add(random.pick(removals))
            case 3:
                add(
                    String(
                        repeating: "\r\n" + random.pick(fillers),
                        count: Int.random(in: 1...(session.rows + 3), using: &random)))
            default:
                add("\u{1B}[?1049l\u{1B}[\(Int.random(in: 1...session.rows, using: &random));1H" + random.pick(fillers))
            }
        }
        return session
    }

    @Test(arguments: Array(UInt64(1)...UInt64(100)))
    func plantedValuesAreReportedAndRedactedAway(seed: UInt64) throws {
        let session = Self.session(seed: seed)
        let cast = try ExposureTests.cast(session.events, cols: session.cols, rows: session.rows)
        let rules = try RuleSet.builtIn
        let (bytes, report) = try CaptureRedactor(rules: rules).redact(
            .recording(cast), cols: nil, rows: nil, path: "p.cast")
        let exposed = Set(report.sensitiveOffsets.keys)
        for (secret, ranges) in session.planted {
            for range in ranges {
                #expect(
                    range.allSatisfy(exposed.contains),
                    "seed \(seed): the planted \(secret.detector) was on screen but not reported: \(session.events)")
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let squeezed = text.replacingOccurrences(of: " ", with: "")
        for (secret, _) in session.planted {
            for form in secret.leakForms {
                #expect(!text.contains(form), "seed \(seed): \(secret.detector) survives in the redacted recording")
                if form.count >= 8 {
                    #expect(
                        !squeezed.contains(form.replacingOccurrences(of: " ", with: "")),
                        "seed \(seed): \(secret.detector) survives with spaces removed")
                }
            }
        }
        let redacted = try Asciicast(bytes: bytes, path: "r.cast")
        let again = try ExposureScanner(rules: rules).scan(.recording(redacted), cols: nil, rows: nil, path: "r.cast")
        #expect(
            again.exposures.isEmpty,
            "seed \(seed): the redacted recording still exposes \(again.exposures.map(\.finding))")
        let times = cast.events.map(\.time)
        let before = try RedactedRecordingTests.screens(of: cast, at: times)
        // The writer keeps times to the microsecond.
        let after = try RedactedRecordingTests.screens(of: redacted, at: times.map { $0 + 0.000_001 })
        for (original, replayed) in zip(before, after) {
            RedactedRecordingTests.expectSameExceptHidden(original, replayed, "seed \(seed)")
        }
    }
}
