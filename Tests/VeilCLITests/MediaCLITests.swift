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

/// Without Tesseract, images are reported as not audited (never clean) and the rest of the
/// audit runs: the loader pointed at a library that is not there (debug builds).
@Suite struct MissingOCRTests {
    @Test func imagesAreListedAsNotAuditedInEveryFormat() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 64)).write(
            to: work.appendingPathComponent("shot.png"))
        try Data("$ ok\n".utf8).write(to: work.appendingPathComponent("fine.ans"))
        let hidden = ["VEIL_TEST_HIDE_LIBRARIES": "tesseract"]
        let text = try CLI.run(["audit", "."], in: work, environment: hidden)
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("Not audited"))
        #expect(text.stdout.contains("shot.png: OCR is unavailable"))
        #expect(text.stdout.contains("1 file or parts not audited"))
        let json = try CLI.run(["audit", ".", "--format", "json"], in: work, environment: hidden)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let summary = document?["summary"] as? [String: Any]
        #expect(summary?["notAudited"] as? Int == 1)
        #expect((document?["notAudited"] as? [[String: Any]])?.first?["path"] as? String == "shot.png")
        let sarif = try CLI.run(["audit", ".", "--format", "sarif"], in: work, environment: hidden)
        #expect(sarif.stdout.contains("Not audited (image): OCR is unavailable"))
        let verbose = try CLI.run(["audit", ".", "--verbose"], in: work, environment: hidden)
        #expect(verbose.status == 0)
    }
}

/// `veil redact` of an image: written as its own kind (JPEG as PNG), boxes painted over what
/// OCR read; the result audits clean. Without Tesseract: an error naming what is missing.
@Suite struct ImageRedactCLITests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../VeilTests/Fixtures/media/planted.agg.jpg").standardized

    @Test func aJPEGIsRedactedToAPNGThatAuditsClean() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        // Named .dat: recognised by its content.
        try Data(contentsOf: Self.fixture).write(to: work.appendingPathComponent("shot.dat"))
        let wrong = try CLI.run(["redact", "shot.dat", "-o", "safe.gif"], in: work)
        #expect(wrong.status == 2, "\(wrong)")
        #expect(wrong.stderr.contains("a JPEG image, redacted to .png"), "\(wrong)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("safe.gif").path))
        let redacted = try CLI.run(["redact", "shot.dat", "-o", "safe.png"], in: work)
        if redacted.stderr.contains("OCR is unavailable") {
            #expect(redacted.status == 2)
            return
        }
        #expect(redacted.status == 0, "\(redacted)")
        #expect(redacted.stdout.contains("painted over hidden values (PNG)"), "\(redacted)")
        #expect(try CLI.run(["audit", "shot.dat"], in: work).status == 1)
        let after = try CLI.run(["audit", "safe.png"], in: work)
        #expect(after.status == 0, "\(after)")
        #expect(after.stdout.contains("1 image read by OCR"), "\(after)")
    }
}
