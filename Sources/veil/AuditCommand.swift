import ArgumentParser
import Foundation
import Veil
import VeilRedaction

/// `veil audit`: the CI check. Plays scenarios and reads captures, and fails when an
/// app-switcher snapshot would show a block finding the app did not hide, or the app broke a
/// life-cycle rule.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Audit scenarios and terminal captures: fail when a snapshot would leak a secret.",
        discussion: """
            PATH is a file or a folder. Folders are searched recursively (hidden folders and .build \
            skipped, and the paths the folder's .veilignore or an --exclude GLOB matches, in gitignore \
            syntax; symbolic links to folders not followed; --verbose lists every skip) for scenarios \
            (*.veil.yml), captures (*.ans, *.cast), SVG captures (*.svg) and VHS tapes (*.tape); the \
            screens a scenario shows \
            are audited with it, not again as captures. A capture's header fields, typed input, markers \
            and escape-sequence strings (titles, working directory, hyperlinks, clipboard) are judged \
            too, and a tape's typed lines, Env and Set values. A file given by name is a scenario when \
            it ends in .yml or .yaml, a tape when it ends in .tape, an SVG when it ends in .svg, else a \
            capture, and is audited even \
            when a pattern matches it. A 'veil:allow RULE' comment on a \
            scenario's step, or a 'veil:allow RULE' marker event in a .cast, allows that finding there \
            (reported as allowed). Every file a scenario names must lie inside the audited \
            folder (no absolute paths, no '..' or symbolic links out of it, regular files only) unless \
            --allow-outside-root. Secrets are masked in every \
            format unless --show-secrets. Exit codes: 0 clean or warnings only; 1 a block finding not \
            in the baseline, or a life-cycle violation; 2 an input, configuration or usage error \
            (the other inputs are still audited and reported).

            Fingerprints in reports are keyed (HMAC) with the baseline's salt; without a baseline, \
            with the UTF-8 bytes of the environment variable \(AuditOptions.fingerprintSaltVariable) (a CI secret of at \
            least 16 bytes; an empty value counts as unset); else with a random salt per run, so \
            they change between runs. Reports say which.
            """
    )

    @Argument(help: "Scenario files, capture files and folders.", completion: .file())
    var paths: [String]

    @Option(help: "Output format.")
    var format: ReportFormat = .text

    @Option(
        name: [.customShort("o"), .long],
        help: "Write the report to FILE (atomically; - is standard output) instead of standard output.")
    var output: OutputTarget?

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "Also write the report in FORMAT to FILE (repeatable), beside --format's: e.g. --report "
                + "html:veil-report.html for people, --report markdown:summary.md for a GitHub job summary.",
            valueName: "FORMAT:FILE"))
    var reports: [AuditExtraReport] = []

    @Option(help: "Baseline of reviewed findings to subtract (JSON).", completion: .file(extensions: ["json"]))
    var baseline: String?

    @Flag(
        name: .customLong("update-baseline"),
        help: "Rewrite --baseline from the current findings, keeping reviewed statuses and reasons.")
    var updateBaseline = false

    @Flag(
        help: ArgumentHelp(
            "Decide on a terminal, one by one, about each finding not in --baseline (accept, "
                + "real leak, skip, quit); accepted ones are written to the baseline."))
    var review = false

    @OptionGroup var flood: GroupAboveOption

    @Option(help: "Inputs audited in parallel (default: the number of active cores).")
    var jobs: Int?

    @Option(help: "Audit only part K of N of the inputs (K is 1-based), e.g. 2/3.", transform: Self.shard)
    var shard: AuditShard?

    @Flag(name: .customLong("show-secrets"), help: "Show raw values in findings (local use only; never in CI).")
    var showSecrets = false

    @Flag(
        name: .customLong("no-timing"), help: "Leave durations out, so reports of the same inputs are byte-identical.")
    var noTiming = false

    @Flag(
        help:
            "Feed captures (not .cast recordings, which are always raw) exactly as a pty master read them, instead of as a cooked terminal shows them (LF as CR LF)."
    )
    var raw = false

    @OptionGroup var size: ScreenSizeOptions

    @OptionGroup var rules: ConfigOption

    @OptionGroup var outside: OutsideRootOption

    @Option(
        name: .customLong("exclude"),
        help: ArgumentHelp(
            "Leave out of folder searches the paths matching GLOB (gitignore syntax, relative to the folder; repeatable).",
            valueName: "GLOB"))
    var excludes: [String] = []

    @Flag(
        name: .customLong("allow-exec"),
        help: "Run the programs that scenarios name (screen.exec); without it such a scenario is an error.")
    var allowExec = false

    @Flag(name: .customLong("ignore-allow-markers"), help: "Let no veil:allow marker in an input allow a finding.")
    var ignoreAllowMarkers = false

    @Flag(
        name: .customLong("verbose"),
        help: "Also say on standard error which rules files applied, and what the folder search skipped and why.")
    var verbose = false

    @Option(
        name: .customLong("pinned-rules"),
        help: ArgumentHelp(
            "A rules file the workflow vouches for (repeatable): a rules file of the audited tree with the same content may turn rules off, allow broadly or stop scanning the title without a finding.",
            valueName: "file"))
    var pinnedRules: [String] = []

    @OptionGroup var fileMode: FileModeOption

    /// The report's destination file; nil for standard output (no `-o`, or `-o -`).
    var outputFile: String? {
        if case .file(let path) = output { return path }
        return nil
    }

    /// The secret fingerprint salt from the environment: its UTF-8 bytes; nil when unset or
    /// empty (a CI secret that a fork's pull request cannot read expands to nothing).
    static func fingerprintSalt(environment: [String: String]) -> [UInt8]? {
        guard let value = environment[AuditOptions.fingerprintSaltVariable], !value.isEmpty else { return nil }
        return Array(value.utf8)
    }

    /// Checks what the parser cannot (the values' ranges), then the options together
    /// (``AuditOptions/problems``, the engine's own check, with its wording).
    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more (got \(jobs))") }
        if let problem = options(currentFolder: "/").problems.first { throw ValidationError(problem.description) }
        var files: Set<String> = outputFile.map { [$0] } ?? []
        for extra in reports where !files.insert(extra.path).inserted {
            throw ValidationError(
                "--report \(extra.format.rawValue):\(extra.path) names a file written twice")
        }
    }

    /// The engine's options for these arguments.
    func options(currentFolder: String) -> AuditOptions {
        var options = AuditOptions(
            paths: paths, configPath: rules.config, cols: size.explicitCols, rows: size.explicitRows,
            baselinePath: baseline, updateBaseline: updateBaseline,
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            shard: shard, showSecrets: showSecrets,
            currentFolder: currentFolder,
            tool: VeilCommand.tool, timing: !noTiming,
            fingerprintSalt: Self.fingerprintSalt(environment: ProcessInfo.processInfo.environment))
        options.allowsOutsideRoot = outside.allowOutsideRoot
        options.rawCaptures = raw
        options.allowsExec = allowExec
        options.excludes = excludes
        options.review = review
        options.honoursAllowMarkers = !ignoreAllowMarkers
        options.outputPolicy = fileMode.policy(inputs: paths)
        options.pinnedRulesPaths = pinnedRules
        options.frames = ([format] + reports.map(\.format)).contains(.html)
        return options
    }

    func run() async throws {
        if review { return try await runReview() }
        let reporter = format.auditReporter
        let currentFolder = FileManager.default.currentDirectoryPath
        let options = options(currentFolder: currentFolder)
        let outcome = await AuditEngine(options: options).run(progress: .standardError())
        let report = outcome.report
        let environment = ProcessInfo.processInfo.environment
        let colour =
            outputFile == nil && format == .text
            && AuditReportOptions.wantsColour(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
        let sourceRoot = URL(fileURLWithPath: currentFolder, isDirectory: true).absoluteString
        var reportOptions = AuditReportOptions(
            colour: colour, sourceRootURI: sourceRoot,
            command: ShellQuoting.command(["veil"] + CommandLine.arguments.dropFirst()),
            warnings: outcome.warnings, skipped: outcome.skipped)
        reportOptions.groupAbove = flood.groupAbove
        let text = reporter.report(report, options: reportOptions)

        if verbose {
            for file in report.rulesFiles { Self.standardError("veil audit: rules: \(file.summary)") }
            for skip in outcome.skipped { Self.standardError("veil audit: skipped \(skip)") }
        }
        if !outcome.leftOutByTree.isEmpty {
            // A .veilignore is part of the audited tree (a pull request can add one): what it
            // left out is said on every run, not only with --verbose.
            let count = outcome.leftOutByTree.count
            Console.note(
                "a .veilignore in the audited tree left out \(count) path\(count == 1 ? "" : "s") "
                    + "(--verbose names each with its pattern)")
        }
        let resolver = rules.resolver()
        for unapplied in Set(paths.compactMap { resolver.unappliedFile(forInputAt: $0) }).sorted() {
            Console.note(AuditRulesFile.unappliedNote(unapplied))
        }
        for warning in outcome.warnings { Self.standardError("warning: \(warning)") }
        if let written = outcome.baselineWritten { Self.standardError("veil audit: wrote baseline \(written)") }
        var exitCode = report.exitCode
        if let output = outputFile {
            do {
                try AuditOutput.write(text, to: output, policy: options.outputPolicy, currentFolder: currentFolder)
            } catch {
                Self.standardError("veil audit: cannot write \(output): \(error)")
                exitCode = 2
            }
        } else {
            if format == .text {
                Console.out(text, terminator: "")
            } else {
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        }
        for extra in reports {
            var extraOptions = reportOptions
            extraOptions.colour = false
            do {
                try AuditOutput.write(
                    extra.format.auditReporter.report(report, options: extraOptions), to: extra.path,
                    policy: options.outputPolicy, currentFolder: currentFolder)
            } catch {
                Self.standardError("veil audit: cannot write \(extra.path): \(error)")
                exitCode = 2
            }
        }
        if outputFile != nil || format != .text { Self.standardError(AuditOutput.summaryLine(report)) }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    /// `--shard K/N`, parsed once.
    static func shard(_ text: String) throws -> AuditShard {
        guard let shard = AuditShard(parsing: text) else { throw InvalidShard() }
        return shard
    }

    /// Not `K/N`.
    struct InvalidShard: Error, CustomStringConvertible {
        var description: String { "give K/N with 1 ≤ K ≤ N, e.g. 2/3" }
    }

    /// Writes one line to standard error, every value in it escaped (``DisplayText``).
    static func standardError(_ line: String) {
        Console.error(DisplayText.escaped(line))
    }
}

/// `veil audit --report FORMAT:FILE`: a second report, in any format, written to a file.
struct AuditExtraReport: ExpressibleByArgument {
    /// The format.
    var format: ReportFormat
    /// The file (relative to the current folder), never standard output.
    var path: String

    init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":"),
            let format = ReportFormat(rawValue: String(argument[..<colon]))
        else { return nil }
        let path = String(argument[argument.index(after: colon)...])
        guard !path.isEmpty, path != "-" else { return nil }
        self.format = format
        self.path = path
    }

    static var defaultCompletionKind: CompletionKind { .file() }
}
