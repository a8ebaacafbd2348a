import Foundation
import Testing
@testable import Veil
import VeilRedaction

/// `veil audit --review` without a terminal: the decisions (``BaselineReview``) and the
/// question loop (``ReviewPrompt``) driven by scripted answers.
@Suite struct BaselineReviewTests {
    static let card = "4111 1111 1111 1111"
    static let key = "AKIAQ4D3PXL2M7RT5JEW"

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-review-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("Visa \(card)\r\nkey \(key)\r\n".utf8).write(to: folder.appendingPathComponent("a.ans"))
        try Data("Visa \(card)\r\n".utf8).write(to: folder.appendingPathComponent("b.ans"))
        return folder
    }

    static func audit(_ folder: URL, review: Bool) async -> AuditOutcome {
        var options = AuditOptions(
            paths: ["."], baselinePath: "veil-baseline.json", jobs: 1,
            currentFolder: folder.path, tool: AuditReport.Tool(version: "0.0.0-test"),
            timing: false)
        options.review = review
        return await AuditEngine(options: options).run()
    }

    /// Runs the prompt over `answers`; returns what it wrote.
    static func prompt(_ review: inout BaselineReview, answers: [String]) -> String {
        var remaining = answers[...]
        var written = ""
        let prompt = ReviewPrompt(readLine: { remaining.popFirst() }, write: { written += $0 })
        prompt.run(&review)
        return written
    }

    @Test func acceptedFindingsAndOnlyThoseJoinTheBaseline() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = await Self.audit(folder, review: true)
        var review = try #require(outcome.review)
        #expect(
            review.items.map { "\($0.finding.inputPath) \($0.finding.ruleID)" }
                == ["a.ans card.pan", "a.ans aws.access_key", "b.ans card.pan"])

        // An unknown answer is asked again; then accept, real leak, skip.
        let written = Self.prompt(&review, answers: ["maybe", "a", "l", "s"])
        #expect(written.contains("Answer a, l, s or q."))
        #expect(written.contains("[1/3] a.ans:"))
        #expect(written.contains("value: •••• •••• •••• •••• at row 1, column 6 of snapshot a.ans"))
        #expect(!written.contains(Self.card) && !written.contains(Self.key), "the raw values never show")
        #expect(review.decisions == [0: .accept, 1: .realLeak, 2: .skip])
        try review.write(currentFolder: folder.path)

        let after = await Self.audit(folder, review: false)
        let suppressed = after.report.findings.filter(\.isSuppressed)
        #expect(suppressed.map { "\($0.inputPath) \($0.ruleID)" } == ["a.ans card.pan"])
        #expect(suppressed.first?.baseline?.reason == BaselineReview.acceptedReason)
        #expect(after.report.exitCode == 1)

        // The next review asks only about what is not in the baseline yet.
        let again = try #require(await Self.audit(folder, review: true).review)
        #expect(
            again.items.map { "\($0.finding.inputPath) \($0.finding.ruleID)" }
                == ["a.ans aws.access_key", "b.ans card.pan"])
    }

    @Test func quitAndTheEndOfInputStopWithoutDeciding() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var review = try #require(await Self.audit(folder, review: true).review)
        _ = Self.prompt(&review, answers: ["accept", "q", "a"])
        #expect(review.decisions == [0: .accept])
        #expect(review.baseline.entries.count == 1)

        var ended = try #require(await Self.audit(folder, review: true).review)
        _ = Self.prompt(&ended, answers: ["L"])
        #expect(ended.decisions == [0: .realLeak])
        #expect(ended.baseline.entries.isEmpty)
    }

    @Test func answers() {
        #expect(ReviewPrompt.decision(" A ") == .accept)
        #expect(ReviewPrompt.decision("leak") == .realLeak)
        #expect(ReviewPrompt.decision("") == .skip)
        #expect(ReviewPrompt.decision("QUIT") == .quit)
        #expect(ReviewPrompt.decision("x") == nil)
    }

    @Test func reviewNeedsABaselineAndExcludesAnUpdate() {
        var options = AuditOptions(paths: ["."], tool: AuditReport.Tool(version: "0"))
        options.review = true
        #expect(options.problems.map(\.option) == ["--review"])
        options.baselinePath = "b.json"
        options.updateBaseline = true
        #expect(options.problems.map(\.description) == ["--review cannot be combined with --update-baseline"])
    }
}
