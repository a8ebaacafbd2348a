import Foundation
import Testing
import Veil
import VeilRedaction

/// The examples in Docs/rules.md and Docs/scenario.md are valid files.
@Suite struct DocsExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The first ```yaml block of a document.
    static func firstYAML(in document: String) throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let start = try #require(text.range(of: "```yaml\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func theRulesFileExampleLoadsAndItsExamplesPass() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(".veil.yml")
        try Data(try Self.firstYAML(in: "Docs/rules.md").utf8).write(to: url)
        let rules = try RuleSet(contentsOf: url)
        #expect(rules.rule(withID: "app.order-token")?.name == "Order token")
        #expect(rules.rule(withID: "phone.intl")?.isEnabled == false)
        #expect(rules.regions.map(\.id) == ["app.session-banner", "app.pin"])
        #expect(rules.lint().isEmpty, "\(rules.lint())")
    }

    @Test func theScenarioExampleParses() throws {
        let scenario = try Scenario.parse(try Self.firstYAML(in: "Docs/scenario.md"), path: "/tmp/bank.veil.yml")
        #expect(scenario.name == "bank")
        #expect(scenario.timeline.count == 5)
        #expect(
            scenario.handlers.keys.sorted() == [
                "applicationDidBecomeActive", "applicationDidEnterBackground", "applicationWillResignActive",
            ])
    }
}
