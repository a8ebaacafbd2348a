import Foundation
import Testing
import Veil
import VeilTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `veil snap -- COMMAND` and `veil record -- COMMAND` as whole processes with real programs.
@Suite(.serialized) struct LiveProgramTests {
    @Test func snapOfACommandIsTheSnapOfItsOutputFile() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "card 4111 1111 1111 1111\n\u{1B}[1mbold\u{1B}[0m line\n"
        try Data(text.utf8).write(to: folder.appendingPathComponent("screen.txt"))
        let live = try CLI.run(["snap", "-o", "live.png", "--", "cat", "screen.txt"], in: folder)
        #expect(live.status == 0, "\(live)")
        let file = try CLI.run(["snap", "-o", "file.png", "screen.txt"], in: folder)
        #expect(file.status == 0, "\(file)")
        let a = try Data(contentsOf: folder.appendingPathComponent("live.png"))
        let b = try Data(contentsOf: folder.appendingPathComponent("file.png"))
        #expect(a == b, "the live program's PNG differs from the same bytes' PNG")
        #expect(live.stdout.hasSuffix("live.png: 1 hidden\n"))
    }

    @Test func aMissingCommandExits2NamingIt() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["snap", "--", "veil-no-such-program", "arg"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("veil-no-such-program: command not found"), "\(result)")
        #expect(Temp.contents(of: folder).isEmpty)
        let record = try CLI.run(["record", "-o", "out.cast", "--", "veil-no-such-program"], in: folder)
        #expect(record.status == 2)
        #expect(record.stderr.contains("veil-no-such-program: command not found"), "\(record)")
        #expect(Temp.contents(of: folder).isEmpty)
    }

    @Test func aCommandStillRunningAtTheTimeoutWritesNothing() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = ContinuousClock.now
        let result = try CLI.run(["snap", "--timeout", "300ms", "-o", "out.png", "--", "sleep", "30"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("sleep: still running after 300ms (--timeout): stopped, nothing written"))
        #expect(ContinuousClock.now - started < .seconds(10))
        let record = try CLI.run(["record", "--timeout", "300ms", "-o", "out.cast", "--", "sleep", "30"], in: folder)
        #expect(record.status == 2, "\(record)")
        #expect(Temp.contents(of: folder).isEmpty)
    }

    @Test func idleSnapshotsAProgramThatKeepsRunning() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            ["snap", "--idle", "200ms", "-o", "out.png", "--", "sh", "-c", "printf 'menu ready'; sleep 30"],
            in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(Temp.contents(of: folder) == ["out.png"])
    }

    @Test func snapRejectsInputAndCommandTogether() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let both = try CLI.run(["snap", "screen.ans", "--", "ls"], in: folder)
        #expect(both.status == 2)
        #expect(both.stderr.contains("give INPUT or -- COMMAND, not both"))
        let idle = try CLI.run(["snap", "--idle", "1s", "screen.ans"], in: folder)
        #expect(idle.status == 2)
    }

    @Test func recordWritesAnAsciicastWithTimingInputAndExit() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            [
                "record", "--stdin", "--cols", "40", "--rows", "10", "-o", "out.cast", "--", "sh", "-c",
                "read x; printf 'got %s\\n' \"$x\"; exit 3",
            ],
            in: folder, stdin: Array("hello\n".utf8))
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("sh exited with status 3"))
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.cast")))
        let cast = try Asciicast(bytes: bytes, path: "out.cast")
        #expect(cast.version == 2 && cast.cols == 40 && cast.rows == 10)
        var output = ""
        var input = ""
        var exit: String?
        for event in cast.events {
            switch event.kind {
            case .output(let data): output += String(decoding: data, as: UTF8.self)
            case .other("i", let data): input += data
            case .other("x", let data): exit = data
            default: break
            }
        }
        #expect(output.contains("got hello\r\n"))
        #expect(input == "hello\n")
        #expect(exit == "3")
        #expect(cast.events.map(\.time) == cast.events.map(\.time).sorted())
    }

    @Test func recordRedactWritesNoSecretByte() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            [
                "record", "--redact", "--stdin", "-o", "out.cast", "--", "sh", "-c",
                "printf 'card 4111 1111 1111 1111\\n'; sleep 0.1; printf '\\033[2J\\033[Hcleared\\n'",
            ],
            in: folder, stdin: Array("4111111111111111\n".utf8))
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("1 exposed value hidden"), "\(result)")
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.cast")))
        try Secrets.expectNone(in: bytes, "the redacted recording")
        let cast = try Asciicast(bytes: bytes, path: "out.cast")
        #expect(!cast.events.contains { if case .other("i", _) = $0.kind { true } else { false } })
    }

    @Test(.realTime) func sigintOfVeilLeavesNoChildAndNoPartialFileRealTime() throws {
        for arguments in [["snap", "-o", "out.png"], ["record", "-o", "out.cast"]] {
            let folder = try Temp.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let process = Process()
            process.executableURL = try CLI.binary()
            process.arguments = arguments + ["--", "sh", "-c", "echo $$ > pid; echo running; sleep 30"]
            process.currentDirectoryURL = folder
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let pidFile = folder.appendingPathComponent("pid").path
            var child: pid_t = 0
            for _ in 0..<1000 where child == 0 {
                let text = (try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? ""
                if text.hasSuffix("\n") { child = pid_t(text.dropLast()) ?? 0 }
                if child == 0 { usleep(10_000) }
            }
            #expect(child > 0, "the program did not start")
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            #expect(process.terminationStatus == 130, "\(arguments[0])")
            // veil killed and reaped it before exiting: no such process any more.
            let left = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)
            #expect(left == nil, "\(arguments[0]): child left: \(left ?? "")")
            #expect(Temp.contents(of: folder) == ["pid"], "\(arguments[0]): \(Temp.contents(of: folder))")
        }
    }

    @Test func execRunsTheProgramAsTheAppAndLogsJSONLines() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            ["exec", "--log", "json", "--", "sh", "-c", "printf 'card 4111 1111 1111 1111'; sleep 30"], in: folder)
        #expect(result.status == 1, "\(result)")
        let types = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #""type":"[a-zA-Z]+""#, options: .regularExpression) else { return nil }
            return String(line[range].dropFirst(8).dropLast())
        }
        #expect(types.first == "state")
        #expect(types.contains("snapshot") && types.contains("violation"))
        #expect(Temp.contents(of: folder) == ["veil-out", "veil-out/sh-0001.png"])
        try Secrets.expectNone(in: result.stdoutBytes, "the log")
        let missing = try CLI.run(["exec", "--", "veil-no-such-program"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("veil-no-such-program: command not found"), "\(missing)")
    }

    @Test func auditRunsProgramsOnlyWithAllowExecAndRunRefusesThem() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = """
            screen: {exec: "printf 'card 4111 1111 1111 1111'; sleep 30"}
            timeline: [launch, {waitFor: "card"}, home]
            """
        try Data(scenario.utf8).write(to: folder.appendingPathComponent("live.veil.yml"))
        let refused = try CLI.run(["audit", "live.veil.yml"], in: folder)
        #expect(refused.status == 2, "\(refused)")
        #expect((refused.stdout + refused.stderr).contains("--allow-exec"), "\(refused)")
        let allowed = try CLI.run(["audit", "--allow-exec", "live.veil.yml"], in: folder)
        #expect(allowed.status == 1, "\(allowed)")
        #expect(allowed.stdout.contains("card.pan"), "\(allowed)")
        let run = try CLI.run(["run", "live.veil.yml"], in: folder)
        #expect(run.status == 2)
        #expect(run.stderr.contains("veil exec live.veil.yml"), "\(run)")
        let exec = try CLI.run(["exec", "live.veil.yml", "--out", "shots"], in: folder)
        #expect(exec.status == 1, "\(exec)")
        #expect(Temp.contents(of: folder).contains("shots/live-0001.png"))
    }

    @Test func recordOnARealTerminalPassesKeysRawAndRestoresItsMode() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let veil = try CLI.binary().path
        // The outer shell runs on a terminal (a pty of the test); veil records an inner program
        // on a terminal of its own. Ctrl-C must reach the inner program, not stop veil.
        let inner =
            "trap 'echo caught; exit 0' INT; echo ready; read line; echo got:\\$line; while :; do sleep 0.05; done"
        let outer =
            "cd '\(folder.path)'; stty -g > before; '\(veil)' record --cols 40 --rows 8 -o out.cast -- sh -c \"\(inner)\"; echo status:$?; stty -g > after"
        let session = try PtySession(["sh", "-c", outer], cols: 80, rows: 24)
        defer { session.finish() }
        func waitFor(_ text: String) {
            let deadline = ContinuousClock.now + .seconds(20)
            while !session.screen.capture().screen.lines().joined().contains(text) && ContinuousClock.now < deadline {
                usleep(10_000)
            }
        }
        waitFor("ready")
        #expect(session.send(Array("abc\r".utf8)))
        waitFor("got:abc")
        #expect(session.send([0x03]))
        guard case .ended = session.wait(idle: nil, until: .now + .seconds(20)) else {
            Issue.record("the outer shell did not end: \(session.screen.capture().screen.lines().prefix(8))")
            return
        }
        let lines = session.screen.capture().screen.lines().joined(separator: "\n")
        #expect(lines.contains("got:abc") && lines.contains("caught") && lines.contains("status:0"), "\(lines)")
        let before = try String(contentsOf: folder.appendingPathComponent("before"), encoding: .utf8)
        let after = try String(contentsOf: folder.appendingPathComponent("after"), encoding: .utf8)
        #expect(before == after, "the terminal's mode was not restored")
        let cast = try Asciicast(
            bytes: [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.cast"))), path: "out.cast")
        #expect(cast.cols == 40 && cast.rows == 8)
    }

    @Test func aSignalEndingRecordRestoresTheTerminalAndLeavesNoFile() throws {
        let folder = try Temp.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let veil = try CLI.binary().path
        // The inner program's parent is veil: it prints veil's pid for the test to signal.
        let outer =
            "cd '\(folder.path)'; stty -g > before; '\(veil)' record -o out.cast -- sh -c 'echo ready:$PPID; sleep 30'; echo status:$?; stty -g > after"
        let session = try PtySession(["sh", "-c", outer], cols: 80, rows: 24)
        defer { session.finish() }
        let deadline = ContinuousClock.now + .seconds(20)
        var veilPID: pid_t = 0
        while veilPID == 0 && ContinuousClock.now < deadline {
            let text = session.screen.capture().screen.lines().joined(separator: "\n")
            if let range = text.range(of: #"ready:[0-9]+"#, options: .regularExpression) {
                veilPID = pid_t(text[range].dropFirst(6)) ?? 0
            } else {
                usleep(10_000)
            }
        }
        #expect(veilPID > 0, "veil's program did not start")
        kill(veilPID, SIGTERM)
        guard case .ended = session.wait(idle: nil, until: .now + .seconds(20)) else {
            Issue.record("the outer shell did not end")
            return
        }
        #expect(session.screen.capture().screen.lines().joined().contains("status:143"))
        let before = try String(contentsOf: folder.appendingPathComponent("before"), encoding: .utf8)
        let after = try String(contentsOf: folder.appendingPathComponent("after"), encoding: .utf8)
        #expect(before == after, "the terminal's mode was not restored")
        #expect(Temp.contents(of: folder) == ["after", "before"])
    }
}
