import Foundation
import Testing
@testable import VeilRender

/// The one writer's folder walk (``OutputFolder``): no link followed below an untrusted
/// tree, links outside followed as named, the final name never written through there, and
/// streamed files (``PendingFile``) whole or not at all.
@Suite struct OutputFolderTests {
    /// A fresh folder holding `tree/` (untrusted), `outside/` and `secret.txt`.
    static func layout() throws -> URL {
        let base = try AtomicFileTests.temporaryFolder()
        for folder in ["tree", "outside"] {
            try FileManager.default.createDirectory(
                at: base.appendingPathComponent(folder), withIntermediateDirectories: false)
        }
        try Data("keep".utf8).write(to: base.appendingPathComponent("secret.txt"))
        return base
    }

    static func symbolicLink(_ name: String, to target: String, in folder: URL) throws {
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
    }

    static func policy(_ base: URL) -> OutputPolicy {
        OutputPolicy(untrustedTrees: [base.appendingPathComponent("tree").path])
    }

    static func read(_ url: URL) -> String? { (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) } }

    @Test func aLinkedFolderInsideAnUntrustedTreeIsRefused() throws {
        let base = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        let tree = base.appendingPathComponent("tree")
        try Self.symbolicLink("out", to: base.appendingPathComponent("outside").path, in: tree)
        let report = tree.appendingPathComponent("out/veil.sarif")
        // Named by its physical path (macOS's /var is /private/var).
        let shown = tree.resolvingSymlinksInPath().appendingPathComponent("out").path
        #expect(throws: AtomicFileError.symbolicLink(path: shown)) {
            try AtomicFile.write(Data("x".utf8), to: report, policy: Self.policy(base))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("outside").path) == [])
        // Without the tree in the policy the same link is the user's, and followed.
        try AtomicFile.write(Data("x".utf8), to: report, policy: .standard)
        #expect(Self.read(base.appendingPathComponent("outside/veil.sarif")) == "x")
    }

    @Test func aLinkAtTheFinalNameIsRefusedInsideAndReplacedOutside() throws {
        let base = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        let secret = base.appendingPathComponent("secret.txt")
        for folder in ["tree", "outside"] {
            try Self.symbolicLink("veil.sarif", to: secret.path, in: base.appendingPathComponent(folder))
        }
        let inside = base.appendingPathComponent("tree/veil.sarif")
        #expect(throws: AtomicFileError.unsafeTarget(path: inside.path, kind: "a symbolic link")) {
            try AtomicFile.write(Data("report".utf8), to: inside, policy: Self.policy(base))
        }
        // Outside: the link itself is replaced by the new file, its target never written.
        let outside = base.appendingPathComponent("outside/veil.sarif")
        try AtomicFile.write(Data("report".utf8), to: outside, policy: Self.policy(base))
        #expect(Self.read(secret) == "keep")
        #expect(Self.read(outside) == "report")
        let attributes = try FileManager.default.attributesOfItem(atPath: outside.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
    }

    @Test func aRegularFileInsideIsReplacedNotWrittenThrough() throws {
        let base = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        let report = base.appendingPathComponent("tree/veil.json")
        let other = base.appendingPathComponent("outside/hard.json")
        try Data("old".utf8).write(to: other)
        #expect(link(other.path, report.path) == 0)  // a hard link: the same file under two names
        try AtomicFile.write(Data("new".utf8), to: report, policy: Self.policy(base))
        #expect(Self.read(report) == "new")
        #expect(Self.read(other) == "old")
    }

    @Test func devicesAndFIFOsAreWrittenIntoOutsideAndRefusedInside() throws {
        let base = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        try AtomicFile.write(Data("gone".utf8), to: URL(fileURLWithPath: "/dev/null"), policy: Self.policy(base))
        try Self.symbolicLink("null", to: "/dev/null", in: base.appendingPathComponent("outside"))
        try AtomicFile.write(
            Data("gone".utf8), to: base.appendingPathComponent("outside/null"), policy: Self.policy(base))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: base.appendingPathComponent("outside/null").path)
                == "/dev/null")
        try Self.symbolicLink("null", to: "/dev/null", in: base.appendingPathComponent("tree"))
        #expect(mkfifo(base.appendingPathComponent("tree/pipe").path, 0o600) == 0)
        for (name, kind) in [("null", "a symbolic link"), ("pipe", "a FIFO")] {
            let target = base.appendingPathComponent("tree/" + name)
            #expect(throws: AtomicFileError.unsafeTarget(path: target.path, kind: kind)) {
                try AtomicFile.write(Data("x".utf8), to: target, policy: Self.policy(base))
            }
        }
    }

    @Test func theTreeIsRecognisedWhateverNameLeadsIntoIt() throws {
        let base = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        let tree = base.appendingPathComponent("tree")
        // outside/alias -> tree (the user's link), and tree/out -> ../outside (the stranger's).
        try Self.symbolicLink("alias", to: tree.path, in: base.appendingPathComponent("outside"))
        try Self.symbolicLink("out", to: "../outside", in: tree)
        let target = base.appendingPathComponent("outside/alias/out/x.txt")
        #expect(throws: AtomicFileError.self) {
            try AtomicFile.write(Data("x".utf8), to: target, policy: Self.policy(base))
        }
        #expect(!FileManager.default.fileExists(atPath: base.appendingPathComponent("outside/x.txt").path))
        // The untrusted tree named through a link is the same tree.
        let aliased = OutputPolicy(untrustedTrees: [base.appendingPathComponent("outside/alias").path])
        #expect(throws: AtomicFileError.self) {
            try AtomicFile.write(Data("x".utf8), to: tree.appendingPathComponent("out/y.txt"), policy: aliased)
        }
    }

    @Test func linkLoopsOutsideStopAtTheLimit() throws {
        let base = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        let outside = base.appendingPathComponent("outside")
        try Self.symbolicLink("a", to: "b", in: outside)
        try Self.symbolicLink("b", to: "a", in: outside)
        #expect(throws: AtomicFileError.tooManyLinks(path: outside.appendingPathComponent("a").path)) {
            _ = try OutputFolder.open(outside.appendingPathComponent("a").path)
        }
    }

    @Test func missingFoldersAreMadeOnRequestWithoutFollowingLinks() throws {
        let base = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        let tree = base.appendingPathComponent("tree")
        let folder = try OutputFolder.open(
            tree.appendingPathComponent("a/b/c").path, policy: Self.policy(base), creating: true)
        #expect(folder.isUntrusted)
        try folder.write(Data("png".utf8), to: "x.png")
        #expect(Self.read(tree.appendingPathComponent("a/b/c/x.png")) == "png")
        try Self.symbolicLink(
            "d", to: base.appendingPathComponent("outside").path, in: tree.appendingPathComponent("a"))
        #expect(throws: AtomicFileError.self) {
            _ = try OutputFolder.open(
                tree.appendingPathComponent("a/d/e").path, policy: Self.policy(base), creating: true)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("outside").path) == [])
        // `..` is taken as typed: a/d/.. is a, never d's target's parent.
        let parent = try OutputFolder.open(
            tree.appendingPathComponent("a/d/../b").path, policy: Self.policy(base))
        #expect(parent.isUntrusted)
    }

    @Test func aStreamedFileIsWholeOrAbsent() throws {
        let base = try Self.layout()
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = try OutputFolder.open(
            base.appendingPathComponent("outside").path, policy: OutputPolicy(mode: 0o640))
        let file = try folder.create("frames.gif")
        for frame in 0..<5 { try file.write([UInt8](repeating: UInt8(frame), count: 1000)) }
        #expect(!FileManager.default.fileExists(atPath: base.appendingPathComponent("outside/frames.gif").path))
        #expect(file.count == 5000)
        try file.commit()
        let written = base.appendingPathComponent("outside/frames.gif")
        #expect(try Data(contentsOf: written).count == 5000)
        #expect(try FileManager.default.attributesOfItem(atPath: written.path)[.posixPermissions] as? Int == 0o640)
        // Given up, explicitly or by release: the old file stays, no temporary file is left.
        do {
            let abandoned = try folder.create("frames.gif")
            try abandoned.write([1, 2, 3])
            abandoned.discard()
            #expect(throws: AtomicFileError.self) { try abandoned.commit() }
        }
        do {
            let released = try folder.create("frames.gif")
            try released.write([4, 5, 6])
        }
        #expect(try Data(contentsOf: written).count == 5000)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent("outside").path) == [
                "frames.gif"
            ])
    }
}
