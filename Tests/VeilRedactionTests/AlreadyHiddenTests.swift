import Testing
import VeilScreen

@testable import VeilRedaction

/// A screen judged after some of its cells were hidden (a redacted frame judged again as a
/// snapshot, a capture's masked reading, a recording Veil redacted) shows a hidden value as
/// blanks in the mask colour (``Cell/hidden``). A label followed by one must not take the next
/// word for its value.
@Suite struct AlreadyHiddenTests {
    let rules: RuleSet
    init() throws { rules = try RuleSet.builtIn }

    /// One row: `before`, `hidden` cells, then `after`; the cells hidden as Veil shows them,
    /// or (`plain`) as plain blanks.
    static func row(_ before: String, hidden: Int, _ after: String, plain: Bool = false) throws -> Screen {
        var terminal = try Terminal(cols: 80, rows: 2)
        terminal.feed(Array((before + String(repeating: " ", count: hidden) + after).utf8))
        var screen = terminal.screen
        let start = before.unicodeScalars.count
        if !plain { for col in start..<(start + hidden) { screen[0, col] = .hidden } }
        return screen
    }

    @Test func aLabelWhoseValueIsHiddenTakesNoOtherWord() throws {
        for (label, hidden, word) in [
            ("GITHUB_TOKEN=", 40, " okay"), ("password: ", 10, " okay"), ("PGPASSWORD=", 12, " later"),
            ("api_key: ", 32, " then"), ("client_secret = ", 30, " done"),
        ] {
            // The cause: read as plain blanks, the word after them looks like the label's value.
            #expect(
                !(try rules.findings(in: try Self.row(label, hidden: hidden, word, plain: true))).isEmpty, "\(label)")
            let detection = try rules.detect(in: try Self.row(label, hidden: hidden, word))
            #expect(detection.findings.isEmpty, "\(label): \(detection.findings.map(\.ruleID))")
            #expect(detection.dropped.contains { $0.reason == "its label's value is already hidden" }, "\(label)")
        }
    }

    @Test func aRedactedScreenJudgedAgainHidesNothingMore() throws {
        var terminal = try Terminal(cols: 80, rows: 3)
        terminal.feed(
            Array("GITHUB_TOKEN=ghp_R8x2Kq9ZtLm4Vn7Wp3YbC5dF1gH6jK0sT2uX okay\r\npassword: hunter2xyz fine".utf8))
        let redactor = Redactor(rules: rules)
        let once = redactor.redact(terminal.screen)
        #expect(once.plan.hiddenSpanCount == 2)
        #expect(once.screen.rowText(0).contains(" okay") && once.screen.rowText(1).contains(" fine"))
        #expect(try rules.findings(in: once.screen).isEmpty, "judged again, the redacted screen is clean")
    }

    @Test func whatIsASecretByItselfIsStillFoundBesideAHiddenValue() throws {
        // A value whose own shape is a secret needs no label: found whatever comes before it.
        let token = try Self.row("TOKEN=", hidden: 40, " 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")
        #expect(try rules.findings(in: token).map(\.ruleID) == ["github.token"])
        // A label after the hidden span has its own value.
        let labelled = try rules.findings(in: try Self.row("x ", hidden: 12, " password: hunter2xyz"))
        #expect(labelled.map(\.ruleID) == ["password.labelled"])
        #expect(labelled.first?.secretText == "hunter2xyz")
        // Mask-coloured text or a grey background under text is no hidden cell.
        var grey = try Self.row("password: ", hidden: 0, "hunter2xyz")
        for col in 10..<20 {
            var cell = grey[0, col]
            cell.background = RedactionStyle.maskColor
            grey[0, col] = cell
        }
        #expect(try rules.findings(in: grey).count == 1)
    }
}
