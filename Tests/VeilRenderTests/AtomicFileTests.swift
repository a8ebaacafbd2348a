import Foundation
import Testing
@testable import VeilRender

@Suite struct AtomicFileTests {
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("veil-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }

    static func mode(of url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func writesTheBytesWithModeSixHundredByDefault() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("snap.png")
        try AtomicFile.write([1, 2, 3] as [UInt8], to: file)
        #expect(try Data(contentsOf: file) == Data([1, 2, 3]))
        #expect(try Self.mode(of: file) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["snap.png"])
    }

    @Test func replacesAnExistingFileAndAppliesTheModeExactly() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("snap.png")
        try Data(repeating: 9, count: 100).write(to: file)
        try AtomicFile.write(Data([4, 5]), to: file, mode: 0o644)
        #expect(try Data(contentsOf: file) == Data([4, 5]))
        #expect(try Self.mode(of: file) == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["snap.png"])
    }

    @Test func aDurablePolicyWritesAndReplacesTheSameWay() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.html")
        let durable = OutputPolicy(mode: 0o640, durable: true)
        try AtomicFile.write([1, 2, 3] as [UInt8], to: file, policy: durable)
        try AtomicFile.write([4, 5] as [UInt8], to: file, policy: durable)
        #expect(try Data(contentsOf: file) == Data([4, 5]))
        #expect(try Self.mode(of: file) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.html"])
        #expect(!OutputPolicy.standard.durable)
    }

    @Test func aDestinationNameOfMaximalLengthWorks() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(String(repeating: "n", count: 251) + ".png")
        try AtomicFile.write([7] as [UInt8], to: file)
        #expect(try Data(contentsOf: file) == Data([7]))
    }

    @Test func aMissingFolderIsAThrownError() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("no-such-folder")
        #expect(throws: AtomicFileError.folder(path: missing.path, errno: ENOENT)) {
            try AtomicFile.write([1] as [UInt8], to: missing.appendingPathComponent("x.png"))
        }
    }

    @Test func aReadOnlyFolderIsAThrownError() throws {
        // /sys refuses new files even to root; a chmod 0500 folder refuses them to others.
        if geteuid() == 0 {
            #expect(throws: AtomicFileError.createTemporary(directory: "/sys", errno: EACCES)) {
                try AtomicFile.write([1] as [UInt8], to: URL(fileURLWithPath: "/sys/x.png"))
            }
        } else {
            let folder = try Self.temporaryFolder()
            defer {
                chmod(folder.path, 0o700)
                try? FileManager.default.removeItem(at: folder)
            }
            chmod(folder.path, 0o500)
            #expect(throws: AtomicFileError.createTemporary(directory: folder.path, errno: EACCES)) {
                try AtomicFile.write([1] as [UInt8], to: folder.appendingPathComponent("x.png"))
            }
        }
    }

    @Test func aFolderAtTheDestinationIsRefusedAndLeavesNoTemporaryFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("taken")
        try FileManager.default.createDirectory(
            at: target.appendingPathComponent("inner"), withIntermediateDirectories: true)
        #expect(throws: AtomicFileError.unsafeTarget(path: target.path, kind: "a folder")) {
            try AtomicFile.write([1] as [UInt8], to: target)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken"])
    }
}

/// The mid-write hook tests use instead of an environment variable.
@Suite struct AtomicFileMidWriteTests {
    @Test func duringTheWriteOnlyTheTemporaryHoldsTheNewBytes() throws {
        let folder = try AtomicFileTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("snap.png")
        try Data([7, 7, 7]).write(to: file)
        var seen: [String] = []
        var previous = Data()
        try AtomicFile.write(
            Data(repeating: 1, count: 10), to: file, mode: 0o600,
            midWrite: {
                seen = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
                previous = (try? Data(contentsOf: file)) ?? Data()
            })
        #expect(seen.count == 2)
        #expect(seen.contains("snap.png"))
        #expect(seen.contains { $0.hasPrefix(AtomicFile.temporaryPrefix + "\(getpid())-") })
        #expect(previous == Data([7, 7, 7]))
        #expect(try Data(contentsOf: file) == Data(repeating: 1, count: 10))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["snap.png"])
    }
}
