import Foundation
import Testing

/// Issue #26, items 3, 4 and 6: the audited tree is a pull request's. Rules files in it cannot
/// switch the audit off unseen, inputs named on the command line stay inside it, and no line
/// of text output starts with a name from it.
@Suite struct UntrustedTreeRulesTests {
    static let leak = "Card 4111 1111 1111 1111\r\n"

    static func tree(rules: String? = nil, at rulesPath: String = ".veil.yml") throws -> URL {
        let folder = try Temp.folder(prefix: "veil-tree-rules")
        try Data(leak.utf8).write(to: folder.appendingPathComponent("app/leak.ans").creatingFolder())
        if let rules { try Data(rules.utf8).write(to: folder.appendingPathComponent(rulesPath).creatingFolder()) }
        return folder
    }

    @Test(arguments: [
        ("extend:\n  useDefault: false\n", 2, "extend.useDefault: false"),
        ("allowlists:\n  - regexes: [\".*\"]\n", 2, "allowlists: regexes '.*'"),
        ("allowlists:\n  - stopwords: [\"1\"]\n", 2, "allowlists: stopwords '1'"),
        ("extend:\n  disabledRules: [card.pan]\n", 2, "extend.disabledRules: card.pan"),
        ("scanTitle: false\n", 1, "scanTitle: false"),
        (
            "rules:\n  - id: card.pan\n    regex: 'NEVER-MATCHES'\n    keywords: [NEVER]\n", 2,
            "rules: id card.pan"
        ),
    ])
    func aRulesFileOfTheTreeThatWeakensTheAuditIsABlockingFindingAtItsLine(
        _ rules: String, _ line: Int, _ setting: String
    ) throws {
        // In the subfolder of the input: it switches detection off for its subtree.
        let folder = try Self.tree(rules: rules, at: "app/.veil.yml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["audit", "--no-timing", "."], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("app/.veil.yml:\(line):"), "\(result)")
        #expect(result.stdout.contains("rules.weakened  \(setting)"), "\(result)")
        #expect(result.stdout.contains("Rules: app/.veil.yml (nearest, 1 input, from the audited tree"), "\(result)")
        // Every format names the rules file and carries the finding.
        let json = try CLI.run(["audit", "--no-timing", "--format", "json", "."], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let files = try #require(object["rulesFiles"] as? [[String: Any]])
        #expect(files.contains { $0["path"] as? String == "app/.veil.yml" && $0["pinned"] as? Bool == false })
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(
            findings.contains {
                $0["ruleId"] as? String == "rules.weakened" && $0["category"] as? String == "configuration"
            })
        let sarif = try CLI.run(["audit", "--no-timing", "--format", "sarif", "."], in: folder)
        #expect(sarif.stdout.contains("\"rulesFiles\"") && sarif.stdout.contains("rules.weakened"), "\(sarif)")
        let junit = try CLI.run(["audit", "--no-timing", "--format", "junit", "."], in: folder)
        #expect(junit.stdout.contains("name=\"rulesFiles\" value=\"app/.veil.yml (nearest"), "\(junit)")
        #expect(junit.stdout.contains("rules.weakened"), "\(junit)")
        // Pinned by the workflow (the same bytes elsewhere): the setting stands, no finding.
        let pin = folder.deletingLastPathComponent().appendingPathComponent("pin-\(UUID().uuidString).yml")
        defer { try? FileManager.default.removeItem(at: pin) }
        try Data(rules.utf8).write(to: pin)
        let pinned = try CLI.run(["audit", "--no-timing", "--pinned-rules", pin.path, "."], in: folder)
        #expect(!pinned.stdout.contains("rules.weakened"), "\(pinned)")
        #expect(pinned.stdout.contains("app/.veil.yml (nearest, 1 input, pinned"), "\(pinned)")
    }

    /// Every kind of input the folder search audits notes the rules file that applied to it:
    /// a weakening `.veil.yml` beside a tape or an SVG capture is a finding too (it was not:
    /// the audit passed, clean, and named no rules file).
    @Test(arguments: [
        ("demo.tape", "Type \"echo 4111 1111 1111 1111\"\nEnter\n"),
        (
            "demo.svg",
            """
            <svg xmlns="http://www.w3.org/2000/svg" font-family="monospace" font-size="10">
              <text x="0" y="10">$ pay</text><text x="0" y="22">card 4111 1111 1111 1111</text>
            </svg>
            """
        ),
        (
            "demo.cast",
            "{\"version\": 2, \"width\": 40, \"height\": 5}\n[0.5, \"o\", \"card 4111 1111 1111 1111\\r\\n\"]\n"
        ),
    ])
    func everyKindOfInputNotesItsRulesFile(_ name: String, _ content: String) throws {
        let folder = try Temp.folder(prefix: "veil-tree-rules")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(content.utf8).write(to: folder.appendingPathComponent("app/\(name)").creatingFolder())
        let plain = try CLI.run(["audit", "--no-timing", "."], in: folder)
        #expect(plain.status == 1, "\(plain)")  // the card, with the built-in rules
        try Data("extend:\n  useDefault: false\n".utf8).write(to: folder.appendingPathComponent("app/.veil.yml"))
        let result = try CLI.run(["audit", "--no-timing", "."], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("app/.veil.yml:2:") && result.stdout.contains("rules.weakened"), "\(result)")
        #expect(result.stdout.contains("Rules: app/.veil.yml (nearest, 1 input, from the audited tree"), "\(result)")
    }

    /// An image (read by OCR, or not audited where Tesseract is missing) goes through the same
    /// rules lookup: a rules file that applies only to images is named and judged too.
    /// A `.veilignore` of the tree that leaves the leak out is said on every run (not only
    /// with `--verbose`): a pull request can add one, and "0 inputs, passed" alone would hide it.
    @Test func aVeilignoreOfTheTreeIsNotedWithHowManyPathsItLeftOut() throws {
        let folder = try Self.tree(rules: "app/\n", at: ".veilignore")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["audit", "--no-timing", "."], in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains(
                "veil: note: a .veilignore in the audited tree left out 1 path (--verbose names each"),
            "\(result)")
        // An --exclude from the command line is the caller's own choice: no note.
        let excluded = try CLI.run(["audit", "--no-timing", "--exclude", "app/", "."], in: folder)
        #expect(!excluded.stderr.contains("left out"), "\(excluded)")
    }

    @Test func anImageNotesItsRulesFile() throws {
        let folder = try Temp.folder(prefix: "veil-tree-rules-image")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = ActionScriptTests.repositoryRoot.appendingPathComponent(
            "Tests/VeilTests/Fixtures/media/planted.agg.png")
        try Data(contentsOf: image).write(to: folder.appendingPathComponent("app/shot.png").creatingFolder())
        try Data("extend:\n  useDefault: false\n".utf8).write(to: folder.appendingPathComponent("app/.veil.yml"))
        let result = try CLI.run(["audit", "--no-timing", "."], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("app/.veil.yml:2:") && result.stdout.contains("rules.weakened"), "\(result)")
        #expect(result.stdout.contains("Rules: app/.veil.yml (nearest, 1 input, from the audited tree"), "\(result)")
    }

    @Test func narrowRulesFilesAreNoFindingAndTheBuiltInRulesAreNamed() throws {
        let narrow = """
            allowlists:
              - description: the QA account's test card
                regexes: ['^4000 ?0566 ?5566 ?5556$']
              - stopwords: [EXAMPLE]
            rules:
              - id: app.order-token
                regex: '\\bORD-([A-Z0-9]{16})\\b'
                secretGroup: 1
                keywords: ['ORD-']
            """
        let folder = try Self.tree(rules: narrow)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["audit", "--no-timing", "."], in: folder)
        #expect(result.status == 1, "\(result)")  // the card, not the rules file
        #expect(!result.stdout.contains("rules.weakened"), "\(result)")
        #expect(result.stdout.contains("Rules: .veil.yml (nearest, 1 input, from the audited tree)"), "\(result)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".veil.yml"))
        let builtIn = try CLI.run(["audit", "--no-timing", "."], in: folder)
        #expect(builtIn.stdout.contains("Rules: built-in (1 input)"), "\(builtIn)")
    }

    @Test func aScenariosOwnRulesFileIsJudgedToo() throws {
        let folder = try Self.tree(rules: "extend:\n  useDefault: false\n", at: "rules/off.yml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario =
            "name: app\nrules: ../rules/off.yml\nscreen: {size: 40x5, file: leak.ans}\ntimeline: [launch, home]\n"
        try Data(scenario.utf8).write(to: folder.appendingPathComponent("app/app.veil.yml"))
        let result = try CLI.run(["audit", "--no-timing", "app/app.veil.yml"], in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("rules/off.yml:2:") && result.stdout.contains("rules.weakened"), "\(result)")
        #expect(result.stdout.contains("rules/off.yml (scenario, 1 input, from the audited tree"), "\(result)")
    }

    @Test func namedInputsThatLinkOutOfTheTreeAreRefused() throws {
        let folder = try Self.tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = try Temp.folder(prefix: "veil-outside")
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("Secret data S\n".utf8).write(to: outside.appendingPathComponent("data.txt"))
        try Data(Self.leak.utf8).write(to: outside.appendingPathComponent("card.ans"))
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("d.ans").path,
            withDestinationPath: outside.appendingPathComponent("data.txt").path)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("elsewhere").path, withDestinationPath: outside.path)
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("inside").path, withDestinationPath: "app")
        // A rule that would tell, one bit at a time, what the outside file starts with.
        try Data("rules:\n  - id: probe\n    regex: '^S'\n".utf8).write(to: folder.appendingPathComponent(".veil.yml"))
        for named in ["d.ans", "elsewhere", "elsewhere/card.ans", "./elsewhere/../d.ans"] {
            let result = try CLI.run(["audit", "--no-timing", named], in: folder)
            #expect(result.status == 2, "\(named): \(result)")
            #expect(result.stdout.contains("symbolic link"), "\(named): \(result)")
            #expect(!result.stdout.contains("probe"), "\(named): \(result)")
        }
        // A link that stays inside the tree is followed; a path outside the current folder is the user's.
        let inside = try CLI.run(["audit", "--no-timing", "inside"], in: folder)
        #expect(inside.status == 1, "\(inside)")
        let named = try CLI.run(["audit", "--no-timing", outside.appendingPathComponent("card.ans").path], in: folder)
        #expect(named.status == 1, "\(named)")
    }

    @Test func noLineOfTextOutputStartsWithANameFromTheTree() throws {
        let folder = try Self.tree()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.leak.utf8).write(to: folder.appendingPathComponent("::error::pwned.ans"))
        try Data(Self.leak.utf8).write(to: folder.appendingPathComponent("x##[error]y.ans"))
        try Data("name: app\nscreen: {size: 40x5, file: app/leak.ans}\ntimeline: [launch, home]\n".utf8)
            .write(to: folder.appendingPathComponent("::notice::s.veil.yml"))
        func check(_ text: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
            for line in text.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                #expect(!trimmed.hasPrefix("::"), "\(context): \(line)", sourceLocation: sourceLocation)
                #expect(!line.contains("##["), "\(context): \(line)", sourceLocation: sourceLocation)
            }
        }
        let text = try CLI.run(["audit", "--no-timing", "."], in: folder)
        #expect(text.status == 1, "\(text)")
        #expect(text.stdout.contains("pwned.ans"), "\(text)")
        check(text.stdout, "audit text")
        check(text.stderr, "audit stderr")
        let written = try CLI.run(
            ["audit", "--no-timing", "-o", "../report-\(UUID().uuidString).txt", "."], in: folder)
        check(written.stderr, "audit stderr with -o")
        for format in ["json", "sarif", "junit"] {
            let result = try CLI.run(["audit", "--no-timing", "--format", format, "."], in: folder)
            check(result.stdout, format)
        }
        let scan = try CLI.run(["scan", "::error::pwned.ans"], in: folder)
        check(scan.stdout, "scan")
        check(scan.stderr, "scan stderr")
        let run = try CLI.run(["run", "::notice::s.veil.yml", "--out", "snaps"], in: folder)
        check(run.stdout, "run log")
        let snap = try CLI.run(["snap", "::error::pwned.ans"], in: folder)
        check(snap.stdout, "snap")
    }
}

extension URL {
    /// The URL, after making its parent folder.
    fileprivate func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
