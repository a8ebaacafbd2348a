import Foundation
import Synchronization
import Testing
@testable import Veil
import VeilRedaction

/// ``ConfinedRoot``, ``DisplayPath`` and ``DisplayText`` on their own, including the race a
/// name-based check would lose.
@Suite struct ConfinedRootTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("veil-confined-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func readsInsideAndRefusesOutside() throws {
        let outside = try Self.folder()
        defer { try? FileManager.default.removeItem(at: outside) }
        let rootURL = outside.appendingPathComponent("root")
        try Self.write("inside", rootURL.appendingPathComponent("sub/a.ans"))
        try Self.write("outside", outside.appendingPathComponent("secret.txt"))
        let root = ConfinedRoot(path: rootURL.path)
        func read(_ path: String) throws(ConfinedRoot.Failure) -> String {
            let descriptor = try root.open(Array(path.utf8))
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = Glibc.read(descriptor, &buffer, 64)
            return String(decoding: buffer[0..<max(0, count)], as: UTF8.self)
        }
        #expect(try read("sub/a.ans") == "inside")
        #expect(try read("./sub/./a.ans") == "inside")
        #expect(try read("sub/../sub/a.ans") == "inside")
        #expect(try read("sub//a.ans") == "inside")
        #expect(throws: ConfinedRoot.Failure.absolutePath) {
            try read(outside.appendingPathComponent("secret.txt").path)
        }
        #expect(throws: ConfinedRoot.Failure.leavesRoot) { try read("../secret.txt") }
        #expect(throws: ConfinedRoot.Failure.leavesRoot) { try read("sub/../../secret.txt") }
        #expect(throws: ConfinedRoot.Failure.missing) { try read("sub/none.ans") }
        #expect(throws: ConfinedRoot.Failure.notAFolder) { try read("sub/a.ans/x") }
        #expect(throws: ConfinedRoot.Failure.notRegular(kind: "a folder")) { try read("sub") }
        #expect(throws: ConfinedRoot.Failure.notRegular(kind: "a folder")) { try read(".") }
        // Links: inside followed (relative and absolute), outside refused, loops bounded.
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: rootURL.appendingPathComponent("in.ans").path, withDestinationPath: "sub/a.ans")
        try manager.createSymbolicLink(
            atPath: rootURL.appendingPathComponent("sub/up.ans").path, withDestinationPath: "../in.ans")
        try manager.createSymbolicLink(
            atPath: rootURL.appendingPathComponent("abs.ans").path,
            withDestinationPath: rootURL.appendingPathComponent("sub/a.ans").path)
        try manager.createSymbolicLink(
            atPath: rootURL.appendingPathComponent("out.ans").path, withDestinationPath: "../secret.txt")
        try manager.createSymbolicLink(atPath: rootURL.appendingPathComponent("loop").path, withDestinationPath: "loop")
        #expect(try read("in.ans") == "inside")
        #expect(try read("sub/up.ans") == "inside")
        #expect(try read("abs.ans") == "inside")
        #expect(throws: ConfinedRoot.Failure.leavesRoot) { try read("out.ans") }
        #expect(throws: ConfinedRoot.Failure.tooManyLinks) { try read("loop/x") }
        #expect(throws: ConfinedRoot.Failure.kernelFileSystem) {
            _ = try ConfinedRoot(path: "/", allowsOutside: true).open(Array("/proc/self/environ".utf8))
        }
        #expect(throws: ConfinedRoot.Failure.kernelFileSystem) {
            _ = try ConfinedRoot(path: "/", allowsOutside: false).open(Array("proc/self/status".utf8))
        }
        // --allow-outside-root reads outside by name.
        let allowing = ConfinedRoot(path: rootURL.path, allowsOutside: true)
        let descriptor = try allowing.open(Array("../secret.txt".utf8))
        close(descriptor)
    }

    /// A writer swaps `screen.ans` (and the folder `sub`) between a regular file (folder)
    /// inside the root and a link out of it, as fast as it can, while the reader reads: no
    /// read may ever return the outside file's bytes (a check by name, then an open by name,
    /// would sometimes follow the link).
    @Test func aPathSwappedForALinkBetweenCheckAndOpenIsNeverFollowed() throws {
        let outside = try Self.folder()
        defer { try? FileManager.default.removeItem(at: outside) }
        let rootURL = outside.appendingPathComponent("root")
        try Self.write("SAFE", rootURL.appendingPathComponent("screen.ans"))
        try Self.write("SAFE", rootURL.appendingPathComponent("sub/screen.ans"))
        try Self.write("CANARY", outside.appendingPathComponent("secret/screen.ans"))
        let root = ConfinedRoot(path: rootURL.path)
        final class Flags: Sendable {
            let stop = Atomic<Bool>(false)
            let done = Atomic<Bool>(false)
        }
        let flags = Flags()
        let rootPath = rootURL.path
        let secretPath = outside.appendingPathComponent("secret").path
        let swapper = Thread {
            let file = rootPath + "/screen.ans", folder = rootPath + "/sub"
            let link = rootPath + "/.link", real = rootPath + "/.real", staged = rootPath + "/.staged"
            func writeSafe(_ path: String) {
                let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                _ = "SAFE".withCString { Glibc.write(descriptor, $0, 4) }
                close(descriptor)
            }
            while !flags.stop.load(ordering: .relaxed) {
                // The file: a link out, then a regular file again, each put in place atomically.
                unlink(link)
                symlink(secretPath + "/screen.ans", link)
                rename(link, file)
                writeSafe(real)
                rename(real, file)
                // The folder: a link out, then a real folder again.
                unlink(folder + "/screen.ans")
                rmdir(folder)
                symlink(secretPath, folder)
                mkdir(staged, 0o755)
                writeSafe(staged + "/screen.ans")
                unlink(folder)
                rename(staged, folder)
            }
            flags.done.store(true, ordering: .relaxed)
        }
        swapper.start()
        var safe = 0
        var refused = 0
        for index in 0..<4_000 {
            let path = index % 2 == 0 ? "screen.ans" : "sub/screen.ans"
            do {
                let bytes = try root.read(Array(path.utf8), limit: 64, shown: path)
                #expect(bytes == Array("SAFE".utf8), "read \(String(decoding: bytes, as: UTF8.self)) through \(path)")
                safe += 1
            } catch is ConfinedRoot.Failure {
                refused += 1
            } catch {
                refused += 1
            }
        }
        flags.stop.store(true, ordering: .relaxed)
        while !flags.done.load(ordering: .relaxed) { usleep(1_000) }
        #expect(safe + refused == 4_000)
        #expect(safe > 0)
    }

    @Test func displayPathsShowBytesThatAreNotUTF8() {
        #expect(DisplayPath.shown(Array("plain/näme.ans".utf8)) == "plain/näme.ans")
        #expect(DisplayPath.shown(Array("leak".utf8) + [0xFF] + Array(".ans".utf8)) == "leak%FF.ans")
        #expect(DisplayPath.shown([0xC3]) == "%C3")  // a cut-off sequence
        #expect(DisplayPath.shown([0xE2, 0x82, 0xAC, 0x80]) == "€%80")
    }

    @Test func displayTextEscapesEveryControlAndSeparator() {
        #expect(DisplayText.escaped("plain text, ünïcode ✓") == "plain text, ünïcode ✓")
        #expect(DisplayText.escaped("\u{1B}]0;PWNED\u{07}") == "\\u{1B}]0;PWNED\\u{7}")
        #expect(DisplayText.escaped("ab\n::error file=x::y") == "ab\\u{A}::error file=x::y")
        #expect(DisplayText.escaped("\u{9B}31m") == "\\u{9B}31m")
        #expect(
            DisplayText.escaped("a\u{2028}b\u{2029}c\u{202E}d\u{7F}\t")
                == "a\\u{2028}b\\u{2029}c\\u{202E}d\\u{7F}\\u{9}")
        #expect(DisplayText.escapedLines("one\n\u{1B}two") == "one\n\\u{1B}two")
    }

    @Test func discoveryWalksByBytesAndSaysWhatItSkips() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("x", folder.appendingPathComponent("a.ans"))
        try Self.write("x", folder.appendingPathComponent(".hidden/b.ans"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("loop").path, withDestinationPath: ".")
        let name = Array(folder.path.utf8) + Array("/bad".utf8) + [0xFE] + Array(".cast\0".utf8)
        let descriptor = name.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        close(descriptor)
        let result = AuditInputDiscovery.discover(["."], currentFolder: folder.path)
        #expect(result.files.map(\.path) == ["a.ans", "bad%FE.cast"])
        #expect(result.files.last?.relative == Array("bad".utf8) + [0xFE] + Array(".cast".utf8))
        #expect(result.skipped.contains(".hidden: hidden, not searched"))
        #expect(result.skipped.contains("loop: a symbolic link, not followed"))
    }
}
