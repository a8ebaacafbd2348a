import Foundation
import Testing
import VeilRedaction

/// Every limit through the built `veil`: exit 2 and a message naming the file (and line and
/// column where there is one); a catastrophic user regex is bounded and fails closed.
@Suite struct CLILimitsTests {
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = try Temp.folder(prefix: "veil-limits")
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    static func sparseFile(_ url: URL, bytes: UInt64) throws {
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: bytes)
        try handle.close()
    }

    static func expectInputError(
        _ result: CommandResult, _ location: String, _ message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 2, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(location), "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(result)", sourceLocation: sourceLocation)
    }

    @Test func screenSizeOptionsAreBounded() throws {
        let folder = try Self.folder(["in.ans": "hello"])
        defer { try? FileManager.default.removeItem(at: folder) }
        Self.expectInputError(
            try CLI.run(["snap", "in.ans", "--cols", "1001"], in: folder), "--cols", "1…1000 (got 1001)")
        Self.expectInputError(try CLI.run(["snap", "in.ans", "--rows", "0"], in: folder), "--rows", "1…1000 (got 0)")
        #expect(Temp.contents(of: folder) == ["in.ans"])
    }

    @Test func asciicastSizesAreBounded() throws {
        let folder = try Self.folder([
            "wide.cast": "{\"version\": 2, \"width\": 5000, \"height\": 24}\n[0.1, \"o\", \"hi\"]\n",
            "resize.cast":
                "{\"version\": 2, \"width\": 80, \"height\": 24}\n[0.1, \"o\", \"hi\"]\n[0.2, \"r\", \"2000x10\"]\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        Self.expectInputError(try CLI.run(["snap", "wide.cast"], in: folder), "wide.cast:1:1", "at most 1000")
        Self.expectInputError(try CLI.run(["snap", "resize.cast"], in: folder), "resize.cast:3:1", "each 1…1000")
    }

    @Test func scenarioScreenSizesAreBounded() throws {
        let folder = try Self.folder([
            "big.veil.yml": "screen:\n  size: 2000x24\n  text: hi\ntimeline: [launch, home]\n",
            "resize.veil.yml": "timeline:\n  - launch\n  - resize: 80x1001\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        Self.expectInputError(try CLI.run(["run", "big.veil.yml"], in: folder), "big.veil.yml:2:9", "each 1…1000")
        Self.expectInputError(
            try CLI.run(["run", "resize.veil.yml"], in: folder), "resize.veil.yml:3:13", "each 1…1000")
    }

    @Test func oversizedInputsAreRefusedByTheirSizeUnread() throws {
        let folder = try Temp.folder(prefix: "veil-limits")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Sparse files: no disk used, but reading one into memory would take 10 GB.
        try Self.sparseFile(folder.appendingPathComponent("huge.ans"), bytes: 10 << 30)
        try Self.sparseFile(folder.appendingPathComponent("huge.cast"), bytes: 300 << 20)
        try Self.sparseFile(folder.appendingPathComponent("huge.veil.yml"), bytes: 5 << 20)
        try Self.sparseFile(folder.appendingPathComponent("rules.yml"), bytes: 2 << 20)
        try Data("hello".utf8).write(to: folder.appendingPathComponent("in.ans"))
        let clock = ContinuousClock()
        let start = clock.now
        Self.expectInputError(
            try CLI.run(["snap", "huge.ans"], in: folder), "huge.ans", "is 10737418240 bytes; the limit is 256 MiB")
        Self.expectInputError(try CLI.run(["scan", "huge.cast"], in: folder), "huge.cast", "the limit is 256 MiB")
        Self.expectInputError(try CLI.run(["run", "huge.veil.yml"], in: folder), "huge.veil.yml", "the limit is 4 MiB")
        Self.expectInputError(
            try CLI.run(["snap", "in.ans", "--config", "rules.yml"], in: folder), "rules.yml",
            "is 2097152 bytes; the limit is 1 MiB")
        #expect(clock.now - start < .seconds(20))
    }

    @Test func scenarioLengthAndShapeAreBounded() throws {
        let steps = String(repeating: "  - home\n", count: 100_001)
        var bomb =
            "handlers:\n  applicationDidEnterBackground: &a0 [endBackgroundTasks, endBackgroundTasks, endBackgroundTasks]\n"
        for level in 1...12 {
            bomb +=
                "  applicationWillResignActive\(level == 1 ? "" : "X\(level)"): &a\(level) ["
                + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        let folder = try Self.folder([
            "long.veil.yml": "timeline:\n" + steps,
            "bomb.veil.yml": bomb,
            "deep.veil.yml": "timeline: " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
                + "\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        Self.expectInputError(
            try CLI.run(["run", "long.veil.yml"], in: folder), "long.veil.yml:2:3",
            "timeline has 100001 steps; the limit is 100000")
        let clock = ContinuousClock()
        let start = clock.now
        Self.expectInputError(try CLI.run(["run", "bomb.veil.yml"], in: folder), "bomb.veil.yml:", "YAML nodes")
        #expect(clock.now - start < .seconds(10))
        Self.expectInputError(
            try CLI.run(["run", "deep.veil.yml"], in: folder), "deep.veil.yml:1:", "nest more than 32 deep")
    }

    @Test func rulesCountsAreBoundedWithAPosition() throws {
        let words = (0...100).map { "w\($0)" }.joined(separator: ", ")
        let folder = try Self.folder([
            "in.ans": "hello",
            "rules.yml": "rules:\n  - id: many\n    regex: 'x'\n    keywords: [\(words)]\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        Self.expectInputError(
            try CLI.run(["snap", "in.ans", "--config", "rules.yml"], in: folder), "rules.yml:4:16",
            "101 keywords; the limit is 100")
        #expect(Temp.contents(of: folder).sorted() == ["in.ans", "rules.yml"])
    }

    @Test func aCatastrophicUserRegexIsBoundedAndFailsClosed() throws {
        // 60 rows of 199 `a` and a `b` on a 200×60 screen, plus one secret row the rule cannot
        // reach in time; both patterns backtrack exponentially on these rows.
        let row = String(repeating: "a", count: 199) + "b"
        let capture = (0..<59).map { _ in row }.joined(separator: "\r\n") + "\r\n" + "aaaa sk_live_notascret aaaab"
        let folder = try Self.folder([
            "in.ans": capture,
            "rules.yml": """
            rules:
              - id: nested-plus
                regex: '(a+)+$'
              - id: pairs
                regex: '(x+x+)+y|(aa|a)+c'
            """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = ContinuousClock()
        let start = clock.now
        let result = try CLI.run(
            ["snap", "in.ans", "--config", "rules.yml", "--cols", "200", "--rows", "60", "-o", "out.png"],
            in: folder)
        let elapsed = clock.now - start
        #expect(result.status == 0, "\(result)")
        #expect(elapsed < .seconds(4), "veil snap took \(elapsed)")
        #expect(result.stderr.contains("veil: warning: rule 'nested-plus' ("), "\(result)")
        #expect(result.stderr.contains(") ran out of its regex budget"), "\(result)")
        #expect(result.stderr.contains("hidden unscanned"), "\(result)")
        // Every row is hidden: nothing of the unscanned text is drawn.
        let bitmap = try Pixels.decode(folder.appendingPathComponent("out.png"))
        #expect(Pixels.isAllMask(bitmap))
    }

    @Test func imageDimensionsAreBounded() throws {
        let folder = try Self.folder(["in.ans": "hello"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            ["snap", "in.ans", "--cols", "1000", "--rows", "1000", "--scale", "3", "-o", "out.png"], in: folder)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("image 24000x48000 would exceed 268435456 pixels"), "\(result)")
        #expect(Temp.contents(of: folder) == ["in.ans"])
    }
}
