import Foundation
import Testing
import VeilRender

/// `veil redact -o OUT.gif|.webp|.svg` and `veil record -o demo.gif`, end to end: formats by
/// extension and --format, the frame `veil snap --at` draws, a missing codec library, bad
/// input and failed writes (exit 2, the file named, nothing left behind).
@Suite struct AnimationCLITests {
    static func folder() throws -> URL {
        let folder = try Temp.folder()
        try Data(ExposureCLITests.recording.utf8).write(to: folder.appendingPathComponent("leak.cast"))
        return folder
    }

    static let secrets = ["AKIAQ4D3PXL2M7RT5JEW", "4111 1111", "AKIAQ4D3", "L2M7RT5JEW"]

    @Test(arguments: ["gif", "webp", "svg"])
    func writesEachFormatByItsExtension(_ ext: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["redact", "leak.cast", "-o", "out.\(ext)"], in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("out.\(ext): 5 frames, 4.30 s; 2 exposed values hidden"), "\(result)")
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.\(ext)")))
        for secret in Self.secrets {
            #expect(!String(decoding: bytes, as: UTF8.self).contains(secret), "\(ext) holds \(secret)")
        }
        if ext != "svg" {
            let (info, _) = try AnimationDecoder(format: ext == "gif" ? .gif : .webp).frames(of: bytes)
            #expect(info.durationMilliseconds == 4300)
        }
        let mode =
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("out.\(ext)").path)[
                .posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func theFrameAtAMomentIsTheSnapshotAtThatMoment() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            try CLI.run(["redact", "leak.cast", "-o", "out.gif", "--theme", "light", "--scale", "2"], in: folder).status
                == 0)
        let gif = [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.gif")))
        let frames = try AnimationDecoder(format: .gif).frames(of: gif).frames
        // Frames start at 0, 0.2, 0.5, 0.6, 1.3 s (no pause above 5 s): snap at those moments.
        for (frame, time) in zip(frames, ["0", "0.2", "0.5", "0.6", "1.3"]) {
            let snap = try CLI.run(
                ["snap", "leak.cast", "--at", time, "-o", "at.png", "--theme", "light", "--scale", "2"], in: folder)
            #expect(snap.status == 0, "\(snap)")
            let png = try PNGDecoder().decode([UInt8](try Data(contentsOf: folder.appendingPathComponent("at.png"))))
            #expect(frame.bitmap == png, "frame at \(frame.startMilliseconds) ms vs snap --at \(time)")
        }
    }

    @Test func formatOverridesTheExtensionAndAnUnknownOneListsTheFormats() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unknown = try CLI.run(["redact", "leak.cast", "-o", "out.mp4"], in: folder)
        #expect(unknown.status == 2, "\(unknown)")
        #expect(
            unknown.stderr.contains(
                "out.mp4: '.mp4' is not a format Veil writes; the formats are .cast, .ans, .gif, .webp, .svg"),
            "\(unknown)")
        let forced = try CLI.run(["redact", "leak.cast", "-o", "out.bin", "--format", "gif"], in: folder)
        #expect(forced.status == 0, "\(forced)")
        #expect(AnimationDecoder.Format.sniff(try Data(contentsOf: folder.appendingPathComponent("out.bin"))) == .gif)
        let mismatch = try CLI.run(["redact", "leak.cast", "-o", "out.ans"], in: folder)
        #expect(mismatch.status == 2, "\(mismatch)")
        let option = try CLI.run(["redact", "leak.cast", "-o", "out.cast", "--fps-cap", "10"], in: folder)
        #expect(option.status == 2, "\(option)")
        #expect(option.stderr.contains("--fps-cap applies to .gif, .webp and .svg output"), "\(option)")
        #expect(Temp.contents(of: folder) == ["leak.cast", "out.bin"])
    }

    @Test func aMissingLibraryIsNamedWithItsPackageAndTheRestStillRuns() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hidden = ["VEIL_TEST_HIDE_LIBRARIES": "giflib,libwebp"]
        let gif = try CLI.run(["redact", "leak.cast", "-o", "out.gif"], in: folder, environment: hidden)
        #expect(gif.status == 2, "\(gif)")
        #expect(gif.stderr.contains("GIF needs giflib, which could not be loaded"), "\(gif)")
        #expect(gif.stderr.contains("apt-get install libgif7"), "\(gif)")
        let webp = try CLI.run(["redact", "leak.cast", "-o", "out.webp"], in: folder, environment: hidden)
        #expect(webp.status == 2, "\(webp)")
        #expect(webp.stderr.contains("libwebp7 libwebpmux3 libwebpdemux2"), "\(webp)")
        // Everything that needs neither still works.
        #expect(try CLI.run(["snap", "leak.cast", "-o", "s.png"], in: folder, environment: hidden).status == 0)
        #expect(try CLI.run(["redact", "leak.cast", "-o", "out.svg"], in: folder, environment: hidden).status == 0)
        #expect(try CLI.run(["audit", "leak.cast"], in: folder, environment: hidden).status == 1)
        #expect(Temp.contents(of: folder) == ["leak.cast", "out.svg", "s.png"])
    }

    @Test(arguments: ["gif", "webp", "svg"])
    func aBadRecordingIsNamedAndNothingIsWritten(_ ext: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"version\": 2, \"width\": 20, \"height\": 3}\n[0.1, \"o\", \"ok\"]\n[0.2, \"o\"\n".utf8)
            .write(to: folder.appendingPathComponent("bad.cast"))
        let result = try CLI.run(["redact", "bad.cast", "-o", "out.\(ext)"], in: folder)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("bad.cast:3:"), "\(result)")
        let missing = try CLI.run(["redact", "nope.cast", "-o", "out.\(ext)"], in: folder)
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stderr.contains("nope.cast"), "\(missing)")
        #expect(Temp.contents(of: folder) == ["bad.cast", "leak.cast"])
    }

    @Test(arguments: ["gif", "svg"])
    func aFullDiskFailsCleanly(_ ext: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A recording whose picture is larger than one block, so the limit is hit mid-write.
        var lines = [#"{"version": 2, "width": 120, "height": 40}"#]
        for i in 0..<200 {
            lines.append(#"[\#(Double(i) / 10), "o", "\#(String(repeating: "line \(i) ", count: 12))\r\n"]"#)
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("big.cast"))
        let veil = try CLI.binary().path
        let script = "trap '' XFSZ; ulimit -f 1; exec \"$0\" redact big.cast -o out.\(ext)"
        let result = try CLI.runProgram("/bin/sh", ["-c", script, veil], in: folder)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("cannot write"), "\(result)")
        #expect(result.stderr.contains("File too large"), "\(result)")
        #expect(Temp.contents(of: folder) == ["big.cast", "leak.cast"])
    }

    @Test func recordWritesAGIFAndKeepsTheCastOnlyWhenAsked() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let command = ["printf", "key AKIAQ4D3PXL2M7RT5JEW\\r\\n"]
        let gif = try CLI.run(["record", "-o", "demo.gif", "--"] + command, in: folder)
        #expect(gif.status == 0, "\(gif)")
        #expect(gif.stderr.contains("demo.gif: recorded; printf exited with status 0; 2 frames;"), "\(gif)")
        #expect(gif.stderr.contains("1 exposed value hidden"), "\(gif)")
        #expect(Temp.contents(of: folder) == ["demo.gif"])
        let both = try CLI.run(["record", "-o", "demo.svg", "-o", "demo.cast", "--"] + command, in: folder)
        #expect(both.status == 0, "\(both)")
        let svg = String(decoding: try Data(contentsOf: folder.appendingPathComponent("demo.svg")), as: UTF8.self)
        #expect(!svg.contains("AKIAQ4D3"))
        // The .cast is the session as recorded (without --redact).
        let cast = String(decoding: try Data(contentsOf: folder.appendingPathComponent("demo.cast")), as: UTF8.self)
        #expect(cast.contains("AKIAQ4D3PXL2M7RT5JEW"))
        let redacted = try CLI.run(
            ["record", "--redact", "-o", "safe.cast", "-o", "safe.webp", "--"] + command, in: folder)
        #expect(redacted.status == 0, "\(redacted)")
        let safe = String(decoding: try Data(contentsOf: folder.appendingPathComponent("safe.cast")), as: UTF8.self)
        #expect(!safe.contains("AKIAQ4D3"))
        let twice = try CLI.run(["record", "-o", "a.gif", "-o", "./a.gif", "--"] + command, in: folder)
        #expect(twice.status == 2, "\(twice)")
    }
}
