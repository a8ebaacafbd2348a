import Testing
import VeilScreen
@testable import VeilRedaction

/// Detection and redaction of screens built from real terminal bytes: SGR colours, the
/// title (OSC 0), the app's sensitive marker (OSC 7701), hyperlinks (OSC 8) and autowrap.
@Suite struct TerminalBytesTests {
    let rules: RuleSet
    init() throws { rules = try RuleSet.builtIn }

    func screen(_ text: String, cols: Int = 40, rows: Int = 8) throws -> Screen {
        var terminal = try Terminal(cols: cols, rows: rows)
        terminal.feed(Array(text.utf8))
        return terminal.screen
    }

    @Test func aSessionFedAsBytes() throws {
        let bytes =
            "\u{1B}]0;deploy — jane.doe@acme-corp.io\u{07}"
            + "\u{1B}[1mUser:\u{1B}[0m jo  \u{1B}]7701;pin\u{07}4821\u{1B}]7701;\u{07}\r\n"
            + "\u{1B}[32m密码：\u{1B}[31mabc12345\u{1B}[0m\r\n"
            + "export GITHUB_TOKEN=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\r\n"
            + "\u{1B}]8;;https://pay.example/4111111111111111\u{1B}\\4111 1111 1111 1111\u{1B}]8;;\u{1B}\\ ok"
        let screen = try screen(bytes)
        #expect(screen.wrapped[2])  // the token line autowrapped at 40 columns
        let findings = try rules.findings(in: screen)
        #expect(findings.map(\.ruleID) == ["app.marked", "password.labelled", "github.token", "card.pan", "email"])
        #expect(findings[0].source == .appMarked(reason: "pin"))
        #expect(findings[0].spans == [CellSpan(row: 0, col: 10, width: 4)])
        #expect(findings[2].spans == [CellSpan(row: 2, col: 20, width: 20), CellSpan(row: 3, col: 0, width: 20)])
        #expect(findings[4].location == .title)

        let result = Redactor(rules: rules).redact(screen)
        #expect(result.failure == nil)
        let out = result.screen
        #expect(out.lines()[0] == "User: jo")
        #expect(out.lines()[1] == "密码：")
        #expect(out.lines()[2] == "export GITHUB_TOKEN=")
        #expect(out.lines()[4] == "                    ok")
        #expect(out.title == "deploy — █████████████████████")
        #expect(out.links == [""])  // the card's hyperlink is gone
        #expect(out.cells.allSatisfy { $0.sensitiveIndex == 0 })
        #expect(out.sensitiveReasons == [""])
        #expect(out.invariantViolation() == nil)
    }

    @Test func aMarkedRunInsideAWideCharacterRowIsHiddenWhole() throws {
        let screen = try screen("名字：\u{1B}]7701;name\u{07}张三丰\u{1B}]7701;\u{07}。")
        let result = Redactor(rules: rules, style: .defaultMask).redact(screen)
        #expect(result.screen.lines()[0] == "名字：••••••。")
    }
}
