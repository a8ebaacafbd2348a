import Foundation
import Testing
import VeilRender

/// A recording piped in (`veil redact - …`, `veil snap - --at T`) is read as a recording, known
/// by its header line; other text on standard input, JSON included, stays terminal bytes.
@Suite struct StandardInputRecordingTests {
    @Test func aRecordingOnStandardInputIsAnimatedAsFromItsFile() throws {
        let folder = try AnimationCLITests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let piped = try CLI.run(
            ["redact", "-", "-o", "piped.gif"], in: folder, stdin: Array(ExposureCLITests.recording.utf8))
        #expect(piped.status == 0, "\(piped)")
        #expect(piped.stdout.contains("piped.gif: 5 frames, 4.30 s; 2 exposed values hidden"), "\(piped)")
        #expect(try CLI.run(["redact", "leak.cast", "-o", "file.gif"], in: folder).status == 0)
        let bytes = { (name: String) in [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))) }
        #expect(try bytes("piped.gif") == bytes("file.gif"))
        let snap = try CLI.run(
            ["snap", "-", "--at", "0.2", "-o", "at.png"], in: folder, stdin: Array(ExposureCLITests.recording.utf8))
        #expect(snap.status == 0, "\(snap)")
        #expect(try CLI.run(["snap", "leak.cast", "--at", "0.2", "-o", "file.png"], in: folder).status == 0)
        #expect(try bytes("at.png") == bytes("file.png"))
    }

    @Test func jsonThatIsNoHeaderStaysText() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for text in ["{\"version\": 2}\n", "{\"name\": \"veil\", \"width\": 80}\n", "{\"version\": 2, \"width\": 80\n"]
        {
            let result = try CLI.run(["screen", "-"], in: folder, stdin: Array(text.utf8))
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.hasPrefix(String(text.dropLast())), "\(result)")
        }
    }
}
