import Foundation
import Testing

/// A bad input: exit 2, a message naming the file and position, and no output file left.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var fixture: String
    /// What stderr must contain after the file's path: `:line:column` or a regex of it.
    var position: String
    var testDescription: String { fixture }

    static let scenarios: [ErrorCase] = [
        ErrorCase(fixture: "unknown-event", position: ":4:5"),
        ErrorCase(fixture: "bad-duration", position: ":4:11"),
        ErrorCase(fixture: "bad-handler-duration", position: ":4:13"),
        ErrorCase(fixture: "unknown-key", position: ":2:1"),
        ErrorCase(fixture: "invalid-yaml", position: #":[0-9]+:[0-9]+"#),
        ErrorCase(fixture: "missing-screen", position: ":4:9"),
        // `unlock` while active, after a home that already took a snapshot.
        ErrorCase(fixture: "impossible-event", position: ":9:5"),
        ErrorCase(fixture: "region-outside", position: ":6:7"),
        ErrorCase(fixture: "mark-outside", position: ":7:13"),
    ]
}

@Suite struct ErrorTests {
    static func expectPosition(
        _ stderr: String, path: String, _ position: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let pattern = NSRegularExpression.escapedPattern(for: path) + position + ":"
        #expect(
            stderr.range(of: pattern, options: .regularExpression) != nil,
            "stderr does not name \(path)\(position): \(stderr)", sourceLocation: sourceLocation)
    }

    @Test(arguments: ErrorCase.scenarios)
    func badScenarioExitsTwoWithPositionAndWritesNothing(_ error: ErrorCase) throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("out")
        let file = try Fixtures.url("errors/\(error.fixture).veil.yml")
        for log in ["json", "text"] {
            let result = try CLI.run(
                ["run", file.path, "--out", out.path, "--log", log, "--root", try Fixtures.rootPath], in: work)
            #expect(result.status == 2, "\(result)")
            Self.expectPosition(result.stderr, path: file.path, error.position)
            #expect(Temp.contents(of: out).isEmpty, "left in the out folder: \(Temp.contents(of: out))")
            #expect(
                Temp.contents(of: work).allSatisfy { $0 == "out" },
                "left in the working folder: \(Temp.contents(of: work))")
            #expect(!result.stdout.contains(#""type":"snapshot""#), "a log of a failed run announces a snapshot")
            try Secrets.expectNone(in: result.stdoutBytes + result.stderrBytes, "error output")
        }
    }

    @Test func missingScreenFileIsNamed() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let file = try Fixtures.url("errors/missing-screen.veil.yml")
        let result = try CLI.run(["run", file.path, "--out", "out", "--root", try Fixtures.rootPath], in: work)
        #expect(result.status == 2)
        #expect(result.stderr.contains("not-there.ans"), "\(result)")
    }

    @Test(arguments: [("bad-json", #":3:[0-9]+"#), ("bad-version", ":1:1"), ("bad-resize", ":3:1")])
    func badRecordingExitsTwoWithPosition(_ fixture: String, _ position: String) throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let cast = try Fixtures.url("casts/\(fixture).cast")
        let result = try CLI.run(["snap", cast.path, "-o", "out.png"], in: work)
        #expect(result.status == 2, "\(result)")
        Self.expectPosition(result.stderr, path: cast.path, position)
        #expect(Temp.contents(of: work).isEmpty, "left behind: \(Temp.contents(of: work))")
        try Secrets.expectNone(in: result.stdoutBytes + result.stderrBytes, "error output")
    }

    @Test(arguments: [
        ["snap", "nowhere/missing.ans", "-o", "out.png"],
        ["snap", "missing.cast", "-o", "out.png"],
        ["run", "missing.veil.yml", "--out", "out"],
    ])
    func missingInputFileExitsTwoNamingIt(_ arguments: [String]) throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let result = try CLI.run(arguments, in: work)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(arguments[1]), "stderr does not name \(arguments[1]): \(result.stderr)")
        #expect(Temp.contents(of: work).isEmpty, "left behind: \(Temp.contents(of: work))")
    }

    @Test(arguments: [["run", "SCENARIO", "--out", "taken"], ["demo", "--out", "taken"]])
    func outputFolderThatIsAFileIsAnInputError(_ arguments: [String]) throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        _ = FileManager.default.createFile(atPath: work.appendingPathComponent("taken").path, contents: Data())
        let scenario = try Fixtures.url("scenarios/home.veil.yml").path
        let result = try CLI.run(arguments.map { $0 == "SCENARIO" ? scenario : $0 }, in: work)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("taken") && result.stderr.contains("output folder"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
        #expect(Temp.contents(of: work) == ["taken"])
    }

    @Test func atAfterTheRecordingsEndIsAnInputError() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let cast = try Fixtures.url("casts/session.cast")
        let result = try CLI.run(["snap", cast.path, "--at", "99", "-o", "out.png"], in: work)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(cast.path))
        #expect(Temp.contents(of: work).isEmpty, "left behind: \(Temp.contents(of: work))")
    }

    @Test func badOptionsExitTwoAndWriteNothing() throws {
        let work = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = try Fixtures.url("screens/card.ans")
        for arguments in [
            ["snap", input.path, "-o", "out.png", "--scale", "4"],
            ["snap", input.path, "-o", "out.png", "--style", "blur"],
            ["snap", input.path, "-o", "out.png", "--at", "-1"],
            ["snap", input.path, "-o", "out.png", "--at", "1"],  // --at is for recordings only
            ["snap", input.path, "-o", "out.png", "--theme", "neon"],
            ["run", input.path, "--out", "out", "--log", "xml"],
        ] {
            let result = try CLI.run(arguments, in: work)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(Temp.contents(of: work).isEmpty, "\(arguments) left: \(Temp.contents(of: work))")
        }
    }
}
