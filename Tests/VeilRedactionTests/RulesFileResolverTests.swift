import Foundation
import Testing
import VeilRedaction

/// Which rules file applies to an input: one rule for every command.
@Suite struct RulesFileResolverTests {
    /// A working directory `work/` holding `work/app/screens/` (and `outside/`, its sibling).
    static func tree() throws -> (root: URL, work: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("veil-resolver-\(UUID().uuidString)")
        let work = root.appendingPathComponent("work")
        for folder in ["work/app/screens", "outside"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        return (root, work)
    }

    static func rulesFile(_ id: String, at url: URL) throws {
        let yaml = "extend: {useDefault: false}\nrules:\n  - id: \(id)\n    regex: 'X[0-9]{5}'\n"
        try yaml.write(to: url.appendingPathComponent(".veil.yml"), atomically: true, encoding: .utf8)
    }

    @Test func theNearestFileUpToTheWorkingDirectoryWins() throws {
        let (root, work) = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let resolver = RulesFileResolver(configPath: nil, workingDirectory: work.path)
        #expect(resolver.source(forInputAt: "app/screens/a.ans") == .builtIn)
        try Self.rulesFile("top", at: work)
        #expect(resolver.source(forInputAt: "app/screens/a.ans") == .nearest(".veil.yml"))
        #expect(resolver.source(forInputAt: work.path + "/app/screens/a.ans") == .nearest(".veil.yml"))
        #expect(resolver.source(forInputAt: "-") == .nearest(".veil.yml"))
        #expect(resolver.source() == .nearest(".veil.yml"))
        try Self.rulesFile("app", at: work.appendingPathComponent("app"))
        #expect(resolver.source(forInputAt: "app/screens/a.ans") == .nearest("app/.veil.yml"))
        #expect(try resolver.rules(forInputAt: "app/screens/a.ans").rules.map(\.id) == ["app"])
        #expect(try resolver.rules(forInputAt: "a.ans").rules.map(\.id) == ["top"])
    }

    @Test func nothingAboveTheWorkingDirectoryIsRead() throws {
        let (root, work) = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.rulesFile("planted", at: root)  // above the working directory
        let resolver = RulesFileResolver(configPath: nil, workingDirectory: work.path)
        #expect(resolver.source(forInputAt: "app/a.ans") == .builtIn)
        // An input outside the working directory: only the working directory's file, never
        // one beside the input (a shared folder could hold anyone's).
        let outside = root.appendingPathComponent("outside/a.ans").path
        try Self.rulesFile("beside", at: root.appendingPathComponent("outside"))
        #expect(resolver.source(forInputAt: outside) == .builtIn)
        try Self.rulesFile("top", at: work)
        #expect(resolver.source(forInputAt: outside) == .nearest(".veil.yml"))
    }

    @Test func configThenScenarioRulesThenNearest() throws {
        let (root, work) = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.rulesFile("top", at: work)
        let plain = RulesFileResolver(configPath: nil, workingDirectory: work.path)
        #expect(plain.source(forInputAt: "app/s.veil.yml", scenarioRules: "/x/own.yml") == .scenario("/x/own.yml"))
        let explicit = RulesFileResolver(configPath: "given.yml", workingDirectory: work.path)
        #expect(explicit.source(forInputAt: "app/s.veil.yml", scenarioRules: "/x/own.yml") == .config("given.yml"))
        // A missing --config is an error naming it, not a fallback.
        #expect(throws: RuleFileError.self) { try explicit.rules() }
    }

    @Test func aFileIsLoadedOncePerResolver() throws {
        let (root, work) = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.rulesFile("top", at: work)
        let resolver = RulesFileResolver(configPath: nil, workingDirectory: work.path)
        #expect(try resolver.rules(forInputAt: "a.ans").rules.map(\.id) == ["top"])
        try Self.rulesFile("changed", at: work)
        #expect(try resolver.rules(forInputAt: "app/b.ans").rules.map(\.id) == ["top"])
        #expect(
            try RulesFileResolver(configPath: nil, workingDirectory: work.path).rules().rules.map(\.id) == ["changed"])
    }

    @Test func errorsNameTheFileAsFoundFromTheWorkingDirectory() throws {
        let (root, work) = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        try "rules: [\n".write(to: work.appendingPathComponent("app/.veil.yml"), atomically: true, encoding: .utf8)
        let resolver = RulesFileResolver(configPath: nil, workingDirectory: work.path)
        do {
            _ = try resolver.rules(forInputAt: "app/screens/a.ans")
            Issue.record("expected an error")
        } catch let error as RuleFileError {
            #expect(error.position.file == "app/.veil.yml")
        }
    }
}
