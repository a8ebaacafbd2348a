import Foundation
import Testing
import Veil

#if canImport(Glibc)
    import Glibc
#endif

extension PtyTests {
    /// The pseudo-terminal runner with real programs (sh, printf, python3).
    @Suite struct PtySessionTests {
        @Test func outputReachesTheScreenThroughTheLineDiscipline() throws {
            let run = try PtyTestSupport.run(["printf", "one\\ntwo \\033[1mbold\\033[0m\\n"])
            #expect(run.lines.prefix(3) == ["one", "two bold", ""])
            #expect(run.exit == .exited(0))
        }

        @Test func exitStatusAndSignalAreCollected() throws {
            #expect(try PtyTestSupport.run(["sh", "-c", "exit 3"]).exit == .exited(3))
            #expect(try PtyTestSupport.run(["sh", "-c", "kill -TERM $$"]).exit == .signaled(SIGTERM))
        }

        @Test func programSeesTheSizeTermAndOnlyItsTerminal() throws {
            let run = try PtyTestSupport.run(
                ["sh", "-c", "stty size; echo \"$TERM\"; ls /proc/$$/fd | tr '\\n' ' '; echo; tty"], cols: 100,
                rows: 30)
            #expect(run.lines[0] == "30 100")
            #expect(run.lines[1] == "xterm-256color")
            // 0, 1 and 2 (the pty); nothing of veil's leaks in. (dash may open a high fd of its own
            // only for scripts read from files, not for -c.)
            #expect(run.lines[2] == "0 1 2")
            #expect(run.lines[3].hasPrefix("/dev/pts/"))
        }

        @Test func resizeSetsTheSizeAndSignalsTheProgram() throws {
            let session = try PtySession(
                ["sh", "-c", "trap 'stty size; exit 0' WINCH; echo ready; while :; do sleep 0.05; done"], cols: 80,
                rows: 24)
            defer { session.finish() }
            #expect(session.wait(idle: .milliseconds(100), until: .now + .seconds(10)) == .idle)
            try session.process.resize(cols: 120, rows: 40)
            guard case .ended(let exit) = session.wait(idle: nil, until: .now + .seconds(10)) else {
                Issue.record("the program did not end after SIGWINCH")
                return
            }
            #expect(exit == .exited(0))
            #expect(session.screen.capture().screen.rowText(1).hasPrefix("40 120"))
        }

        @Test func inputIsWrittenToTheProgram() throws {
            let session = try PtySession(["sh", "-c", "read line; echo \"got:$line\""], cols: 80, rows: 24)
            defer { session.finish() }
            #expect(session.send(Array("abc\r".utf8)))
            guard case .ended = session.wait(idle: nil, until: .now + .seconds(10)) else {
                Issue.record("the program did not end")
                return
            }
            #expect(session.screen.capture().screen.rowText(1).hasPrefix("got:abc"))
        }

        @Test func aProgramWaitingForACursorPositionReportGetsIt() throws {
            guard PtyTestSupport.available("python3") else {
                print("skipped: python3 is not installed")
                return
            }
            let run = try PtyTestSupport.run(["python3", PtyTestSupport.fixture("cursor_report.py")])
            #expect(run.exit == .exited(0))
            #expect(run.lines.contains("cursor at row 3 col 6"), "\(run.lines.prefix(5))")
        }

        @Test func aMissingCommandIsNamed() throws {
            #expect(throws: PtyError.self) { try PtySession(["veil-no-such-command-x"], cols: 80, rows: 24) }
            do {
                _ = try PtySession(["veil-no-such-command-x"], cols: 80, rows: 24)
            } catch {
                #expect("\(error)" == "veil-no-such-command-x: command not found")
            }
            do {
                _ = try PtySession(["/etc/hostname"], cols: 80, rows: 24)
            } catch {
                #expect("\(error)".hasPrefix("/etc/hostname: cannot execute: "))
            }
        }

        @Test func aProgramThatNeverExitsIsStoppedAtTheTimeout() throws {
            let started = ContinuousClock.now
            var pid: pid_t = 0
            do {
                let session = try PtySession(["sh", "-c", "while :; do sleep 1; done"], cols: 80, rows: 24)
                pid = session.process.pid
                #expect(session.wait(idle: nil, until: .now + .milliseconds(300)) == .timedOut)
                #expect(session.finish() == .signaled(SIGKILL))
            }
            #expect(ContinuousClock.now - started < .seconds(5))
            #expect(!PtyTestSupport.exists(pid))
            let capture = LiveCapture(command: ["sleep", "30"], timeout: .milliseconds(200))
            #expect(throws: PtyError.self) { try capture.run() }
        }

        @Test func aFloodIsReadAndStoppedAtTheTimeout() throws {
            let session = try PtySession(["yes", "flood"], cols: 80, rows: 24)
            #expect(session.wait(idle: nil, until: .now + .milliseconds(500)) == .timedOut)
            session.finish()
            #expect(session.outputByteCount > 100_000)
            #expect(session.screen.capture().screen.rowText(0).hasPrefix("flood"))
        }

        @Test func aScreenPastItsWorkBudgetStopsTheCaptureAtOnce() throws {
            var capture = LiveCapture(command: ["yes"], timeout: .seconds(30))
            capture.workBudget = 200_000
            let started = ContinuousClock.now
            do {
                _ = try capture.run()
                Issue.record("a flood past the work budget gave a screen")
            } catch {
                #expect("\(error)".hasPrefix("yes: work budget exceeded by byte "), "\(error)")
            }
            #expect(ContinuousClock.now - started < .seconds(10))
        }

        @Test func backgroundChildrenOfTheProgramAreKilledWithItsGroup() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-pty-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let pidFile = folder.appendingPathComponent("pid").path
            let run = try PtyTestSupport.run(["sh", "-c", "sleep 30 & echo $! > '\(pidFile)'; echo started"])
            #expect(run.exit == .exited(0))
            let text = try String(contentsOfFile: pidFile, encoding: .utf8)
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            #expect(pid > 0)
            // The sleeper was killed (SIGKILL to the group); init reaps it at once.
            var alive = true
            for _ in 0..<200 where alive {
                alive =
                    (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)).map {
                        !$0.contains(") Z ")
                    } ?? false
                if alive { usleep(10_000) }
            }
            #expect(!alive)
        }

        @Test func a100RunsLeaveNoZombieAndNoDescriptor() throws {
            let before = PtyTestSupport.ptyDescriptors()
            var pids: [pid_t] = []
            for index in 0..<100 {
                let session = try PtySession(["printf", "run \(index)"], cols: 80, rows: 24)
                pids.append(session.process.pid)
                if index % 2 == 0 {
                    _ = session.wait(idle: nil, until: .now + .seconds(10))
                }
                session.finish()
            }
            #expect(PtyTestSupport.ptyDescriptors() == before)
            #expect(pids.filter(PtyTestSupport.exists).isEmpty)
        }

        @Test(arguments: [["less"], ["vi", "-u", "NONE", "-i", "NONE"]])
        func fullScreenProgramsDrawTheirScreenAndQuit(_ program: [String]) throws {
            guard PtyTestSupport.available(program[0]) else {
                print("skipped: \(program[0]) is not installed")
                return
            }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-fs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("notes.txt")
            try Data("line one\ncard 4111 1111 1111 1111\n".utf8).write(to: file)
            let session = try PtySession(program + [file.path], cols: 80, rows: 24)
            defer { session.finish() }
            #expect(session.wait(idle: .milliseconds(300), until: .now + .seconds(10)) == .idle)
            let screen = session.screen.capture().screen
            #expect(screen.rowText(0).hasPrefix("line one"), "\(screen.lines().prefix(3))")
            #expect(screen.rowText(1).hasPrefix("card 4111 1111 1111 1111"))
            #expect(session.send(Array((program[0] == "less" ? "q" : "\u{1B}:q!\r").utf8)))
            guard case .ended(let exit) = session.wait(idle: nil, until: .now + .seconds(10)) else {
                Issue.record("\(program[0]) did not quit")
                return
            }
            #expect(exit == .exited(0))
        }
    }
}
