import Crypto
import Foundation
import Testing
@testable import VeilRedaction

@Suite struct BaselineTests {
    let rules: RuleSet
    let salt: [UInt8] = Array(0..<16)
    init() throws { rules = try RuleSet.builtIn }

    func findings(_ text: String) throws -> [Finding] {
        try rules.findings(in: TestScreen(text).screen)
    }

    @Test func jsonIsDeterministicAndByteIdentical() throws {
        let login = try findings("Card 4111 1111 1111 1111\nmail jane.doe@acme-corp.io")
        let settings = try findings("token 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")
        var a = Baseline(salt: salt)
        a.record(login, snapshot: "login", reason: "test card")
        a.record(settings, snapshot: "settings", status: .falsePositive, reason: "revoked demo token")
        var b = Baseline(salt: salt)
        b.record(settings, snapshot: "settings", status: .falsePositive, reason: "revoked demo token")
        b.record(login.reversed(), snapshot: "login", reason: "test card")
        let data = try a.jsonData()
        #expect(data == (try b.jsonData()))
        let reread = try Baseline(jsonData: data)
        #expect(reread == a)
        #expect(try reread.jsonData() == data)
        let json = try #require(String(data: data, encoding: .utf8))
        #expect(!json.contains("generated") && !json.contains("4111") && !json.contains("jane"))
        let card = login[0].fingerprint(salt: salt)
        #expect(
            json == """
                {
                  "entries" : [
                    {
                      "fingerprint" : "\(card)",
                      "hint" : {
                        "col" : 5,
                        "row" : 0
                      },
                      "reason" : "test card",
                      "rule" : "card.pan",
                      "snapshot" : "login",
                      "status" : "accepted"
                    },
                    {
                      "fingerprint" : "\(login[1].fingerprint(salt: salt))",
                      "hint" : {
                        "col" : 5,
                        "row" : 1
                      },
                      "reason" : "test card",
                      "rule" : "email",
                      "snapshot" : "login",
                      "status" : "accepted"
                    },
                    {
                      "fingerprint" : "\(settings[0].fingerprint(salt: salt))",
                      "hint" : {
                        "col" : 6,
                        "row" : 0
                      },
                      "reason" : "revoked demo token",
                      "rule" : "github.token",
                      "snapshot" : "settings",
                      "status" : "false_positive"
                    }
                  ],
                  "salt" : "000102030405060708090a0b0c0d0e0f",
                  "version" : 1
                }

                """)
    }

    @Test func identityIsTheContentNotThePosition() throws {
        var baseline = Baseline(salt: salt)
        baseline.record(try findings("Card 4111 1111 1111 1111"), snapshot: "pay", reason: "test card")
        // Moved and reformatted: still covered.
        let moved = try findings("\n\n   total due, card 4111-1111-1111-1111")
        #expect(baseline.apply(moved, snapshot: "pay").remaining.isEmpty)
        // A different card on the same line: not covered (gitleaks #2239).
        let other = try findings("Card 5555 5555 5555 4444")
        let result = baseline.apply(other, snapshot: "pay")
        #expect(result.remaining.map(\.ruleID) == ["card.pan"])
        #expect(result.stale.count == 1)
        // The same card in another snapshot: not covered either.
        #expect(baseline.apply(moved, snapshot: "checkout").remaining.count == 1)
    }

    @Test func twoTokensOfOneKindAreTwoEntries() throws {
        let tokens = try findings("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\n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")
        #expect(tokens.count == 2)
        var baseline = Baseline(salt: salt)
        baseline.record([tokens[0]], snapshot: "s", reason: "demo")
        #expect(baseline.entries.count == 1)
        let result = baseline.apply(tokens, snapshot: "s")
        #expect(result.remaining.count == 1)  // detect-secrets #858 would collapse them
        baseline.record(tokens, snapshot: "s", reason: "demo")
        #expect(baseline.entries.count == 2)
    }

    @Test func staleEntriesAreReported() throws {
        var baseline = Baseline(salt: salt)
        baseline.record(try findings("Card 4111 1111 1111 1111"), snapshot: "a", reason: "x")
        baseline.record(try findings("mail jane.doe@acme-corp.io"), snapshot: "b", reason: "y")
        let clean = baseline.apply(["a": try findings("Card 4111 1111 1111 1111")])
        #expect(clean.stale.isEmpty)  // only snapshot a was applied
        let all = baseline.apply(["a": try findings("Card 4111 1111 1111 1111"), "b": []])
        #expect(all.stale.map(\.rule) == ["email"])
        #expect(all.covered.map(\.entry.rule) == ["card.pan"])
    }

    @Test func fingerprintsAreSaltedNotPlainHashes() throws {
        let phone = try #require(try findings("手机 13812345678").first)
        let plain = SHA256.hash(data: Data("13812345678".utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(!plain.hasPrefix(phone.fingerprint))
        #expect(phone.fingerprint(salt: salt) != phone.fingerprint(salt: Array(1..<17)))
        #expect(Baseline.randomSalt() != Baseline.randomSalt())
    }

    @Test func badFilesSayWhatIsWrong() {
        #expect(throws: BaselineError(message: "not a Veil baseline: not JSON")) {
            try Baseline(jsonData: Data("nope".utf8))
        }
        #expect(throws: BaselineError(message: "baseline version 3 is not supported (expected 1 or 2)")) {
            try Baseline(jsonData: Data(#"{"version":3,"salt":"00","entries":[]}"#.utf8))
        }
        #expect(throws: BaselineError(message: "not a Veil baseline: 'reason' missing at .entries[0]")) {
            try Baseline(
                jsonData: Data(
                    #"{"version":1,"salt":"00","entries":[{"snapshot":"a","rule":"r","fingerprint":"f","status":"accepted"}]}"#
                        .utf8))
        }
        let camel = try? Baseline(
            jsonData: Data(
                #"{"version":1,"salt":"0a","entries":[{"snapshot":"a","rule":"r","fingerprint":"f","status":"falsePositive","reason":""}]}"#
                    .utf8))
        #expect(camel?.entries.first?.status == .falsePositive)
    }
}
