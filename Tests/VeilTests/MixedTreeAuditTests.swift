import Foundation
import Testing
import VeilMedia

@testable import Veil

/// A folder of mixed files: every file that may hold terminal media is audited (found by
/// its content whatever its name) or listed as not audited with the reason; plain-text logs
/// are named with the command that reads them; the rest is counted.
@Suite struct MixedTreeAuditTests {
    static let aws = "AKIAQ4D3PXL2M7RT5JEW"

    static func tree() throws -> String {
        let folder = try RecordingChannelTests.folder(with: [
            "ci-output.log": "\u{1B}[32m✓\u{1B}[0m build\r\n\u{1B}[31mkey \(aws)\u{1B}[0m\r\n",
            "session": #"{"version": 2, "width": 40, "height": 5}"# + "\n" + #"[0.1, "o", "token \#(aws)\r\n"]"# + "\n",
            "screen.xml": """
            <svg xmlns="http://www.w3.org/2000/svg" font-family="monospace" font-size="10">
            <text x="0" y="10">$ env</text><text x="0" y="22">KEY=\(aws)</text><text x="0" y="34">$</text></svg>
            """,
            "notes.txt": "plain notes, nothing on a terminal\n",
            "main.swift": "print(1)\n",
            "demo.tape": "Type \"echo \(aws)\"\nEnter\n",
        ])
        let png = try Data(contentsOf: SVGAuditTests.fixtures.appendingPathComponent("planted.agg.png"))
        try png.write(to: URL(fileURLWithPath: folder + "/shot.dat"))
        return folder
    }

    @Test func everyMediaFileIsFoundByItsContent() throws {
        let folder = try Self.tree()
        let result = AuditInputDiscovery.discover(["."], currentFolder: folder)
        let kinds = Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.kind) })
        #expect(
            kinds == [
                "ci-output.log": .capture, "session": .capture, "screen.xml": .svg, "shot.dat": .image,
                "demo.tape": .tape,
            ])
        #expect(result.skipped.contains { $0.hasPrefix("notes.txt: plain text") && $0.contains("veil scan --text") })
        #expect(
            result.skipped.contains {
                $0
                    == ".: 1 other file holds no terminal media (no image or SVG signature, no asciicast header, no terminal escapes)"
            })
        // Named files are recognised by content too.
        let named = AuditInputDiscovery.discover(["screen.xml", "shot.dat", "session"], currentFolder: folder)
        let namedKinds = Dictionary(uniqueKeysWithValues: named.files.map { ($0.path, $0.kind) })
        #expect(namedKinds == ["screen.xml": .svg, "shot.dat": .image, "session": .capture])
    }

    @Test func everyFileIsAuditedOrListedAsNotAudited() async throws {
        let folder = try Self.tree()
        let options = AuditOptions(
            paths: ["."], jobs: 2, currentFolder: folder, tool: RecordingChannelTests.tool, timing: false)
        let outcome = await AuditEngine(options: options).run()
        let report = outcome.report
        #expect(report.exitCode == 1)
        let flagged = Set(report.findings.map(\.inputPath))
        let audited = Set(
            report.inputs.filter { input in !report.notAudited.contains { $0.path == input.path } }.map(\.path))
        let notAudited = Set(report.notAudited.map(\.path))
        #expect(audited.union(notAudited) == ["ci-output.log", "session", "screen.xml", "shot.dat", "demo.tape"])
        #expect(flagged.isSuperset(of: ["ci-output.log", "session", "screen.xml", "demo.tape"]))
        if OCREngine.unavailableReason == nil {
            #expect(flagged.contains("shot.dat"))
            #expect(report.summary.imagesRead == 1)
        } else {
            #expect(notAudited == ["shot.dat"])
        }
    }
}
