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

    /// gitleaks' look-alikes that are masks in the middle or at the end of a token's shape.
    @Test func aRunOfMaskCharactersAnywhereIsAPlaceholder() throws {
        for mask in [
            "xxxxxxxxxxxxxx.atlasv1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "xoxp-572370529330-573807301142-572331691188-####################",
            "AIzaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "sk_live_ab12********", "tok-XXXXXXXX-end", "sk-proj-••••••••Qw3z",
        ] {
            #expect(Placeholder.reason(mask)?.hasPrefix("a mask") == true, "\(mask)")
        }
        // Seven in a row, a run of one letter that leaves more than a prefix of the value (base64
        // of zero bytes inside a key) and digits of any length are not masks.
        for value in [
            "ab1xxxxxxxQ9", "A1bbbbbbbbbbbZ", "A1bbbbbbbbbbbbbbbbZ", "Zm9vYmFyAAAAAAAAAAAAAAAA", "4111111111111111",
            "8e0a####9f1c2bZ", "Kq9bwWWWWWWwT", "sk-•••abc",
        ] {
            #expect(Array(value.utf8).withUnsafeBufferPointer { Placeholder.maskRun($0) } == nil, "\(value)")
        }
        let rules = try RuleSet.builtIn
        for line in [
            "token        = \"xxxxxxxxxxxxxx.atlasv1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"",
            "apiKey: \"AIzaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"",
            "\"token4\": \"xoxp-572370529330-573807301142-572331691188-####################\"",
            // A URL after a label is not the labelled value.
            "# HuggingFace API Token https://huggingface.co/settings/tokens",
            // Anthropic's key shape with a counting run in it.
            "sk-ant-api03-abc123xyz-456def789ghij-klmnopqrstuvwx-3456yza789bcde-1234fghijklmnopby56aaaogaopaaaabc123xyzBB",
        ] {
            #expect(try rules.textFindings(in: line).isEmpty, "\(line)")
        }
    }

    /// Base64 of zero bytes is a run of `A`: a real key that holds one is a value to hide, not
    /// a mask (a rule "12 of one letter anywhere is a mask" would leave these lines in clear).
    @Test func aKeyHoldingALongRunOfOneLetterStaysHidden() throws {
        let rules = try RuleSet.builtIn
        for (line, value) in [
            (
                "client_secret: \"Zm9vYmFyAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA7tQpNrA=\"",
                "Zm9vYmFyAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA7tQpNrA="
            ),
            (
                "secret_key = Xk3mQ9c88ukAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA7tQpNrCPdxGZAVyiPYhxPg==",
                "Xk3mQ9c88ukAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA7tQpNrCPdxGZAVyiPYhxPg=="
            ),
            ("password=q7R2vLAAAAAAAAAAAAAAAAAAAA", "q7R2vLAAAAAAAAAAAAAAAAAAAA"),
        ] {
            let found = try rules.textFindings(in: line)
            let start = line.utf8.count - value.utf8.count - (line.hasSuffix("\"") ? 1 : 0)
            #expect(
                found.contains {
                    $0.byteRange.lowerBound <= start && $0.byteRange.upperBound >= start + value.utf8.count
                },
                "\(line): \(found)")
        }
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
