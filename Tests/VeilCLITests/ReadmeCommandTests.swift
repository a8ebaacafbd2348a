import Foundation
import Testing

/// Every command the README shows runs, and does what the README says of it; every link it
/// makes into the repository leads to a file that exists.
@Suite struct ReadmeCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func readme() throws -> String {
        try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The lines of the README's ```sh blocks, comments dropped.
    static func shellLines(in text: String) -> [String] {
        var lines: [String] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inside = line == "```sh"
                continue
            }
            guard inside else { continue }
            let command = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let trimmed = command.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { lines.append(trimmed) }
        }
        return lines
    }

    /// The commands below, as the README writes them; a README command not here fails.
    static let tested = [
        "swift run veil demo", "swift test",
        #"printf 'Card: 4111 1111 1111 1111\n' | veil snap - -o card.png"#,
        "veil redact demo.cast -o demo.gif", "veil audit .",
    ]

    @Test func everyShellLineIsTested() throws {
        #expect(Self.shellLines(in: try Self.readme()) == Self.tested)
    }

    /// `swift run veil demo` is `veil demo` (built by `swift run`; `swift test` is this run),
    /// and the README's picture is its second snapshot.
    @Test func theDemoWritesItsSnapshots() throws {
        let work = try Temp.folder(prefix: "veil-readme")
        defer { try? FileManager.default.removeItem(at: work) }
        let demo = try CLI.run(["demo"], in: work)
        #expect(demo.status == 0, "\(demo)")
        let written = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("veil-demo").path)
        #expect(written.contains("bank-0002.png"), "\(written)")
        // The README's picture is that snapshot, pixel for pixel.
        let made = try Pixels.decode(work.appendingPathComponent("veil-demo/bank-0002.png"))
        let shown = try Pixels.decode(Self.root.appendingPathComponent("Docs/images/demo-snapshot.png"))
        #expect(
            made == shown,
            "the README's picture is not what veil demo makes: cp veil-demo/bank-0002.png Docs/images/demo-snapshot.png"
        )
    }

    @Test func snapHidesTheCard() throws {
        let work = try Temp.folder(prefix: "veil-readme")
        defer { try? FileManager.default.removeItem(at: work) }
        let snap = try CLI.run(
            ["snap", "-", "-o", "card.png"], in: work, stdin: Array("Card: 4111 1111 1111 1111\n".utf8))
        #expect(snap.status == 0, "\(snap)")
        #expect(snap.stdout.contains("card.png: 1 hidden"), "\(snap)")
        let png = try Data(contentsOf: work.appendingPathComponent("card.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// A recording that shows a token: the GIF is written and the token hidden; the audit of
    /// the folder fails on the recording (exit 1) with the value masked.
    @Test func redactAndAuditARecording() throws {
        let work = try Temp.folder(prefix: "veil-readme")
        defer { try? FileManager.default.removeItem(at: work) }
        let token = "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"
        try """
        {"version": 2, "width": 40, "height": 5}
        [0.5, "o", "export GITHUB_TOKEN=\(token)\\r\\n"]

        """.write(to: work.appendingPathComponent("demo.cast"), atomically: true, encoding: .utf8)
        let redact = try CLI.run(["redact", "demo.cast", "-o", "demo.gif"], in: work)
        #expect(redact.status == 0, "\(redact)")
        #expect(redact.stdout.contains("1 exposed value hidden"), "\(redact)")
        let gif = try Data(contentsOf: work.appendingPathComponent("demo.gif"))
        #expect(gif.starts(with: Array("GIF89a".utf8)))
        try FileManager.default.removeItem(at: work.appendingPathComponent("demo.gif"))
        let audit = try CLI.run(["audit", "."], in: work)
        #expect(audit.status == 1, "\(audit)")
        #expect(audit.stdout.contains("demo.cast:2:"), "\(audit)")
        #expect(audit.stdout.contains("github.token"), "\(audit)")
        #expect(!audit.stdout.contains(token), "\(audit)")
    }

    /// Every relative link and picture of the README names a file that exists.
    @Test func everyLinkLeadsToAFile() throws {
        let text = try Self.readme()
        let links = text.ranges(of: /\]\(([^)#:]+)\)/).map { String(text[$0].dropFirst(2).dropLast()) }
        #expect(links.count > 15)
        for link in links {
            #expect(
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(link).path),
                "README links \(link)")
        }
    }
}
