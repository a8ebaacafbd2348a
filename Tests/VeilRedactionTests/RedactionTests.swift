import Testing
import VeilScreen
@testable import VeilRedaction

@Suite struct RedactionTests {
    let rules: RuleSet
    init() throws { rules = try RuleSet.builtIn }

    /// "Card 4111 1111 1111 1111 卡号" with a hyperlink and a combining mark on the card.
    func sampleScreen() throws -> Screen {
        var screen = try TestScreen("Card 4111 1111 1111 1111 for 张三").screen
        screen.links.append("https://pay.example/4111111111111111")
        screen[0, 5].linkIndex = 1
        screen.clusters.append("4\u{0301}")
        screen[0, 6].clusterIndex = 1
        screen[0, 7].attributes = [.bold, .underline]
        screen.title = "pay jane.doe@acme-corp.io"
        return screen
    }

    @Test func solidMakesMaskColouredBlanksAndLeavesTheOriginal() throws {
        let screen = try sampleScreen()
        let before = screen
        let result = Redactor(rules: rules).redact(screen)
        #expect(result.failure == nil)
        #expect(screen == before)
        let out = result.screen
        for col in 5..<24 {
            let cell = out[0, col]
            #expect(
                cell.scalar == " " && cell.foreground == RedactionStyle.maskColor
                    && cell.background == RedactionStyle.maskColor)
            #expect(cell.attributes.isEmpty && cell.linkIndex == 0 && cell.clusterIndex == 0)
        }
        #expect(out[0, 4] == screen[0, 4])
        #expect(out[0, 29] == screen[0, 29])
        // The hidden cells' hyperlink and cluster are gone from the tables too.
        #expect(out.links == [""])
        #expect(out.clusters == [""])
        #expect(out.title == "pay █████████████████████")
        #expect(result.plan.entries.map(\.ruleID) == ["card.pan"])
        #expect(result.plan.titleEntries.map(\.ruleID) == ["email"])
        #expect(result.plan.redactsTitle)
        #expect(result.plan.hiddenCellCount == 19)
        #expect(out.invariantViolation() == nil)
    }

    @Test func maskWritesOneMaskCharacterPerCellAndSplitsWideCharacters() throws {
        var screen = try TestScreen("密码：口令九八").screen
        try screen.markSensitive(row: 0, col: 7, width: 1, height: 1, reason: "secret")  // cuts 令 in half
        let out = Redactor(rules: rules, style: .defaultMask).redact(screen).screen
        // 口令九八 (the password value, columns 6–13) becomes eight narrow mask cells.
        for col in 6..<14 {
            #expect(
                out[0, col].scalar == "•" && out[0, col].width == 1
                    && out[0, col].foreground == RedactionStyle.maskColor)
        }
        #expect(out[0, 0] == screen[0, 0])
        #expect(out.invariantViolation() == nil)
        #expect(out.cells.allSatisfy { $0.sensitiveIndex == 0 })
    }

    @Test func placeholderWritesTheLabelClippedToTheSpan() throws {
        let screen = try TestScreen("pin 4111 1111 1111 1111 / Password: hunter22").screen
        let style = RedactionStyle.placeholder(label: .text("[REDACTED]"), normalizeLength: false)
        let out = Redactor(rules: rules, style: style).redact(screen).screen
        let row = out.lines()[0]
        #expect(row.hasPrefix("pin [REDACTED]          / Password: [REDACTE"))
        #expect(out[0, 14].background == RedactionStyle.maskColor)  // the rest of the span stays masked
        let normalized = Redactor(rules: rules, style: .placeholder(label: .ruleID, normalizeLength: true)).redact(
            screen
        ).screen
        #expect(normalized.lines()[0] == "pin [card.pan]          / Password: [passwor")
        #expect(normalized[0, 14] == .blank)  // the length is not shown
    }

    @Test func aRuleStyleOverridesTheRedactorStyle() throws {
        let custom = try RuleSet(
            yaml: """
                rules:
                  - id: order
                    regex: 'ORD-[0-9]{6}'
                    style: placeholder
                """)
        let screen = try TestScreen("ORD-123456 4111 1111 1111 1111").screen
        let out = Redactor(rules: custom, style: .solid).redact(screen).screen
        #expect(out.lines()[0].hasPrefix("[order]"))
        #expect(out[0, 11] == Cell.hidden)
    }

    @Test func privacyCoverReplacesEveryCellAndTheTitle() throws {
        let screen = try sampleScreen()
        let result = Redactor(rules: rules, style: .privacyCover).redact(screen)
        #expect(result.isFullyCovered)
        #expect(result.failure == nil)
        #expect(result.screen.cells.allSatisfy { $0 == Cell.hidden })
        #expect(result.screen.title.isEmpty)
        #expect(result.screen.links == [""] && result.screen.clusters == [""])
    }

    @Test func aFailingDetectorCoversTheWholeScreen() throws {
        var failing = rules
        failing.rules.append(Rule(id: "boom", matcher: .custom(FailingDetector())))
        let screen = try sampleScreen()
        let result = Redactor(rules: failing).redact(screen)
        #expect(result.isFullyCovered)
        #expect(result.failure == "rule 'boom': detector failed (Boom)")
        #expect(result.screen.cells.allSatisfy { $0 == Cell.hidden })
        #expect(result.screen.title.isEmpty)
        #expect(throws: DetectionError.detectorFailed(ruleID: "boom", errorType: "Boom")) {
            try Redactor(rules: failing).plan(for: screen)
        }
    }

    @Test func aRegexThatRunsTooLongHidesItsLineUnscanned() throws {
        // Catastrophic backtracking: without the budget this would run for hours.
        let slow = try RuleSet(
            yaml: """
                rules:
                  - id: slow
                    regex: '(a+)+$'
                """)
        let screen = try TestScreen(String(repeating: "a", count: 40) + "b").screen
        let clock = ContinuousClock()
        let start = clock.now
        let result = Redactor(rules: slow).redact(screen)
        #expect(clock.now - start < .seconds(5))
        #expect(result.failure == nil)
        let unscanned = result.findings.filter { $0.source == .timedOut }
        #expect(unscanned.map(\.ruleID) == ["slow"])
        #expect(unscanned.first?.spans == [CellSpan(row: 0, col: 0, width: screen.cols)])
        #expect((0..<screen.cols).allSatisfy { result.screen[0, $0] == Cell.hidden })
    }

    @Test func aDetectorRangeOutsideItsLineCoversTheWholeScreen() throws {
        var broken = rules
        broken.rules.append(Rule(id: "oob", matcher: .custom(OutOfRangeDetector())))
        let result = Redactor(rules: broken).redact(try TestScreen("hello").screen)
        #expect(result.isFullyCovered)
        #expect(result.failure == "rule 'oob': detector returned a range outside its line")
    }

    @Test func aPlanOutOfRangeIsAnErrorNeverAPartialScreen() throws {
        let screen = try sampleScreen()
        let redactor = Redactor(rules: rules)
        var plan = try redactor.plan(for: screen)
        plan.entries.append(
            .init(
                row: 0, col: 70, width: 20, ruleID: "x", category: .secret, severity: .block,
                fingerprint: "", style: .solid))
        #expect(throws: RedactionError.spanOutsideScreen(row: 0, col: 70, width: 20)) {
            try redactor.apply(plan, to: screen)
        }
        let result = redactor.redact(screen, using: plan)
        #expect(result.isFullyCovered)
        #expect(result.screen.cells.allSatisfy { $0 == Cell.hidden })
        let wrongSize = RedactionPlan(cols: 10, rows: 10)
        #expect(throws: RedactionError.sizeMismatch(planCols: 10, planRows: 10, cols: screen.cols, rows: screen.rows)) {
            try redactor.apply(wrongSize, to: screen)
        }
    }

    @Test func aPlanThatMissesAMarkedCellIsRefused() throws {
        var screen = try TestScreen("token here").screen
        try screen.markSensitive(row: 0, col: 0, width: 5, height: 1, reason: "token")
        let empty = RedactionPlan(cols: screen.cols, rows: screen.rows)
        #expect(throws: RedactionError.sensitiveCellVisible(row: 0, col: 0)) {
            try Redactor(rules: rules).apply(empty, to: screen)
        }
        let result = Redactor(rules: rules).redact(screen)
        #expect(!result.isFullyCovered)
        #expect(result.screen.lines()[0] == "      here")
    }

    @Test func everyStyleHidesEveryFindingCell() throws {
        let text = """
            Card: 4111 1111 1111 1111   密码：abc12345
            key AKIAB5WKH7DNSIPZZ7FK mail jane.doe@acme-corp.io 手机 13812345678
            """
        let screen = try TestScreen(text).screen
        let styles: [RedactionStyle] = [
            .solid, .defaultMask, .defaultPlaceholder,
            .placeholder(label: .ruleID, normalizeLength: true), .privacyCover,
        ]
        for style in styles {
            let result = Redactor(rules: rules, style: style).redact(screen)
            #expect(result.failure == nil)
            let hidden =
                result.plan.coversEverything
                ? Set(screen.cells.indices)
                : Set(result.plan.entries.flatMap { e in (e.col..<(e.col + e.width)).map { e.row * screen.cols + $0 } })
            #expect(!hidden.isEmpty)
            for index in hidden {
                let before = screen.cells[index], after = result.screen.cells[index]
                if before.scalar != " " {
                    #expect(
                        after.scalar != before.scalar || after.scalar == " ", "\(style) kept a character at \(index)")
                }
            }
            let visible = result.screen.lines().joined(separator: "\n")
            for secret in ["4111", "abc12345", "AKIAB5", "jane.doe", "13812345678"] {
                #expect(!visible.contains(secret), "\(style) shows \(secret)")
            }
        }
    }
}
