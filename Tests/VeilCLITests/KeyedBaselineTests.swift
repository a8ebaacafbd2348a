import Foundation
import Testing

/// Issue #26: a baseline keyed with the CI secret (`VEIL_FINGERPRINT_SALT`) holds only the
/// HMACs and a key check, never the key, so a committed baseline gives nobody what they need to
/// brute-force short values; old baselines (salt in the file) are still read, and rewritten
/// keyed when updated with the secret at hand.
@Suite struct KeyedBaselineTests {
    static let secret = AuditSaltTests.secret

    static func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func aBaselineMadeWithTheSecretHoldsNoSaltAndNeedsTheSecret() throws {
        let folder = try AuditSaltTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["VEIL_FINGERPRINT_SALT": Self.secret]
        let make = try CLI.run(
            ["audit", ".", "--baseline", "b.json", "--update-baseline", "--no-timing"], in: folder,
            environment: environment)
        #expect(make.status == 0, "\(make)")
        let url = folder.appendingPathComponent("b.json")
        let file = try Self.json(url)
        #expect(file["version"] as? Int == 2)
        #expect(file["salt"] == nil)
        #expect(file["keyedWith"] as? String == "environment")
        #expect((file["keyCheck"] as? String)?.count == 16)
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(
            !text.contains(Self.secret) && !text.contains(Self.secret.utf8.map { String(format: "%02x", $0) }.joined()))
        // With the secret: the finding is covered.
        let covered = try CLI.run(
            ["audit", ".", "--baseline", "b.json", "--format", "json"], in: folder, environment: environment)
        #expect(covered.status == 0, "\(covered)")
        #expect(
            covered.stdout.contains("\"fingerprintSalt\" : \"environment\"")
                || covered.stdout.contains("\"fingerprintSalt\": \"environment\""), "\(covered)")
        // Without it, or with another one: a clear configuration error (exit 2), never a silent mismatch.
        let missing = try CLI.run(["audit", ".", "--baseline", "b.json"], in: folder)
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stdout.contains("keyed with VEIL_FINGERPRINT_SALT"), "\(missing)")
        let wrong = try CLI.run(
            ["audit", ".", "--baseline", "b.json"], in: folder,
            environment: ["VEIL_FINGERPRINT_SALT": Self.secret + "-other"])
        #expect(wrong.status == 2, "\(wrong)")
        #expect(wrong.stdout.contains("not the secret this baseline was made with"), "\(wrong)")
    }

    @Test func anOldBaselineIsReadAndRewrittenKeyedKeepingItsReviews() throws {
        let folder = try AuditSaltTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let make = try CLI.run(["audit", ".", "--baseline", "b.json", "--update-baseline"], in: folder)
        #expect(make.status == 0, "\(make)")
        let url = folder.appendingPathComponent("b.json")
        var file = try Self.json(url)
        #expect(file["version"] as? Int == 1 && file["salt"] is String)
        // A reviewer's decision.
        var entries = try #require(file["entries"] as? [[String: Any]])
        entries[0]["status"] = "false_positive"
        entries[0]["reason"] = "the published test card"
        file["entries"] = entries
        try JSONSerialization.data(withJSONObject: file).write(to: url)
        // Still read as it is, with or without the secret.
        for environment in [[:], ["VEIL_FINGERPRINT_SALT": Self.secret]] {
            let old = try CLI.run(["audit", ".", "--baseline", "b.json"], in: folder, environment: environment)
            #expect(old.status == 0, "\(old)")
        }
        // Updated with the secret at hand: keyed, the review kept.
        let update = try CLI.run(
            ["audit", ".", "--baseline", "b.json", "--update-baseline"], in: folder,
            environment: ["VEIL_FINGERPRINT_SALT": Self.secret])
        #expect(update.status == 0, "\(update)")
        #expect(update.stderr.contains("rewrote the baseline keyed with VEIL_FINGERPRINT_SALT"), "\(update)")
        let rekeyed = try Self.json(url)
        #expect(rekeyed["version"] as? Int == 2 && rekeyed["salt"] == nil)
        let entry = try #require((rekeyed["entries"] as? [[String: Any]])?.first)
        #expect(entry["status"] as? String == "false_positive")
        #expect(entry["reason"] as? String == "the published test card")
        let after = try CLI.run(
            ["audit", ".", "--baseline", "b.json"], in: folder, environment: ["VEIL_FINGERPRINT_SALT": Self.secret])
        #expect(after.status == 0, "\(after)")
    }
}
