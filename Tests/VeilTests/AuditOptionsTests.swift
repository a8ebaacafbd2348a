import Foundation
import Testing
import Veil

/// `AuditOptions.problems`: the one check of audit options, in one wording for the command
/// line (which refuses to start) and the engine (which reports configuration errors).
@Suite struct AuditOptionsTests {
    static let tool = AuditReport.Tool(version: "0.0.0-test")

    @Test func everyContradictionIsListedOnceInOrder() {
        let options = AuditOptions(
            paths: ["."], updateBaseline: true, shard: AuditShard(index: 1, count: 2), tool: Self.tool,
            fingerprintSalt: Array("short".utf8))
        #expect(
            options.problems.map(\.description) == [
                "--update-baseline needs --baseline FILE",
                "--update-baseline cannot be combined with --shard (the baseline would lose the other shards' entries)",
                "VEIL_FINGERPRINT_SALT is shorter than 16 bytes; set it to a long random secret (e.g. 32 random bytes in hex) or unset it",
            ])
        #expect(AuditOptions(paths: ["."], tool: Self.tool).problems.isEmpty)
    }

    @Test func theEngineReportsTheSameProblemsAsConfigurationErrors() async throws {
        let folder = try AuditEngineTests.suiteCopy()
        let options = AuditOptions(
            paths: ["."], updateBaseline: true, currentFolder: folder, tool: Self.tool, timing: false)
        let report = await AuditEngine(options: options).run().report
        #expect(report.exitCode == 2)
        #expect(report.configurationErrors.map { "\($0.path) \($0.message)" } == options.problems.map(\.description))
    }
}
