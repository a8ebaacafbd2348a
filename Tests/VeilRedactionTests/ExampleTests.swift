import Testing
@testable import VeilRedaction

/// Every rule's examples and negative examples, SwiftLint style: the description is the
/// test. Each example also runs after a CJK/emoji prefix, soft-wrapped across rows, and
/// inside an allowlist and a stopword.
@Suite struct ExampleTests {
    @Test(arguments: ExampleVariant.allCases)
    func builtInExamplesBehave(variant: ExampleVariant) throws {
        let failures = try RuleSet.builtIn.lint(variants: [variant])
        for failure in failures { Issue.record("\(failure)") }
        #expect(failures.isEmpty)
    }

    @Test func everyBuiltInRuleHasExamplesBothWays() throws {
        for rule in try RuleSet.builtIn.rules {
            #expect(!rule.examples.isEmpty, "\(rule.id) has no examples")
            #expect(!rule.negativeExamples.isEmpty, "\(rule.id) has no negative examples")
        }
    }

    @Test func everyDetectorOfTheSpecIsBuiltIn() throws {
        let ids = try RuleSet.builtIn.rules.map(\.id)
        for detector in BuiltInDetector.allCases {
            #expect(ids.contains(detector.rawValue), "\(detector.rawValue) missing from default.yml")
        }
    }
}
