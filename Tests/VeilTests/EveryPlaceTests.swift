import Foundation
import Testing
import VeilRedaction
import VeilScreen

@testable import Veil

/// Issue #31, item 2: a finding is a value with all its places. A value shown three times
/// (bare after its label, inside a longer token, wrapped across a row end) is one finding
/// with three places in every report format, and what `veil scan` reports is what `veil
/// snap` hides.
@Suite struct EveryPlaceTests {
    static let value = "S3cr3t-P@ssw0rd!"
    /// Rows 1–3 of an 80-column screen: the labelled value at column 11, the value inside
    /// `xx…yy` at column 3, and the value from column 71 of row 3 wrapped onto row 4.
    static let lines = [
        "password: \(value)", "xx\(value)yy", String(repeating: " ", count: 70) + value,
    ]
    static let raw = lines.joined(separator: "\r\n") + "\r\n"
    /// The cells of the three places.
    static let expectedPlaces: [[CellSpan]] = [
        [CellSpan(row: 0, col: 10, width: 16)],
        [CellSpan(row: 1, col: 2, width: 16)],
        [CellSpan(row: 2, col: 70, width: 10), CellSpan(row: 3, col: 0, width: 6)],
    ]

    /// The same lines as a recording: one event each, at 0.5, 1 and 2 seconds.
    static func cast() throws -> String {
        var text = #"{"version": 2, "width": 80, "height": 24}"# + "\n"
        for (time, line) in zip([0.5, 1.0, 2.0], lines) {
            let data = try JSONSerialization.data(withJSONObject: [time, "o", line + "\r\n"], options: [])
            text += String(decoding: data, as: UTF8.self) + "\n"
        }
        return text
    }

    static func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-places-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder.path
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func spans(_ any: Any?) -> [CellSpan] {
        ((any as? [[String: Any]]) ?? []).map {
            CellSpan(row: $0["row"] as? Int ?? -1, col: $0["col"] as? Int ?? -1, width: $0["width"] as? Int ?? -1)
        }
    }

    // MARK: The exposure scan

    @Test func oneExposureWithThreePlaces() throws {
        let report = try ExposureScanner(rules: try .builtIn).scan(
            .raw(Array(Self.raw.utf8)), cols: 80, rows: 24, path: "t.ans")
        #expect(report.exposures.count == 1, "\(report.exposures.map(\.finding))")
        let exposure = try #require(report.exposures.first)
        #expect(exposure.placeCount == 3)
        #expect(exposure.places.map(\.spans) == Self.expectedPlaces)
        #expect(exposure.places[0].spans == exposure.spans)
        // Each place is where its bytes are in the input.
        let input = CaptureInput.raw(Array(Self.raw.utf8))
        #expect(exposure.places.map { $0.region(in: input).description } == ["1:11", "2:3", "3:71"])
    }

    @Test func aRecordingsPlacesHaveTheirTimesAndEventLines() throws {
        let cast = try Asciicast(bytes: Array(try Self.cast().utf8), path: "t.cast")
        let report = try ExposureScanner(rules: try .builtIn).scan(
            .recording(cast), cols: nil, rows: nil, path: "t.cast")
        let exposure = try #require(report.exposures.first)
        #expect(report.exposures.count == 1)
        #expect(exposure.places.map(\.time) == [0.5, 1.0, 2.0])
        #expect(exposure.places.map(\.event) == [0, 1, 2])
        #expect(exposure.places.map(\.line) == [2, 3, 4])
        // The column of the value's first character in each event line's JSON text.
        #expect(exposure.places.map(\.column) == [21, 11, 79])
        #expect(exposure.places.map(\.spans) == Self.expectedPlaces)
    }

    @Test func theSameBytesJudgedAgainAreOnePlace() throws {
        // The line is judged again as the rest of it is typed, and scrolled: still one place;
        // the value drawn again by other bytes is a second one.
        let bytes =
            "password: \(Self.value)" + " and more\r\n" + String(repeating: "\r\n", count: 30)
            + "echo \(Self.value)\r\n"
        let report = try ExposureScanner(rules: try .builtIn).scan(
            .raw(Array(bytes.utf8)), cols: 80, rows: 24, path: "t.ans")
        let exposure = try #require(report.exposures.first)
        #expect(exposure.placeCount == 2, "\(exposure.places)")
    }

    // MARK: veil scan

    @Test func scanTextIsOneLinePerValueWithItsPlaceCount() throws {
        let folder = try Self.folder(["t.ans": Self.raw])
        let job = ScanJob(rules: try .builtIn, format: .text, tool: AuditReport.Tool(version: "0"))
        let report = try job.run(capture: folder + "/t.ans", cols: 80, rows: 24).report
        let rows = report.split(separator: "\n").filter { $0.contains("password.labelled") }
        #expect(rows.count == 1, "\(report)")
        #expect(rows.first?.contains("3 places") == true, "\(report)")
        #expect(rows.first?.hasPrefix("1:11 ") == true)
        #expect(!report.contains(Self.value))
        // --verbose lists every place.
        var verbose = job
        verbose.listsAllowlisted = true
        let listed = try verbose.run(capture: folder + "/t.ans", cols: 80, rows: 24).report
        #expect(
            listed.contains("  at 1:11, file 1:11\n  at 2:3, file 2:3\n  at 3:71 (+1 rows), file 3:71\n"), "\(listed)")
    }

    @Test func scanJSONListsEveryPlace() throws {
        let folder = try Self.folder(["t.cast": try Self.cast()])
        let job = ScanJob(rules: try .builtIn, format: .json, tool: AuditReport.Tool(version: "0"))
        let document = try Self.json(try job.run(capture: folder + "/t.cast").report)
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding["placeCount"] as? Int == 3)
        let places = try #require(finding["places"] as? [[String: Any]])
        #expect(places.map { Self.spans($0["spans"]) } == Self.expectedPlaces)
        #expect(places.map { $0["seconds"] as? Double } == [0.5, 1.0, 2.0])
        #expect(places.map { $0["line"] as? Int } == [2, 3, 4])
        #expect(places.map { $0["column"] as? Int } == [21, 11, 79])
        // The first place is the finding's own (kept for compatibility).
        #expect(Self.spans(finding["spans"]) == Self.expectedPlaces[0])
    }

    @Test func scanAtOneMomentGroupsTheValuesPlaces() throws {
        let folder = try Self.folder(["t.cast": try Self.cast()])
        let json = ScanJob(rules: try .builtIn, format: .json, tool: AuditReport.Tool(version: "0"))
        let document = try Self.json(try json.run(capture: folder + "/t.cast", at: 2).report)
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        let places = try #require(findings.first?["places"] as? [[String: Any]])
        #expect(Set(places.map { Self.spans($0["spans"]) }) == Set(Self.expectedPlaces))
        let text = ScanJob(rules: try .builtIn, format: .text, tool: AuditReport.Tool(version: "0"))
        let report = try text.run(capture: folder + "/t.cast", at: 2).report
        #expect(report.contains("3 places"), "\(report)")
        #expect(report.hasSuffix("1 finding: 1 block, 0 warn\n"), "\(report)")
    }

    @Test func scanReportsExactlyTheCellsSnapHides() throws {
        // Several values, repeated: the cells of every place `veil scan` lists are the cells
        // the redaction of the same screen hides, no more and no fewer.
        let card = "4539 1488 0343 6467"
        let text =
            Self.raw + "card \(card) and again \(card)\r\n"
            + "token=\(Self.value) \(card)\r\n"
        let folder = try Self.folder(["t.ans": text])
        let job = ScanJob(rules: try .builtIn, format: .json, tool: AuditReport.Tool(version: "0"))
        let document = try Self.json(try job.run(capture: folder + "/t.ans", cols: 80, rows: 24).report)
        let findings = try #require(document["findings"] as? [[String: Any]])
        var scanned = Set<[Int]>()
        for finding in findings {
            for place in (finding["places"] as? [[String: Any]]) ?? [] {
                for span in Self.spans(place["spans"]) { for col in span.columns { scanned.insert([span.row, col]) } }
            }
        }
        var terminal = try Terminal(cols: 80, rows: 24)
        terminal.feed(Array(text.utf8))
        let judgement = try Snapshotter.judge(terminal.screen, rules: try .builtIn)
        var hidden = Set<[Int]>()
        for entry in judgement.plan.entries {
            for col in entry.col..<(entry.col + entry.width) { hidden.insert([entry.row, col]) }
        }
        #expect(!hidden.isEmpty)
        #expect(scanned == hidden)
        #expect(findings.map { $0["placeCount"] as? Int ?? 0 }.reduce(0, +) == 7)
    }

    // MARK: veil audit

    static func audit(in folder: String, baseline: String? = nil, update: Bool = false) async -> AuditOutcome {
        let options = AuditOptions(
            paths: ["."], baselinePath: baseline, updateBaseline: update, currentFolder: folder,
            tool: AuditReport.Tool(version: "0.0.0-test"), timing: false,
            fingerprintSalt: Array("places-test-salt!".utf8))
        return await AuditEngine(options: options).run()
    }

    @Test func auditGivesOneFindingWithThreePlacesInEveryFormat() async throws {
        let folder = try Self.folder(["t.cast": try Self.cast()])
        let report = await Self.audit(in: folder).report
        let findings = report.findings.filter { $0.ruleID == "password.labelled" }
        #expect(findings.count == 1, "\(report.findings)")
        let finding = try #require(findings.first)
        #expect(finding.placeCount == 3)
        #expect(finding.places.map(\.location.description) == ["t.cast:2:21", "t.cast:3:11", "t.cast:4:79"])
        #expect(finding.places.map(\.seconds) == [0.5, 1.0, 2.0])
        #expect(
            finding.places.map { $0.spans.map { CellSpan(row: $0.row, col: $0.col, width: $0.width) } }
                == Self.expectedPlaces)

        // Text, JUnit, Markdown and HTML say how many places.
        let text = TextAuditReporter.report(report, options: AuditReportOptions())
        #expect(text.contains("(3 places)"), "\(text)")
        #expect(JUnitAuditReporter.report(report, options: AuditReportOptions()).contains("3 places: t.cast:2:21"))
        #expect(MarkdownAuditReporter.report(report, options: AuditReportOptions()).contains("(3 places)"))
        let html = HTMLAuditReporter.report(report, options: AuditReportOptions())
        #expect(html.contains("3 places"))
        #expect(html.contains("t.cast:4:79 at 2.00 s"))

        // JSON: every place, valid against the documented schema.
        let jsonText = JSONAuditReporter.report(report, options: AuditReportOptions())
        #expect(try AuditJSONTests.documentedSchema().validate(try JSONDocument.parse(jsonText)).isEmpty)
        let jsonFinding = try #require((try Self.json(jsonText)["findings"] as? [[String: Any]])?.first)
        #expect(jsonFinding["placeCount"] as? Int == 3)
        let places = try #require(jsonFinding["places"] as? [[String: Any]])
        #expect(places.map { $0["seconds"] as? Double } == [0.5, 1.0, 2.0])
        #expect(places.map { Self.spans($0["spans"]) } == Self.expectedPlaces)

        // SARIF: one result per place, one value fingerprint, each linking the other two;
        // valid SARIF 2.1.0.
        let sarifText = SARIFAuditReporter.report(report, options: AuditReportOptions())
        let validation = try AuditSARIFTests.validator().validate(
            try JSONDocument.parse(sarifText), entryPointer: AuditSARIFTests.rootPointer)
        #expect(validation.isEmpty, "\(validation.map(\.description))")
        let run = try #require((try Self.json(sarifText)["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]]).filter {
            $0["ruleId"] as? String == "password.labelled"
        }
        #expect(results.count == 3)
        let prints = results.map {
            ($0["partialFingerprints"] as? [String: String])?[SARIFAuditReporter.valueFingerprintKey]
        }
        #expect(Set(prints) == [finding.fingerprint])
        let hashes = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["primaryLocationLineHash"] }
        #expect(Set(hashes).count == 3)
        for (number, result) in results.enumerated() {
            let related = try #require(result["relatedLocations"] as? [[String: Any]])
            #expect(related.map { $0["id"] as? Int } == [1, 2, 3].filter { $0 != number + 1 })
            let region =
                (((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
                    "region"] as? [String: Any])
            #expect(region?["startLine"] as? Int == number + 2)
        }
    }

    @Test func oneBaselineEntrySuppressesEveryPlace() async throws {
        let folder = try Self.folder(["t.cast": try Self.cast()])
        _ = await Self.audit(in: folder, baseline: "baseline.json", update: true)
        let baseline = try String(contentsOfFile: folder + "/baseline.json", encoding: .utf8)
        #expect(baseline.components(separatedBy: "password.labelled").count == 2, "\(baseline)")
        let rerun = await Self.audit(in: folder, baseline: "baseline.json").report
        #expect(rerun.exitCode == 0)
        #expect(rerun.findings.allSatisfy { $0.isSuppressed })
        let sarif = try Self.json(SARIFAuditReporter.report(rerun, options: AuditReportOptions()))
        let results = try #require((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.count == 3)
        #expect(results.allSatisfy { ($0["suppressions"] as? [Any])?.count == 1 })
    }
}
