/// Turns an ``AuditReport`` into one output format.
///
/// A reporter is pure: the same report and options always give the same bytes. It prints
/// no value that the report does not hold, so secrets stay masked.
///
/// Requirements, as a test you can run on any reporter `R`:
/// ```swift
/// let a = R.report(AuditReport(tool: tool, rules: rules, inputs: inputs, findings: findings, durationSeconds: 1), options: .init())
/// let b = R.report(AuditReport(tool: tool, rules: rules.shuffled(), inputs: inputs.shuffled(), findings: findings.shuffled(), durationSeconds: 1), options: .init())
/// #expect(a == b)
/// ```
public protocol AuditReporter: Sendable {
    /// The `--format` value: the raw value of the ``ReportFormat`` it writes.
    static var identifier: String { get }
    /// One line for help text.
    static var description: String { get }
    /// The whole output, ending with a newline.
    static func report(_ report: AuditReport, options: AuditReportOptions) -> String
}

/// Options shared by the reporters; each documents which ones it reads.
public struct AuditReportOptions: Sendable, Hashable {
    /// GitHub's limit on results per SARIF run.
    public static let sarifResultLimit = 25_000

    /// ANSI colour in `text` output, as ``TerminalColour`` decides it (`NO_COLOR`, `CLICOLOR_FORCE`, `CI`, a TTY).
    public var colour: Bool
    /// The absolute `file://` URI of the repository root, ending with `/`, for SARIF
    /// `originalUriBaseIds["%SRCROOT%"]`; without it the base is only described.
    public var sourceRootURI: String?
    /// The most results a SARIF run holds; the rest are left out and a notification says so.
    public var sarifResultLimit: Int
    /// The command line that produced the report, quoted for a shell (``ShellQuoting``): the
    /// `html` and `markdown` reports print it so the run can be repeated.
    public var command: String?
    /// What the audit said besides its findings (content outside a capture's screen, parts of
    /// a recording it could not read), one sentence each: the `html` report's coverage.
    public var warnings: [String]
    /// What the folder search skipped and why (``AuditOutcome/skipped``): the `html` report
    /// lists them, folded.
    public var skipped: [String]
    /// More findings of one rule in one input than this are a flood (``AuditFlood``): the
    /// `text` report gives them as one line, `sarif` as one result, `json` names them in
    /// `floods`; 0 never groups (`--group-above`).
    public var groupAbove = Self.defaultGroupAbove

    /// The default of ``groupAbove``: `veil scan`'s (``ScanReport/defaultGroupAbove``).
    public static let defaultGroupAbove = ScanReport.defaultGroupAbove

    /// Whether `text` output should be coloured: the one rule of ``TerminalColour``.
    public static func wantsColour(isTerminal: Bool, environment: [String: String]) -> Bool {
        TerminalColour.wanted(isTerminal: isTerminal, environment: environment)
    }

    /// Options; every value has a default.
    public init(
        colour: Bool = false, sourceRootURI: String? = nil, sarifResultLimit: Int = Self.sarifResultLimit,
        command: String? = nil, warnings: [String] = [], skipped: [String] = []
    ) {
        self.colour = colour
        self.sourceRootURI = sourceRootURI
        self.sarifResultLimit = max(0, sarifResultLimit)
        self.command = command
        self.warnings = warnings
        self.skipped = skipped
    }
}

/// The reporters by identifier.
public enum AuditReporters {
    /// Every reporter, `text` first (the default format), in ``ReportFormat``'s order.
    public static var all: [any AuditReporter.Type] { ReportFormat.allCases.map(\.auditReporter) }

    /// `["text", "json", "sarif", "junit", "html", "markdown"]`.
    public static var identifiers: [String] { all.map { $0.identifier } }

    /// The reporter whose identifier is `identifier`, if any.
    public static func reporter(for identifier: String) -> (any AuditReporter.Type)? {
        all.first { $0.identifier == identifier }
    }
}
