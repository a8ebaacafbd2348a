import Testing
import VeilScreen
@testable import VeilRedaction

@Suite struct DetectionTests {
    let rules: RuleSet

    init() throws { rules = try RuleSet.builtIn }

    @Test func labelledPasswordInEnglishAndChinese() throws {
        let text = "Password: hunter22\n密码：abc12345\n口令 = 九八七六五"
        let screen = try TestScreen(text)
        let findings = try rules.findings(in: screen.screen).filter { $0.ruleID == "password.labelled" }
        #expect(screen.hidden(findings) == ["hunter22", "abc12345", "九八七六五"])
        // 密码： is three wide characters: the value starts at column 6.
        #expect(findings[1].spans == [CellSpan(row: 1, col: 6, width: 8)])
        // A wide value covers both halves of each character.
        #expect(findings[2].spans == [CellSpan(row: 2, col: 7, width: 10)])
    }

    @Test func declaredLabelRegionsInBothLanguages() throws {
        let yaml = """
            extend: {useDefault: false}
            regions:
              - id: form.pin
                label: "PIN:"
              - id: form.code
                label: "验证码："
                width: 6
            rules: []
            """
        let custom = try RuleSet(yaml: yaml)
        let screen = try TestScreen("PIN: 4321 9   Name: Jo\n验证码：882913 (60s)")
        let findings = try custom.findings(in: screen.screen)
        #expect(findings.map(\.ruleID) == ["form.pin", "form.code"])
        #expect(screen.hidden(findings) == ["4321 9", "882913"])
        #expect(findings[1].spans == [CellSpan(row: 1, col: 8, width: 6)])
    }

    @Test func rectangleRegionsAreClippedToTheScreen() throws {
        let custom = try RuleSet(
            yaml: """
                extend: {useDefault: false}
                regions:
                  - {id: corner, row: 1, col: 76, width: 10, height: 5}
                """)
        let screen = try Screen(cols: 80, rows: 3)
        let findings = try custom.findings(in: screen)
        #expect(findings.count == 1)
        #expect(findings[0].spans == [CellSpan(row: 1, col: 76, width: 4), CellSpan(row: 2, col: 76, width: 4)])
    }

    @Test func wideCharactersBeforeAMatchShiftItsCells() throws {
        let screen = try TestScreen("订单🙂 卡号 4111 1111 1111 1111")
        let findings = try rules.findings(in: screen.screen)
        #expect(findings.map(\.ruleID) == ["card.pan"])
        // 订单 = 4 cells, 🙂 = 2, space, 卡号 = 4, space: the card starts at column 12.
        #expect(findings[0].spans == [CellSpan(row: 0, col: 12, width: 19)])
        #expect(findings[0].masked == "•••• •••• •••• ••••")
        #expect(findings[0].masked(showingLast: 4) == "•••• •••• •••• 1111")
    }

    @Test func aMatchContinuesAcrossASoftWrappedRow() throws {
        // 20 columns: the card starts at column 6 and wraps after 14 characters.
        let screen = try TestScreen("Card: 4111 1111 1111 1111 ok", cols: 20)
        #expect(screen.screen.wrapped[0])
        let findings = try rules.findings(in: screen.screen)
        #expect(findings.map(\.ruleID) == ["card.pan"])
        #expect(findings[0].spans == [CellSpan(row: 0, col: 6, width: 14), CellSpan(row: 1, col: 0, width: 5)])
        // Without the wrap flag the two halves are separate lines and nothing matches.
        var unwrapped = screen.screen
        unwrapped.wrapped[0] = false
        #expect(try rules.findings(in: unwrapped).isEmpty)
    }

    @Test func aWideCharacterThatWrappedLeavesNoGapInTheText() throws {
        // "密码：" then the value; at 9 columns the wide "码" no longer fits after "密" and
        // 4 narrow cells... the layout leaves the last column blank and wraps.
        let screen = try TestScreen("abcdefg密码：pass1234", cols: 8)
        #expect(screen.screen.wrapped[0])
        let findings = try rules.findings(in: screen.screen).filter { $0.ruleID == "password.labelled" }
        #expect(screen.hidden(findings) == ["pass1234"])
    }

    @Test func theTitleIsScannedAndReportedAsTitle() throws {
        var screen = try Screen(cols: 40, rows: 2)
        screen.title = "mail jane.doe@acme-corp.io — Inbox"
        let findings = try rules.findings(in: screen)
        #expect(findings.count == 1)
        #expect(findings[0].ruleID == "email")
        #expect(findings[0].location == .title)
        #expect(findings[0].spans == [CellSpan(row: 0, col: 5, width: 21)])
        var off = rules
        off.scansTitle = false
        #expect(try off.findings(in: screen).isEmpty)
    }

    @Test func privateKeyIsHiddenDownToItsEndLine() throws {
        let text = """
            $ cat key.pem
            -----BEGIN EC PRIVATE KEY-----
            MHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5Sls5z3o0vLJpoAoGCCqGSM49
            AwEHoUQDQgAE4eKtM3HnFN1xj2Xgl5DCDOkcbd2Cr0WwG0QsG3o9PVqbI4ir2rHY
            -----END EC PRIVATE KEY-----
            $ echo done
            """
        let screen = try TestScreen(text, cols: 80)
        let findings = try rules.findings(in: screen.screen).filter { $0.ruleID == "private_key" }
        #expect(findings.count == 1)
        let spans = findings[0].spans
        #expect(spans.first == CellSpan(row: 1, col: 0, width: 80))
        #expect(spans.contains(CellSpan(row: 2, col: 0, width: 80)))
        #expect(spans.last == CellSpan(row: 4, col: 0, width: 28))
        #expect(!spans.contains { $0.row == 0 || $0.row == 5 })
    }

    @Test func privateKeyWithoutEndIsHiddenToTheBottom() throws {
        let text =
            "ok\nkey: -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n\nAAAAMwAAAAtzc2gtZWQ"
        let screen = try TestScreen(text, cols: 60)
        let findings = try rules.findings(in: screen.screen).filter { $0.ruleID == "private_key" }
        #expect(findings.count == 1)
        #expect(
            findings[0].spans == [
                CellSpan(row: 1, col: 5, width: 55), CellSpan(row: 2, col: 0, width: 60),
                CellSpan(row: 3, col: 0, width: 60), CellSpan(row: 4, col: 0, width: 60),
            ])
    }

    @Test func cellsTheAppMarkedAreAlwaysFindings() throws {
        var screen = try TestScreen("name  Jo\ncode  一二三").screen
        try screen.markSensitive(row: 0, col: 6, width: 2, height: 2, reason: "user data")
        let findings = try rules.findings(in: screen)
        let marked = findings.filter { $0.ruleID == "app.marked" }
        #expect(marked.count == 1)
        #expect(marked[0].source == .appMarked(reason: "user data"))
        // The rectangle cuts 一 in half on row 1: both halves are covered.
        #expect(marked[0].spans == [CellSpan(row: 0, col: 6, width: 2), CellSpan(row: 1, col: 6, width: 2)])
    }

    @Test func allowlistsAndStopwordsSubtract() throws {
        let yaml = """
            allowlists:
              - description: the demo card
                regexes: ['^4111 1111 1111 1111$']
              - description: staging hosts
                regexTarget: line
                regexes: ['(?i)staging']
              - description: test mailboxes
                stopwords: [noreply]
            """
        let custom = try RuleSet(yaml: yaml)
        let text =
            "4111 1111 1111 1111\n5555 5555 5555 4444\nstaging: jane.doe@acme-corp.io\nnoreply@acme-corp.io\nbob@acme-corp.io"
        let screen = try TestScreen(text)
        let detection = try custom.detect(in: screen.screen)
        #expect(screen.hidden(detection.findings) == ["5555 5555 5555 4444", "bob@acme-corp.io"])
        let reasons = detection.dropped.map(\.reason)
        #expect(reasons.contains("allowlisted (the demo card)"))
        #expect(reasons.contains("allowlisted (staging hosts)"))
        #expect(reasons.contains("allowlisted (test mailboxes)"))
    }

    @Test func allowlistConditionAndNeedsEveryCheck() throws {
        let yaml = """
            extend: {useDefault: false}
            rules:
              - id: ticket
                regex: 'TCK-[0-9]{6}'
                allowlists:
                  - condition: AND
                    regexes: ['^TCK-000']
                    stopwords: ['tck-0001']
                examples: ['↓TCK-123456↓', '↓TCK-000999↓']
                negativeExamples: ['TCK-000123']
            """
        let custom = try RuleSet(yaml: yaml)
        #expect(custom.lint(variants: [.plain]).isEmpty)
    }

    @Test func droppedCandidatesSayWhy() throws {
        let screen = try TestScreen("4111 1111 1111 1112 and (415) 555-0132 and 536228714")
        let detection = try rules.detect(in: screen.screen)
        #expect(detection.findings.isEmpty)
        let byRule = Dictionary(grouping: detection.dropped, by: \.ruleID).mapValues { $0.map(\.reason) }
        #expect(byRule["card.pan"] == ["luhn: Luhn check fails"])
        #expect(byRule["phone.intl"] == ["no context word nearby"])
        #expect(byRule["us.ssn"] == ["no context word nearby"])
        // Reasons and descriptions never carry the candidate's text.
        for dropped in detection.dropped { #expect(!dropped.description.contains("4111")) }
    }

    @Test func aLessSevereFindingInsideAnotherIsDropped() throws {
        let jwt =
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ2ZWlsLXRlc3QtMDAwMSIsIm5hbWUiOiJUZXN0IFVzZXIiLCJpYXQiOjE3MDAwMDAwMDB9.Ehh2FDEEtfjgVvVqE1SkHbn8x6kwXoIIXGvOoNZYW2m"
        let screen = try TestScreen("Bearer \(jwt)\n+86 138 1234 5678")
        let detection = try rules.detect(in: screen.screen)
        #expect(detection.findings.map(\.ruleID) == ["jwt", "phone.cn_mobile"])
        #expect(
            detection.dropped.contains { $0.ruleID == "generic.entropy" && $0.reason == "covered by jwt" },
            "\(detection.dropped)")
        #expect(detection.dropped.contains { $0.ruleID == "phone.intl" && $0.reason == "covered by phone.cn_mobile" })
    }

    @Test func findingsNeverPrintTheirSecret() throws {
        let screen = try TestScreen("Password: hunter22")
        let finding = try #require(try rules.findings(in: screen.screen).first)
        #expect(!"\(finding)".contains("hunter22"))
        var dumped = ""
        dump(finding, to: &dumped)
        #expect(!dumped.contains("hunter22"))
        #expect(finding.masked == "••••••••")
        // --show-last never reveals more than 4 characters nor a quarter of the value.
        #expect(finding.masked(showingLast: 10) == "••••••22")
        #expect(finding.masked(showingLast: 100) == "••••••22")
        let card = try #require(try rules.findings(in: TestScreen("card 4111 1111 1111 1111").screen).first)
        #expect(card.masked(showingLast: 100) == "•••• •••• •••• 1111")
    }

    @Test func fingerprintsIgnorePositionAndSeparators() throws {
        let a = try rules.findings(in: TestScreen("card 4111 1111 1111 1111").screen)
        let b = try rules.findings(in: TestScreen("\n\n      4111-1111-1111-1111").screen)
        let c = try rules.findings(in: TestScreen("card 5555 5555 5555 4444").screen)
        #expect(a[0].fingerprint == b[0].fingerprint)
        #expect(a[0].fingerprint != c[0].fingerprint)
        #expect(a[0].fingerprint.count == Fingerprint.length)
        #expect(a[0].fingerprint(salt: Array("other".utf8)) != a[0].fingerprint)
    }
}
