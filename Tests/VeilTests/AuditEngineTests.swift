import Foundation
import Testing
@testable import Veil
import VeilRedaction
import VeilRender

/// The audit engine over the fixture suite in `Fixtures/audit-suite`.
@Suite struct AuditEngineTests {
    static let suiteURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/audit-suite")
    static let tool = AuditReport.Tool(version: "0.0.0-test")

    /// The planted values; no output may print them without `--show-secrets`.
    static let plantedSecrets = [
        "4111 1111 1111 1111", "4111111111111111", "5555 5555 5555 4444", "5555555555554444",
        "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", "AKIAQ4D3PXL2M7RT5JEW",
    ]

    /// A fresh copy of the suite in a temporary folder (audits run there, as in a repository root).
    static func suiteCopy() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-audit-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: suiteURL, to: folder)
        return folder.path
    }

    static func audit(
        _ paths: [String] = ["."], in folder: String, baseline: String? = nil, update: Bool = false,
        jobs: Int = 2, shard: AuditShard? = nil, showSecrets: Bool = false,
        salt: [UInt8]? = nil
    ) async -> AuditOutcome {
        let options = AuditOptions(
            paths: paths, baselinePath: baseline, updateBaseline: update, jobs: jobs, shard: shard,
            showSecrets: showSecrets, currentFolder: folder, tool: tool, timing: false, fingerprintSalt: salt)
        return await AuditEngine(options: options).run()
    }

    static func counts(_ report: AuditReport) -> [String: Int] {
        report.findings.filter { !$0.isSuppressed }.reduce(into: [:]) { $0[$1.ruleID, default: 0] += 1 }
    }

    static func outputs(_ report: AuditReport) -> [String: String] {
        var outputs: [String: String] = [:]
        for reporter in AuditReporters.all {
            outputs[reporter.identifier] = reporter.report(report, options: AuditReportOptions())
        }
        return outputs
    }

    @Test func discoveryFindsScenariosAndCapturesSorted() throws {
        let folder = try Self.suiteCopy()
        try Data().write(to: URL(fileURLWithPath: folder + "/.hidden.veil.yml"))
        try FileManager.default.createDirectory(atPath: folder + "/.build", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: folder + "/.build/x.ans"))
        try Data().write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let result = AuditInputDiscovery.discover([".", "screens/plain.ans", "missing.ans"], currentFolder: folder)
        #expect(
            result.files.map(\.path) == [
                "broken.veil.yml", "clean.veil.yml", "covered.veil.yml", "leak-card.veil.yml", "leak-token.veil.yml",
                "leaked-task.veil.yml", "screens/marked.ans", "screens/plain.ans", "screens/session.cast",
                "screens/support.ans", "screens/truncated.cast", "screens/unmarked.ans", "watchdog.veil.yml",
            ])
        #expect(result.files.filter { $0.kind == .scenario }.count == 7)
        #expect(result.missing.map(\.path) == ["missing.ans"])
        // A file given by name is audited whatever its name.
        let named = AuditInputDiscovery.discover(["notes.txt", "clean.veil.yml"], currentFolder: folder)
        #expect(named.files.map(\.kind) == [.scenario, .capture])
    }

    @Test func suiteFindingsAndExitCode() async throws {
        let folder = try Self.suiteCopy()
        let report = await Self.audit(in: folder).report
        #expect(report.exitCode == 2)  // broken.veil.yml, screens/truncated.cast
        #expect(report.inputs.count == 13)
        let broken = try #require(report.inputs.first { $0.path == "broken.veil.yml" })
        let error = try #require(broken.error)
        #expect(error.path == "broken.veil.yml")
        #expect(error.line == 6)
        let cast = try #require(report.inputs.first { $0.path == "screens/truncated.cast" }?.error)
        #expect(cast.path == "screens/truncated.cast")
        #expect(cast.line == 3)
        #expect(report.inputs.filter { $0.error != nil }.count == 2)
        #expect(report.summary.inputErrors == 2)
        // The other inputs are still audited.
        #expect(report.summary.snapshots == 10)

        let counts = Self.counts(report)
        #expect(counts["card.pan"] == 2)  // leak-card, screens/unmarked.ans
        #expect(counts["phone.intl"] == 1)  // screens/support.ans (warn)
        #expect(counts["github.token"] == 1)  // leak-token
        #expect(counts["aws.access_key"] == 1)  // screens/session.cast
        #expect(counts["lifecycle.watchdog"] == 1)
        #expect((counts["lifecycle.backgroundTaskLeaked"] ?? 0) + (counts["lifecycle.backgroundTaskExpired"] ?? 0) >= 1)
        #expect(report.findings.allSatisfy { $0.inputPath != "clean.veil.yml" && $0.inputPath != "covered.veil.yml" })
        #expect(
            report.findings.allSatisfy { $0.inputPath != "screens/marked.ans" && $0.inputPath != "screens/plain.ans" })

        // A scenario finding points at the timeline step that caused the snapshot.
        let card = try #require(report.findings.first { $0.inputPath == "leak-card.veil.yml" })
        #expect(card.location.region == AuditRegion(line: 11, column: 5, length: 4))  // `- home`
        #expect(card.snapshotID == "leak-card-0001")
        #expect(card.masked?.text == "•••• •••• •••• ••••")
        let token = try #require(report.findings.first { $0.ruleID == "github.token" })
        #expect(token.location.region == AuditRegion(line: 11, column: 5, length: 22))  // `- incomingCall: accepted`
        let watchdog = try #require(report.findings.first { $0.ruleID == "lifecycle.watchdog" })
        #expect(watchdog.inputPath == "watchdog.veil.yml")
        #expect(watchdog.location.region == AuditRegion(line: 13, column: 5, length: 4))  // `- home`
        #expect(watchdog.snapshotID == nil)
        // A capture finding points at the bytes that drew the value.
        let unmarked = try #require(report.findings.first { $0.inputPath == "screens/unmarked.ans" })
        #expect(unmarked.snapshotID == "screens/unmarked.ans")
        #expect(unmarked.location.region == AuditRegion(line: 2, column: 6, length: 19))
        let recording = try #require(report.findings.first { $0.inputPath == "screens/session.cast" })
        #expect(recording.location.region.startLine == 3)
        // A warn finding is reported but does not fail the audit.
        let phone = try #require(report.findings.first { $0.ruleID == "phone.intl" })
        #expect(phone.severity == .warn)
        #expect(phone.location.region == AuditRegion(line: 2, column: 12, length: 16))
        #expect(report.summary.warnings == 1)
        let warnOnly = await Self.audit(["screens/support.ans"], in: folder).report
        #expect(warnOnly.exitCode == 0)
        #expect(warnOnly.findings.count == 1)
    }

    @Test func cleanInputsExitZeroAndLeaksExitOne() async throws {
        let folder = try Self.suiteCopy()
        let clean = await Self.audit(
            ["clean.veil.yml", "covered.veil.yml", "screens/marked.ans", "screens/plain.ans"], in: folder
        ).report
        #expect(clean.findings.isEmpty)
        #expect(clean.exitCode == 0)
        #expect(clean.summary.snapshots == 4)
        #expect(clean.summary.cleanSnapshots == 4)
        let leaking = await Self.audit(
            ["leak-card.veil.yml", "screens/unmarked.ans", "screens/support.ans"], in: folder
        ).report
        #expect(leaking.exitCode == 1)
        let lifecycle = await Self.audit(["watchdog.veil.yml"], in: folder).report
        #expect(lifecycle.exitCode == 1)
        #expect(Self.counts(lifecycle) == ["lifecycle.watchdog": 1])
        let task = await Self.audit(["leaked-task.veil.yml"], in: folder).report
        #expect(task.exitCode == 1)
        #expect(task.findings.allSatisfy { $0.category == .lifecycle })
        #expect(!task.findings.isEmpty)
    }

    @Test func noPlantedSecretInAnyFormat() async throws {
        let folder = try Self.suiteCopy()
        let report = await Self.audit(in: folder).report
        #expect(report.findings.count >= 5)
        for (format, output) in Self.outputs(report) {
            for secret in Self.plantedSecrets {
                #expect(!output.contains(secret), "\(format) output contains a planted secret")
            }
        }
        // Control: the opt-in does show them, so the check above can fail.
        let shown = await Self.audit(in: folder, showSecrets: true).report
        for (format, output) in Self.outputs(shown) {
            #expect(output.contains("4111 1111 1111 1111"), "\(format)")
            #expect(output.contains("AKIAQ4D3PXL2M7RT5JEW"), "\(format)")
        }
    }

    @Test func sarifOfTheSuiteIsValid() async throws {
        let folder = try Self.suiteCopy()
        let report = await Self.audit(in: folder).report
        let sarif = SARIFAuditReporter.report(report, options: AuditReportOptions(sourceRootURI: "file://\(folder)/"))
        let failures = try AuditSARIFTests.validator().validate(
            JSONDocument.parse(sarif), entryPointer: AuditSARIFTests.rootPointer)
        #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
        #expect(
            sarif.contains("\"ruleId\" : \"card.pan\"") || sarif.contains("\"ruleId\":\"card.pan\"")
                || sarif.contains("card.pan"))
    }

    @Test func baselineRoundTrip() async throws {
        let folder = try Self.suiteCopy()
        try FileManager.default.removeItem(atPath: folder + "/broken.veil.yml")
        try FileManager.default.removeItem(atPath: folder + "/screens/truncated.cast")
        let baseline = "veil-baseline.json"
        let first = await Self.audit(in: folder, baseline: baseline, update: true)
        #expect(first.baselineWritten == baseline)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + baseline))
        for secret in Self.plantedSecrets { #expect(!String(decoding: bytes, as: UTF8.self).contains(secret)) }

        // Re-run: every detector finding is suppressed; life-cycle violations still fail.
        let detectors = ["leak-card.veil.yml", "leak-token.veil.yml", "screens"]
        let rerun = await Self.audit(detectors, in: folder, baseline: baseline).report
        #expect(rerun.exitCode == 0)
        #expect(rerun.summary.suppressed == 5)  // 4 block findings and the warning
        #expect(rerun.staleBaselineEntries.isEmpty)

        // Updating again gives the same bytes.
        _ = await Self.audit(in: folder, baseline: baseline, update: true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + baseline)) == bytes)

        // A different secret in the same place is a new finding.
        let unmarked = folder + "/screens/unmarked.ans"
        var text = try String(contentsOfFile: unmarked, encoding: .utf8)
        text = text.replacingOccurrences(of: "5555 5555 5555 4444", with: "4012 8888 8888 1881")
        try text.write(toFile: unmarked, atomically: true, encoding: .utf8)
        let changed = await Self.audit(detectors, in: folder, baseline: baseline).report
        #expect(changed.findings.filter { !$0.isSuppressed }.count == 1)
        #expect(changed.exitCode == 1)
        #expect(changed.staleBaselineEntries.count == 1)  // the old card's entry

        // Back to the reviewed card, and the line with the token removed: exactly one stale entry.
        try Data(contentsOf: Self.suiteURL.appendingPathComponent("screens/unmarked.ans")).write(
            to: URL(fileURLWithPath: unmarked))
        let token = folder + "/leak-token.veil.yml"
        let scenario = try String(contentsOfFile: token, encoding: .utf8)
            .replacingOccurrences(of: "    token: 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\n", with: "")
        try scenario.write(toFile: token, atomically: true, encoding: .utf8)
        let removed = await Self.audit(detectors, in: folder, baseline: baseline).report
        #expect(removed.exitCode == 0)
        #expect(removed.findings.filter { !$0.isSuppressed }.isEmpty)
        #expect(removed.staleBaselineEntries.count == 1)
        #expect(removed.staleBaselineEntries.first?.ruleID == "github.token")
        #expect(removed.staleBaselineEntries.first?.snapshotID == "leak-token-0001")
    }

    /// A capture's finding is judged on the rows that showed it, yet its baseline hint is the
    /// screen cell where the value showed (0-based, as the report's `spans[]`), not row 0.
    @Test func baselineHintOfACaptureFindingIsItsScreenCell() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-hint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = "\u{1B}[2J\u{1B}[HWallet\r\n\r\nCards on file:\r\n    5555 5555 5555 4444 (not hidden)\r\n"
        try Data(capture.utf8).write(to: folder.appendingPathComponent("wallet.ans"))
        let outcome = await Self.audit(["wallet.ans"], in: folder.path, baseline: "baseline.json", update: true)
        let finding = try #require(outcome.report.findings.first { $0.ruleID == "card.pan" })
        #expect(finding.spans.first == ScreenSpan(row: 3, col: 4, width: 19))
        let baseline = try Baseline(jsonData: Data(contentsOf: folder.appendingPathComponent("baseline.json")))
        let entry = try #require(baseline.entries.first { $0.rule == "card.pan" })
        #expect(entry.hint == Baseline.Hint(row: 3, col: 4))
    }

    @Test func staleEntriesOfInputsNotAuditedAreJudgedOnlyByAWholeRepositoryAudit() async throws {
        let folder = try Self.suiteCopy()
        try FileManager.default.removeItem(atPath: folder + "/broken.veil.yml")
        try FileManager.default.removeItem(atPath: folder + "/screens/truncated.cast")
        _ = await Self.audit(in: folder, baseline: "b.json", update: true)
        // Auditing a few files does not call the rest of the baseline stale.
        let subset = await Self.audit(["leak-card.veil.yml"], in: folder, baseline: "b.json").report
        #expect(subset.staleBaselineEntries.isEmpty)
        #expect(subset.exitCode == 0)
        // A whole-repository audit notices the entries of a deleted scenario.
        try FileManager.default.removeItem(atPath: folder + "/leak-token.veil.yml")
        let whole = await Self.audit(in: folder, baseline: "b.json").report
        #expect(whole.staleBaselineEntries.map(\.snapshotID) == ["leak-token-0001"])
        // A shard judges only the snapshots of its own inputs.
        var staleInShards = 0
        for index in 1...3 {
            let report = await Self.audit(in: folder, baseline: "b.json", shard: AuditShard(index: index, count: 3))
                .report
            staleInShards += report.staleBaselineEntries.count
        }
        #expect(staleInShards == 0)
    }

    @Test func baselineKeepsReviewedStatuses() async throws {
        let folder = try Self.suiteCopy()
        let path = folder + "/b.json"
        _ = await Self.audit(["leak-card.veil.yml"], in: folder, baseline: "b.json", update: true)
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"accepted\"", with: "\"false_positive\"")
            .replacingOccurrences(of: AuditEngine.unreviewedReason, with: "demo card")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        _ = await Self.audit(
            ["leak-card.veil.yml", "leak-token.veil.yml"], in: folder, baseline: "b.json", update: true)
        let updated = try String(contentsOfFile: path, encoding: .utf8)
        #expect(updated.contains("demo card"))
        #expect(updated.contains("false_positive"))
        #expect(updated.contains(AuditEngine.unreviewedReason))  // the token's new entry
        let report = await Self.audit(["leak-card.veil.yml"], in: folder, baseline: "b.json").report
        #expect(report.findings.first?.baseline == AuditBaselineMatch(status: .falsePositive, reason: "demo card"))
        // A missing baseline is a configuration error.
        let missing = await Self.audit(["clean.veil.yml"], in: folder, baseline: "nope.json").report
        #expect(missing.exitCode == 2)
        #expect(missing.configurationErrors.count == 1)
    }

    @Test func shardsAreDisjointAndCoverEverything() async throws {
        let folder = try Self.suiteCopy()
        let all = Set(await Self.audit(in: folder).report.inputs.map(\.path))
        var seen: [String] = []
        for index in 1...3 {
            let shard = try #require(AuditShard(index: index, count: 3))
            seen += await Self.audit(in: folder, shard: shard).report.inputs.map(\.path)
        }
        #expect(seen.count == all.count)
        #expect(Set(seen) == all)
        #expect(AuditShard(parsing: "0/3") == nil)
        #expect(AuditShard(parsing: "4/3") == nil)
        #expect(AuditShard(parsing: "2/3")?.description == "2/3")
        // Stable: the part of a path does not depend on the other paths.
        #expect(
            AuditShard(index: 1, count: 3)!.contains(path: "screens/plain.ans")
                == AuditShard(index: 1, count: 3)!.contains(path: "./screens/plain.ans"))
    }

    @Test func jobsDoNotChangeTheReport() async throws {
        let folder = try Self.suiteCopy()
        // A fixed secret salt: without one each run has its own random salt and fingerprints differ.
        let salt = Array("jobs-test-salt-0123456789".utf8)
        let oneReport = await Self.audit(in: folder, jobs: 1, salt: salt).report
        let one = Self.outputs(oneReport)
        let four = Self.outputs(await Self.audit(in: folder, jobs: 4, salt: salt).report)
        #expect(oneReport.fingerprintSalt == .environment)
        #expect(oneReport.findings.contains { $0.category != .lifecycle })
        #expect(one == four)
        #expect(one.count == AuditReporters.all.count)
    }

    /// Regression: any '(' on a screen used to send the phone.intl scanner into an endless loop.
    @Test(.timeLimit(.minutes(5))) func parenthesesDoNotHangTheAudit() async throws {
        let folder = try Self.suiteCopy()
        try Data("Inbox (3)\r\nCall (415) 555-0132 or (x\r\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/parens.ans"))
        let report = await Self.audit(["parens.ans"], in: folder).report
        #expect(report.summary.snapshots == 1)
        #expect(report.exitCode == 0)
    }

    @Test func outputIsWrittenAtomicallyOrToADevice() throws {
        let folder = try Self.suiteCopy()
        try AuditOutput.write("report\n", to: folder + "/out.json")
        #expect(try String(contentsOfFile: folder + "/out.json", encoding: .utf8) == "report\n")
        try AuditOutput.write("discarded\n", to: "/dev/null")
        // A link committed in the audited tree does not redirect the report.
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/linked.json", withDestinationPath: folder + "/../elsewhere.json")
        #expect(throws: AtomicFileError.self) {
            try AuditOutput.write("report\n", to: "linked.json", currentFolder: folder)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/../elsewhere.json"))
    }
}
