import Foundation
import Testing
@testable import Veil

/// `veil:allow` markers (``InlineAllow``): each allows the finding it names where it stands,
/// and no other; the report still lists it, allowed in source.
@Suite struct InlineAllowTests {
    static func audit(_ files: [String: String], honoursMarkers: Bool = true) async throws -> AuditOutcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-allow-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        var options = AuditOptions(
            paths: ["."], jobs: 1, currentFolder: folder.path,
            tool: AuditReport.Tool(version: "0.0.0-test"), timing: false)
        options.honoursAllowMarkers = honoursMarkers
        return await AuditEngine(options: options).run()
    }

    /// A screen with a card number and an AWS key, snapshotted twice (at each `home`).
    static func scenario(firstHome: String, secondHome: String) -> String {
        """
        name: two
        screen:
          size: 60x4
          text: |
            Visa  4111 1111 1111 1111
            key AKIAQ4D3PXL2M7RT5JEW
        timeline:
          - launch
          - wait: 1s
          \(firstHome)
          - wait: 1s
          - tapIcon
          - wait: 1s
          \(secondHome)
          - wait: 1s
        """
    }

    static func unsuppressed(_ outcome: AuditOutcome) -> [String] {
        outcome.report.findings.filter { !$0.isSuppressed }.map { "\($0.location.region.startLine) \($0.ruleID)" }
    }

    @Test func aScenarioCommentAllowsOneRuleAtOneStep() async throws {
        let plain = try await Self.audit(["two.veil.yml": Self.scenario(firstHome: "- home", secondHome: "- home")])
        #expect(Self.unsuppressed(plain) == ["10 aws.access_key", "10 card.pan", "14 aws.access_key", "14 card.pan"])

        let text = Self.scenario(firstHome: "- home  # veil:allow card.pan", secondHome: "- home")
        let outcome = try await Self.audit(["two.veil.yml": text])
        #expect(Self.unsuppressed(outcome) == ["10 aws.access_key", "14 aws.access_key", "14 card.pan"])
        let allowed = outcome.report.findings.filter(\.isSuppressed)
        #expect(allowed.map(\.ruleID) == ["card.pan"])
        #expect(
            allowed.first?.baseline
                == AuditBaselineMatch(
                    status: .accepted, reason: "veil:allow at two.veil.yml:10",
                    inSource: true))
        #expect(outcome.report.exitCode == 1)
        let ignored = try await Self.audit(["two.veil.yml": text], honoursMarkers: false)
        #expect(Self.unsuppressed(ignored) == Self.unsuppressed(plain), "--ignore-allow-markers")

        let sarif = SARIFAuditReporter.report(outcome.report, options: AuditReportOptions())
        #expect(
            sarif.components(separatedBy: "\"kind\":\"inSource\"").count == 2
                || sarif.components(separatedBy: "\"kind\": \"inSource\"").count == 2)
        let textReport = TextAuditReporter.report(outcome.report, options: AuditReportOptions())
        #expect(textReport.contains("[allowed: veil:allow at two.veil.yml:10]"))
    }

    @Test func aMarkerInsideAQuotedStringIsNotAComment() {
        #expect(InlineAllow.comment(in: "- print: \"a # veil:allow card.pan\"") == nil)
        #expect(InlineAllow.comment(in: "- home # veil:allow card.pan") == " veil:allow card.pan")
        #expect(InlineAllow.ids(after: " veil:allow card.pan, jwt") == ["card.pan", "jwt"])
        #expect(InlineAllow.ids(after: " veil:allowed card.pan") == nil)
        #expect(InlineAllow.ids(after: " veil:allow") == nil)
    }

    @Test func aRecordingMarkerAllowsOneRule() async throws {
        let cast = """
            {"version": 2, "width": 60, "height": 4}
            [0.1, "o", "Visa  4111 1111 1111 1111\\r\\n"]
            [0.2, "m", "veil:allow aws.access_key"]
            [0.5, "o", "key AKIAQ4D3PXL2M7RT5JEW\\r\\n"]

            """
        let outcome = try await Self.audit(["shot.cast": cast])
        #expect(Self.unsuppressed(outcome).map { $0.split(separator: " ").last.map(String.init) } == ["card.pan"])
        #expect(outcome.report.findings.filter(\.isSuppressed).map(\.ruleID) == ["aws.access_key"])
        #expect(outcome.report.findings.filter(\.isSuppressed).first?.baseline?.reason == "veil:allow at shot.cast:3")
    }
}
