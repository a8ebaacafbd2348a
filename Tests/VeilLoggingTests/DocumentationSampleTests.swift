import Foundation
import Logging
import Testing
import VeilLogging
import VeilRedaction

// Every code sample of the VeilRedaction DocC articles, copied verbatim (the imports they
// start with are this file's), each followed by checks of what its comments say.

// WritingARule.md, "A rule written in Swift".
struct TicketDetector: CustomDetector {
    func matches(in line: String) throws -> [Range<String.Index>] {
        guard let range = line.range(of: #"TCK-[0-9]{6}"#, options: .regularExpression) else { return [] }
        return [range]
    }
}

@Suite struct DocumentationSampleTests {
    /// GettingStarted.md, the Package.swift lines: the products they name exist.
    @Test func gettingStartedPackageLines() throws {
        let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        for product in ["VeilRedaction", "VeilLogging"] {
            #expect(text.contains(".library(name: \"\(product)\", targets: [\"\(product)\"])"))
        }
    }

    /// GettingStarted.md, the first redaction.
    @Test func gettingStartedRedaction() throws {
        let rules = try RuleSet.builtIn
        let clean = try rules.redact("card 4111 1111 1111 1111 declined", style: .placeholder)
        // clean == "card [REDACTED:card.pan] declined"
        #expect(clean == "card [REDACTED:card.pan] declined")
    }

    /// GettingStarted.md, the project's rules.
    @Test func gettingStartedProjectRules() throws {
        let projectRules = try RuleSet.resolve(configPath: nil)  // .veil.yml if present, else built-in
        #expect(!projectRules.rules.isEmpty)
    }

    /// RedactingText.md, positions.
    @Test func redactingTextFindings() throws {
        let rules = try RuleSet.builtIn
        let log = "user=ann\nnuméro 4111 1111 1111 1111 refusé"
        for found in try rules.textFindings(in: log) {
            print(found.ruleID, found.start, found.start.byteColumn)  // card.pan 2:8 9
        }
        let found = try rules.textFindings(in: log)
        #expect(found.map { "\($0.ruleID) \($0.start) \($0.start.byteColumn)" } == ["card.pan 2:8 9"])
    }

    /// RedactingText.md, styles.
    @Test func redactingTextStyles() throws {
        let rules = try RuleSet.builtIn
        let text = "pay 4111 1111 1111 1111 now"
        let masked = try rules.redact(text, style: .mask)  // "pay ••••••••••••••••••• now" (same length)
        let labelled = try rules.redact(text, style: .placeholder)  // "pay [REDACTED:card.pan] now"
        let solid = try rules.redact(text, style: .solid)  // "pay ███████████████████ now"
        #expect(masked == "pay ••••••••••••••••••• now")
        #expect(labelled == "pay [REDACTED:card.pan] now")
        #expect(solid == "pay ███████████████████ now")
    }

    /// RedactingText.md, bytes.
    @Test func redactingTextBytes() throws {
        let rules = try RuleSet.builtIn
        let bytes: [UInt8] = [0xFF, 0x20] + Array("card 4111 1111 1111 1111".utf8)
        let redacted = try rules.redact(utf8: bytes, style: .mask)  // 0xFF kept, the number masked
        #expect(redacted == [0xFF, 0x20] + Array("card •••••••••••••••••••".utf8))
    }

    /// RedactingText.md, streams.
    @Test func redactingTextStream() throws {
        let rules = try RuleSet.builtIn
        var stream = TextStream(rules: rules)
        var output = try stream.redact(Array("first line\n".utf8))
        output += try stream.redact(Array("card 4111 1111 1111 1111".utf8), isFinal: true)
        #expect(String(decoding: output, as: UTF8.self) == "first line\ncard •••••••••••••••••••")
    }

    /// TextStream's doc comment.
    @Test func textStreamDocComment() throws {
        var stream = TextStream(rules: try RuleSet.builtIn)
        var out = try stream.redact(Array("card 4111 1111 1111 1111\n".utf8))  // "card •••••••••••••••••••\n"
        out += try stream.redact([], isFinal: true)
        #expect(String(decoding: out, as: UTF8.self) == "card •••••••••••••••••••\n")
    }

    /// TextFinding's doc comment.
    @Test func textFindingDocComment() throws {
        for found in try RuleSet.builtIn.textFindings(in: "card 4111 1111 1111 1111") {
            print(found.ruleID, found.start)  // card.pan 1:6
        }
        let found = try RuleSet.builtIn.textFindings(in: "card 4111 1111 1111 1111")
        #expect(found.map { "\($0.ruleID) \($0.start)" } == ["card.pan 1:6"])
    }

    /// WritingARule.md, the YAML and its use from Swift.
    @Test func writingARule() throws {
        let rules = try RuleSet(
            yaml: """
                rules:
                  - id: order.ref
                    description: Internal order references
                    regex: '(?<![A-Z0-9])ORD-([0-9]{6})(?![0-9])'
                    secretGroup: 1
                    keywords: [ord-]
                    category: pii
                    examples:
                      - "Order ORD-↓123456↓ shipped"
                    negativeExamples:
                      - "XORD-123456"
                """)
        let failures = rules.lint()  // [] when every example holds
        let hidden = try rules.redact("Order ORD-123456 shipped")  // "Order ORD-•••••• shipped"
        #expect(failures.isEmpty)
        #expect(hidden == "Order ORD-•••••• shipped")
    }

    /// WritingARule.md, a custom detector.
    @Test func writingACustomDetector() throws {
        var withTickets = try RuleSet.builtIn
        withTickets.rules.append(Rule(id: "ticket", matcher: .custom(TicketDetector())))
        #expect(try withTickets.redact("see TCK-123456 now") == "see •••••••••• now")
    }

    /// LogHandler.md, the bootstrap (compiled, not run: a process bootstraps logging once).
    func logHandlerBootstrap() {
        LoggingSystem.bootstrap { RedactingLogHandler(wrapping: StreamLogHandler.standardOutput(label: $0)) }

        let logger = Logger(label: "payments")
        logger.info("charging card 4111 1111 1111 1111", metadata: ["user": "ann@acme-corp.io"])
        // … info payments : user=[REDACTED:email] [payments] charging card [REDACTED:card.pan]
    }

    /// LogHandler.md, the bootstrap's message through a capturing handler.
    @Test func logHandlerMessage() throws {
        let captured = Captured()
        let handler = RedactingLogHandler(wrapping: CapturingHandler(captured: captured))
        let logger = Logger(label: "payments") { _ in handler }
        logger.info("charging card 4111 1111 1111 1111", metadata: ["user": "ann@acme-corp.io"])
        let event = try #require(captured.events.first)
        #expect(event.message.description == "charging card [REDACTED:card.pan]")
        #expect(event.metadata?["user"] == "[REDACTED:email]")
    }

    /// LogHandler.md, explicit rules and style.
    @Test func logHandlerExplicit() throws {
        let handler = RedactingLogHandler(
            wrapping: StreamLogHandler.standardError(label: "audit"),
            rules: try RuleSet.builtIn,
            style: .mask)
        #expect(handler.logLevel == .info)
    }
}
