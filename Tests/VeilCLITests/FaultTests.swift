import Foundation
import Testing

/// Output faults through the built `veil`: a missing or unwritable folder, a full disk (a real
/// EFBIG from `ulimit -f`), SIGINT/SIGTERM/`kill -9` in the middle of a write. Never a partial
/// PNG at the final path, the previous snapshot intact, no temporary file after a clean error.
@Suite(.serialized) struct FaultTests {
    static let capture = Array("Balance: 12,345.67\r\nCard: 4111 1111 1111 1111\r\n".utf8)

    /// A folder with `in.ans` and a previous snapshot `out.png` made from it.
    static func folderWithPreviousSnapshot() throws -> (folder: URL, previous: [UInt8]) {
        let folder = try Temp.folder(prefix: "veil-fault")
        try Data(capture).write(to: folder.appendingPathComponent("in.ans"))
        let made = try CLI.run(["snap", "in.ans", "-o", "out.png"], in: folder)
        #expect(made.status == 0, "\(made)")
        return (folder, [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.png"))))
    }

    static func temporaries(in folder: URL) -> [String] {
        Temp.contents(of: folder).filter { $0.hasPrefix(".veil-") && $0.hasSuffix(".tmp") }
    }

    @Test func aMissingOutputFolderIsAClearErrorAndNothingIsWritten() throws {
        let folder = try Temp.folder(prefix: "veil-fault")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.capture).write(to: folder.appendingPathComponent("in.ans"))
        let result = try CLI.run(["snap", "in.ans", "-o", "no-such-folder/out.png"], in: folder)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("cannot open the folder"), "\(result)")
        #expect(result.stderr.contains("no-such-folder: No such file or directory"), "\(result)")
        #expect(Temp.contents(of: folder) == ["in.ans"])
    }

    @Test func runAndDemoCreateTheirOutputFolder() throws {
        let folder = try Temp.folder(prefix: "veil-fault")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["demo", "--out", "a/b/c"], in: folder)
        #expect(result.status == 0, "\(result)")
        #expect(Temp.contents(of: folder.appendingPathComponent("a/b/c")).contains { $0.hasSuffix(".png") })
    }

    @Test func anUnwritableOutputFolderIsAClearError() throws {
        let (folder, _) = try Self.folderWithPreviousSnapshot()
        defer {
            chmod(folder.appendingPathComponent("locked").path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        // A path under a regular file cannot be written by anyone, root included.
        let underFile = try CLI.run(["snap", "in.ans", "-o", "out.png/x.png"], in: folder)
        #expect(underFile.status == 2, "\(underFile)")
        #expect(underFile.stderr.contains("out.png: Not a directory"), "\(underFile)")
        // A 0555 folder stops everyone but root (for whom chmod does not stop writes).
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        chmod(locked.path, 0o555)
        let result = try CLI.run(["snap", "in.ans", "-o", "locked/x.png"], in: folder)
        if geteuid() == 0 {
            #expect(result.status == 0, "root writes into a 0555 folder: \(result)")
        } else {
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("Permission denied"), "\(result)")
            #expect(Temp.contents(of: locked).isEmpty)
        }
        #expect(Self.temporaries(in: folder).isEmpty)
    }

    @Test func aFullDiskFailsCleanlyAndKeepsThePreviousSnapshot() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/sh") else {
            Issue.record("/bin/sh is missing: cannot set a file size limit for the child")
            return
        }
        let (folder, previous) = try Self.folderWithPreviousSnapshot()
        defer { try? FileManager.default.removeItem(at: folder) }
        // SIGXFSZ ignored survives exec, so write(2) fails with EFBIG once the file reaches
        // the limit (1 block): what a full disk looks like to the writer.
        let veil = try CLI.binary().path
        let script = "trap '' XFSZ; ulimit -f 1; exec \"$0\" snap in.ans -o out.png --scale 3"
        let result = try CLI.runProgram("/bin/sh", ["-c", script, veil], in: folder)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("cannot write"), "\(result)")
        #expect(result.stderr.contains("File too large"), "\(result)")
        #expect([UInt8](try Data(contentsOf: folder.appendingPathComponent("out.png"))) == previous)
        #expect(Self.temporaries(in: folder).isEmpty, "\(Temp.contents(of: folder))")
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalDuringTheWriteRemovesTheTemporaryFile(signal: Int32, status: Int32) throws {
        let (folder, previous) = try Self.folderWithPreviousSnapshot()
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = try CLI.start(
            ["snap", "in.ans", "-o", "out.png", "--scale", "2"], in: folder,
            environment: ["VEIL_TEST_WRITE_PAUSE_MS": "3000"])
        #expect(Self.waitForTemporary(in: folder), "no temporary file appeared")
        kill(child.processIdentifier, signal)
        child.waitUntilExit()
        #expect(child.terminationReason == .exit)
        #expect(child.terminationStatus == status)
        #expect([UInt8](try Data(contentsOf: folder.appendingPathComponent("out.png"))) == previous)
        #expect(Self.temporaries(in: folder).isEmpty, "\(Temp.contents(of: folder))")
    }

    @Test func killNineLeavesAStaleTemporaryThatTheNextWriteRemoves() throws {
        let (folder, previous) = try Self.folderWithPreviousSnapshot()
        defer { try? FileManager.default.removeItem(at: folder) }
        let child = try CLI.start(
            ["snap", "in.ans", "-o", "out.png", "--scale", "2"], in: folder,
            environment: ["VEIL_TEST_WRITE_PAUSE_MS": "3000"])
        #expect(Self.waitForTemporary(in: folder), "no temporary file appeared")
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        // The final path still holds the whole previous snapshot; the half-written one is a
        // temporary file named after the dead writer.
        #expect([UInt8](try Data(contentsOf: folder.appendingPathComponent("out.png"))) == previous)
        let stale = Self.temporaries(in: folder)
        #expect(stale.count == 1)
        #expect(stale.first?.hasPrefix(".veil-\(child.processIdentifier)-") == true)
        // Someone else's file with a similar name is not ours to remove.
        try Data([1]).write(to: folder.appendingPathComponent(".veil-notes.tmp"))
        let next = try CLI.run(["snap", "in.ans", "-o", "other.png"], in: folder)
        #expect(next.status == 0, "\(next)")
        #expect(Self.temporaries(in: folder) == [".veil-notes.tmp"])
    }

    @Test func runAndAuditReportsWriteAtomicallyToo() throws {
        let folder = try Temp.folder(prefix: "veil-fault")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.capture).write(to: folder.appendingPathComponent("in.ans"))
        let missing = try CLI.run(["audit", "in.ans", "--format", "json", "-o", "nowhere/report.json"], in: folder)
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stderr.contains("nowhere"), "\(missing)")
        // SIGINT while the report is being written: the old report stays, no temporary file.
        let first = try CLI.run(["audit", "in.ans", "--format", "json", "-o", "report.json"], in: folder)
        #expect(first.status == 1, "\(first)")
        let report = [UInt8](try Data(contentsOf: folder.appendingPathComponent("report.json")))
        let child = try CLI.start(
            ["audit", "in.ans", "--format", "sarif", "-o", "report.json"], in: folder,
            environment: ["VEIL_TEST_WRITE_PAUSE_MS": "3000"])
        #expect(Self.waitForTemporary(in: folder), "no temporary file appeared")
        kill(child.processIdentifier, SIGINT)
        child.waitUntilExit()
        #expect(child.terminationStatus == 130)
        #expect([UInt8](try Data(contentsOf: folder.appendingPathComponent("report.json"))) == report)
        #expect(Self.temporaries(in: folder).isEmpty, "\(Temp.contents(of: folder))")
    }

    /// Polls for a temporary file of ours in `folder` for up to 20 s.
    static func waitForTemporary(in folder: URL) -> Bool {
        for _ in 0..<2000 {
            if !temporaries(in: folder).isEmpty { return true }
            usleep(10_000)
        }
        return false
    }
}

extension CLI {
    /// Starts `veil ARGS` in `folder` without waiting; output is discarded.
    static func start(_ arguments: [String], in folder: URL, environment extra: [String: String] = [:]) throws
        -> Process
    {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs any program (for `/bin/sh` wrappers) and collects its output.
    static func runProgram(_ path: String, _ arguments: [String], in folder: URL) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let capture = try Temp.folder(prefix: "veil-cli-io")
        defer { try? FileManager.default.removeItem(at: capture) }
        let outURL = capture.appendingPathComponent("stdout"), errURL = capture.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL), errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let out = [UInt8](try Data(contentsOf: outURL)), err = [UInt8](try Data(contentsOf: errURL))
        return CommandResult(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self), stdoutBytes: out, stderrBytes: err)
    }
}
