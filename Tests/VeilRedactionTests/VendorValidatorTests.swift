import Testing
@testable import VeilRedaction

/// The checks of the vendor rules: bech32 (age keys), GitHub's CRC-32, the random-token test,
/// the new placeholder forms, and the key of a labelled value.
@Suite struct VendorValidatorTests {
    /// BIP 173's own test vectors (valid and invalid bech32 strings).
    @Test func bech32FollowsBIP173() {
        for valid in [
            "A12UEL5L", "a12uel5l", "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
            "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w", "?1ezyfcl",
        ] {
            #expect(Bech32.isValid(valid), "\(valid)")
        }
        for invalid in ["A1G7SGD8", "10a06t8", "1qzzfhee", "a12UEL5L", "pzry9x0s0muk", "x1b4n0q5v"] {
            #expect(!Bech32.isValid(invalid), "\(invalid)")
        }
        #expect(
            Validator.bech32.verdict("AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ")
                != .valid)
    }

    @Test func githubClassicTokensCarryTheirCRC() {
        let body = "u8jzPde0IgxLd6GncfBAepfJBd0Kh8"
        let valid =
            "ghp_" + body + String(decoding: TokenChecksum.base62(TokenChecksum.crc32(body.utf8)), as: UTF8.self)
        #expect(valid == "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")
        #expect(Validator.githubChecksum.verdict(valid) == .valid)
        #expect(Validator.githubChecksum.verdict("ghp_u8jzPde0IgxLd6GncfBAepfJBd0Kh8024xXJ") != .valid)
        // Fine-grained tokens carry no documented checksum.
        #expect(
            Validator.githubChecksum.verdict("github_pat_11ABCDEFG0abcdefghijkl_" + String(repeating: "Zq9", count: 20))
                == .valid)
    }

    @Test func randomTokensAndPlaceholders() {
        #expect(RandomToken.placeholderReason("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") == nil)
        #expect(RandomToken.placeholderReason("shpat_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx") != nil)
        #expect(RandomToken.placeholderReason("12345678-ABCD-ABCD-ABCD-1234567890AB") != nil)
        #expect(RandomToken.placeholderReason("sk-ant-api03-abc-klmnopqrstuvwx") != nil)
        #expect(RandomToken.placeholderReason("AKIAIOSFODNN7EXAMPLE") != nil)
        #expect(Placeholder.reason("fo1_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx") != nil)
        #expect(Placeholder.reason("glc_111111111111111111111111111111111111111111=") != nil)
        #expect(Placeholder.reason("sha256~XXXXXXXXXX_PUT_YOUR_TOKEN_HERE_XXXXXXXXXXXX") != nil)
        // Digits alone are a group of a number, not a token's prefix.
        #expect(Placeholder.reason("4111-1111-1111-1111") == nil)
        #expect(Placeholder.reason("fo1_Bd7hWGZDKngDxe0HkPYlWTEgsduZTDf") == nil)
    }

    @Test func aLabelledValueNeedsAKeyNamingTheVendor() throws {
        let rules = try RuleSet(
            yaml: """
                extend: {useDefault: false}
                rules:
                  - id: acme.key
                    label: [acme, sumo]
                    regex: '[a-f0-9]{32}'
                """, file: "acme.yml")
        let value = "0f6c3a9d8e2b4c7a1f5e9d3b6a8c2e4f"
        for found in [
            "ACME_API_KEY=\(value)", "\"acmeToken\": \"\(value)\"", "acme.key: '\(value)'",
            "System.setProperty(\"ACME_KEY\", \"\(value)\")", "  SUMO_ACCESS_KEY => \(value)", "<acmeKey>\(value)",
        ] {
            #expect(try rules.textFindings(in: found).map(\.ruleID) == ["acme.key"], "\(found)")
        }
        for visible in [
            "md5 \(value)", "sumOfExposures = \(value)", "acme = \(value)0", "acme_url = https://acme.dev/\(value)",
        ] {
            #expect(try rules.textFindings(in: visible).isEmpty, "\(visible)")
        }
        let rule = try #require(rules.rule(withID: "acme.key"))
        #expect(rule.keywords == ["acme", "sumo"])
        #expect(rule.catalogLine.contains("labelled value"))
    }
}

extension Rule {
    fileprivate var catalogLine: String { matcherSummary }
}
