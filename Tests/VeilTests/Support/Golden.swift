import Foundation
import Testing

/// Golden files under `Tests/VeilTests/Fixtures/audit`, with `${…}` placeholders for volatile values.
///
/// On a mismatch the actual output (placeholders put back) is written next to the golden
/// as `<name>.actual` and the test fails; review it and copy it over the golden if it is
/// right. With `VEIL_UPDATE_GOLDENS=1` the golden itself is rewritten.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/audit")

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    static func check(
        _ actual: String, matches name: String, placeholders: [String: String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let goldenURL = url(name)
        let actualURL = url(name + ".actual")
        var templated = actual
        for (placeholder, value) in placeholders.sorted(by: { $0.value.count > $1.value.count }) {
            templated = templated.replacingOccurrences(of: value, with: placeholder)
        }
        if ProcessInfo.processInfo.environment["VEIL_UPDATE_GOLDENS"] == "1" {
            try templated.write(to: goldenURL, atomically: true, encoding: .utf8)
            return
        }
        guard let golden = try? String(contentsOf: goldenURL, encoding: .utf8) else {
            try templated.write(to: actualURL, atomically: true, encoding: .utf8)
            Issue.record(
                "golden \(name) is missing; wrote \(actualURL.path) for review", sourceLocation: sourceLocation)
            return
        }
        var expected = golden
        for (placeholder, value) in placeholders {
            expected = expected.replacingOccurrences(of: placeholder, with: value)
        }
        if expected == actual {
            try? FileManager.default.removeItem(at: actualURL)
            return
        }
        try templated.write(to: actualURL, atomically: true, encoding: .utf8)
        let expectedLines = expected.components(separatedBy: "\n")
        let actualLines = actual.components(separatedBy: "\n")
        let firstDifference =
            Array(zip(expectedLines, actualLines)).firstIndex { $0 != $1 }
            ?? min(expectedLines.count, actualLines.count)
        let want = firstDifference < expectedLines.count ? expectedLines[firstDifference] : "<end of file>"
        let got = firstDifference < actualLines.count ? actualLines[firstDifference] : "<end of file>"
        Issue.record(
            """
            \(name) differs from the golden at line \(firstDifference + 1):
              expected: \(want)
              actual:   \(got)
            wrote \(actualURL.path); review with: diff -u \(goldenURL.path) \(actualURL.path)
            """, sourceLocation: sourceLocation)
    }
}
