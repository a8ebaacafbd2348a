import Foundation
import Testing

/// `veil redact` and `veil audit` on media other than terminal bytes, end to end.
@Suite struct MediaCLITests {
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" font-family="monospace" font-size="10">
          <text x="0" y="10">$ aws configure</text>
          <text x="0" y="22">key AKIAQ4D3PXL2M7RT5JEW</text>
          <text x="0" y="34">$</text>
        </svg>
        """

    @Test func anSVGIsRedactedInItsTextAndAuditsClean() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        // Named .txt: recognised by its content, not its name.
        try Data(Self.svg.utf8).write(to: work.appendingPathComponent("shot.txt"))
        let redacted = try CLI.run(["redact", "shot.txt", "-o", "clean.svg"], in: work)
        #expect(redacted.status == 0, "\(redacted)")
        #expect(redacted.stdout.contains("20 characters of hidden values replaced"))
        let text = try String(contentsOf: work.appendingPathComponent("clean.svg"), encoding: .utf8)
        #expect(
            text == Self.svg.replacingOccurrences(of: "AKIAQ4D3PXL2M7RT5JEW", with: String(repeating: "•", count: 20)))
        let before = try CLI.run(["audit", "shot.txt"], in: work)
        #expect(before.status == 1, "\(before)")
        let after = try CLI.run(["audit", "clean.svg"], in: work)
        #expect(after.status == 0, "\(after)")
    }

    @Test func anSVGThatDeclaresEntitiesIsAnInputErrorNamingItsPlace() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        try Data("<?xml version=\"1.0\"?>\n<!DOCTYPE svg [<!ENTITY a \"aaaa\">]>\n<svg>&a;</svg>\n".utf8).write(
            to: work.appendingPathComponent("bomb.svg"))
        try Data("$ ok\n".utf8).write(to: work.appendingPathComponent("fine.ans"))
        let result = try CLI.run(["audit", "."], in: work)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.contains("bomb.svg:2:1"), "\(result)")
        #expect(result.stdout.contains("fine.ans (capture)"))
    }
}
