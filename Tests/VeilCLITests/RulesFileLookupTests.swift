import Foundation
import Testing

/// Every command finds the same rules file for the same input (issue 13, item 6): the
/// nearest `.veil.yml` from the input's folder up to the current folder.
@Suite struct RulesFileLookupTests {
    /// `work/.veil.yml` (a rule for order numbers only), `work/app/order.veil.yml` (a scenario
    /// showing one, no `rules:` key) and `work/app/order.ans` (the same screen).
    static func project() throws -> URL {
        let work = try Temp.folder(prefix: "veil-lookup")
        let app = work.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try """
        extend: {useDefault: false}
        rules:
          - id: order.id
            regex: 'ORD-[0-9]{6}'
            severity: block
        """.write(to: work.appendingPathComponent(".veil.yml"), atomically: true, encoding: .utf8)
        try "Your order: ORD-123456\r\n".write(
            to: app.appendingPathComponent("order.ans"), atomically: true, encoding: .utf8)
        try """
        name: order
        screen:
          size: 40x4
          file: order.ans
        timeline: [launch, home]
        """.write(to: app.appendingPathComponent("order.veil.yml"), atomically: true, encoding: .utf8)
        return work
    }

    @Test func runAndAuditAgreeOnTheRulesAboveTheScenario() throws {
        let work = try Self.project()
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try CLI.run(["run", "app/order.veil.yml", "--out", "snaps", "--log", "json"], in: work)
        #expect(run.status == 1, "the order number is a block finding the app left visible: \(run)")
        #expect(run.stdout.contains("order.id"), "\(run)")
        let audit = try CLI.run(["audit", "app/order.veil.yml", "--format", "json"], in: work)
        #expect(audit.status == 1, "\(audit)")
        #expect(audit.stdout.contains("\"order.id\""), "\(audit)")
    }

    @Test func snapScanAndAuditAgreeOnACapture() throws {
        let work = try Self.project()
        defer { try? FileManager.default.removeItem(at: work) }
        let scan = try CLI.run(["scan", "app/order.ans", "--format", "json"], in: work)
        #expect(scan.status == 0 || scan.status == 1, "\(scan)")
        #expect(scan.stdout.contains("order.id"), "\(scan)")
        let snap = try CLI.run(["snap", "app/order.ans", "-o", "order.png"], in: work)
        #expect(snap.status == 0, "\(snap)")
        #expect(snap.stdout.contains(": 1 hidden"), "\(snap)")
        let audit = try CLI.run(["audit", "app/order.ans", "--format", "json"], in: work)
        #expect(audit.status == 1, "\(audit)")
        #expect(audit.stdout.contains("\"order.id\""), "\(audit)")
    }

    @Test func aFileNearerTheInputWinsForEveryCommand() throws {
        let work = try Self.project()
        defer { try? FileManager.default.removeItem(at: work) }
        // app/.veil.yml knows no order numbers: nothing to hide, for every command.
        try "extend: {useDefault: false}\n".write(
            to: work.appendingPathComponent("app/.veil.yml"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["run", "app/order.veil.yml", "--out", "snaps"], in: work)
        #expect(run.status == 0, "\(run)")
        // In an audit the tree's file turns the built-in rules off: a finding unless pinned.
        let unpinned = try CLI.run(["audit", "app/order.veil.yml", "app/order.ans"], in: work)
        #expect(unpinned.status == 1, "\(unpinned)")
        #expect(
            unpinned.stdout.contains("app/.veil.yml:1:") && unpinned.stdout.contains("rules.weakened"), "\(unpinned)")
        let audit = try CLI.run(
            ["audit", "--pinned-rules", "app/.veil.yml", "app/order.veil.yml", "app/order.ans"], in: work)
        #expect(audit.status == 0, "\(audit)")
        let snap = try CLI.run(["snap", "app/order.ans", "-o", "order.png"], in: work)
        #expect(snap.stdout.contains(": 0 hidden"), "\(snap)")
        // --config wins over both files.
        let explicit = try CLI.run(["snap", "app/order.ans", "-o", "order.png", "--config", ".veil.yml"], in: work)
        #expect(explicit.stdout.contains(": 1 hidden"), "\(explicit)")
    }

    @Test func rulesListShowsTheCurrentFoldersFile() throws {
        let work = try Self.project()
        defer { try? FileManager.default.removeItem(at: work) }
        let list = try CLI.run(["rules", "list"], in: work)
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout.contains("order.id"), "\(list)")
        #expect(!list.stdout.contains("card.pan"), "\(list)")
    }

    /// Every command that reads rules says with `--verbose` which file applied, in the
    /// audit's words (`.veil.yml (nearest)`), and names no file without it.
    @Test func verboseSaysWhichRulesFileApplied() throws {
        let work = try Self.project()
        defer { try? FileManager.default.removeItem(at: work) }
        let commands: [[String]] = [
            ["scan", "app/order.ans"], ["scan", "--text", "app/order.ans"], ["snap", "app/order.ans", "-o", "o.png"],
            ["redact", "app/order.ans", "-o", "o.txt"], ["run", "app/order.veil.yml", "--out", "snaps"],
            ["rules", "list"], ["rules", "lint"], ["rules", "show", "order.id"],
        ]
        for command in commands {
            let quiet = try CLI.run(command, in: work)
            #expect(!quiet.stderr.contains("rules:"), "\(command): \(quiet)")
            let verbose = try CLI.run(command + ["--verbose"], in: work)
            #expect(verbose.stderr.contains("veil: rules: .veil.yml (nearest)"), "\(command): \(verbose)")
        }
        let config = try CLI.run(["scan", "app/order.ans", "-v", "--config", ".veil.yml"], in: work)
        #expect(config.stderr.contains("veil: rules: .veil.yml (config)"), "\(config)")
        let audit = try CLI.run(["audit", "app/order.ans", "--verbose"], in: work)
        #expect(audit.stderr.contains("veil audit: rules: .veil.yml (nearest, 1 input"), "\(audit)")
    }

    /// A `.veil.yml` above the input but outside the current folder is not applied (Veil reads
    /// no rules file above the current folder); every command says so, with or without
    /// `--verbose`, and how to apply it.
    @Test func aRulesFileAboveTheCurrentFolderIsNotedAsNotApplied() throws {
        let work = try Self.project()
        defer { try? FileManager.default.removeItem(at: work) }
        let app = work.appendingPathComponent("app")
        let file = work.appendingPathComponent(".veil.yml").path
        // The folder's own name: a temporary folder's absolute path may differ by a symbolic link (macOS /var).
        let note = "/\(work.lastPathComponent)/.veil.yml was not applied: it is outside the current folder"
        for command in [
            ["scan", "order.ans"], ["snap", "order.ans", "-o", "o.png"], ["run", "order.veil.yml", "--out", "snaps"],
            ["rules", "list"], ["audit", "order.ans"],
        ] {
            let result = try CLI.run(command, in: app)
            #expect(result.stderr.contains(note), "\(command): \(result)")
            #expect(result.stderr.contains("or give --config /"), "\(command): \(result)")
        }
        // From another folder: the input's project file is not applied either.
        let elsewhere = try Temp.folder(prefix: "veil-elsewhere")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let scan = try CLI.run(["scan", app.appendingPathComponent("order.ans").path, "-v"], in: elsewhere)
        #expect(scan.stderr.contains(note), "\(scan)")
        #expect(scan.stderr.contains("veil: rules: built-in"), "\(scan)")
        // Applied (from the project folder) or replaced (--config): no note.
        let applied = try CLI.run(["scan", "app/order.ans"], in: work)
        #expect(!applied.stderr.contains("not applied"), "\(applied)")
        let config = try CLI.run(["scan", "order.ans", "--config", file], in: app)
        #expect(!config.stderr.contains("not applied"), "\(config)")
    }
}

/// `veil audit` refuses contradictory options before reading anything, in the engine's words.
@Suite struct AuditOptionProblemTests {
    @Test func updateBaselineWithoutBaselineExitsTwoBeforeAuditing() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(["audit", ".", "--update-baseline"], in: work)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--update-baseline needs --baseline FILE"), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        let sharded = try CLI.run(
            ["audit", ".", "--update-baseline", "--baseline", "b.json", "--shard", "1/2"], in: work)
        #expect(sharded.status == 2, "\(sharded)")
        #expect(sharded.stderr.contains("--update-baseline cannot be combined with --shard"), "\(sharded)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("b.json").path))
    }
}
