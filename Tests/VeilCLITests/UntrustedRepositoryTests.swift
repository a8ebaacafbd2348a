import Foundation
import Testing

/// Issue #21, I/O half: a pull request controls every file in the tree. Nothing a scenario
/// names is read outside its root, no folder walk skips or hangs, and no value from an input
/// reaches a terminal or a CI log as an escape sequence or a line of its own.
@Suite struct UntrustedRepositoryTests {
    /// A scenario that shows `file` (written as given) at `size`, then goes to the background.
    static func scenario(showing file: String, name: String = "evil") -> String {
        "name: \(name)\nscreen: {size: 40x5, file: \(file)}\ntimeline: [launch, home]\n"
    }

    static func folder() throws -> URL { try Temp.folder(prefix: "veil-untrusted") }

    static func write(_ text: String, _ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// `veil run evil.veil.yml --out snaps` is refused: exit 2, the scenario's file:line:column
    /// and `message` on standard error, and no `snaps` folder (nothing written).
    static func expectRefused(
        _ folder: URL, _ message: String, extra: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try CLI.run(["run", "evil.veil.yml", "--out", "snaps"] + extra, in: folder)
        #expect(result.status == 2, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("evil.veil.yml:2:28:"), "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(result)", sourceLocation: sourceLocation)
        #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("snaps").path),
            "\(result)", sourceLocation: sourceLocation)
    }

    // MARK: Escapes refused

    @Test func absolutePathsAreRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Self.scenario(showing: "/proc/self/environ"), "evil.veil.yml", in: folder)
        try Self.expectRefused(folder, "is an absolute path")
        // --allow-outside-root lifts the root, never the kernel file systems.
        try Self.expectRefused(folder, "kernel file system", extra: ["--allow-outside-root"])
        try Self.write(Self.scenario(showing: "/dev/zero"), "evil.veil.yml", in: folder)
        try Self.expectRefused(folder, "is a character device", extra: ["--allow-outside-root"])
    }

    @Test func dotDotOutOfTheRootIsRefusedAndInsideIsFine() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("app")
        try Self.write("outside\r\n", "outside.ans", in: folder)
        try Self.write("inside\r\n", "screens/home.ans", in: app)
        try Self.write(Self.scenario(showing: "../outside.ans"), "evil.veil.yml", in: app)
        try Self.expectRefused(app, "climbs above the root")
        // Whoever means it: --allow-outside-root, or a --root that holds the file.
        let allowed = try CLI.run(["run", "evil.veil.yml", "--out", "snaps", "--allow-outside-root"], in: app)
        #expect(allowed.status == 0, "\(allowed)")
        let rooted = try CLI.run(["run", "app/evil.veil.yml", "--out", "snaps", "--root", "."], in: folder)
        #expect(rooted.status == 0, "\(rooted)")
        // Relative paths inside the root: a subfolder, `./`, a `..` that stays inside.
        for (index, path) in ["screens/home.ans", "./screens/home.ans", "screens/../screens/home.ans"].enumerated() {
            try Self.write(Self.scenario(showing: path, name: "ok\(index)"), "ok.veil.yml", in: app)
            let result = try CLI.run(["run", "ok.veil.yml", "--out", "inside"], in: app)
            #expect(result.status == 0, "\(path): \(result)")
            #expect(
                FileManager.default.fileExists(atPath: app.appendingPathComponent("inside/ok\(index)-0001.png").path))
        }
    }

    @Test func symbolicLinksOutOfTheRootAreRefusedAndInsideAreFollowed() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        try Self.write("inside\r\n", "screens/home.ans", in: folder)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("passwd.ans").path, withDestinationPath: "/etc/passwd")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("zero.ans").path, withDestinationPath: "/dev/zero")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("a").path, withDestinationPath: "b")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("b").path, withDestinationPath: "a")
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("home.ans").path, withDestinationPath: "screens/home.ans")
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("absolute.ans").path,
            withDestinationPath: folder.appendingPathComponent("screens/home.ans").path)
        for (file, message) in [
            ("passwd.ans", "symbolic link to '/etc/passwd', outside the root"),
            ("etc/passwd", "symbolic link to '/etc', outside the root"),
            ("zero.ans", "symbolic link to '/dev/zero', outside the root"),
            ("a/x.ans", "more than 40 symbolic links"),
        ] {
            try Self.write(Self.scenario(showing: file), "evil.veil.yml", in: folder)
            try Self.expectRefused(folder, message)
        }
        for (index, file) in ["home.ans", "absolute.ans"].enumerated() {
            try Self.write(Self.scenario(showing: file, name: "ok\(index)"), "ok.veil.yml", in: folder)
            let result = try CLI.run(["run", "ok.veil.yml", "--out", "inside"], in: folder)
            #expect(result.status == 0, "\(file): \(result)")
        }
    }

    @Test func nonRegularFilesAreRefusedAtOnce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("pipe.ans").path, 0o644) == 0)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("dir.ans"), withIntermediateDirectories: true)
        for (file, message) in [
            ("pipe.ans", "is a FIFO, not a regular file"), ("dir.ans", "is a folder, not a regular file"),
        ] {
            try Self.write(Self.scenario(showing: file), "evil.veil.yml", in: folder)
            try Self.expectRefused(folder, message)
        }
    }

    @Test func rulesFilesAreReadInsideTheRoot() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("name: evil\nrules: /proc/self/environ\ntimeline: [launch, home]\n", "evil.veil.yml", in: folder)
        let result = try CLI.run(["run", "evil.veil.yml", "--out", "snaps"], in: folder)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("evil.veil.yml:2:8: rules /proc/self/environ: is an absolute path"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("snaps").path))
        // A `.veil.yml` that is a link out of the audited tree is a configuration error.
        let audited = try Self.folder()
        defer { try? FileManager.default.removeItem(at: audited) }
        try FileManager.default.createSymbolicLink(
            atPath: audited.appendingPathComponent(".veil.yml").path,
            withDestinationPath: "/proc/self/environ")
        try Self.write("Card: 4111 1111 1111 1111\r\n", "leak.ans", in: audited)
        let audit = try CLI.run(["audit", "."], in: audited)
        #expect(audit.status == 2, "\(audit)")
        #expect(audit.stdout.contains(".veil.yml: passes through a symbolic link to '/proc/self/environ'"), "\(audit)")
    }

    // MARK: The folder walk

    @Test func aNonUTF8NameAndAPathDeeperThanPathMaxAreAudited() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // `leak\xff.ans`: a name that is not UTF-8 (Git stores such names).
        let name = Array(folder.path.utf8) + Array("/leak".utf8) + [0xFF] + Array(".ans\0".utf8)
        let card = Array("Card: 4111 1111 1111 1111\r\n".utf8)
        let descriptor = name.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        #expect(descriptor >= 0)
        _ = card.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        // 45 folders of 100 characters: a path of 4,500+ bytes, past PATH_MAX (4,096).
        let component = String(repeating: "d", count: 100)
        var relative = ""
        var parent = open(folder.path, O_RDONLY | O_DIRECTORY)
        for _ in 0..<45 {
            #expect(mkdirat(parent, component, 0o755) == 0)
            let child = openat(parent, component, O_RDONLY | O_DIRECTORY)
            close(parent)
            parent = child
            relative += component + "/"
        }
        let deep = openat(parent, "deep.ans", O_WRONLY | O_CREAT, 0o644)
        _ = card.withUnsafeBytes { Glibc.write(deep, $0.baseAddress, $0.count) }
        close(deep)
        close(parent)

        let result = try CLI.run(["audit", ".", "--format", "json", "--no-timing"], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("\"leak%FF.ans\""), "\(result)")
        #expect(result.stdout.contains("\"\(relative)deep.ans\""))
        #expect(result.stdout.components(separatedBy: "\"ruleId\": \"card.pan\"").count - 1 >= 2, "\(result)")
    }

    @Test func linkedFoldersLoopsAndFIFOsNeitherHangNorEscape() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        // `ln -s . a; ln -s . b; touch x.ans` never ended; a FIFO named x.ans hung the walk.
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("a").path, withDestinationPath: ".")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("b").path, withDestinationPath: ".")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        try Self.write("plain\r\n", "x.ans", in: folder)
        #expect(mkfifo(folder.appendingPathComponent("fifo.ans").path, 0o644) == 0)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("zero.ans").path, withDestinationPath: "/dev/zero")
        let start = ContinuousClock.now
        let result = try CLI.run(["audit", ".", "--verbose"], in: folder)
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.contains("fifo.ans: is a FIFO, not a regular file"), "\(result)")
        #expect(result.stdout.contains("zero.ans: passes through a symbolic link to '/dev/zero'"), "\(result)")
        #expect(result.stdout.contains("x.ans (capture)"), "\(result)")
        #expect(!result.stdout.contains("a/x.ans"), "\(result)")
        for skipped in ["a", "b", "etc"] {
            #expect(
                result.stderr.contains("veil audit: skipped \(skipped): a symbolic link, not followed"), "\(result)")
        }
    }

    // MARK: Escape sequences in output

    /// Hostile values: an OSC title change, a GitHub workflow command on a line of its own,
    /// a C1 CSI, and a Unicode line separator.
    static let hostile = ["\u{1B}]0;PWNED\u{07}", "ab\n::error file=x::y", "\u{9B}31m", "a\u{2028}b"]

    /// `value` as a YAML double-quoted scalar, every control and separator as a `\u` escape
    /// (libyaml refuses raw C1 controls in a file, but decodes escaped ones).
    static func yamlQuoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value >= 0x2028 {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Records an issue when `text` carries a raw escape, C1 control or line separator, or a
    /// line that starts a workflow command.
    static func expectInert(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            !text.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x2028].contains($0.value) },
            "\(what) carries a raw control: \(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(
            !text.split(separator: "\n").contains { $0.hasPrefix("::error") },
            "\(what) starts a workflow command: \(text)", sourceLocation: sourceLocation)
    }

    @Test func staleBaselineEntriesAreEscaped() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("plain\r\n", "clean.ans", in: folder)
        let entries = Self.hostile.map { value in
            ["snapshot": "clean.ans", "rule": "card.pan", "fingerprint": value, "status": "accepted", "reason": value]
        }
        let baseline: [String: Any] = ["version": 1, "salt": String(repeating: "ab", count: 16), "entries": entries]
        try JSONSerialization.data(withJSONObject: baseline).write(to: folder.appendingPathComponent("baseline.json"))
        let result = try CLI.run(["audit", ".", "--baseline", "baseline.json"], in: folder)
        #expect(result.stderr.contains("stale baseline entry"), "\(result)")
        #expect(result.stderr.contains("\\u{1B}]0;PWNED\\u{7}"), "\(result)")
        Self.expectInert(result.stderr, "stderr")
        Self.expectInert(result.stdout, "the text report")
        for format in ["json", "sarif", "junit"] {
            let report = try CLI.run(["audit", ".", "--baseline", "baseline.json", "--format", format], in: folder)
            Self.expectInert(report.stdout.replacingOccurrences(of: "\\n", with: " "), format)
            Self.expectInert(report.stderr, "\(format) stderr")
        }
    }

    @Test func runLogsErrorsAndRuleListingsAreEscaped() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, value) in Self.hostile.enumerated() {
            let quoted = Self.yamlQuoted(value)
            // A task name in the `veil run` text log.
            try Self.write(
                """
                name: task\(index)
                handlers:
                  applicationDidEnterBackground:
                    - beginBackgroundTask: {name: \(quoted)}
                timeline: [launch, home]

                """, "task.veil.yml", in: folder)
            let run = try CLI.run(["run", "task.veil.yml", "--out", "snaps"], in: folder)
            #expect(run.stdout.contains("backgroundTask"), "\(run)")
            Self.expectInert(run.stdout, "the run log")
            Self.expectInert(run.stderr, "run stderr")
            // A key quoted in an error message.
            try Self.write("handlers:\n  \(quoted): []\n", "key.veil.yml", in: folder)
            let error = try CLI.run(["run", "key.veil.yml", "--out", "snaps"], in: folder)
            #expect(error.status == 2, "\(error)")
            #expect(error.stderr.contains("key.veil.yml:2:3"), "\(error)")
            Self.expectInert(error.stderr, "an error quoting a key")
            // A rule description in `veil rules list` and `show`, and in every audit format.
            try Self.write(
                """
                rules:
                  - id: test.hostile
                    description: \(quoted)
                    regex: 'SECRET-[0-9]{6}'

                """, "rules.yml", in: folder)
            for command in [["rules", "list"], ["rules", "show", "test.hostile"]] {
                let listing = try CLI.run(command + ["--config", "rules.yml"], in: folder)
                #expect(listing.status == 0, "\(listing)")
                Self.expectInert(listing.stdout, command.joined(separator: " "))
            }
            try Self.write("SECRET-123456\r\n", "scan/leak.ans", in: folder)
            for format in ["text", "json", "sarif", "junit"] {
                let report = try CLI.run(["audit", "scan", "--config", "rules.yml", "--format", format], in: folder)
                #expect(report.status == 1, "\(report)")
                Self.expectInert(report.stdout.replacingOccurrences(of: "\\n", with: " "), "audit \(format)")
            }
            let scan = try CLI.run(["scan", "scan/leak.ans", "--config", "rules.yml"], in: folder)
            Self.expectInert(scan.stdout, "scan text")
        }
    }

    @Test func hostileFileNamesAreEscapedInEveryReport() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // File names are bytes: a committed capture may be named with an escape and a newline.
        let name = "a\u{1B}]0;PWNED\u{07}\n::error file=x::y\u{9B}.ans"
        try Self.write("Card: 4111 1111 1111 1111\r\n", name, in: folder)
        for format in ["text", "json", "sarif", "junit"] {
            let report = try CLI.run(["audit", ".", "--format", format], in: folder)
            #expect(report.status == 1, "\(report)")
            #expect(report.stdout.contains("PWNED"), "\(report)")
            Self.expectInert(report.stdout.replacingOccurrences(of: "\\n", with: " "), "audit \(format)")
            Self.expectInert(report.stderr, "audit \(format) stderr")
        }
    }

    @Test func jsonWritesC1ControlsAsEscapes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(
            """
            rules:
              - id: test.hostile
                description: "C1 \\u009B31m here"
                regex: 'SECRET-[0-9]{6}'

            """, "rules.yml", in: folder)
        try Self.write("SECRET-123456\r\n", "leak.ans", in: folder)
        let json = try CLI.run(["audit", "leak.ans", "--config", "rules.yml", "--format", "json"], in: folder)
        #expect(json.stdout.contains("C1 \\u009b31m here"), "\(json)")
        let sarif = try CLI.run(["audit", "leak.ans", "--config", "rules.yml", "--format", "sarif"], in: folder)
        #expect(sarif.stdout.contains("C1 \\u009b31m here"), "\(sarif)")
    }

    // MARK: YAML bombs by bytes

    @Test func aliasedMegabyteScalarsAreRefusedFast() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = String(repeating: "x", count: 1_000_000)
        let scenario =
            "name: bomb\nscreen: {size: 80x24, text: &a \"\(big)\"}\ntimeline:\n"
            + String(repeating: "  - print: *a\n", count: 8_000)
        try Self.write(scenario, "bomb.veil.yml", in: folder)
        let rules =
            "rules:\n  - id: a\n    description: &d \"\(String(repeating: "y", count: 500_000))\"\n    regex: abc\n"
            + (0..<1_800).map { "  - id: r\($0)\n    description: *d\n    regex: abc\n" }.joined()
        try Self.write(rules, "rules.yml", in: folder)
        let start = ContinuousClock.now
        let run = try CLI.run(["run", "bomb.veil.yml", "--out", "snaps"], in: folder)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("bomb.veil.yml:"), "\(run)")
        #expect(run.stderr.contains("expands to more than 8 MiB of text"), "\(run)")
        let list = try CLI.run(["rules", "list", "--config", "rules.yml"], in: folder)
        #expect(list.status == 2, "\(list)")
        #expect(list.stdoutBytes.isEmpty)
        #expect(list.stderr.contains("expands to more than 8 MiB of text"), "\(list)")
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("snaps").path))
    }
}
