import Foundation
import Synchronization
import Testing
import Veil
import VeilRedaction

#if canImport(Glibc)
    import Glibc
#endif

extension PtyTests {
    /// Issue #26, item 6: what a program starts in process groups of its own (a job-control
    /// shell's jobs) dies with it, on timeout and on a normal exit; a relaunched program's
    /// ended session holds no descriptor.
    @Suite struct PtySessionKillTests {
        /// Whether `pid` is a live process (not a zombie waiting for its parent).
        static func alive(_ pid: pid_t) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            return !stat[stat.index(after: close)...].hasPrefix(" Z")
        }

        /// Waits up to 2 s for `pid` to be gone.
        static func gone(_ pid: pid_t) -> Bool {
            for _ in 0..<200 {
                if !alive(pid) { return true }
                usleep(10_000)
            }
            return false
        }

        /// The pid a program wrote to `file`, waiting up to 10 s for it.
        static func pid(in file: String) -> pid_t? {
            for _ in 0..<1000 {
                if let text = try? String(contentsOfFile: file, encoding: .utf8),
                    let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0
                {
                    return pid
                }
                usleep(10_000)
            }
            return nil
        }

        static func folder() throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-kill-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }

        @Test func aJobInItsOwnGroupDiesWhenTheSessionIsStopped() throws {
            guard PtyTestSupport.available("bash") else { return }
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("pid").path
            let session = try PtySession(
                ["bash", "-c", "set -m; sleep 502 & echo $! > '\(file)'; sleep 100"], cols: 80, rows: 24)
            let sleeper = try #require(Self.pid(in: file))
            // It is in a group of its own, not the program's.
            #expect(getpgid(sleeper) != session.process.pid)
            _ = session.wait(idle: nil, until: .now + .milliseconds(200))  // the --timeout
            session.finish()
            #expect(Self.gone(sleeper), "sleep 502 (\(sleeper)) outlived the session")
        }

        @Test func aJobInItsOwnGroupDiesWhenTheProgramExits() throws {
            guard PtyTestSupport.available("bash") else { return }
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("pid").path
            let session = try PtySession(
                ["bash", "-c", "set -m; sleep 503 & echo $! > '\(file)'; exit 0"], cols: 80, rows: 24)
            let result = session.wait(idle: nil, until: .now + .seconds(10))
            #expect(result == .ended(.exited(0)))
            let sleeper = try #require(Self.pid(in: file))
            #expect(Self.gone(sleeper), "sleep 503 (\(sleeper)) outlived the program")
            session.finish()
        }

        @Test func veilSnapsTimeoutKillsTheWholeSession() throws {
            guard PtyTestSupport.available("bash") else { return }
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let binary = try #require(
                [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()].map {
                    $0.appendingPathComponent("veil")
                }.first { FileManager.default.isExecutableFile(atPath: $0.path) })
            let process = Process()
            process.executableURL = binary
            process.arguments = [
                "snap", "--timeout", "1s", "-o", folder.appendingPathComponent("s.png").path, "--",
                "bash", "-c", "set -m; sleep 504 & echo $! > pid; sleep 100",
            ]
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let sleeper = try #require(Self.pid(in: folder.appendingPathComponent("pid").path))
            #expect(Self.gone(sleeper), "sleep 504 (\(sleeper)) outlived veil snap --timeout")
        }

        /// Every descriptor of this process (pipes included).
        static func descriptorCount() -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
        }

        @Test func relaunchingAProgramLeaksNoDescriptor() async throws {
            guard PtyTestSupport.available("sh") else { return }
            let cycles = Array(repeating: "launch, appSwitcher, forceQuit", count: 30).joined(separator: ", ")
            let scenario = try Scenario.parse(
                """
                name: relaunch
                screen: {size: 20x4, exec: ["sh", "-c", "echo up; sleep 30"]}
                timeline: [\(cycles)]
                """, path: "/tmp/relaunch.veil.yml")
            let snapshotter = try Snapshotter(settings: SnapshotSettings(rules: try RuleSet.builtIn))
            // Counted during the run (a run's end releases everything): after each step.
            let counts = Mutex<[Int]>([])
            var options = ScenarioRunner.Options()
            options.progress = { _, _, _ in counts.withLock { $0.append(Self.descriptorCount()) } }
            let result = try await ScenarioRunner(scenario: scenario, snapshotter: snapshotter).run(options)
            #expect(result.log.count > 30)
            // Each relaunch used to keep its ended session and its wake pipe: 2 descriptors each.
            let seen = counts.withLock { $0 }
            let early = try #require(seen.dropFirst(3).first)
            let late = try #require(seen.last)
            #expect(late <= early + 2, "\(early) descriptors after the first cycle, \(late) after 30 relaunches")
        }
    }
}
