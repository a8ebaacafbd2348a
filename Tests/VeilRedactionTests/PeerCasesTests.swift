import Foundation
import Testing
@testable import VeilRedaction

/// The peers' test cases, scored in process for `Scripts/compare-peer-cases` (opt-in: without
/// `VEIL_PEER_CASES` it checks nothing). The script writes the cases as JSON (`[{"id": …,
/// "text": …}]`); each is judged alone with the built-in rules, as `veil scan --text` judges a
/// file, and the rules of its findings are written to `VEIL_PEER_RESULTS`
/// (`[{"id": …, "rules": […]}]`).
@Suite struct PeerCasesTests {
    struct Case: Decodable {
        var id: String
        var text: String
    }

    struct Result: Encodable {
        var id: String
        var rules: [String]
    }

    @Test func scorePeerCasesWhenAsked() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let input = environment["VEIL_PEER_CASES"], let output = environment["VEIL_PEER_RESULTS"] else { return }
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: URL(fileURLWithPath: input)))
        let rules = try RuleSet.builtIn
        let results = try cases.map { item in
            Result(id: item.id, rules: try rules.textFindings(in: item.text).map(\.ruleID))
        }
        try JSONEncoder().encode(results).write(to: URL(fileURLWithPath: output))
    }
}
