import Foundation
import Testing
import VeilRedaction
import VeilScreen

@testable import Veil

/// Issue #31, item 4: a capture whose findings explode is reported as one group per rule
/// (how many, the first and the last, a sample masked) above a threshold, and redaction
/// still hides every value.
@Suite struct FloodTests {
    /// 60 distinct e-mail addresses, 3 a line.
    static let addresses = (0..<60).map { "user.\($0)@mailbox.org" }
    static let raw =
        stride(from: 0, to: 60, by: 3).map { addresses[$0..<($0 + 3)].joined(separator: " ") }
        .joined(separator: "\r\n") + "\r\n"

    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-floods-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try raw.write(to: folder.appendingPathComponent("mails.ans"), atomically: true, encoding: .utf8)
        return folder.path
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func scanGroupsARulesValuesAboveTheThreshold() throws {
        let path = try Self.folder() + "/mails.ans"
        var job = ScanJob(rules: try .builtIn, format: .text, tool: AuditReport.Tool(version: "0"))
        let text = try job.run(capture: path, cols: 80, rows: 24).report
        let rows = text.split(separator: "\n")
        #expect(rows.filter { $0.contains(" email ") }.count == 1, "\(text)")
        #expect(text.contains("60 values"), "\(text)")
        #expect(text.contains("of them 60 values of 1 rule grouped as floods"), "\(text)")
        // The summary counts every value, grouped or not: a flood of block values is 60 block.
        #expect(text.contains("60 findings: 60 block, 0 warn;"), "\(text)")
        for address in Self.addresses { #expect(!text.contains(address)) }
        // At the threshold nothing is grouped; 0 never groups.
        job.groupAbove = 60
        #expect(try job.run(capture: path, cols: 80, rows: 24).report.split(separator: "\n").count == 62)
        job.groupAbove = 0
        #expect(!(try job.run(capture: path, cols: 80, rows: 24).report.contains("flood")))

        job.groupAbove = ScanReport.defaultGroupAbove
        job.format = .json
        let document = try Self.json(try job.run(capture: path, cols: 80, rows: 24).report)
        // Every value stays in `findings` (a script hides or counts them all), as in audit's JSON.
        #expect((document["findings"] as? [Any])?.count == 60)
        #expect(document["grouped"] as? Int == 60)
        let flood = try #require((document["floods"] as? [[String: Any]])?.first)
        #expect(flood["rule"] as? String == "email")
        #expect(flood["values"] as? Int == 60)
        #expect((flood["first"] as? [String: Any])?["line"] as? Int == 1)
        #expect((flood["last"] as? [String: Any])?["line"] as? Int == 20)
    }

    @Test func redactionStillHidesEveryValue() throws {
        let report = try ExposureScanner(rules: try .builtIn).scan(
            .raw(Array(Self.raw.utf8)), cols: 80, rows: 24, path: "mails.ans")
        #expect(report.exposures.count == 60)
        let bytes = Array(Self.raw.utf8)
        for address in Self.addresses {
            let needle = Array(address.utf8)
            let start = try #require(
                (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
            #expect((start..<(start + needle.count)).allSatisfy { report.sensitiveOffsets[$0] != nil }, "\(address)")
        }
    }

    @Test func aFloodedRecordingReportsWhatSingleFramesReport() throws {
        // Windows where every frame shows a new value skip the pass that looks for frames to
        // judge (a flood); the report must be the one of judging every frame alone, also
        // when the flood ends and starts again.
        var events: [(Double, String)] = []
        for index in 0..<900 {
            let shows = index < 400 || (index >= 600 && index % 3 != 0)
            let text = shows ? "mail user.\(index)@mailbox.org\r\n" : "nothing here \(index)\r\n"
            events.append((Double(index) * 0.01, text))
        }
        let cast = try ExposureTests.cast(events)
        let batched = ExposureScanner(rules: try .builtIn)
        var single = batched
        single.framesPerPass = 1
        let a = try batched.scan(.recording(cast), cols: nil, rows: nil, path: "t.cast")
        let b = try single.scan(.recording(cast), cols: nil, rows: nil, path: "t.cast")
        #expect(a.exposures.count == 400 + 200)
        #expect(a.exposures.map(\.finding.fingerprint) == b.exposures.map(\.finding.fingerprint))
        #expect(a.exposures.map(\.places) == b.exposures.map(\.places))
        #expect(a.exposures.map(\.lastSeen) == b.exposures.map(\.lastSeen))
        #expect(a.exposures.map(\.stillVisible) == b.exposures.map(\.stillVisible))
        #expect(a.sensitiveOffsets == b.sensitiveOffsets)
    }

    @Test func auditGivesAFloodOneLineAndOneSARIFResult() async throws {
        let folder = try Self.folder()
        let report = await EveryPlaceTests.audit(in: folder).report
        #expect(report.findings.count == 60)
        let text = TextAuditReporter.report(report, options: AuditReportOptions())
        #expect(text.split(separator: "\n").filter { $0.contains("  email  ") }.count == 1, "\(text)")
        #expect(text.contains("60 values of email (a flood, at 60 places)"), "\(text)")
        #expect(text.contains("60 findings grouped as 1 flood"))
        var all = AuditReportOptions()
        all.groupAbove = 0
        #expect(
            TextAuditReporter.report(report, options: all).split(separator: "\n").filter { $0.contains("  email  ") }
                .count == 60)

        let sarifText = SARIFAuditReporter.report(report, options: AuditReportOptions())
        let failures = try AuditSARIFTests.validator().validate(
            try JSONDocument.parse(sarifText), entryPointer: AuditSARIFTests.rootPointer)
        #expect(failures.isEmpty, "\(failures.map(\.description))")
        let results = try #require(
            (try Self.json(sarifText)["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.count == 1)
        #expect((results.first?["properties"] as? [String: Any])?["floodCount"] as? Int == 60)

        let jsonText = JSONAuditReporter.report(report, options: AuditReportOptions())
        #expect(try AuditJSONTests.documentedSchema().validate(try JSONDocument.parse(jsonText)).isEmpty)
        let document = try Self.json(jsonText)
        #expect((document["findings"] as? [Any])?.count == 60)
        #expect(((document["floods"] as? [[String: Any]])?.first)?["findings"] as? Int == 60)
    }

    @Test func theBaselineStillSuppressesValueByValue() async throws {
        let folder = try Self.folder()
        _ = await EveryPlaceTests.audit(in: folder, baseline: "baseline.json", update: true)
        let rerun = await EveryPlaceTests.audit(in: folder, baseline: "baseline.json").report
        #expect(rerun.exitCode == 0)
        #expect(rerun.summary.suppressed == 60)
        let text = TextAuditReporter.report(rerun, options: AuditReportOptions())
        #expect(text.contains("[suppressed]"), "\(text)")
    }
}
