import Foundation
import Testing
import Veil

/// The GitHub Action's audit and check steps (Scripts/action/run, as action.yml runs them) on
/// the repository's demo app, with a runner's GITHUB_OUTPUT simulated and the built veil.
/// Scripts/test-action runs every step, the release build included, on a fresh clone.
@Suite struct ActionScriptTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    struct Step {
        var status: Int32
        var outputs: [String: String]
        /// What the step printed to its log (standard error).
        var log: String = ""
    }

    /// Runs `Scripts/action/run STEP` (or `script`) in `workspace` with `environment`.
    static func step(
        _ step: String, in workspace: URL, _ environment: [String: String], script: URL? = nil
    ) throws -> Step {
        let scratch = try Temp.folder(prefix: "veil-action-step")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputFile = scratch.appendingPathComponent("github-output")
        let logFile = scratch.appendingPathComponent("log")
        try Data().write(to: outputFile)
        try Data().write(to: logFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [(script ?? repositoryRoot.appendingPathComponent("Scripts/action/run")).path, step]
        process.currentDirectoryURL = workspace
        var merged = ProcessInfo.processInfo.environment
        merged["VEIL_FINGERPRINT_SALT"] = nil
        merged["GITHUB_BASE_REF"] = nil
        merged["GITHUB_OUTPUT"] = outputFile.path
        merged["RUNNER_TEMP"] = scratch.path
        merged["VEIL_BINARY"] = try CLI.binary().path
        merged.merge(environment) { $1 }
        process.environment = merged
        let log = try FileHandle(forWritingTo: logFile)
        process.standardOutput = log
        process.standardError = log
        try process.run()
        process.waitUntilExit()
        try log.close()
        let outputs = parseOutputs(try String(contentsOf: outputFile, encoding: .utf8))
        // A report in the step's temporary folder is gone with it: keep a copy for the test.
        if let report = outputs["report"], report.hasPrefix(scratch.path),
            FileManager.default.fileExists(atPath: report)
        {
            let kept = workspace.deletingLastPathComponent().appendingPathComponent(
                "kept-" + (report as NSString).lastPathComponent)
            try? FileManager.default.removeItem(at: kept)
            try FileManager.default.copyItem(atPath: report, toPath: kept.path)
        }
        return Step(
            status: process.terminationStatus, outputs: outputs,
            log: String(decoding: try Data(contentsOf: logFile), as: UTF8.self))
    }

    /// GitHub's reading of a GITHUB_OUTPUT file: `name=value` lines and `name<<DELIMITER`
    /// blocks; a later value of a name wins.
    static func parseOutputs(_ text: String) -> [String: String] {
        var outputs: [String: String] = [:]
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            if let marker = line.range(of: "<<") {
                let name = String(line[..<marker.lowerBound])
                let delimiter = line[marker.upperBound...]
                var value: [Substring] = []
                while let next = lines.popFirst(), next != delimiter { value.append(next) }
                outputs[name] = value.joined(separator: "\n")
            } else if let equals = line.firstIndex(of: "=") {
                outputs[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        return outputs
    }

    /// `<scratch>/workspace` holding the demo app and its baseline; remove `<scratch>` after.
    static func workspace() throws -> URL {
        let workspace = try Temp.folder(prefix: "veil-action").appendingPathComponent("workspace")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("Resources/Demo"),
            to: workspace.appendingPathComponent("Demo"))
        try FileManager.default.createDirectory(
            at: workspace.appendingPathComponent(".github"),
            withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent(".github/veil-demo-baseline.json"),
            to: workspace.appendingPathComponent(".github/veil-demo-baseline.json"))
        return workspace
    }

    @Test func auditRecordsTheExitCodeAndCheckFailsAsFailOnSays() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else {
            print("ActionScriptTests: no /bin/bash; skipped")
            return
        }
        let workspace = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: workspace.deletingLastPathComponent()) }

        let clean = try Self.step(
            "audit", in: workspace,
            [
                "INPUT_PATHS": "Demo", "INPUT_BASELINE": ".github/veil-demo-baseline.json", "INPUT_FORMAT": "sarif",
                "INPUT_ARGS": "--no-timing --jobs 1",
            ])
        #expect(clean.status == 0)
        #expect(clean.outputs["exit-code"] == "0")
        // The report goes to the runner's temporary folder, outside the checkout.
        let report = try #require(clean.outputs["report"])
        #expect(report.hasSuffix("/veil.sarif") && !report.hasPrefix(workspace.path), "\(report)")
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("veil.sarif").path))
        let sarif = try JSONSerialization.jsonObject(
            with: Data(contentsOf: workspace.deletingLastPathComponent().appendingPathComponent("kept-veil.sarif")))
        #expect((sarif as? [String: Any])?["version"] as? String == "2.1.0")

        // Without the baseline the demo leaks: the audit step still succeeds, the check decides.
        let leaking = try Self.step(
            "audit", in: workspace,
            [
                "INPUT_PATHS": "Demo", "INPUT_FORMAT": "json",
                "INPUT_OUTPUT": "out/report.json",
            ])
        #expect(leaking.status == 0)
        #expect(leaking.outputs["exit-code"] == "1")
        #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("out/report.json").path))
        let missing = try Self.step("audit", in: workspace, ["INPUT_PATHS": "no-such-folder"])
        #expect(missing.outputs["exit-code"] == "2")

        for (code, failOn, expected) in [
            ("1", "block", 1), ("1", "error", 0), ("2", "error", 2), ("2", "never", 0),
            ("0", "block", 0), ("1", "sometimes", 2),
        ] as [(String, String, Int32)] {
            let check = try Self.step("check", in: workspace, ["VEIL_EXIT_CODE": code, "INPUT_FAIL_ON": failOn])
            #expect(check.status == expected, "exit \(code), fail-on \(failOn)")
        }
        let badFormat = try Self.step("audit", in: workspace, ["INPUT_FORMAT": "pdf"])
        #expect(badFormat.status == 2)
    }

    // MARK: Issue 26: a pull request's tree against the action

    /// A copy of the action's script in `<scratch>/action`, as the runner checks the action out.
    static func actionCopy(in scratch: URL) throws -> URL {
        let script = scratch.appendingPathComponent("action/Scripts/action/run")
        try FileManager.default.createDirectory(
            at: script.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Scripts/action/run"), to: script)
        return script
    }

    /// A pull request's checkout: a leaking capture and a rules file whose rule description
    /// ends in shell commands.
    static func hostileWorkspace(in scratch: URL) throws -> URL {
        let workspace = scratch.appendingPathComponent("workspace")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try Data("Card 4111 1111 1111 1111\r\n".utf8).write(to: workspace.appendingPathComponent("leak.ans"))
        let padding = String(repeating: "x", count: 3000)
        let rules = """
            rules:
              - id: pr.rule
                description: "\(padding)\\n touch pwned-run; $(touch pwned-subst) `touch pwned-tick`"
                regex: 'ZZZ-[0-9]{4}'

            """
        try Data(rules.utf8).write(to: workspace.appendingPathComponent(".veil.yml"))
        return workspace
    }

    @Test func aReportLinkedToTheActionsScriptNeitherRewritesItNorRunsThePullRequestsText() throws {
        let scratch = try Temp.folder(prefix: "veil-action-pr")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = try Self.actionCopy(in: scratch)
        let original = try Data(contentsOf: script)
        let workspace = try Self.hostileWorkspace(in: scratch)
        for name in ["veil.sarif", "veil.json", "veil-junit.xml", "veil.txt"] {
            try FileManager.default.createSymbolicLink(
                atPath: workspace.appendingPathComponent(name).path, withDestinationPath: script.path)
        }
        for format in ["sarif", "json", "junit", "text"] {
            let audit = try Self.step(
                "audit", in: workspace, ["INPUT_PATHS": ".", "INPUT_FORMAT": format], script: script)
            #expect(audit.status == 0, "\(format): \(audit.log)")
            // The audit ran and found the card: the report went outside the checkout.
            #expect(audit.outputs["exit-code"] == "1", "\(format): \(audit.outputs) \(audit.log)")
            #expect(try Data(contentsOf: script) == original, "\(format): the action's script was rewritten")
            let check = try Self.step(
                "check", in: workspace, ["VEIL_EXIT_CODE": audit.outputs["exit-code"] ?? "", "INPUT_FAIL_ON": "block"],
                script: script)
            #expect(check.status == 1, "\(format): \(check.log)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.path)
        #expect(!left.contains { $0.hasPrefix("pwned") }, "\(left)")
    }

    @Test func aTextReportLinkedToTheEnvironmentNeverReachesTheLog() throws {
        let scratch = try Temp.folder(prefix: "veil-action-env")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let workspace = try Self.hostileWorkspace(in: scratch)
        try FileManager.default.createSymbolicLink(
            atPath: workspace.appendingPathComponent("veil.txt").path, withDestinationPath: "/proc/self/environ")
        // The old default (veil.txt in the checkout) and the new one.
        for output in ["veil.txt", ""] {
            let audit = try Self.step(
                "audit", in: workspace,
                [
                    "INPUT_PATHS": ".", "INPUT_FORMAT": "text", "INPUT_OUTPUT": output,
                    "VEIL_TEST_JOB_SECRET": "job-secret-4c0ffee5-never-in-the-log",
                ])
            #expect(!audit.log.contains("job-secret-4c0ffee5"), "output '\(output)': \(audit.log)")
        }
    }

    @Test func outputsAreDataNeverCode() throws {
        let scratch = try Temp.folder(prefix: "veil-action-data")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let workspace = try Self.hostileWorkspace(in: scratch)
        // A value with a line break cannot add an output of its own.
        let audit = try Self.step(
            "audit", in: workspace,
            ["INPUT_PATHS": ".", "INPUT_FORMAT": "json", "INPUT_OUTPUT": "out/r.json\nexit-code=0"])
        #expect(audit.outputs["exit-code"] == "1", "\(audit.outputs)")
        #expect(audit.outputs["report"] == "out/r.json\nexit-code=0")
        // An exit code that is not a number stops the check step, and nothing in it runs.
        for hostile in ["a[$(touch pwned-check)]", "1; touch pwned-check", "$(touch pwned-check)"] {
            let check = try Self.step("check", in: workspace, ["VEIL_EXIT_CODE": hostile, "INPUT_FAIL_ON": "error"])
            #expect(check.status == 2, "\(hostile): \(check.log)")
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("pwned-check").path))
        // Paths after --: a path named like an option is audited, not obeyed.
        try Data("Card 4111 1111 1111 1111\r\n".utf8).write(to: workspace.appendingPathComponent("--output=x.ans"))
        let named = try Self.step("audit", in: workspace, ["INPUT_PATHS": "--output=x.ans", "INPUT_FORMAT": "json"])
        #expect(named.outputs["exit-code"] == "1", "\(named.log)")
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("x.ans").path))
    }

    /// `git` in `folder`, failing the test when it fails.
    static func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.email=t@example.com", "-c", "user.name=t"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    @Test func theBaseBranchsRulesArePinnedAndAChangedCopyIsNot() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else {
            print("ActionScriptTests: no git; skipped")
            return
        }
        let scratch = try Temp.folder(prefix: "veil-action-pin")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The base branch turns the card rule off on purpose (a maintainer's decision).
        let origin = scratch.appendingPathComponent("origin")
        try FileManager.default.createDirectory(at: origin, withIntermediateDirectories: true)
        try Self.git(["init", "-q", "-b", "main", "."], in: origin)
        try Data("Card 4111 1111 1111 1111\r\n".utf8).write(to: origin.appendingPathComponent("leak.ans"))
        let base = "extend:\n  disabledRules: [card.pan]\n"
        try Data(base.utf8).write(to: origin.appendingPathComponent(".veil.yml"))
        try Self.git(["add", "."], in: origin)
        try Self.git(["commit", "-q", "-m", "base"], in: origin)
        let workspace = scratch.appendingPathComponent("workspace")
        try Self.git(["clone", "-q", origin.path, workspace.path], in: scratch)
        let pullRequest = ["INPUT_PATHS": ".", "INPUT_FORMAT": "json", "GITHUB_BASE_REF": "main"]
        let same = try Self.step("audit", in: workspace, pullRequest)
        #expect(same.outputs["exit-code"] == "0", "\(same.log)")
        // The pull request goes further: its own copy is not the base branch's.
        try Data((base + "scanTitle: false\n").utf8).write(to: workspace.appendingPathComponent(".veil.yml"))
        let changed = try Self.step("audit", in: workspace, pullRequest)
        #expect(changed.outputs["exit-code"] == "1", "\(changed.log)")
        // Without the pin (not a pull request, or pin-base-rules: false) the base's own setting blocks too.
        try Data(base.utf8).write(to: workspace.appendingPathComponent(".veil.yml"))
        let unpinned = try Self.step(
            "audit", in: workspace, pullRequest.merging(["INPUT_PIN_BASE_RULES": "false"]) { $1 })
        #expect(unpinned.outputs["exit-code"] == "1", "\(unpinned.log)")
        let pinnedByConfig = try Self.step(
            "audit", in: workspace, ["INPUT_PATHS": ".", "INPUT_FORMAT": "json", "INPUT_CONFIG": ".veil.yml"])
        #expect(pinnedByConfig.outputs["exit-code"] == "0", "\(pinnedByConfig.log)")
    }

    /// The pre-commit hooks' entry, as .pre-commit-hooks.yaml declares it, with staged names
    /// appended as pre-commit does.
    @Test func thePreCommitEntryTakesStagedNamesAsPathsEvenWhenTheyLookLikeOptions() throws {
        let hooks = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let entries = hooks.split(separator: "\n").compactMap { line -> [String]? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("entry:") else { return nil }
            return trimmed.dropFirst("entry:".count).split(separator: " ").map(String.init)
        }
        #expect(entries.count == 2)
        let scratch = try Temp.folder(prefix: "veil-pre-commit")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let victim = scratch.appendingPathComponent("victim.txt")
        try Data("keep".utf8).write(to: victim)
        let repo = scratch.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try Data("Card 4111 1111 1111 1111\r\n".utf8).write(to: repo.appendingPathComponent("--output=r.ans"))
        try FileManager.default.createSymbolicLink(
            atPath: repo.appendingPathComponent("r.ans").path, withDestinationPath: victim.path)
        for entry in entries {
            #expect(entry.first == "veil" && entry.last == "--", "\(entry)")
            let result = try CLI.run(Array(entry.dropFirst()) + ["--output=r.ans"], in: repo)
            #expect(result.status == 1, "\(entry): \(result)")
            #expect(result.stdout.contains("--output=r.ans (capture)"), "\(result)")
            #expect(try Data(contentsOf: victim) == Data("keep".utf8))
        }
    }

    /// The hooks pick the files a folder search audits (every kind: captures, recordings,
    /// scenarios, tapes, SVG captures; extensions in any case), and no other.
    @Test func thePreCommitHooksPickEveryKindTheFolderSearchAudits() throws {
        let hooks = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let patterns = hooks.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("files:") else { return nil }
            return trimmed.dropFirst("files:".count).trimmingCharacters(in: .whitespaces)
        }
        #expect(patterns.count == 2)
        let names = [
            "a.cast", "b.ans", "c.ansi", "d.tape", "e.svg", "app.veil.yml", "F.CAST", "G.Svg", "h.Tape",
            "notes.txt", "config.yml", "logo.png", "x.cast.bak", "demo.gif",
        ]
        for pattern in patterns {
            // pre-commit searches each staged path with Python's re.search.
            let regex = try NSRegularExpression(pattern: pattern)
            for name in names {
                let picked = regex.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
                let audited = AuditInputDiscovery.kind(ofFoundFile: name) != nil
                #expect(picked == audited, "\(pattern): \(name)")
            }
        }
    }

    /// The HTML report beside the SARIF one (the artifact), and the Markdown job summary
    /// appended to what earlier steps wrote to `$GITHUB_STEP_SUMMARY`.
    @Test func auditWritesTheHTMLReportAndAppendsTheJobSummary() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let workspace = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        let summary = workspace.appendingPathComponent("step-summary.md")
        try Data("earlier step\n".utf8).write(to: summary)
        let runnerTemp = workspace.appendingPathComponent("runner-temp")
        try FileManager.default.createDirectory(at: runnerTemp, withIntermediateDirectories: true)
        let leaking = try Self.step(
            "audit", in: workspace,
            [
                "INPUT_PATHS": "Demo", "INPUT_FORMAT": "sarif", "INPUT_ARGS": "--no-timing --jobs 1",
                "GITHUB_STEP_SUMMARY": summary.path, "RUNNER_TEMP": runnerTemp.path,
            ])
        #expect(leaking.outputs["exit-code"] == "1")
        // The HTML report is in the action's folder, outside the checkout.
        let html = try #require(leaking.outputs["html-report"])
        #expect(html.hasPrefix(runnerTemp.path + "/veil-action.") && html.hasSuffix("/veil-report.html"), "\(html)")
        let page = try String(contentsOf: URL(fileURLWithPath: html), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<article class=\"finding\""))
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.hasPrefix("earlier step\n## Veil audit: failed (exit 1)\n"), "\(text)")
        #expect(text.contains("### Blocking findings\n\n<table>"))
        #expect(text.contains("The HTML report, each finding on its redacted frame, is in the artifact of this job."))
        // The summary's file is removed once appended; the action's folder keeps the reports.
        let left = try FileManager.default.contentsOfDirectory(atPath: runnerTemp.path)
        #expect(left.count == 1 && left[0].hasPrefix("veil-action."), "\(left)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: runnerTemp.appendingPathComponent(left[0]).path)
                .sorted()
                == ["veil-report.html", "veil.sarif"])

        // html-report none and job-summary false: neither is written.
        let quiet = try Self.step(
            "audit", in: workspace,
            [
                "INPUT_PATHS": "Demo", "INPUT_ARGS": "--no-timing --jobs 1", "INPUT_HTML_REPORT": "none",
                "INPUT_JOB_SUMMARY": "false", "GITHUB_STEP_SUMMARY": summary.path, "RUNNER_TEMP": runnerTemp.path,
            ])
        #expect(quiet.outputs["exit-code"] == "1")
        #expect(quiet.outputs["html-report"] == nil)
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("veil-report.html").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: runnerTemp.path).count == 2)
        #expect(try String(contentsOf: summary, encoding: .utf8) == text)
    }
}
