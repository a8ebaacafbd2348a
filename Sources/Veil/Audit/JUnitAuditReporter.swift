import VeilRedaction
/// `--format junit`: JUnit XML for GitLab, Jenkins and Azure Pipelines test reports.
///
/// One `<testsuite>` per input (named and classed by its path) with one `<testcase>` per
/// (snapshot, rule):
/// - unsuppressed blocking findings or life-cycle violations: `<failure message type>` with
///   every finding of the case in the body (`type` is the rule id);
/// - only warnings: a passing case with the findings in `<system-out>`;
/// - only baseline-suppressed findings: `<skipped>`;
/// - a file that may hold terminal media and was not audited: `<skipped>` in a suite
///   `not audited`;
/// - a snapshot without findings: a passing `<snapshot id>: clean` case, so counts mean
///   something; an input that could not be read: an `input` case with `<error>`.
/// Findings without a snapshot (a watchdog kill) get a `<rule>: <fingerprint>` case, a name
/// that survives edits elsewhere in the file. Case names are unique within a suite (GitLab
/// drops repeated classname + name pairs; a repeat gets ` (2)`). Bodies hold each finding's
/// text line plus its snapshot, fingerprint and screen cells. Configuration errors and stale
/// baseline entries get suites of their own. Test case times are 0; suite times come from
/// ``AuditedInput/durationSeconds``, the total from the summary. Every suite's
/// `<properties>` holds `fingerprintSalt` (``AuditReport/FingerprintSalt``).
public enum JUnitAuditReporter: AuditReporter {
    public static let identifier = "junit"
    public static let description = "JUnit XML for GitLab, Jenkins and Azure Pipelines."

    struct TestCase {
        enum Outcome {
            case passed
            case failure(message: String, type: String)
            case error(message: String, type: String)
            case skipped(message: String)
        }

        var name: String
        var outcome: Outcome
        /// `<failure>`/`<error>`/`<skipped>` body, or `<system-out>` for a passing case.
        var detail: String
    }

    struct Suite {
        var name: String
        var classname: String
        var durationSeconds: Double
        var cases: [TestCase]
    }

    public static func report(_ report: AuditReport, options: AuditReportOptions) -> String {
        var suites = report.inputs.map { suite(for: $0, report: report) }
        if !report.configurationErrors.isEmpty {
            suites.append(
                Suite(
                    name: "configuration", classname: "configuration", durationSeconds: 0,
                    cases: report.configurationErrors.map { error in
                        TestCase(
                            name: error.path, outcome: .error(message: error.description, type: "ConfigurationError"),
                            detail: DisplayText.escaped(error.description))
                    }
                ))
        }
        if !report.staleBaselineEntries.isEmpty {
            let classname = report.baselinePath ?? "baseline"
            suites.append(
                Suite(
                    name: classname, classname: classname, durationSeconds: 0,
                    cases: report.staleBaselineEntries.map { entry in
                        TestCase(
                            name: "stale: \(entry.snapshotID): \(entry.ruleID): \(entry.fingerprint)", outcome: .passed,
                            detail: DisplayText.escaped(entry.explanation))
                    }
                ))
        }
        if !report.notAudited.isEmpty {
            // What may hold terminal media and was not read: skipped, never passed.
            suites.append(
                Suite(
                    name: "not audited", classname: "not-audited", durationSeconds: 0,
                    cases: report.notAudited.map { item in
                        TestCase(
                            name: "\(item.path) (\(item.kind))", outcome: .skipped(message: item.reason),
                            detail: DisplayText.escaped(item.description))
                    }
                ))
        }
        suites = suites.map { suite in
            var suite = suite
            suite.cases = uniquelyNamed(suite.cases)
            return suite
        }

        func count(_ cases: [TestCase], _ match: (TestCase.Outcome) -> Bool) -> Int {
            cases.filter { match($0.outcome) }.count
        }
        func isFailure(_ o: TestCase.Outcome) -> Bool { if case .failure = o { true } else { false } }
        func isError(_ o: TestCase.Outcome) -> Bool { if case .error = o { true } else { false } }
        func isSkipped(_ o: TestCase.Outcome) -> Bool { if case .skipped = o { true } else { false } }

        let all = suites.flatMap(\.cases)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\(attr("\(report.tool.name) audit")) tests=\"\(all.count)\" failures=\"\(count(all, isFailure))\" errors=\"\(count(all, isError))\" skipped=\"\(count(all, isSkipped))\" time=\"\(DurationText.seconds(report.summary.durationSeconds))\">\n"
        for suite in suites {
            xml +=
                "  <testsuite name=\(attr(suite.name)) tests=\"\(suite.cases.count)\" failures=\"\(count(suite.cases, isFailure))\" errors=\"\(count(suite.cases, isError))\" skipped=\"\(count(suite.cases, isSkipped))\" time=\"\(DurationText.seconds(suite.durationSeconds))\">\n"
            xml +=
                "    <properties>\n      <property name=\"fingerprintSalt\" value=\(attr(report.fingerprintSalt.rawValue))/>\n"
                + (report.rulesFiles.isEmpty
                    ? ""
                    : "      <property name=\"rulesFiles\" value=\(attr(report.rulesFiles.map(\.summary).joined(separator: "; ")))/>\n")
                + "    </properties>\n"
            for testCase in suite.cases {
                xml += "    <testcase classname=\(attr(suite.classname)) name=\(attr(testCase.name)) time=\"0.000\""
                let body = XMLText.escape(testCase.detail, attribute: false)
                switch testCase.outcome {
                case .passed where testCase.detail.isEmpty:
                    xml += "/>\n"
                    continue
                case .passed:
                    xml += ">\n      <system-out>\(body)</system-out>\n"
                case .failure(let message, let type):
                    xml += ">\n      <failure message=\(attr(message)) type=\(attr(type))>\(body)</failure>\n"
                case .error(let message, let type):
                    xml += ">\n      <error message=\(attr(message)) type=\(attr(type))>\(body)</error>\n"
                case .skipped(let message):
                    xml += ">\n      <skipped message=\(attr(message))/>\n      <system-out>\(body)</system-out>\n"
                }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    private static func attr(_ value: String) -> String { "\"" + XMLText.escape(value, attribute: true) + "\"" }

    static func suite(for input: AuditedInput, report: AuditReport) -> Suite {
        var cases: [TestCase] = []
        if let error = input.error {
            // Input-derived text in element content is escaped like every text channel: a newline
            // in it would start a line of its own where the report is printed (a CI log).
            cases.append(
                TestCase(
                    name: "input", outcome: .error(message: error.description, type: "InputError"),
                    detail: DisplayText.escaped(error.description)))
        }
        let order = snapshotOrder(input)
        var groups: [(rank: Int, region: AuditRegion, name: String, findings: [AuditFinding])] = []
        for (index, snapshot) in input.snapshots.enumerated() where snapshot.isClean {
            groups.append((rank: index, region: .fileStart, name: "\(snapshot.id): clean", findings: []))
        }
        var groupIndex: [String: Int] = [:]
        for finding in report.findings(inputPath: input.path) {
            let name =
                if let snapshot = finding.snapshotID {
                    "\(snapshot): \(finding.ruleID)"
                } else {
                    "\(finding.ruleID): \(finding.fingerprint)"
                }
            if let index = groupIndex[name] {
                groups[index].findings.append(finding)
            } else {
                // Cases of listed snapshots come in timeline order, the rest by position.
                let rank = finding.snapshotID.flatMap { order[$0] } ?? order.count
                groupIndex[name] = groups.count
                groups.append((rank: rank, region: finding.location.region, name: name, findings: [finding]))
            }
        }
        groups.sort { ($0.rank, $0.region, $0.name) < ($1.rank, $1.region, $1.name) }
        for group in groups {
            cases.append(testCase(name: group.name, findings: group.findings))
        }
        return Suite(name: input.path, classname: input.path, durationSeconds: input.durationSeconds ?? 0, cases: cases)
    }

    private static func snapshotOrder(_ input: AuditedInput) -> [String: Int] {
        var order: [String: Int] = [:]
        for (index, snapshot) in input.snapshots.enumerated() where order[snapshot.id] == nil {
            order[snapshot.id] = index
        }
        return order
    }

    private static func testCase(name: String, findings: [AuditFinding]) -> TestCase {
        guard !findings.isEmpty else { return TestCase(name: name, outcome: .passed, detail: "") }
        let detail = findings.map(detailLines).joined(separator: "\n")
        let failing = findings.filter(\.fails)
        if let first = failing.first {
            let message = failing.count == 1 ? first.message : "\(failing.count) findings: \(first.message)"
            return TestCase(name: name, outcome: .failure(message: message, type: first.ruleID), detail: detail)
        }
        if findings.contains(where: { !$0.isSuppressed }) {
            return TestCase(name: name, outcome: .passed, detail: detail)
        }
        let statuses = Set(findings.compactMap { $0.baseline?.status.rawValue }).sorted().joined(separator: ", ")
        return TestCase(
            name: name, outcome: .skipped(message: "suppressed by the baseline (\(statuses))"), detail: detail)
    }

    /// The text reporter's line, then the snapshot, fingerprint and screen cells.
    static func detailLines(_ finding: AuditFinding) -> String {
        var facts = ["snapshot \(finding.snapshotID ?? "none")", "fingerprint \(finding.fingerprint)"]
        if !finding.spans.isEmpty { facts.append("cells " + finding.spans.map(\.description).joined(separator: " ")) }
        if let count = finding.placeCountText {
            facts.append(count + ": " + finding.places.map(\.description).joined(separator: " "))
        }
        // The snapshot id of a capture is its path: escaped, like the text line above it.
        return TextAuditReporter.findingLine(finding) + "\n  " + DisplayText.escaped(facts.joined(separator: ", "))
    }

    /// Appends ` (2)`, ` (3)`, … to repeated names.
    static func uniquelyNamed(_ cases: [TestCase]) -> [TestCase] {
        var used: Set<String> = []
        return cases.map { testCase in
            var testCase = testCase
            var candidate = testCase.name
            var number = 2
            while used.contains(candidate) {
                candidate = "\(testCase.name) (\(number))"
                number += 1
            }
            used.insert(candidate)
            testCase.name = candidate
            return testCase
        }
    }
}
