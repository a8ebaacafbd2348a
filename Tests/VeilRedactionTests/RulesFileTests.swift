import Foundation
import Testing
import VeilScreen
@testable import VeilRedaction

@Suite struct RulesFileTests {
    /// Each `Fixtures/rules/invalid/*.yml` starts with `# expect: line:column: message`.
    @Test(arguments: Fixtures.names(in: "rules/invalid", extension: "yml"))
    func invalidFilesNameTheirPosition(name: String) throws {
        let url = Fixtures.url("rules/invalid/\(name)")
        let text = try String(contentsOf: url, encoding: .utf8)
        let firstLine = try #require(text.split(separator: "\n").first)
        let expected = try #require(firstLine.split(separator: "# expect: ", maxSplits: 1).last.map(String.init))
        do {
            _ = try RuleSet(contentsOf: url)
            Issue.record("\(name) loaded without an error")
        } catch let error as RuleFileError {
            #expect("\(error.position.line):\(error.position.column): \(error.message)" == expected)
            #expect(error.position.file.hasSuffix("rules/invalid/\(name)"))
            #expect(error.description.hasPrefix(error.position.file + ":"))
        }
    }

    @Test func thereAreInvalidFixtures() {
        #expect(Fixtures.names(in: "rules/invalid", extension: "yml").count >= 20)
    }

    @Test(arguments: Fixtures.names(in: "rules/valid", extension: "yml"))
    func validFilesLoadAndLint(name: String) throws {
        let rules = try RuleSet(contentsOf: Fixtures.url("rules/valid/\(name)"))
        #expect(rules.lint().isEmpty)
    }

    @Test func extendingDisablesAndAdds() throws {
        let rules = try RuleSet(contentsOf: Fixtures.url("rules/valid/extend-and-disable.yml"))
        let builtIn = try RuleSet.builtIn
        #expect(rules.rules.count == builtIn.rules.count + 1)
        #expect(rules.rule(withID: "generic.entropy")?.isEnabled == false)
        #expect(rules.rule(withID: "phone.intl")?.isEnabled == false)
        #expect(rules.rule(withID: "card.pan")?.isEnabled == true)
        let order = try #require(rules.rule(withID: "order.ref"))
        #expect(order.category == .pii && order.severity == .warn && order.style == .defaultMask)
        let screen = try TestScreen(
            """
            Order ORD-123456 card 4000 0566 5566 5556 / 4111 1111 1111 1111
            OTP: 123456 (expires)
            Tel: +1 415 555 0132
            """)
        let findings = try rules.findings(in: screen.screen)
        #expect(findings.map(\.ruleID) == ["order.ref", "card.pan", "otp.field"])
        #expect(screen.hidden(findings) == ["123456", "4111 1111 1111 1111", "123456"])
    }

    @Test func aStandaloneFileHasOnlyItsOwnRules() throws {
        let rules = try RuleSet(contentsOf: Fixtures.url("rules/valid/standalone.yml"))
        #expect(rules.rules.map(\.id) == ["employee.id"])
        #expect(!rules.scansTitle)
        var screen = try TestScreen("4111 1111 1111 1111 staff EMP12345").screen
        screen.title = "staff EMP55555"
        #expect(try rules.findings(in: screen).map(\.ruleID) == ["employee.id"])
    }

    @Test func aRuleWithADefaultIDReplacesIt() throws {
        let rules = try RuleSet(
            yaml: """
                rules:
                  - id: email
                    detector: email
                    severity: warn
                    category: pii
                """)
        #expect(rules.rules.filter { $0.id == "email" }.count == 1)
        #expect(rules.rule(withID: "email")?.severity == .warn)
        #expect(
            rules.rules.firstIndex { $0.id == "email" } == (try RuleSet.builtIn).rules.firstIndex { $0.id == "email" })
    }

    @Test func lintReportsExamplesThatMisbehaveWithTheirPosition() throws {
        let rules = try RuleSet(contentsOf: Fixtures.url("rules/lint/failing-examples.yml"))
        let failures = rules.lint(variants: [.plain])
        #expect(
            failures.map { "\($0.position!.line):\($0.position!.column) \($0.message)" } == [
                "7:9 expected ↓ spans at characters 7–15, hid nothing",
                "9:9 a negative example, but hides characters 7–16",
            ])
        // No example text in the messages.
        #expect(!failures.contains { $0.description.contains("ORD-") })
    }

    @Test func disablingInCode() throws {
        let rules = try RuleSet.builtIn.disabling(["email", "no.such.rule"])
        #expect(rules.rule(withID: "email")?.isEnabled == false)
        let screen = try TestScreen("jane.doe@acme-corp.io 4111 1111 1111 1111").screen
        #expect(try rules.findings(in: screen).map(\.ruleID) == ["card.pan"])
    }

    @Test func anEmptyFileIsTheBuiltInRules() throws {
        let rules = try RuleSet(yaml: "")
        #expect(rules.rules.map(\.id) == (try RuleSet.builtIn).rules.map(\.id))
    }

    @Test func resolvePrefersTheGivenFileThenTheLocalOneThenBuiltIn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("veil-resolve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try RuleSet.resolve(configPath: nil, folder: folder).origin == "Rules/default.yml")
        try "extend: {useDefault: false}\n".write(
            to: folder.appendingPathComponent(".veil.yml"), atomically: true, encoding: .utf8)
        #expect(try RuleSet.resolve(configPath: nil, folder: folder).rules.isEmpty)
        let given = Fixtures.url("rules/valid/standalone.yml").path
        #expect(try RuleSet.resolve(configPath: given, folder: folder).rules.map(\.id) == ["employee.id"])
        #expect(throws: RuleFileError.self) {
            try RuleSet.resolve(configPath: folder.appendingPathComponent("nope.yml").path)
        }
    }
}
