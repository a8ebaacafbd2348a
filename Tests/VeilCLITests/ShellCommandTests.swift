import Foundation
import Synchronization
import Testing
import Veil
import VeilRedaction
import VeilScreen
import VeilTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `veil shell` as a whole process on a terminal of the test's own: a pseudo-terminal whose
/// output (everything veil writes to "the user's terminal") is logged and fed to Veil's
/// xterm model, whose keys the test types. No tmux needed (Scripts/test-shell drives real
/// programs through tmux).
@Suite(.serialized) struct ShellCommandTests {
    static let token = "ghp_R8fK2mQ7xW4pL9vN3cJ6hT1yB5sD0aE8uG2i"

    /// The user's terminal: `command` runs in a pty of `cols`×`rows` whose output is logged.
    final class UserTerminal: Sendable {
        /// What the terminal was sent.
        final class Log: Sendable {
            let bytes = Mutex<[UInt8]>([])
        }

        let session: PtySession
        let log = Log()

        init(_ command: [String], in folder: URL, cols: Int = 80, rows: Int = 24) throws {
            var environment = PtyProcess.environment()
            environment["PS1"] = "$ "
            environment["VEIL_FINGERPRINT_SALT"] = nil
            let log = self.log
            session = try PtySession(
                ["sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path] + command, cols: cols, rows: rows,
                environment: environment
            ) { bytes, _ in log.bytes.withLock { $0 += bytes } }
        }

        var bytes: [UInt8] { log.bytes.withLock { $0 } }
        var screen: Screen { session.screen.capture().screen }
        var text: String { screen.lines().joined(separator: "\n") }

        /// Waits until the screen shows `text` (10 s at most).
        func wait(for text: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline {
                if self.text.contains(text) { return }
                Thread.sleep(forTimeInterval: 0.02)
            }
            Issue.record(
                "the terminal never showed \(text.debugDescription):\n\(self.text)", sourceLocation: sourceLocation)
        }

        func type(_ text: String) { session.send(Array(text.utf8)) }

        func end() -> ProgramExit? {
            if case .ended(let exit) = session.wait(idle: nil, until: .now + .seconds(20)) { return exit }
            session.finish()
            return nil
        }
    }

    static func folder() throws -> URL {
        let folder = try Temp.folder()
        let secrets = "card 4111 1111 1111 1111\npassword: Lantern-7-Harbor\ntoken \(token)\n"
        try Data(secrets.utf8).write(to: folder.appendingPathComponent("secrets.txt"))
        return folder
    }

    @Test func withoutATerminalItSaysSoAndExits2() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["shell", "--", "true"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("veil shell draws on a terminal"), "\(result)")
        let missing = try CLI.run(["shell", "--", "veil-no-such-program"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("veil-no-such-program: command not found"), "\(missing)")
        let record = try CLI.run(["shell", "--record", "out.txt", "--", "true"], in: folder)
        #expect(record.status == 2)
        #expect(record.stderr.contains("--record writes .cast, .ans, .gif, .webp or .svg (got out.txt)"), "\(record)")
        let options = try CLI.run(["shell", "--record", "out.cast", "--speed", "2", "--", "true"], in: folder)
        #expect(options.status == 2)
        #expect(options.stderr.contains("--speed applies to .gif, .webp and .svg output"), "\(options)")
        #expect(Temp.contents(of: folder) == ["secrets.txt"])
    }

    /// Writes `text` as an executable script `name` in `folder`.
    static func script(_ name: String, _ text: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(name)
        try Data(("#!/bin/sh\n" + text + "\n").utf8).write(to: url)
        chmod(url.path, 0o755)
    }

    /// `stty -a` before and after veil runs `program.sh` (its status printed as `status=N`).
    static func driver(in folder: URL, options: String = "") throws {
        let veil = try CLI.binary().path
        try script(
            "driver.sh",
            """
            stty -a > before.txt
            sh -c 'echo $$ > veil.pid; exec "$0" shell \(options) -- ./program.sh' '\(veil)'
            echo "status=$?"
            stty -a > after.txt
            """, in: folder)
    }

    static func expectSameStty(in folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try String(contentsOf: folder.appendingPathComponent("before.txt"), encoding: .utf8)
        let after = try String(contentsOf: folder.appendingPathComponent("after.txt"), encoding: .utf8)
        #expect(!before.isEmpty && before == after, "stty -a differs after veil shell", sourceLocation: sourceLocation)
    }

    @Test func secretsNeverReachTheTerminalAndItIsPutBack() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.script(
            "program.sh",
            """
            cat secrets.txt
            echo "token again \(Self.token)x"
            printf '\\033[?1049h\\033[?1000h\\033[?2004h\\033[?1hfull'
            read line
            printf '\\033[?1049lgot %s\\n' "$line"
            exit 3
            """, in: folder)
        try Self.driver(in: folder, options: "--record session.cast")
        let terminal = try UserTerminal(["./driver.sh"], in: folder)
        terminal.wait(for: "full")
        #expect(terminal.screen.isAlternateScreen)
        let modes = terminal.session.screen.modes
        #expect(modes.mouseTracking == .normal && modes.bracketedPaste && modes.applicationCursorKeys)
        terminal.type("hello\r")
        terminal.wait(for: "status=3")
        #expect(terminal.end() == .exited(0))
        let lines = terminal.screen.lines()
        #expect(lines.contains("card"), "\(lines)")
        #expect(lines.contains("token"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("token again") && !$0.contains("ghp_") }, "\(lines)")
        #expect(lines.contains("got hello"), "\(lines)")
        try Secrets.expectNone(in: terminal.bytes, "the bytes written to the terminal")
        #expect(!Secrets.contains(terminal.bytes, Array(Self.token.utf8)))
        try Self.expectSameStty(in: folder)
        let after = terminal.session.screen.modes
        #expect(!terminal.screen.isAlternateScreen && terminal.screen.cursor.isVisible)
        #expect(after.mouseTracking == .off && !after.bracketedPaste && !after.applicationCursorKeys)
        let recording = [UInt8](try Data(contentsOf: folder.appendingPathComponent("session.cast")))
        try Secrets.expectNone(in: recording, "the recording")
        #expect(!Secrets.contains(recording, Array(Self.token.utf8)))
        let cast = try Asciicast(bytes: recording, path: "session.cast")
        #expect(cast.events.contains { if case .other("x", "3") = $0.kind { true } else { false } })
    }

    @Test(.realTime, arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalHangsUpOnTheProgramAndPutsTheTerminalBackRealTime(signal: Int32) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.script(
            "program.sh",
            """
            trap 'echo hung-up > hup.txt; exit 1' HUP
            printf '\\033[?1049h\\033[?1002h\\033[?1006hready'
            while :; do sleep 1; done
            """, in: folder)
        try Self.driver(in: folder)
        let terminal = try UserTerminal(["./driver.sh"], in: folder)
        terminal.wait(for: "ready")
        let pid = try String(contentsOf: folder.appendingPathComponent("veil.pid"), encoding: .utf8)
        kill(pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines))!, signal)
        terminal.wait(for: "status=\(128 + signal)")
        #expect(terminal.end() == .exited(0))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("hup.txt").path))
        try Self.expectSameStty(in: folder)
        #expect(!terminal.screen.isAlternateScreen)
        #expect(terminal.session.screen.modes.mouseTracking == .off)
        #expect(terminal.session.screen.modes.mouseEncoding == .legacy)
    }
}

extension ShellCommandTests {
    @Test(.realTime) func aPictureRecordingIsDrawnFromTheRedactedSessionRealTime() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.script(
            "program.sh",
            """
            cat secrets.txt
            printf '\\033]2;deploy \(Self.token)\\007'
            echo "token again \(Self.token)x"
            sleep 0.3
            echo done
            exit 4
            """, in: folder)
        try Self.driver(in: folder, options: "--record session.svg --last-frame 1")
        let terminal = try UserTerminal(["./driver.sh"], in: folder)
        terminal.wait(for: "status=4")
        #expect(terminal.end() == .exited(0))
        let svg = [UInt8](try Data(contentsOf: folder.appendingPathComponent("session.svg")))
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.hasPrefix("<?xml") || text.hasPrefix("<svg"), "\(text.prefix(80))")
        #expect(text.contains("done") && text.contains("token again"))
        try Secrets.expectNone(in: svg, "the SVG recording")
        #expect(!Secrets.contains(svg, Array(Self.token.utf8)))
        #expect(!Secrets.contains(terminal.bytes, Array(Self.token.utf8)))
        #expect(
            Set(Temp.contents(of: folder))
                == ["secrets.txt", "program.sh", "driver.sh", "before.txt", "after.txt", "veil.pid", "session.svg"])
    }

    /// Replays what the terminal was sent one byte at a time (a terminal may show any byte's
    /// state) and returns the first `piece` of `values` a screen showed, or nil.
    static func firstShown(_ pieces: [String], in bytes: [UInt8], cols: Int = 80, rows: Int = 24) throws -> String? {
        var screen = try Terminal(cols: cols, rows: rows)
        for byte in bytes {
            screen.feed([byte])
            // Only a printed character can complete a piece.
            guard byte >= 0x21 && byte < 0x7F else { continue }
            let text = screen.screen.lines().joined(separator: "\n")
            if let piece = pieces.first(where: { text.contains($0) }) { return piece }
        }
        return nil
    }

    @Test func aValueTypedOrPastedShowsNoMoreThanTheTableSays() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let typed = "ghp_T7cW1nQ4zK8xR2vM6bJ9hL3yD5sF0aE7uG4p"
        let pasted = "ghp_P3aS9tE2dV8lU5eN1kQ7wX4cR6mB0yH2jZ8f"
        try Self.script(
            "program.sh",
            """
            printf 'GITHUB_TOKEN='; read first
            printf 'GITHUB_TOKEN='; read second
            echo "read ${#first} and ${#second} characters"
            """, in: folder)
        try Self.driver(in: folder)
        let terminal = try UserTerminal(["./driver.sh"], in: folder)
        terminal.wait(for: "GITHUB_TOKEN=")
        // Typed one key at a time, each echoed (and drawn) before the next.
        for character in typed {
            terminal.type(String(character))
            Thread.sleep(forTimeInterval: 0.03)
        }
        terminal.type("\r")
        terminal.wait(for: "\nGITHUB_TOKEN=")
        terminal.type(pasted + "\r")
        terminal.wait(for: "status=0")
        #expect(terminal.end() == .exited(0))
        #expect(terminal.text.contains("read 40 and 40 characters"), "\(terminal.text)")
        // Docs/shell.md's table: after GITHUB_TOKEN=, the first 3 characters typed show, no more.
        let typedPieces =
            [String(typed.prefix(4))]
            + (0...(typed.count - 6)).map {
                String(Array(typed)[$0..<($0 + 6)])
            }
        let pastedPieces = ["ghp_P"] + (0...(pasted.count - 6)).map { String(Array(pasted)[$0..<($0 + 6)]) }
        #expect(try Self.firstShown(typedPieces + pastedPieces, in: terminal.bytes) == nil)
        // Once whole, neither value shows at all, its first characters included.
        #expect(!terminal.text.contains("ghp"), "\(terminal.text)")
    }

    @Test func theProgramGetsItsTerminalAndEnvironmentAndVeilExitsWithItsStatus() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.script(
            "program.sh",
            """
            echo "term=$TERM veil=$VEIL_SHELL size=$(stty size) tty=$(test -t 0 && test -t 2 && echo yes)"
            sleep 0.3
            printf '\\033[?1049h\\033[?25l\\033[2 qcrashing'
            kill -SEGV $$
            """, in: folder)
        try Self.driver(in: folder)
        let terminal = try UserTerminal(["./driver.sh"], in: folder, cols: 100, rows: 30)
        terminal.wait(for: "status=\(128 + SIGSEGV)")
        #expect(terminal.end() == .exited(0))
        #expect(terminal.text.contains("term=xterm-256color veil=1 size=30 100 tty=yes"), "\(terminal.text)")
        try Self.expectSameStty(in: folder)
        #expect(!terminal.screen.isAlternateScreen && terminal.screen.cursor.isVisible)
    }
}
