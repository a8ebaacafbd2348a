import Foundation
import Testing
@testable import Veil
import VeilRedaction

/// Audit messages read as one clear sentence for the person fixing the leak.
@Suite struct AuditMessageTests {
    @Test func everyBuiltInRuleHasAShortName() throws {
        let rules = try RuleSet.builtIn
        for rule in rules.rules {
            let name = AuditRule.name(of: rule.id, in: rules)
            #expect(!rule.name.isEmpty, "rule \(rule.id) has no name in default.yml")
            #expect(
                name.count <= 32 && !name.contains(",") && !name.contains(" whose "), "rule \(rule.id): name '\(name)'")
        }
    }

    @Test func everyBuiltInRulesMessageIsOneSentenceThatSaysWhatToDo() throws {
        let rules = try RuleSet.builtIn
        for rule in rules.rules {
            let message = AuditFinding.detectionMessage(
                ruleName: AuditRule.name(of: rule.id, in: rules), masked: MaskedValue(masking: "eyJhbGciOi"))
            #expect(!message.contains(". ") && !message.hasSuffix("."), "\(rule.id): \(message)")
            #expect(message.hasSuffix("hide it before the app enters the background"), "\(rule.id): \(message)")
        }
    }

    @Test func aJWTFindingIsCalledAJSONWebToken() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-jwt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let token =
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.Ehh2FDEEtfjgVvVqE1SkHbn8x6kwXoIIXGvOoNZYW2m"
        try Data("Authorization: Bearer \(token)\r\n".utf8).write(to: folder.appendingPathComponent("jwt.ans"))
        let options = AuditOptions(
            paths: ["."], configPath: nil, cols: 200, rows: nil, baselinePath: nil, updateBaseline: false, jobs: 1,
            shard: nil, showSecrets: false, currentFolder: folder.path, tool: AuditReport.Tool(version: "test"),
            timing: false, fingerprintSalt: nil)
        let report = await AuditEngine(options: options).run().report
        let finding = try #require(report.findings.first { $0.ruleID == "jwt" }, "\(report.findings)")
        #expect(finding.message.hasPrefix("JSON Web Token •"), "\(finding.message)")
        #expect(!finding.message.contains("decode to JSON"), "\(finding.message)")
    }
}
