import Foundation
import Testing

/// `veil snap`, `veil audit` and scenarios count hidden spans the same way (issue 14, item 1).
@Suite struct OneSnapshotPathTests {
    /// The app marks a card number that the detector also finds: one span, hidden by two
    /// findings. `snap` and the audit's JSON must both say 1.
    @Test func snapAndAuditCountTheSameHiddenSpans() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = "pay \u{1B}]7701;card\u{1B}\\4111 1111 1111 1111\u{1B}]7701;\u{1B}\\ and 4242 4242 4242 4242\r\n"
        try Data(capture.utf8).write(to: folder.appendingPathComponent("marked.ans"))

        let snap = try CLI.run(["snap", "marked.ans", "-o", "marked.png"], in: folder)
        #expect(snap.status == 0, "\(snap)")
        let snapCount = try #require(
            snap.stdout.split(separator: ":").last?.split(separator: " ").first.flatMap { Int($0) })

        let audit = try CLI.run(["audit", "marked.ans", "--format", "json", "--no-timing"], in: folder)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(audit.stdoutBytes)) as? [String: Any], "\(audit)")
        let inputs = try #require(json["inputs"] as? [[String: Any]])
        let snapshots = try #require(inputs.first?["snapshots"] as? [[String: Any]])
        let auditCount = try #require(snapshots.first?["hidden"] as? Int)
        #expect(snapCount == 2)
        #expect(auditCount == snapCount)
    }
}
