import Foundation
import Testing

@testable import Veil

/// VHS tapes: what they type and set is judged as text, at its line and column.
@Suite struct TapeAuditTests {
    static let token = "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"
    static let aws = "AKIAQ4D3PXL2M7RT5JEW"

    @Test func typedEnvAndSetValuesAreReportedAtTheirPlace() async throws {
        let tape = """
            Output demo.gif
            Set Shell "bash"
            Env AWS_KEY "\(Self.aws)"
            Hide
            Type "export GITHUB_TOKEN="
            Type "\(Self.token)"
            Enter
            Show
            Type "echo done" Enter
            Set WindowBar "card 4111 1111 1111 1111"

            """
        let folder = try RecordingChannelTests.folder(with: ["demo.tape": tape, "clean.tape": "Type \"ls\"\nEnter\n"])
        let report = await RecordingChannelTests.audit(["."], in: folder)
        #expect(report.inputs.map(\.path) == ["clean.tape", "demo.tape"])
        #expect(report.inputs.allSatisfy { $0.kind == .tape && $0.error == nil })
        let places = report.findings.map {
            "\($0.location.region.startLine):\($0.location.region.startColumn) \($0.ruleID)"
        }
        #expect(places == ["3:14 aws.access_key", "6:7 github.token", "10:21 card.pan"])
        #expect(report.findings.allSatisfy { $0.medium?.kind == .tape && $0.fails })
        #expect(report.findings[1].message.contains("tape's typed line"))
        #expect(report.exitCode == 1)
        for output in AuditEngineTests.outputs(report).values {
            #expect(!output.contains(Self.token) && !output.contains(Self.aws))
        }
    }

    @Test func aTapeThatIsNotUTF8IsAnInputErrorAtItsPlace() async throws {
        let folder = try RecordingChannelTests.folder(with: [:])
        try Data("Type \"ok\"\nType \"\u{FF}".utf8.map { $0 == 0xC3 ? 0xFF : $0 }).write(
            to: URL(fileURLWithPath: folder + "/bad.tape"))
        let report = await RecordingChannelTests.audit(["bad.tape"], in: folder)
        let error = try #require(report.inputs.first?.error)
        #expect(error.line == 2)
        #expect(error.column == 7)
        #expect(report.exitCode == 2)
    }
}
