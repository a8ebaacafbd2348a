import Foundation
import Testing
@testable import Veil

/// `.veilignore` and `--exclude` (``IgnoreRules``): the folder search leaves out exactly the
/// paths git leaves out for the same patterns in a `.gitignore` (`git check-ignore` on the
/// same tree), for each documented kind of pattern.
@Suite struct IgnoreRulesTests {
    /// The tree every case is checked on: inputs at several depths, folders named like files.
    static let tree = [
        "a.ans", "b.cast", "keep.ans", "#hash.ans", "!bang.ans", "space .ans", "x.veil.yml",
        "docs/a.ans", "docs/keep.ans", "docs/deep/a.ans", "docs/deep/z.cast",
        "build/out.ans", "build/keep.ans", "src/build/out.ans", "src/build.ans",
        "src/docs/a.ans", "src/lib/x.veil.yml", "logs/2024/day1.ans", "logs/day2.ans",
        "vendor/one/two/three.ans", "a/b/c/d.ans", "a/x/b/y.ans", "a/b.ans", "foo/bar/baz.cast",
        "shots/abc.ans", "shots/abd.ans", "shots/ab.ans",
    ]

    /// Each documented kind of pattern (see ``IgnoreRules``), as a `.veilignore`.
    static let cases: [String] = [
        "a.ans",  // a name at any depth
        "/a.ans",  // anchored by a leading slash
        "docs/a.ans",  // anchored by a middle slash
        "build/",  // folders only, at any depth
        "/build/",  // anchored folder
        "*.cast",  // star within a name
        "docs/*",  // star after an anchored folder
        "shots/ab?.ans",  // question mark
        "shots/ab[c-d].ans",  // a range
        "shots/ab[!c].ans",  // a negated class
        "**/deep",  // leading double star
        "vendor/**",  // trailing double star
        "a/**/d.ans",  // middle double star (zero or more folders)
        "logs/**/*.ans",  // middle double star then a name
        "*.ans\n!keep.ans",  // negation
        "build/\n!build/keep.ans",  // negation cannot re-include inside an excluded folder
        "docs\n!docs/keep.ans",  // a name that matches a folder
        "# a comment\n\\#hash.ans",  // comment, escaped hash
        "\\!bang.ans",  // escaped bang
        "space\\ .ans",  // escaped trailing-space-like content
        "keep.ans   ",  // trailing spaces dropped
        "src/**/x.veil.yml\n*.veil.yml",  // scenarios too
        "foo/**/*.cast\n!foo/bar/",  // a negated folder
    ]

    static func git(_ arguments: [String], in folder: URL, input: Data? = nil) throws -> (Int32, Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    static var gitAvailable: Bool {
        let folder = FileManager.default.temporaryDirectory
        return (try? git(["--version"], in: folder).0) == 0
    }

    @Test(arguments: cases) func matchesGitCheckIgnore(_ patterns: String) throws {
        guard Self.gitAvailable else {
            print("IgnoreRulesTests: git is not installed; skipping the comparison with git check-ignore")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-ignore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in Self.tree {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        try Data(patterns.utf8).write(to: folder.appendingPathComponent(".veilignore"))
        try Data(patterns.utf8).write(to: folder.appendingPathComponent(".gitignore"))
        #expect(try Self.git(["init", "-q", "."], in: folder).0 == 0)
        let query = Data(Self.tree.joined(separator: "\0").utf8 + [0])
        let (_, output) = try Self.git(["check-ignore", "--stdin", "-z"], in: folder, input: query)
        let ignoredByGit = Set(output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })

        let result = AuditInputDiscovery.discover([folder.path], currentFolder: folder.path)
        let found = Set(result.files.map(\.path))
        let excludedByVeil = Set(Self.tree).subtracting(found)
        #expect(excludedByVeil == ignoredByGit, "patterns: \(patterns.debugDescription)")
        #expect(result.missing.isEmpty)
    }

    @Test func excludeOptionsFollowTheIgnoreFileAndAreListed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-ignore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["a.ans", "b.ans", "sub/c.ans"] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        try Data("*.ans\n".utf8).write(to: folder.appendingPathComponent(".veilignore"))
        let result = AuditInputDiscovery.discover(["."], currentFolder: folder.path, excludes: ["!b.ans", "sub/"])
        #expect(result.files.map(\.path) == ["b.ans"])
        #expect(result.skipped.contains("a.ans: excluded by .veilignore:1 '*.ans'"))
        #expect(result.skipped.contains("sub: excluded by --exclude 'sub/'"))

        // A file given by name is audited even when a pattern matches it.
        let named = AuditInputDiscovery.discover(["a.ans"], currentFolder: folder.path, excludes: ["a.ans"])
        #expect(named.files.map(\.path) == ["a.ans"])
    }

    @Test func anIgnoreFileThatLeavesTheRootIsAnInputError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-ignore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("root"),
            withIntermediateDirectories: true)
        try Data("a.ans\n".utf8).write(to: folder.appendingPathComponent("outside"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("root/.veilignore").path,
            withDestinationPath: "../outside")
        let result = AuditInputDiscovery.discover(["root"], currentFolder: folder.path)
        #expect(result.missing.map(\.path) == ["root/.veilignore"])
    }
}
