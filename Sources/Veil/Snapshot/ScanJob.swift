import VeilRedaction
import VeilScreen

/// `veil scan` from its input to its report, so the command line only parses options and
/// prints: a capture judged at every moment it showed (``ExposureScanner``), or at one
/// moment of a recording (``ScanReport``); or plain text (``TextScan``).
///
/// ```swift
/// let job = ScanJob(rules: .builtIn, format: .text, tool: AuditReport.Tool(version: "1.0"))
/// let outcome = try job.run(capture: "session.cast")
/// print(outcome.report, terminator: "")   // exit 1 when outcome.fails
/// ```
public struct ScanJob: Sendable {
    /// What is sensitive.
    public var rules: RuleSet
    /// The report's format: `text` or `json` for a capture, also `sarif` for plain text
    /// (``ReportFormat/scanFormats(text:)``).
    public var format: ReportFormat
    /// Trailing characters of each value shown (see ``Finding/maximumRevealedCharacters``).
    public var showingLast: Int
    /// Whether the report also lists every place of each value, the candidates an allowlist
    /// let through on the final screen, and the placeholders (`--verbose`; captures).
    public var listsAllowlisted: Bool
    /// More values of one rule than this are reported as one group, a flood (0: never;
    /// ``ScanReport/defaultGroupAbove``; captures judged at every moment).
    public var groupAbove = ScanReport.defaultGroupAbove
    /// Veil as SARIF names it.
    public var tool: AuditReport.Tool
    /// The folder SARIF locations are relative to (a `file:` URI; nil describes it in words).
    public var sourceRootURI: String?

    public init(
        rules: RuleSet, format: ReportFormat, showingLast: Int = 0, listsAllowlisted: Bool = false,
        tool: AuditReport.Tool, sourceRootURI: String? = nil
    ) {
        self.rules = rules
        self.format = format
        self.showingLast = showingLast
        self.listsAllowlisted = listsAllowlisted
        self.tool = tool
        self.sourceRootURI = sourceRootURI
    }

    /// What a scan found.
    public struct Outcome: Sendable {
        /// The report, ending with a newline.
        public var report: String
        /// Whether a finding fails the scan (``fails(_:)``): exit 1.
        public var fails: Bool
        /// What was unusual but read (each naming the file).
        public var warnings: [String]
    }

    /// Scans the capture at `path` (`-` for standard input), named `name` in messages: every
    /// moment it showed, or with `time` that moment of a recording; `cols`/`rows` fix the
    /// size and `raw` feeds line feeds as given, as every capture is read
    /// (``CaptureInput/read(source:raw:cols:rows:warn:)``).
    /// - Throws: ``InputError`` naming the file (also for a format other than `text` and
    ///   `json`: `veil audit` writes SARIF and the others for captures).
    public func run(
        capture path: String, name: String? = nil, at time: Double? = nil, raw: Bool = false, cols: Int? = nil,
        rows: Int? = nil
    ) throws -> Outcome {
        let name = name ?? (path == "-" ? "<stdin>" : path)
        do {
            try UnsupportedReportFormat.check(scan: format, text: false)
        } catch {
            throw InputError(path: name, message: error.description)
        }
        let findings: [Finding]
        let screen: Screen
        var warnings: [String] = []
        var render: (ScanReport.Allowlisted?) throws -> String
        if time != nil {
            // One moment: the screen at --at, judged with every value the whole capture
            // exposes (a prefix typed before its value was complete is that value's finding).
            let input = try CaptureInput.read(path: path, name: name, raw: raw, cols: cols, rows: rows) {
                warnings.append($0)
            }
            let moment = try CaptureRedactor(rules: rules).moment(
                of: input, at: time, cols: cols, rows: rows, path: name)
            warnings += moment.report.warnings
            screen = moment.screen
            findings = moment.findings
            render = { [format, showingLast] in
                try ScanReport.render(findings, as: format, showingLast: showingLast, allowlisted: $0)
            }
        } else {
            // Every moment the capture showed.
            let input = try CaptureInput.read(path: path, name: name, raw: raw, cols: cols, rows: rows) {
                warnings.append($0)
            }
            let exposure = try ExposureScanner(rules: rules).scan(input, cols: cols, rows: rows, path: path)
            warnings += exposure.warnings
            // What the capture holds but no screen shows (header, input, markers, escape strings).
            let media = try RecordingChannels(rules: rules).scan(input, path: path)
            warnings += media.unread.map { "\($0); it was not judged" }
            screen = exposure.finalScreen
            findings = exposure.exposures.map(\.finding) + media.findings.map(\.finding)
            render = { [format, showingLast, listsAllowlisted, groupAbove] in
                try ScanReport.render(
                    exposure, input: input, as: format, showingLast: showingLast, media: media.findings,
                    allowlisted: $0, listsPlaces: listsAllowlisted, groupAbove: groupAbove)
            }
        }
        let allowlisted =
            listsAllowlisted ? ScanReport.Allowlisted(try rules.detect(in: screen).dropped, on: screen) : nil
        return Outcome(report: try render(allowlisted), fails: findings.contains(where: Self.fails), warnings: warnings)
    }

    /// Scans the plain text at `path` (`-` for standard input: logs, configuration files, CI
    /// output), read in pieces: `file:line:column` positions; a block finding fails the scan.
    /// - Throws: ``InputError`` for an unreadable file or a line too long;
    ///   ``DetectionError`` when a custom detector fails; ``UnsupportedReportFormat`` for
    ///   `junit`, `html` or `markdown`.
    public func run(text path: String) throws -> Outcome {
        let findings = try TextScan.findings(path: path, rules: rules)
        let report = try TextScan.report(
            findings, path: path, rules: rules, format: format, showingLast: showingLast, tool: tool,
            sourceRootURI: sourceRootURI)
        return Outcome(report: report, fails: TextScan.blocks(findings), warnings: [])
    }

    /// Whether a finding fails the scan: a block finding the app did not hide itself (cells
    /// it marked with ESC ] 7701 are hidden by the app, as `veil audit` judges them).
    public static func fails(_ finding: Finding) -> Bool {
        if case .appMarked = finding.source { return false }
        return finding.severity == .block
    }
}
