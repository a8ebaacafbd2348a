import Foundation
import Testing

/// Issue #26, item 1: every file veil writes goes through the one writer, which follows no
/// link planted in the audited tree (a pull request's), replaces rather than writes through,
/// and makes files 0600 unless `--file-mode` says otherwise.
@Suite struct UntrustedOutputTests {
    static let leak = "Card 4111 1111 1111 1111\r\n"
    static let victimText = "#!/bin/sh\necho the job's own script, long enough to be rewritten in place\n"

    /// `base/tree` (the checkout: a leaking capture) and `base/victim.txt` outside it.
    static func layout() throws -> (base: URL, tree: URL, victim: URL) {
        let base = try Temp.folder(prefix: "veil-output")
        let tree = base.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: false)
        try Data(leak.utf8).write(to: tree.appendingPathComponent("leak.ans"))
        let victim = base.appendingPathComponent("victim.txt")
        try Data(victimText.utf8).write(to: victim)
        return (base, tree, victim)
    }

    static func symbolicLink(_ path: String, to target: String, in folder: URL) throws {
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent(path).path, withDestinationPath: target)
    }

    static func mode(_ url: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int ?? -1
    }

    @Test(arguments: ["sarif", "json", "text", "junit"])
    func aReportLinkedOutOfTheTreeIsRefusedAndItsTargetUntouched(_ format: String) throws {
        let (base, tree, victim) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        try Self.symbolicLink("veil.\(format)", to: victim.path, in: tree)
        let result = try CLI.run(["audit", "--format", format, "--output", "veil.\(format)", "."], in: tree)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("symbolic link"), "\(result)")
        #expect(String(decoding: try Data(contentsOf: victim), as: UTF8.self) == Self.victimText)
        // The link is left as it was: nothing replaced it either.
        #expect(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: tree.appendingPathComponent("veil.\(format)").path) == victim.path)
    }

    @Test func aReportLinkedToTheEnvironmentIsRefused() throws {
        let (base, tree, _) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        try Self.symbolicLink("veil.txt", to: "/proc/self/environ", in: tree)
        let result = try CLI.run(
            ["audit", "--format", "text", "-o", "veil.txt", "."], in: tree,
            environment: ["VEIL_FINGERPRINT_SALT": "salt-of-the-ci-secret-0123456789"])
        #expect(result.status == 2, "\(result)")
        #expect(!result.stdout.contains("salt-of-the-ci") && !result.stderr.contains("salt-of-the-ci"), "\(result)")
    }

    @Test func aLinkedFolderOnTheWayIsRefusedAndNothingIsCreatedOutside() throws {
        let (base, tree, _) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        let outside = base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: false)
        try Self.symbolicLink("out", to: outside.path, in: tree)
        let result = try CLI.run(["audit", "--format", "sarif", "-o", "out/veil.sarif", "."], in: tree)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("out is a symbolic link in the input's tree"), "\(result)")
        #expect(Temp.contents(of: outside).isEmpty)
        // veil run's default output folder, linked the same way.
        try Data("name: app\nscreen: {size: 40x5, file: leak.ans}\ntimeline: [launch, home]\n".utf8).write(
            to: tree.appendingPathComponent("app.veil.yml"))
        try Self.symbolicLink("veil-out", to: outside.path, in: tree)
        let run = try CLI.run(["run", "app.veil.yml"], in: tree)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("symbolic link"), "\(run)")
        #expect(Temp.contents(of: outside).isEmpty)
    }

    @Test func reportsAndBaselinesAre0600UnlessFileModeSaysOtherwise() throws {
        let (base, tree, _) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        let first = try CLI.run(
            ["audit", "--format", "json", "-o", "veil.json", "--baseline", "baseline.json", "--update-baseline", "."],
            in: tree)
        #expect(first.status == 0, "\(first)")
        #expect(try Self.mode(tree.appendingPathComponent("veil.json")) == 0o600)
        #expect(try Self.mode(tree.appendingPathComponent("baseline.json")) == 0o600)
        // A second run replaces the regular report it wrote before; --file-mode applies to both.
        let second = try CLI.run(
            [
                "audit", "--format", "json", "-o", "veil.json", "--baseline", "baseline.json", "--update-baseline",
                "--file-mode", "644", "--show-secrets", ".",
            ], in: tree)
        #expect(second.status == 0, "\(second)")
        #expect(try Self.mode(tree.appendingPathComponent("veil.json")) == 0o644)
        #expect(try Self.mode(tree.appendingPathComponent("baseline.json")) == 0o644)
        let bad = try CLI.run(["audit", "--file-mode", "4755", "."], in: tree)
        #expect(bad.status != 0 && bad.stderr.contains("--file-mode"), "\(bad)")
    }

    @Test func standardOutputAndFoldersNamedOutsideTheTreeStillWork() throws {
        let (base, tree, _) = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        let dash = try CLI.run(["audit", "--format", "json", "-o", "-", "--no-timing", "."], in: tree)
        #expect(dash.status == 1, "\(dash)")
        #expect(dash.stdout.hasPrefix("{"), "\(dash)")
        #expect(!FileManager.default.fileExists(atPath: tree.appendingPathComponent("-").path))
        // A folder outside the tree, reached through a link the user made there: followed.
        let reports = base.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: false)
        try Self.symbolicLink("latest", to: reports.path, in: base)
        let outside = try CLI.run(
            ["audit", "--format", "sarif", "-o", base.appendingPathComponent("latest/veil.sarif").path, "."], in: tree)
        #expect(outside.status == 1, "\(outside)")
        #expect(FileManager.default.fileExists(atPath: reports.appendingPathComponent("veil.sarif").path))
        let null = try CLI.run(["audit", "-o", "/dev/null", "."], in: tree)
        #expect(null.status == 1, "\(null)")
    }
}
