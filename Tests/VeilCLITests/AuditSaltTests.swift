import Foundation
import Testing

/// `VEIL_FINGERPRINT_SALT` through the built `veil audit`.
@Suite struct AuditSaltTests {
    static let secret = "ci-secret-salt-0123456789abcdef"

    /// A folder holding one capture that shows a card number.
    static func folder() throws -> URL {
        let folder = try Temp.folder(prefix: "veil-salt")
        try Data("Visa  4111 1111 1111 1111   exp 12/29\r\n".utf8).write(to: folder.appendingPathComponent("card.ans"))
        return folder
    }

    /// The fingerprints of a JSON report, and its `fingerprintSalt`.
    static func fingerprints(_ result: CommandResult) throws -> (fingerprints: [String], kind: String?) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        return (findings.compactMap { $0["fingerprint"] as? String }, object["fingerprintSalt"] as? String)
    }

    @Test func theSameSecretSaltGivesTheSameFingerprintsAcrossRuns() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["audit", "card.ans", "--format", "json", "--no-timing"]
        let first = try CLI.run(arguments, in: folder, environment: ["VEIL_FINGERPRINT_SALT": Self.secret])
        let second = try CLI.run(arguments, in: folder, environment: ["VEIL_FINGERPRINT_SALT": Self.secret])
        let other = try CLI.run(arguments, in: folder, environment: ["VEIL_FINGERPRINT_SALT": Self.secret + "!"])
        let unset = try CLI.run(arguments, in: folder)
        let empty = try CLI.run(arguments, in: folder, environment: ["VEIL_FINGERPRINT_SALT": ""])
        for result in [first, second, other, unset, empty] { #expect(result.status == 1, "\(result)") }
        #expect(first.stdoutBytes == second.stdoutBytes)

        let keyed = try Self.fingerprints(first)
        #expect(keyed.kind == "environment")
        #expect(keyed.fingerprints.count == 1)
        #expect(try Self.fingerprints(other).fingerprints != keyed.fingerprints)
        let perRun = try Self.fingerprints(unset)
        #expect(perRun.kind == "per-run")
        #expect(perRun.fingerprints != keyed.fingerprints)
        #expect(try Self.fingerprints(empty).kind == "per-run")  // an unreadable CI secret expands to ""
        for result in [first, second, other] {
            #expect(!result.stdout.contains(Self.secret) && !result.stderr.contains(Self.secret))
        }
    }

    @Test func theTextReportSaysWhichSaltWasUsed() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let keyed = try CLI.run(["audit", "card.ans"], in: folder, environment: ["VEIL_FINGERPRINT_SALT": Self.secret])
        #expect(keyed.stdout.contains("Fingerprints: keyed with VEIL_FINGERPRINT_SALT"), "\(keyed)")
        let perRun = try CLI.run(["audit", "card.ans"], in: folder)
        #expect(perRun.stdout.contains("Fingerprints: keyed with a random per-run salt"), "\(perRun)")
    }

    @Test func aShortSecretSaltIsAnExit2ErrorThatDoesNotShowIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let short = "short-salt-0123"  // 15 bytes
        for format in ["text", "json", "sarif", "junit"] {
            let result = try CLI.run(
                ["audit", "card.ans", "--format", format], in: folder,
                environment: ["VEIL_FINGERPRINT_SALT": short])
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("VEIL_FINGERPRINT_SALT is shorter than 16 bytes"), "\(result)")
            #expect(!result.stdout.contains(short) && !result.stderr.contains(short), "\(result)")
            #expect(result.stdout.isEmpty, "no report from a run that refused its salt: \(result)")
        }
    }
}
