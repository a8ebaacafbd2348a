import Foundation
import Testing
import Veil

#if canImport(Glibc)
    import Glibc
#endif

/// The tests that run programs in pseudo-terminals inside this process, one at a time: they
/// count the process's pty descriptors and children, which a test running beside them
/// would change.
@Suite(.serialized) enum PtyTests {}

/// Helpers of the pseudo-terminal tests: running a program to its end, and what this test
/// process holds (pty descriptors, children).
enum PtyTestSupport {
    /// Runs `command` in a `cols`×`rows` pty until it ends (10 s at most); its screen's
    /// lines (trailing blanks trimmed) and exit.
    static func run(_ command: [String], cols: Int = 80, rows: Int = 24) throws -> (lines: [String], exit: ProgramExit?)
    {
        let session = try PtySession(command, cols: cols, rows: rows)
        defer { session.finish() }
        let result = session.wait(idle: nil, until: .now + .seconds(10))
        let lines = session.screen.capture().screen.lines().map { String($0.reversed().drop { $0 == " " }.reversed()) }
        if case .ended(let exit) = result { return (lines, exit) }
        return (lines, nil)
    }

    /// The descriptors of this process that are a pty's master or slave, or a pidfd: what a
    /// leaking runner would leave open.
    static func ptyDescriptors() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.compactMap { entry in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry)
            else { return nil }
            let isPty = target == "/dev/ptmx" || target.hasPrefix("/dev/pts/") || target.contains("[pidfd]")
            return isPty ? "\(entry) → \(target)" : nil
        }
    }

    /// Whether `pid` is still a process at all (running, stopped, or a zombie not reaped).
    static func exists(_ pid: pid_t) -> Bool {
        FileManager.default.fileExists(atPath: "/proc/\(pid)/stat") && parent(of: pid) == getpid()
    }

    /// The parent pid of `pid`, from /proc.
    static func parent(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// Whether a program is on PATH.
    static func available(_ name: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    /// Whether python3 with its curses module can run (the fixtures need both).
    static let hasPythonCurses: Bool = {
        guard available("python3") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import curses, termios, tty"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// A fixture program of Fixtures/pty.
    static func fixture(_ name: String) -> String {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/pty/\(name)").path
    }
}
