import Foundation
import Testing
import VeilRedaction
import VeilScreen

/// `veil demo`: the bundled banking app end to end.
@Suite struct DemoTests {
    @Test func demoWritesThreeRedactedSnapshotsAndLeaksNoSecret() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("out")
        let result = try CLI.run(["demo", "--out", out.path], in: work)
        #expect(result.status == 0, "\(result)")

        let files = Temp.contents(of: out)
        #expect(files == ["bank-0001.png", "bank-0002.png", "bank-0003.png"], "out folder holds \(files)")
        for name in files {
            let url = out.appendingPathComponent(name)
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
            #expect(mode == 0o600, "\(name) has mode \(String(mode, radix: 8))")
            #expect(result.stdout.contains(url.path), "stdout does not list \(name)")
            try Secrets.expectNone(in: [UInt8](try Data(contentsOf: url)), "\(name) bytes")
            try Secrets.expectNone(in: name, "a file name")
            _ = try Pixels.decode(url)
        }
        try Secrets.expectNone(in: result.stdoutBytes, "demo stdout")
        try Secrets.expectNone(in: result.stderrBytes, "demo stderr")

        // The demo's screens, as the app shows them at each snapshot: login (the call), then
        // the home screen twice. Every detected or app-marked span is solid mask colour.
        let login = try Screens.findings(path: try Secrets.demoFile("bank-login.ans").path)
        let home = try Screens.findings(path: try Secrets.demoFile("bank-home.ans").path)
        let expected = [("bank-0001.png", login), ("bank-0002.png", home), ("bank-0003.png", home)]
        for (name, capture) in expected where files.contains(name) {
            let bitmap = try Pixels.decode(out.appendingPathComponent(name))
            #expect(bitmap.width == 80 * 8 && bitmap.height == 24 * 16)
            Pixels.expectMasked(bitmap, spans: capture.spans, scale: 1, name)
        }
        // The balance is hidden by the app's own in-band marker, not by a rule.
        let balanceRows = (0..<home.screen.rows).filter { row in
            (0..<home.screen.cols).contains { home.screen[row, $0].isSensitive }
        }
        #expect(!balanceRows.isEmpty, "the demo home screen lost its in-band balance marker")
    }

    @Test func demoJSONLogIsWellFormedAndSecretFree() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(["demo", "--out", "o", "--log", "json"], in: work)
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["t"] is NSNumber && object?["type"] is String, "not a log line: \(line)")
        }
        #expect(lines.filter { $0.contains(#""type":"snapshot""#) }.count == 3)
        try Secrets.expectNone(in: result.stdoutBytes, "demo json log")
        try Secrets.expectNone(in: result.stderrBytes, "demo stderr")
    }
}
