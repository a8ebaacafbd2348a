import Foundation
import Testing

/// The GitHub Action's audit and check steps (Scripts/action/run, as action.yml runs them) on
/// the repository's demo app, with a runner's GITHUB_OUTPUT simulated and the built veil.
/// Scripts/test-action runs every step, the release build included, on a fresh clone.
@Suite struct ActionScriptTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    struct Step {
        var status: Int32
        var outputs: [String: String]
    }

    /// Runs `Scripts/action/run STEP` in `workspace` with `environment`.
    static func step(_ step: String, in workspace: URL, _ environment: [String: String]) throws -> Step {
        let outputFile = workspace.appendingPathComponent(".github-output")
        try Data().write(to: outputFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [repositoryRoot.appendingPathComponent("Scripts/action/run").path, step]
        process.currentDirectoryURL = workspace
        var merged = ProcessInfo.processInfo.environment
        merged["VEIL_FINGERPRINT_SALT"] = nil
        merged["GITHUB_OUTPUT"] = outputFile.path
        merged["VEIL_BINARY"] = try CLI.binary().path
        merged.merge(environment) { $1 }
        process.environment = merged
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        var outputs: [String: String] = [:]
        for line in try String(contentsOf: outputFile, encoding: .utf8).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            outputs[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return Step(status: process.terminationStatus, outputs: outputs)
    }

    static func workspace() throws -> URL {
        let workspace = try Temp.folder(prefix: "veil-action")
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
        defer { try? FileManager.default.removeItem(at: workspace) }

        let clean = try Self.step(
            "audit", in: workspace,
            [
                "INPUT_PATHS": "Demo", "INPUT_BASELINE": ".github/veil-demo-baseline.json", "INPUT_FORMAT": "sarif",
                "INPUT_ARGS": "--no-timing --jobs 1",
            ])
        #expect(clean.status == 0)
        #expect(clean.outputs["exit-code"] == "0")
        #expect(clean.outputs["report"] == "veil.sarif")
        let sarif = try JSONSerialization.jsonObject(
            with: Data(contentsOf: workspace.appendingPathComponent("veil.sarif")))
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
        #expect(leaking.outputs["html-report"] == "veil-report.html")
        let page = try String(contentsOf: workspace.appendingPathComponent("veil-report.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<article class=\"finding\""))
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.hasPrefix("earlier step\n## Veil audit: failed (exit 1)\n"), "\(text)")
        #expect(text.contains("### Blocking findings\n\n<table>"))
        #expect(text.contains("The HTML report, each finding on its redacted frame, is in the artifact of this job."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: runnerTemp.path).isEmpty)

        // html-report and job-summary empty or false: neither is written.
        try FileManager.default.removeItem(at: workspace.appendingPathComponent("veil-report.html"))
        let quiet = try Self.step(
            "audit", in: workspace,
            [
                "INPUT_PATHS": "Demo", "INPUT_ARGS": "--no-timing --jobs 1", "INPUT_HTML_REPORT": "",
                "INPUT_JOB_SUMMARY": "false", "GITHUB_STEP_SUMMARY": summary.path, "RUNNER_TEMP": runnerTemp.path,
            ])
        #expect(quiet.outputs["exit-code"] == "1")
        #expect(quiet.outputs["html-report"] == nil)
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("veil-report.html").path))
        #expect(try String(contentsOf: summary, encoding: .utf8) == text)
    }
}
